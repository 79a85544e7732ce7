/** Pages of the service updates: the first at `service-updates`, the others at `service-updates/page/{n}`. */
import type { Lang } from '../../i18n/languages.ts';
import { buildUrl } from '../routes/paths.ts';

/** How many pages a list needs; an empty list still has its first page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function newsPageUrl(lang: Lang, brandSlug: string, page: number): string {
  return page === 1
    ? buildUrl(lang, 'service-updates', brandSlug)
    : buildUrl(lang, 'service-updates.page', brandSlug, { page: String(page) });
}
