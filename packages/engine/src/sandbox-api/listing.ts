import { apiError } from '../core/errors.js';
import type { OperationInput } from '../core/router.js';
import { queryOf } from '../core/validate.js';
import { ListingQuery } from './schemas.js';

/** Date window and page of a mock-data listing (`fromDate`, `toDate`, `offset`, `limit`). */
export interface Page {
  fromDate?: string;
  toDate?: string;
  offset: number;
  limit: number;
}

/** Without `limit` a page holds 200 items, the platform's default page size (part 8). */
export const DEFAULT_LIMIT = 200;

export function readPage(input: OperationInput): Page {
  const parsed = queryOf(input, ListingQuery);
  if (parsed.fromDate !== undefined && parsed.toDate !== undefined && parsed.fromDate > parsed.toDate) {
    throw apiError('FORMAT_ERROR', `fromDate ${parsed.fromDate} is after toDate ${parsed.toDate}`, {
      path: 'fromDate',
    });
  }
  const page: Page = { offset: parsed.offset ?? 0, limit: parsed.limit ?? DEFAULT_LIMIT };
  if (parsed.fromDate !== undefined) page.fromDate = parsed.fromDate;
  if (parsed.toDate !== undefined) page.toDate = parsed.toDate;
  return page;
}

export function inWindow(page: Page, date: string): boolean {
  return (
    (page.fromDate === undefined || date >= page.fromDate) &&
    (page.toDate === undefined || date <= page.toDate)
  );
}
