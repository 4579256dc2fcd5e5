import { historyStart, inPeriod, paginate, readListing } from '../accounts/paging.js';
import { link } from '../accounts/views.js';
import { json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { cardPath, cardTransactionView, consentedCard } from './views.js';

/**
 * GET /v1/card-accounts/{id}/transactions: only the card transactions in state. The part 1 known
 * issue about pending transactions does not affect card accounts.
 */
export const listCardTransactions: Operation = (draft, input, ctx) => {
  const listing = readListing(input);
  const found = consentedCard(draft, input, ctx, 'transactions');
  if ('response' in found) return found.response;
  const start = historyStart(draft, input, ctx, found.access, listing);
  if ('response' in start) return start.response;
  const matching = (draft.cardTransactions[found.card.id] ?? []).filter(
    (t) =>
      (t.status === 'booked' ? listing.wantsBooked : listing.wantsPending) &&
      inPeriod(t.bookingDate, start.from, listing.dateTo),
  );
  const { page, links } = paginate(matching, listing, `${cardPath(ctx, found.card.id)}/transactions`);
  const cardTransactions: Record<string, unknown> = {};
  if (listing.wantsBooked) {
    cardTransactions.booked = page
      .filter((t) => t.status === 'booked')
      .map((t) => cardTransactionView(ctx, t));
  }
  if (listing.wantsPending) {
    cardTransactions.pending = page
      .filter((t) => t.status === 'pending')
      .map((t) => cardTransactionView(ctx, t));
  }
  cardTransactions._links = { cardAccount: link(cardPath(ctx, found.card.id)), ...links };
  return json(200, { cardAccount: { maskedPan: found.card.maskedPan }, cardTransactions });
};
