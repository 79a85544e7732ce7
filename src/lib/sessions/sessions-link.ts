/**
 * Where the account's sessions list is (issue 25): on the profile page, at its own anchor, for the new-device
 * e-mail's link. The list loads late (below the first screen), so it scrolls itself to the anchor when it comes.
 */
import type { Lang } from '../../i18n/languages.ts';
import { buildUrl } from '../routes/paths.ts';

/** The id of the sessions list on the profile page. */
export const SESSIONS_ANCHOR = 'sessions';

/** The sessions list's path, anchor included. */
export function sessionsListPath(lang: Lang, brandSlug: string): string {
  return `${buildUrl(lang, 'account.edit-profile', brandSlug)}#${SESSIONS_ANCHOR}`;
}
