import { json } from '../core/http.js';
import { newestFirst, readLedger } from '../core/ledger.js';
import type { Operation } from '../core/router.js';
import { inWindow, readPage } from './listing.js';
import { accountInPath } from './lookup.js';
import { transactionView } from './views.js';

/**
 * GET /v1/sandbox/accounts/{mockAccountId}/transactions?fromDate=&toDate=&offset=&limit=: the
 * account's booked and pending transactions, newest first. The date window (on bookingDate) and the
 * page apply to both, unlike the AIS listing's known issue (part 1).
 */
export const listTransactions: Operation = (draft, input, ctx) => {
  const account = accountInPath(draft, input.params.mockAccountId ?? '');
  const page = readPage(input);
  const matching = [...newestFirst(readLedger(draft, account.id))].filter((tx) =>
    inWindow(page, tx.bookingDate),
  );
  const items = matching.slice(page.offset, page.offset + page.limit);
  return json(200, {
    account: { id: account.id, bban: account.bban, iban: account.iban, currency: account.currency },
    transactions: items.map((tx) => transactionView(ctx, tx)),
    total: matching.length,
    offset: page.offset,
    limit: page.limit,
  });
};
