import { persistentAtom } from '@nanostores/persistent';
import { isLang, type Lang, DEFAULT_LANG } from '../../i18n/languages.ts';
import { LANG_COOKIE } from './lang-cookie.ts';

/** The current language; every page sets it from its URL, and other tabs hear the change. */
export const $lang = persistentAtom<Lang>('lang', DEFAULT_LANG, {
  encode: (lang) => lang,
  decode: (raw) => (isLang(raw) ? raw : DEFAULT_LANG),
});

export function setLanguage(lang: Lang): void {
  if ($lang.get() !== lang) $lang.set(lang);
  document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
