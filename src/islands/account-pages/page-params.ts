/** The parameters of the shell route a client-only page serves, read from the browser's address. */
import { matchPath, type Params } from '../../lib/routes/paths.ts';

/** The path under `/{lang}/` of the current address. */
export function pathUnderLang(pathname: string = location.pathname): string {
  return pathname.replace(/^\/[a-z]{2}(?:\/|$)/, '');
}

/**
 * Parameters of the current address when it matches one of `names` (a shell page also answers its bare
 * path, which has none); null when it matches none.
 */
export function routeParams(brandSlug: string, names: readonly string[], pathname?: string): Params | null {
  const match = matchPath(pathUnderLang(pathname), brandSlug);
  return match && names.includes(match.route.name) ? match.params : null;
}
