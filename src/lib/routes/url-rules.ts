/**
 * The URL rules of spec 1 §2.1, decided once for the server, the hosting rules and the tests:
 * root redirect, slash clean-up, language segment rules, the tool box's forms, the route table and its parameter
 * shapes.
 */
import { answerToolForm, type FormAnswer } from './form-answers.ts';
import { matchPath, pagePath, type Params } from './paths.ts';
import type { RouteDef } from './route-table.ts';
import { isLang, type Lang, DEFAULT_LANG } from '../../i18n/languages.ts';

export interface SiteShape {
  brandSlug: string;
  languages: readonly Lang[];
}

export type UrlDecision =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | { kind: 'page'; lang: Lang; route: RouteDef; params: Params; file: string }
  | { kind: 'not-found'; lang: Lang; file: string }
  | FormAnswer;

/** A two-letter first segment is a language segment, known or not. */
const LANG_SEGMENT = /^[A-Za-z]{2}$/;

export function notFoundFile(lang: Lang): string {
  return `${lang}/404.html`;
}

/** The language to use when the URL names none the brand has: the visitor's current one if the brand has it. */
export function currentLanguage(site: SiteShape, preferred: string | undefined): Lang {
  const lang = preferred?.toLowerCase() ?? '';
  if (isLang(lang) && site.languages.includes(lang)) return lang;
  return site.languages[0] ?? DEFAULT_LANG;
}

/** Collapses repeated slashes and drops a trailing one. */
export function cleanPath(pathname: string): string {
  const collapsed = pathname.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
}

/**
 * Decides what a request for `pathname` gets. `preferredLang` is the visitor's current language
 * (the `lang` cookie), used where the URL itself does not settle it.
 */
export function resolveUrl(pathname: string, search: string, site: SiteShape, preferredLang?: string): UrlDecision {
  const current = currentLanguage(site, preferredLang);
  const cleaned = cleanPath(pathname);
  if (cleaned !== pathname) {
    return { kind: 'redirect', status: 301, location: `${cleaned}${search}` };
  }
  if (cleaned === '/') return { kind: 'redirect', status: 302, location: `/${current}/home${search}` };

  const [first = '', ...rest] = cleaned.slice(1).split('/');
  if (!LANG_SEGMENT.test(first)) return { kind: 'not-found', lang: current, file: notFoundFile(current) };

  const lowered = first.toLowerCase();
  const path = rest.join('/');
  if (lowered !== first) {
    return { kind: 'redirect', status: 301, location: `/${lowered}${path ? `/${path}` : ''}${search}` };
  }
  if (!isLang(lowered) || !site.languages.includes(lowered)) {
    return { kind: 'redirect', status: 302, location: `/${current}${path ? `/${path}` : '/home'}${search}` };
  }
  const lang = lowered;
  if (path === '') return { kind: 'redirect', status: 302, location: `/${lang}/home${search}` };

  // The tool box's forms sent before the island hydrated, or without JavaScript.
  const answer = answerToolForm(lang, path, search, site.brandSlug);
  if (answer) return answer;

  const match = matchPath(path, site.brandSlug);
  if (!match) return { kind: 'not-found', lang, file: notFoundFile(lang) };
  const served = match.route.serve === 'page' ? path : pagePath(match.route, site.brandSlug);
  return { kind: 'page', lang, route: match.route, params: match.params, file: `${lang}/${served}.html` };
}
