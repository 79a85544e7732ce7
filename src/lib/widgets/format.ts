/**
 * How the tool box writes numbers and days in each language (the language's one locale, ADR 027). Money is
 * written by src/lib/payments/money-format.ts, the same on every page.
 */
import type { Lang } from '../../i18n/languages.ts';
import { dateFormat, numberFormat } from '../../i18n/intl-formats.ts';

/**
 * A converted amount: two decimals at most, but three significant digits for amounts under one, so a small
 * result does not read as 0.
 */
export function formatAmount(value: number, lang: Lang): string {
  const options: Intl.NumberFormatOptions =
    Math.abs(value) >= 1 || value === 0 ? { maximumFractionDigits: 2 } : { maximumSignificantDigits: 3 };
  return numberFormat(lang, options).format(value);
}

/** A whole percentage: 20 → `20%`. */
export function formatPercent(percent: number, lang: Lang): string {
  return numberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}

/** A calendar day (`YYYY-MM-DD`) as the language writes it; the same day in every time zone. */
export function formatDay(day: string, lang: Lang): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return dateFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * Text set apart from the sentence around it (Unicode first-strong isolate): an amount such as `US$ 89.70` or a
 * waybill list keeps its own order inside an Arabic sentence.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
