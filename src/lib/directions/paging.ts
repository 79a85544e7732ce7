/** The manoeuvre list is shown 10 at a time (spec 2 §9 "10 manoeuvres displayed"). */

export const MANEUVERS_PER_PAGE = 10;

export interface Page<T> {
  items: T[];
  /** 0-based, clamped to the pages there are. */
  page: number;
  /** Index in the whole list of the page's first item (0-based). */
  first: number;
  /** At least 1: an empty list is one empty page. */
  pageCount: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** Page `page` (0-based) of `items`; a page before the first or after the last gives the first or the last. */
export function pageOf<T>(items: readonly T[], page: number, perPage = MANEUVERS_PER_PAGE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / perPage));
  const wanted = Number.isFinite(page) ? Math.trunc(page) : 0;
  const current = Math.min(Math.max(wanted, 0), pageCount - 1);
  return {
    items: items.slice(current * perPage, (current + 1) * perPage),
    page: current,
    first: current * perPage,
    pageCount,
    hasPrevious: current > 0,
    hasNext: current < pageCount - 1,
  };
}
