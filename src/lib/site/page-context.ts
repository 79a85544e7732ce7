/** What every page tells its scripts through attributes on <html>. */
import { isLang, DEFAULT_LANG, type Lang } from '../../i18n/languages.ts';

export interface PageContext {
  lang: Lang;
  routeName: string;
  brandSlug: string;
  languages: Lang[];
}

export function readPageContext(root: HTMLElement = document.documentElement): PageContext {
  const lang = root.lang;
  return {
    lang: isLang(lang) ? lang : DEFAULT_LANG,
    routeName: root.dataset.route ?? '404',
    brandSlug: root.dataset.brand ?? 'shipbox',
    languages: (root.dataset.languages ?? DEFAULT_LANG).split(',').filter(isLang),
  };
}

/** The same page in another language: only the language segment changes; parameters and query stay. */
export function switchLanguageUrl(pathname: string, search: string, lang: Lang): string {
  const rest = pathname.replace(/^\/[A-Za-z]{2}(?=\/|$)/, '');
  return `/${lang}${rest || '/home'}${search}`;
}
