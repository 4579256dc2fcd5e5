import * as z from 'zod/mini';
import { json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { queryOf } from '../core/validate.js';
import { inWindow, readPage } from './listing.js';
import { cardAccountInPath } from './lookup.js';
import { ListingQuery } from './schemas.js';
import { cardTransactionView } from './views.js';

/**
 * part 4.2 item 10: bookingStatus is required (booked, pending, both). `pendingAs=objects` is
 * Sandbank's own option: pending items as whole objects instead of the part 2.9 `string[]`.
 */
export const CardTransactionsQuery = z.extend(ListingQuery, {
  bookingStatus: z.enum(['booked', 'pending', 'both'], { error: 'must be booked, pending or both' }),
  pendingAs: z.optional(z.enum(['ids', 'objects'], { error: 'must be ids or objects' })),
});

/**
 * GET /v1/sandbox/card-accounts/{mockCardAccountId}/transactions (part 2.9, part 4.2 item 10): the
 * transactions its POST created, not those a payment from the card booked (both are in
 * `/v1/card-accounts/{id}/transactions`). The
 * date window (on bookingDate) and the page (offset, limit; newest first) apply to booked and pending
 * alike: the sandbox card service is not affected by the listing's known issue (part 1). part 2.9
 * types `pending` as `string[]`: each string is a pending transaction's `cardTransactionId`, the id
 * under which `/v1/card-accounts/{id}/transactions` lists it in full (docs/sandbox-api.md).
 */
export const listCardTransactions: Operation = (draft, input, ctx) => {
  const card = cardAccountInPath(draft, input.params.mockCardAccountId ?? '');
  const { bookingStatus, pendingAs } = queryOf(input, CardTransactionsQuery);
  const page = readPage(input);
  // part 4.2 item 10: only what the mock-data POST created; a payment's booking is the bank's own.
  const matching = (draft.cardTransactions[card.id] ?? []).filter(
    (tx) =>
      tx.source === undefined &&
      (bookingStatus === 'both' || tx.status === bookingStatus) &&
      inWindow(page, tx.bookingDate),
  );
  const items = matching.slice(page.offset, page.offset + page.limit);
  return json(200, {
    cardAccount: { maskedPan: card.maskedPan },
    cardTransactions: {
      booked: items.filter((tx) => tx.status === 'booked').map((tx) => cardTransactionView(ctx, tx)),
      pending: items
        .filter((tx) => tx.status === 'pending')
        .map((tx) => (pendingAs === 'objects' ? cardTransactionView(ctx, tx) : tx.cardTransactionId)),
    },
  });
};
