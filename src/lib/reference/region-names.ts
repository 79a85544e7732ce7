/**
 * A country's name in a language as the browser or Node knows it (Intl.DisplayNames), for any country, not
 * only those the site serves: the pages' country names in the browser (no name table is shipped), the maps'
 * labels, and the three-word suggestions' places (server). For the countries the service serves it gives the
 * names of src/content/data/countries.json (tests/unit/region-names.test.ts holds them to it).
 */
import { localeOf, type Lang } from '../../i18n/languages.ts';

/**
 * Regions whose standard Unicode name carries a qualifier ("Hong Kong SAR China", "Palestinian Territories"):
 * these are called by their short name, as the product and its customers do. Elsewhere the short name is an
 * abbreviation ("US", "UK"), so it is not used.
 */
const SHORT_NAMED = new Set(['HK', 'MO', 'PS']);

const displayNames = new Map<string, Intl.DisplayNames>();

function namesOf(lang: Lang, style: 'long' | 'short'): Intl.DisplayNames {
  const key = `${lang} ${style}`;
  let names = displayNames.get(key);
  if (!names) {
    names = new Intl.DisplayNames([localeOf(lang)], { type: 'region', style, fallback: 'code' });
    displayNames.set(key, names);
  }
  return names;
}

/** 'AE' → "United Arab Emirates", "الإمارات العربية المتحدة"; the code itself when unknown. */
export function regionName(code: string, lang: Lang): string {
  try {
    return namesOf(lang, SHORT_NAMED.has(code.toUpperCase()) ? 'short' : 'long').of(code) ?? code;
  } catch {
    return code;
  }
}
