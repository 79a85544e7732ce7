/**
 * A country's name in a language as the browser or Node knows it (Intl.DisplayNames), for any country, not
 * only those the site serves: the maps' labels (browser) and the three-word suggestions' places (server).
 */
import { localeOf, type Lang } from '../../i18n/languages.ts';

const displayNames = new Map<Lang, Intl.DisplayNames>();

/** 'AE' → "United Arab Emirates", "الإمارات العربية المتحدة"; the code itself when unknown. */
export function regionName(code: string, lang: Lang): string {
  let names = displayNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([localeOf(lang)], { type: 'region', fallback: 'code' });
    displayNames.set(lang, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
