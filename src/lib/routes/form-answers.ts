/**
 * The tool box's forms that go to another page (spec 1 §2.7, docs/decisions/013), sent as plain GET forms before
 * the island hydrates or without JavaScript: track a shipment sends `/{lang}/tracking?awbNumber=…` and the office
 * locator `/{lang}/office/office-locator?countryCode=…`. The server answers them with the page the island would
 * have opened (url-rules.ts); the hosting rules export the same (hosting-rules.ts).
 */
import { buildUrl } from './paths.ts';
import type { Lang } from '../../i18n/languages.ts';

/** Track a shipment: sent to this path (under `/{lang}/`), the number in this field. */
export const TRACK_FORM = { path: 'tracking', field: 'awbNumber' } as const;
/** The office locator: sent to its own page, the country in this field. */
export const OFFICE_FORM = { path: 'office/office-locator', field: 'countryCode' } as const;
/** The page (under `/{lang}/`, not a route of its own) that asks again for a tracking number sent empty. */
export const TRACK_NUMBER_PAGE = 'track-shipment';

const COUNTRY = /^[A-Za-z]{2}$/;

export type FormAnswer =
  | { kind: 'redirect'; status: 302; location: string }
  /** A form sent without what it needs: its page again, with the error shown, as 400. */
  | { kind: 'form-error'; status: 400; lang: Lang; file: string };

/** Where track a shipment is sent: `/{lang}/tracking`. */
export const trackFormAction = (lang: Lang): string => `/${lang}/${TRACK_FORM.path}`;

/**
 * The answer to a tool form sent to `path` (under `/{lang}/`) with `search`, or null when the request is not one:
 * a number opens its tracking page, a blank one asks again; a country opens the locator on it (no country leaves
 * the locator as it is, on every office).
 */
export function answerToolForm(lang: Lang, path: string, search: string, brandSlug: string): FormAnswer | null {
  const query = new URLSearchParams(search);
  if (path === TRACK_FORM.path) {
    const awbNumber = query.get(TRACK_FORM.field)?.trim();
    if (awbNumber === undefined) return null;
    if (awbNumber === '') return { kind: 'form-error', status: 400, lang, file: `${lang}/${TRACK_NUMBER_PAGE}.html` };
    return { kind: 'redirect', status: 302, location: buildUrl(lang, 'tracking', brandSlug, { awbNumber }) };
  }
  if (path === OFFICE_FORM.path) {
    const countryCode = query.get(OFFICE_FORM.field)?.trim() ?? '';
    if (!COUNTRY.test(countryCode)) return null;
    const location = buildUrl(lang, 'office-locator.country', brandSlug, { countryCode: countryCode.toUpperCase() });
    return { kind: 'redirect', status: 302, location };
  }
  return null;
}
