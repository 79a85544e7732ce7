/** Paged lists (spec 2 §9: index from 0, size 10) and their X-Pagination header. */
import type { Context } from 'hono';
import type { ApiEnv } from '../env.ts';
import { fieldErrorsOf, invalid, notFound, unauthorized } from '../http-errors.ts';
import { PAGINATION_HEADER, pageQuerySchema, type Pagination } from '../../../src/lib/api/account-home/contract.ts';

export interface Page {
  pageIndex: number;
  pageSize: number;
}

/** pageIndex and pageSize from the query string; 400 when either is not a number in range. */
export function pageQuery(c: Context<ApiEnv>): Page {
  const parsed = pageQuerySchema.safeParse(c.req.query());
  if (!parsed.success) throw invalid(fieldErrorsOf(parsed.error));
  return parsed.data;
}

/** Rows to skip for a page. */
export const offsetOf = (page: Page) => page.pageIndex * page.pageSize;

/** Sets X-Pagination: the total of the list, the page size, the page (from 0) and the number of pages. */
export function setPagination(c: Context<ApiEnv>, totalCount: number, page: Page): void {
  const pagination: Pagination = {
    TotalCount: totalCount,
    PageSize: page.pageSize,
    CurrentPage: page.pageIndex,
    TotalPages: Math.ceil(totalCount / page.pageSize),
  };
  c.header(PAGINATION_HEADER, JSON.stringify(pagination));
}

/** The session's user; the owner check (or requireSession) has already made sure there is one. */
export function sessionUser(c: Context<ApiEnv>): string {
  const guid = c.var.userGuid;
  if (!guid) throw unauthorized();
  return guid;
}

/** A path or body id that fits PostgreSQL's integer: 1 to 2,147,483,647. */
export const isRowId = (n: number) => Number.isSafeInteger(n) && n >= 1 && n <= 2_147_483_647;

/** A path parameter that must be a row id: 400 when it is not a whole number, 404 when no row can have it. */
export function rowIdParam(c: Context<ApiEnv>, name: string): number {
  const raw = c.req.param(name) ?? '';
  if (!/^\d+$/.test(raw)) throw invalid({ [name]: ['not an id'] });
  const id = Number(raw);
  if (!isRowId(id)) throw notFound();
  return id;
}
