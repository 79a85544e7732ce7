/**
 * The countries for the site's forms, from the same file the API seeds from (tests/unit/reference-data
 * checks it against the schema).
 */
import data from '../../content/data/countries.json';
import { localeOf, pickLang, type Lang } from '../../i18n/languages.ts';

export interface CountryOption {
  code: string;
  nameEn: string;
  nameAr: string;
  isZipCodeRequired: boolean;
  hasAddresses: boolean;
  enableWhat3Words: boolean;
  phoneCode: string;
}

export const COUNTRIES: readonly CountryOption[] = data;

export function countryByCode(code: string | null | undefined): CountryOption | undefined {
  return COUNTRIES.find((c) => c.code === code);
}

export function countryName(country: CountryOption, lang: Lang): string {
  return pickLang(lang, { en: country.nameEn, ar: country.nameAr });
}

/** A country's name in the language, by code; the code itself for a country not in the list. */
export function countryNameOf(code: string, lang: Lang): string {
  const country = countryByCode(code);
  return country ? countryName(country, lang) : code;
}

/** Countries as select options, sorted by name in the page's language. */
export function countryOptions(lang: Lang): { value: string; label: string }[] {
  const collator = new Intl.Collator(localeOf(lang));
  return COUNTRIES.map((c) => ({ value: c.code, label: countryName(c, lang) })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}

/** Codes of the countries where customers get addresses. */
export const COUNTRIES_WITH_ADDRESSES: readonly string[] = COUNTRIES.filter((c) => c.hasAddresses).map((c) => c.code);
