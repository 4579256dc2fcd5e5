import type { Draft } from 'immer';
import * as z from 'zod/mini';
import { type Access, HISTORY_MS } from '../consents/access.js';
import { scaRequired } from '../consents/sca-required.js';
import type { RequestContext } from '../core/context.js';
import { isoDate } from '../core/dates.js';
import { apiError } from '../core/errors.js';
import type { EngineResponse } from '../core/http.js';
import type { OperationInput } from '../core/router.js';
import type { State } from '../core/state.js';
import { queryOf } from '../core/validate.js';
import { SESSION_MS } from '../sca/sessions.js';
import { type Link, link } from './views.js';

/** part 4.2 item 5 / part 8: with no paging parameters a page holds 200 transactions. */
export const DEFAULT_PAGE = 200;

export const TransactionQuery = z.object({
  // part 4.2 item 5: `all` is accepted besides booked, pending and both.
  bookingStatus: z.pipe(z.string(), z.enum(['booked', 'pending', 'both', 'all'])),
  dateFrom: z.optional(z.iso.date()),
  dateTo: z.optional(z.iso.date()),
  limit: z.optional(z.string().check(z.regex(/^[1-9]\d{0,5}$/, 'must be a whole number of at least 1'))),
  offset: z.optional(z.string().check(z.regex(/^\d{1,7}$/, 'must be a whole number of at least 0'))),
});

export interface Listing {
  bookingStatus: 'booked' | 'pending' | 'both' | 'all';
  wantsBooked: boolean;
  wantsPending: boolean;
  dateFrom: string | null;
  dateTo: string | null;
  limit: number;
  offset: number;
  /** Query parameters to repeat in paging links. */
  echo: Record<string, string>;
}

export function readListing(input: OperationInput): Listing {
  const q = queryOf(input, TransactionQuery);
  if (q.dateFrom !== undefined && q.dateTo !== undefined && q.dateFrom > q.dateTo) {
    throw apiError('FORMAT_ERROR', `dateFrom ${q.dateFrom} is after dateTo ${q.dateTo}`, {
      path: 'dateFrom',
    });
  }
  const echo: Record<string, string> = { bookingStatus: q.bookingStatus };
  if (q.dateFrom !== undefined) echo.dateFrom = q.dateFrom;
  if (q.dateTo !== undefined) echo.dateTo = q.dateTo;
  return {
    bookingStatus: q.bookingStatus,
    wantsBooked: q.bookingStatus !== 'pending',
    wantsPending: q.bookingStatus !== 'booked',
    dateFrom: q.dateFrom ?? null,
    dateTo: q.dateTo ?? null,
    limit: q.limit === undefined ? DEFAULT_PAGE : Number(q.limit),
    offset: q.offset === undefined ? 0 : Number(q.offset),
    echo,
  };
}

/**
 * part 5.2 rule 7: history older than 90 days needs a fresh SCA (the last hour). Without one, an
 * explicit older dateFrom asks for SCA; an open dateFrom is cut to the last 90 days.
 */
export function historyStart(
  draft: Draft<State>,
  input: OperationInput,
  ctx: RequestContext,
  access: Access,
  listing: Listing,
): { from: string | null } | { response: EngineResponse } {
  // The fresh SCA must be the session's own: a new TPP-Session-ID has had none (part 5.2 rule 6).
  if (ctx.now - access.consent.scaAt < SESSION_MS && access.sessionAuthenticated) {
    return { from: listing.dateFrom };
  }
  const limit = isoDate(ctx.now - HISTORY_MS);
  if (listing.dateFrom === null) return { from: limit };
  if (listing.dateFrom >= limit) return { from: listing.dateFrom };
  return {
    response: scaRequired(
      draft,
      input,
      ctx,
      'CONSENT_EXPIRED',
      `transaction history before ${limit} (older than 90 days) needs a new SCA (part 5.2 rule 7)`,
    ),
  };
}

export function inPeriod(date: string, from: string | null, to: string | null): boolean {
  return (from === null || date >= from) && (to === null || date <= to);
}

/** One page and its links; every link carries `limit` explicitly (part 4.2 item 5). */
/**
 * The same page and links as `paginate`, taken lazily from a newest-first stream: the cost is the
 * matches up to the end of the page (plus one, to know whether a next page exists), not the ledger.
 */
export function paginateLazy<T>(
  items: Iterable<T>,
  matches: (item: T) => boolean,
  listing: Listing,
  path: string,
): { page: T[]; links: Record<string, Link> } {
  const { limit, offset } = listing;
  const window: T[] = [];
  let seen = 0;
  for (const item of items) {
    if (!matches(item)) continue;
    if (seen >= offset) window.push(item);
    seen++;
    if (window.length > limit) break;
  }
  const more = window.length > limit;
  const { page, links } = paginate(window.slice(0, limit), { ...listing, offset: 0 }, path);
  const href = (at: number) =>
    `${path}?${new URLSearchParams({ ...listing.echo, limit: String(limit), offset: String(at) }).toString()}`;
  delete links.next;
  if (offset > 0) {
    links.first = link(href(0));
    links.prev = link(href(Math.max(0, offset - limit)));
  }
  if (more) links.next = link(href(offset + limit));
  return { page, links };
}

export function paginate<T>(
  items: readonly T[],
  listing: Listing,
  path: string,
): { page: T[]; links: Record<string, Link> } {
  const { limit, offset } = listing;
  const page = items.slice(offset, offset + limit);
  const href = (at: number) =>
    `${path}?${new URLSearchParams({ ...listing.echo, limit: String(limit), offset: String(at) }).toString()}`;
  const links: Record<string, Link> = {};
  if (offset > 0) {
    links.first = link(href(0));
    links.prev = link(href(Math.max(0, offset - limit)));
  }
  if (offset + limit < items.length) links.next = link(href(offset + limit));
  return { page, links };
}
