export const LANGUAGES = ['en', 'ar'] as const;
export type Lang = (typeof LANGUAGES)[number];

export const DEFAULT_LANG: Lang = 'en';

const RTL: ReadonlySet<Lang> = new Set(['ar']);

export function isLang(value: string): value is Lang {
  return (LANGUAGES as readonly string[]).includes(value);
}

export function dirOf(lang: Lang): 'rtl' | 'ltr' {
  return RTL.has(lang) ? 'rtl' : 'ltr';
}

/** Currency shown by default for a language (spec 2 §9). */
export function currencyOf(lang: Lang): 'USD' | 'JOD' {
  return lang === 'ar' ? 'JOD' : 'USD';
}
