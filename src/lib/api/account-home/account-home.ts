/**
 * What the account-home calls add in the browser: the page of a list paged by the X-Pagination header (spec 2 §7:
 * packages, messages, requests). Every call is made on its declaration in ./contract.ts.
 */
import { PAGE_SIZE, PAGINATION_HEADER, paginationSchema, type Pagination } from './contract.ts';

export interface Paged<T> {
  data: T;
  pagination: Pagination;
}

/** The page the X-Pagination header describes; an empty list's when it is missing or malformed. */
function paginationOf(headers: Headers): Pagination {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(headers.get(PAGINATION_HEADER) ?? 'null');
  } catch {
    // Read as no page at all.
  }
  const pagination = paginationSchema.safeParse(parsed);
  return pagination.success ? pagination.data : { TotalCount: 0, PageSize: PAGE_SIZE, CurrentPage: 0, TotalPages: 0 };
}

/** A paged list's answer with its page: `paged(callWithHeaders(getPackages, …))`. */
export async function paged<T>(answer: Promise<{ data: T; headers: Headers }>): Promise<Paged<T>> {
  const { data, headers } = await answer;
  return { data, pagination: paginationOf(headers) };
}
