/** How articles write their dates (updated, published). */
import { localeOf, type Lang } from '../../i18n/languages.ts';

/** Local date of a content date (YYYY-MM-DD in frontmatter is midnight UTC), in the page's language. */
export function formatContentDate(date: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
