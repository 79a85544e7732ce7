/** How articles write their dates (updated, published). */
import type { Lang } from '../../i18n/languages.ts';
import { dateFormat } from '../../i18n/intl-formats.ts';

/** Local date of a content date (YYYY-MM-DD in frontmatter is midnight UTC), in the page's language. */
export function formatContentDate(date: Date, lang: Lang): string {
  return dateFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
