/** The currency converter of the tool box (spec 2 §4, §5, §8, §9). */
import { MAX_CONVERT_AMOUNT, UNAVAILABLE_RESULT, type CurrencyOption } from '../api/widgets/contract.ts';
import { currencyOf, pickLang, type Lang } from '../../i18n/languages.ts';
import { parseDecimal } from './numbers.ts';
import { checked, type Checked } from './validation.ts';

export interface ConverterFormValues {
  currencyFrom: string;
  currencyTo: string;
  amount: string;
}
export type ConverterField = keyof ConverterFormValues;

export interface Conversion {
  currencyFrom: string;
  currencyTo: string;
  amount: number;
}

/** Both currencies are required; the amount is a number above 0 and no more than the converter takes. */
export function validateConversion(form: ConverterFormValues): Checked<Conversion, ConverterField> {
  const errors: Partial<Record<ConverterField, string>> = {};
  if (!form.currencyFrom) errors.currencyFrom = 'validation.requiredCurrencyFields';
  if (!form.currencyTo) errors.currencyTo = 'validation.requiredCurrencyFields';
  const amount = parseDecimal(form.amount);
  if (amount === null || amount <= 0 || amount > MAX_CONVERT_AMOUNT) errors.amount = 'validation.invalidAmount';
  return checked(errors, () => ({ currencyFrom: form.currencyFrom, currencyTo: form.currencyTo, amount: amount ?? 0 }));
}

/** The converted amount, or the message when there is none (the API answers -1 for a pair without a rate). */
export function conversionOutcome(result: number): { ok: true; value: number } | { ok: false; key: string } {
  if (result === UNAVAILABLE_RESULT || !Number.isFinite(result) || result < 0) {
    return { ok: false, key: 'validation.unavailableCurrency' };
  }
  return { ok: true, value: result };
}

/** A currency as the reference data holds it (src/content/data/currencies.json, and its table). */
export interface CurrencyRow {
  currencyCode: string;
  nameEn: string;
  nameAr: string;
}

/** The currencies as GET api/currencies lists them: by code (the same order in both languages), named in `lang`. */
export function currencyOptions(rows: readonly CurrencyRow[], lang: Lang): CurrencyOption[] {
  return [...rows]
    .sort((a, b) => (a.currencyCode < b.currencyCode ? -1 : a.currencyCode > b.currencyCode ? 1 : 0))
    .map((r) => ({ currencyCode: r.currencyCode, currencyName: pickLang(lang, { en: r.nameEn, ar: r.nameAr }) }));
}

/** Spec 2 §9 currency by language: en USD, ar JOD (the same rule the rest of the site uses). */
export function defaultCurrency(lang: Lang): string {
  return currencyOf(lang);
}

/**
 * The pair the converter opens with: from the language's currency to the other of the two (English USD → JOD,
 * Arabic JOD → USD), each only if the list has it.
 */
export function defaultPair(
  lang: Lang,
  options: readonly CurrencyOption[],
): Pick<ConverterFormValues, 'currencyFrom' | 'currencyTo'> {
  const from = defaultCurrency(lang);
  const to = from === 'USD' ? 'JOD' : 'USD';
  const has = (code: string) => options.some((o) => o.currencyCode === code);
  return { currencyFrom: has(from) ? from : '', currencyTo: has(to) ? to : '' };
}
