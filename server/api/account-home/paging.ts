/** Paged lists (spec 2 §9: index from 0, size 10) and their X-Pagination header; row ids of paths. */
import type { Context } from 'hono';
import type { ApiEnv } from '../env.ts';
import { notFound } from '../http-errors.ts';
import { PAGINATION_HEADER, type Pagination } from '../../../src/lib/api/account-home/contract.ts';

export interface Page {
  pageIndex: number;
  pageSize: number;
}

/** Rows to skip for a page. */
export const offsetOf = (page: Page) => page.pageIndex * page.pageSize;

/** Sets X-Pagination: the total of the list, the page size, the page (from 0) and the number of pages. */
export function setPagination(c: Context<ApiEnv>, totalCount: number, page: Page): void {
  c.header(PAGINATION_HEADER, paginationHeader(totalCount, page));
}

/** The X-Pagination header's value for a page of a list of `totalCount`. */
export function paginationHeader(totalCount: number, page: Page): string {
  const pagination: Pagination = {
    TotalCount: totalCount,
    PageSize: page.pageSize,
    CurrentPage: page.pageIndex,
    TotalPages: Math.ceil(totalCount / page.pageSize),
  };
  return JSON.stringify(pagination);
}

/** A path or body id that fits PostgreSQL's integer: 1 to 2,147,483,647. */
export const isRowId = (n: number) => Number.isSafeInteger(n) && n >= 1 && n <= 2_147_483_647;

/** A path's row id (digits, by `rowIdSchema`): 404 when no row can have it, as for a row that isn't there. */
export function existingRowId(id: number): number {
  if (!isRowId(id)) throw notFound();
  return id;
}
