/**
 * The sitemap of a brand's site: every built page of an open, prebuilt route (home, articles, FAQs, news),
 * in each language, with its language alternates. Account, signup and login pages and the 404 page are left out.
 */
import { isLang, type Lang } from '../../i18n/languages.ts';
import { Access, type RouteDef } from './route-table.ts';
import { matchPath } from './paths.ts';

export interface SiteShape {
  origin: string;
  brandSlug: string;
  languages: readonly Lang[];
}

/**
 * Whether a route's pages belong in the sitemap and carry canonical and alternate links: open pages prebuilt
 * one file per URL (home, articles, and the FAQs, service updates and banners opened by id).
 */
export function isIndexable(route: RouteDef): boolean {
  return route.access === Access.open && route.serve === 'page' && route.name !== '404' && route.name !== 'root';
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `builtPages`: paths of the built HTML files, relative to the brand's folder (`en/about/flex.html`). */
export function sitemapXml(site: SiteShape, builtPages: readonly string[]): string {
  const byRoute = new Map<string, Set<string>>();
  for (const file of builtPages) {
    const match = /^([^/]+)\/(.+)\.html$/.exec(file);
    if (!match) continue;
    const [, lang = '', path = ''] = match;
    if (!isLang(lang) || !site.languages.includes(lang)) continue;
    const found = matchPath(path, site.brandSlug);
    if (!found || !isIndexable(found.route)) continue;
    const langs = byRoute.get(path) ?? new Set<string>();
    langs.add(lang);
    byRoute.set(path, langs);
  }
  const urls = [...byRoute.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([path, langs]) =>
      [...langs].sort().map((lang) => {
        const alternates = [...langs]
          .sort()
          .map(
            (l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${escape(`${site.origin}/${l}/${path}`)}"/>`,
          );
        return [
          '  <url>',
          `    <loc>${escape(`${site.origin}/${lang}/${path}`)}</loc>`,
          ...alternates,
          '  </url>',
        ].join('\n');
      }),
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
