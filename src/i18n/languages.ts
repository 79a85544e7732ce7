/**
 * Every fact about the product's languages, in one place (ADR 027): the list, and for each language its
 * direction, the one Intl locale tag of everything people read in it, and its default currency. Adding a
 * language means adding it here, its catalogue (`src/i18n/<lang>.json`), the brands that offer it and its content.
 */
export const LANGUAGES = ['en', 'ar'] as const;
export type Lang = (typeof LANGUAGES)[number];

export const DEFAULT_LANG: Lang = 'en';

export interface LanguageFacts {
  /** Writing direction: `<html dir>` and anything laid out by hand. */
  dir: 'ltr' | 'rtl';
  /**
   * The Intl locale of every date, number, amount, list, collation and display name shown in this language,
   * in the site, the islands and the server's pages and e-mails alike.
   */
  locale: string;
  /** Currency shown by default (spec 2 §9). */
  currency: 'USD' | 'JOD';
}

export const LANGUAGE_FACTS: Readonly<Record<Lang, LanguageFacts>> = {
  // US English: the spec writes dates month first (MM/dd/y), as en-US does; bare `en` means the same to Intl.
  en: { dir: 'ltr', locale: 'en-US', currency: 'USD' },
  // Latin digits, as the spec writes Arabic dates and amounts; plain `ar` gives Arabic-Indic digits in some engines.
  ar: { dir: 'rtl', locale: 'ar-u-nu-latn', currency: 'JOD' },
};

/**
 * Not a display locale: for Intl used as a calculator (wall-clock parts in a time zone, a currency's minor
 * digits), where only Latin digits and a fixed field order matter. Never for text people read: use `localeOf`.
 */
export const MACHINE_LOCALE = 'en-US';

export function isLang(value: string): value is Lang {
  return (LANGUAGES as readonly string[]).includes(value);
}

export function dirOf(lang: Lang): 'rtl' | 'ltr' {
  return LANGUAGE_FACTS[lang].dir;
}

/** The Intl locale tag for everything shown in `lang`. */
export function localeOf(lang: Lang): string {
  return LANGUAGE_FACTS[lang].locale;
}

/**
 * The value for `lang` of data that keeps one field per language (`nameEn`, `nameAr`): every such read goes
 * through here, so a new language fails to compile until the data has a field for it.
 */
export function pickLang<T>(lang: Lang, values: Readonly<Record<Lang, T>>): T {
  return values[lang];
}

/** Currency shown by default for a language (spec 2 §9). */
export function currencyOf(lang: Lang): 'USD' | 'JOD' {
  return LANGUAGE_FACTS[lang].currency;
}
