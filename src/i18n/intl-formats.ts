/**
 * Intl formatters kept per language and options: building one costs far more than formatting with it (tens of
 * microseconds, a whole list's worth on a slow phone), so a helper called once per row or per value asks here
 * instead of building its own. Only for text people read (`localeOf`); the options are a small literal, and
 * equal options share one formatter.
 */
import { localeOf, type Lang } from './languages.ts';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function kept<F>(store: Map<string, F>, lang: Lang, options: object, make: () => F): F {
  const key = `${lang}|${JSON.stringify(options)}`;
  let format = store.get(key);
  if (!format) {
    format = make();
    store.set(key, format);
  }
  return format;
}

/** `lang`'s date and time formatter with `options`, built once. */
export function dateFormat(lang: Lang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(dateFormats, lang, options, () => new Intl.DateTimeFormat(localeOf(lang), options));
}

/** `lang`'s number formatter with `options`, built once. */
export function numberFormat(lang: Lang, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept(numberFormats, lang, options, () => new Intl.NumberFormat(localeOf(lang), options));
}
