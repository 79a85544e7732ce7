import { ROUTES, requireRoute, type RouteDef } from './route-table.ts';
import type { Lang } from '../../i18n/languages.ts';

export type Params = Record<string, string>;
export type Query = Record<string, string>;

export interface RouteMatch {
  route: RouteDef;
  params: Params;
}

/** The route's path with `{brand}` replaced by the brand's slug. */
export function brandPath(route: RouteDef, brandSlug: string): string {
  return route.path.replaceAll('{brand}', brandSlug);
}

/** The page, under `/{lang}/`, whose prebuilt file serves the route. */
export function pagePath(route: RouteDef, brandSlug: string): string {
  const path = brandPath(route, brandSlug);
  if (route.serve === 'page') return path;
  if (route.shell) return route.shell;
  const segments = path.split('/');
  const firstParam = segments.findIndex((s) => s.startsWith(':'));
  return firstParam === -1 ? path : segments.slice(0, firstParam).join('/');
}

function matchOne(route: RouteDef, brandSlug: string, segments: readonly string[]): Params | null {
  const pattern = brandPath(route, brandSlug).split('/');
  if (pattern.length !== segments.length) return null;
  const params: Params = {};
  for (const [i, part] of pattern.entries()) {
    const value = segments[i] ?? '';
    if (part.startsWith(':')) {
      const name = part.slice(1);
      let decoded: string;
      try {
        decoded = decodeURIComponent(value);
      } catch {
        return null;
      }
      if (decoded === '') return null;
      const shape = route.constraints?.[name];
      if (shape && !shape.test(decoded)) return null;
      params[name] = decoded;
    } else if (part !== value) {
      return null;
    }
  }
  return params;
}

/** Matches a path under `/{lang}/` (no leading slash) against the route table. */
export function matchPath(path: string, brandSlug: string): RouteMatch | null {
  const segments = path.split('/');
  for (const route of ROUTES) {
    const params = matchOne(route, brandSlug, segments);
    if (params) return { route, params };
  }
  return null;
}

/** Builds the URL of a state, e.g. `/en/tracking/123?x=1`. */
export function buildUrl(lang: Lang, name: string, brandSlug: string, params: Params = {}, query: Query = {}): string {
  const route = requireRoute(name);
  const path = brandPath(route, brandSlug)
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part;
      const value = params[part.slice(1)];
      if (value === undefined) throw new Error(`Missing parameter ${part} for ${name}`);
      return encodeURIComponent(value);
    })
    .join('/');
  const search = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== '')).toString();
  return `/${lang}/${path}${search ? `?${search}` : ''}`;
}

/** The URL of a state from one set of values: those the path names fill it; the rest become the query. */
export function stateUrl(lang: Lang, name: string, brandSlug: string, values: Params = {}): string {
  const route = requireRoute(name);
  const pathNames = new Set(
    route.path
      .split('/')
      .filter((p) => p.startsWith(':'))
      .map((p) => p.slice(1)),
  );
  const params: Params = {};
  const query: Query = {};
  for (const [key, value] of Object.entries(values)) {
    if (pathNames.has(key)) params[key] = value;
    else query[key] = value;
  }
  return buildUrl(lang, name, brandSlug, params, query);
}
