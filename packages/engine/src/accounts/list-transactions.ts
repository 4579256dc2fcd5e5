import { newestFirst, readLedger } from '../core/ledger.js';
import type { Operation } from '../core/router.js';
import { consentedAccount } from './get-account.js';
import { historyStart, inPeriod, paginateLazy, readListing } from './paging.js';
import { accountPath, balancesOf, link, writtenTransactionViews } from './views.js';

/**
 * GET /v1/accounts/{id}/transactions (part 4.2 item 5): bookingStatus required, dateFrom/dateTo,
 * limit/offset paging with a default page of 200; booked ids are stored, so they are stable.
 */
export const listTransactions: Operation = (draft, input, ctx) => {
  const listing = readListing(input);
  const found = consentedAccount(draft, input, ctx, 'transactions');
  if ('response' in found) return found.response;
  const start = historyStart(draft, input, ctx, found.access, listing);
  if ('response' in start) return start.response;
  const ledger = readLedger(draft, found.account.id);
  // part 1 known issue: in production, `both`/`pending` return every pending transaction,
  // whatever the date and limit filters say.
  const pendingUnfiltered = ctx.profile === 'production' && listing.wantsPending;
  const path = `${accountPath(ctx, found.account.id)}/transactions`;
  const { page, links } = paginateLazy(
    newestFirst(ledger),
    (t) =>
      (t.status === 'booked' ? listing.wantsBooked : listing.wantsPending && !pendingUnfiltered) &&
      inPeriod(t.bookingDate, start.from, listing.dateTo),
    listing,
    path,
  );
  const pending = pendingUnfiltered
    ? [...newestFirst(ledger)].filter((t) => t.status === 'pending')
    : page.filter((t) => t.status === 'pending');
  const transactions: Record<string, unknown> = {};
  const written = writtenTransactionViews(ctx);
  if (listing.wantsBooked) {
    transactions.booked = page.filter((t) => t.status === 'booked').map(written);
  }
  if (listing.wantsPending) transactions.pending = pending.map(written);
  transactions._links = { account: link(accountPath(ctx, found.account.id)), ...links };
  const body = {
    account: { bban: found.account.bban, iban: found.account.iban, currency: found.account.currency },
    transactions,
    // Berlin Group: `withBalance=true` adds the balances to the listing.
    ...(input.query.withBalance?.[0] === 'true' ? { balances: balancesOf(ctx, found.account) } : {}),
  };
  // The list items are written already (views.ts, writtenTransactionViews).
  return { status: 200, headers: {}, json: body, written: true };
};
