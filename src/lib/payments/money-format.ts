/**
 * How the product writes an amount of money for people to read, on every page that shows one (plans, the
 * checkout, the wallet, pending payments, tracking charges, rates, membership): the language's locale (ADR 027),
 * the currency's own minor digits (ISO 4217: JOD 35.000, $35.00, JPY none) and Latin digits. Amounts sent to a
 * provider or a form are digits only (`amountText` in ./checkout-rules.ts), never these.
 */
import { localeOf, type Lang } from '../../i18n/languages.ts';

/** What Intl takes as a currency; anything else is shown as it came. */
const CURRENCY_CODE = /^[A-Za-z]{3}$/;

const formats = new Map<string, Intl.NumberFormat>();

function formatOf(currency: string, lang: Lang): Intl.NumberFormat {
  const key = `${lang}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(lang), { style: 'currency', currency });
    formats.set(key, format);
  }
  return format;
}

/** `amount` (major units) in `currency`, as `lang` writes it: `$12.50`, `JOD 35.000`; in Arabic `35.000 د.أ.`. */
export function formatMoney(amount: number, currency: string, lang: Lang): string {
  if (!CURRENCY_CODE.test(currency)) return `${currency} ${amount}`;
  return formatOf(currency.toUpperCase(), lang).format(amount);
}

/** A piece of a written amount: the currency, the whole part, the decimals (with their separator), or the rest. */
export interface MoneyPart {
  kind: 'currency' | 'whole' | 'decimals' | 'other';
  text: string;
}

/**
 * The same text as `formatMoney`, in pieces, for a price whose decimals are set apart (spec 1 §3), in the order
 * the language writes them.
 */
export function moneyParts(amount: number, currency: string, lang: Lang): MoneyPart[] {
  if (!CURRENCY_CODE.test(currency)) return [{ kind: 'other', text: formatMoney(amount, currency, lang) }];
  const parts: MoneyPart[] = [];
  for (const part of formatOf(currency.toUpperCase(), lang).formatToParts(amount)) {
    const kind: MoneyPart['kind'] =
      part.type === 'currency'
        ? 'currency'
        : part.type === 'integer' || part.type === 'group' || part.type === 'minusSign'
          ? 'whole'
          : part.type === 'decimal' || part.type === 'fraction'
            ? 'decimals'
            : 'other';
    const last = parts.at(-1);
    if (last?.kind === kind) last.text += part.value;
    else parts.push({ kind, text: part.value });
  }
  return parts;
}
