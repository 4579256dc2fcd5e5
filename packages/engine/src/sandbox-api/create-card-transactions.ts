import * as z from 'zod/mini';
import { isoDate } from '../core/dates.js';
import { apiError } from '../core/errors.js';
import { json } from '../core/http.js';
import { allocateShortId } from '../core/ids.js';
import { canonicalAmount } from '../core/money.js';
import type { Operation } from '../core/router.js';
import type { CardTransaction } from '../core/state.js';
import { parseWith } from '../core/validate.js';
import { cardAccountInPath } from './lookup.js';
import { anyCase, IsoDate, MoneyIn, text } from './schemas.js';
import { reportDefault, reportStored } from './stored.js';
import { cardTransactionView } from './views.js';

const BOOKING_STATUSES = ['booked', 'pending'] as const;

/**
 * part 2.9 fields as a request; the contract does not show it. `bookingStatus` defaults to booked;
 * part 2.9 types `merchantCategoryCode` as a string, so any text is kept as given.
 */
const CardTransactionIn = z.object({
  bookingStatus: z._default(anyCase(BOOKING_STATUSES, 'must be booked or pending'), 'booked'),
  transactionDate: z.optional(IsoDate),
  bookingDate: z.optional(IsoDate),
  transactionAmount: MoneyIn,
  originalAmount: z.optional(MoneyIn),
  merchantCategoryCode: text(35),
  merchantName: z.optional(text(70)),
});

export const CreateCardTransactionsBody = z
  .array(CardTransactionIn)
  .check(
    z.minLength(1, { error: 'must hold at least one transaction' }),
    z.maxLength(1000, { error: 'must hold at most 1000 transactions' }),
  );

function fail(path: string, message: string): never {
  throw apiError('FORMAT_ERROR', `${path}: ${message}`, { path });
}

/**
 * POST /v1/sandbox/card-accounts/{mockCardAccountId}/transactions: a JSON array of card transactions,
 * the only ones the card transaction listing shows (part 4.2 item 10). transactionAmount is in the
 * card's currency; originalAmount is what the merchant charged (default: the transactionAmount).
 * A pending transaction's bookingDate defaults to its transactionDate. Card balances are not moved:
 * they are set through PUT …/balances (part 2.10). All or nothing.
 */
export const createCardTransactions: Operation = (draft, input, ctx) => {
  const card = cardAccountInPath(draft, input.params.mockCardAccountId ?? '');
  const items = parseWith(CreateCardTransactionsBody, input.body, 'body');
  reportStored(ctx, input.body, items);
  const today = isoDate(ctx.now);
  const valid = items.map((item, i) => {
    const path = `[${i}]`;
    const transactionDate = item.transactionDate ?? item.bookingDate;
    if (transactionDate === undefined) fail(`${path}.transactionDate`, 'is required (or a bookingDate)');
    if (item.transactionDate === undefined) reportDefault(ctx, `${path}.transactionDate`, transactionDate);
    const tx = { ...item, transactionDate };
    const bookingDate = tx.bookingDate ?? (tx.bookingStatus === 'pending' ? tx.transactionDate : undefined);
    if (bookingDate === undefined) fail(`${path}.bookingDate`, 'is required on a booked transaction');
    if (tx.bookingDate === undefined) reportDefault(ctx, `${path}.bookingDate`, bookingDate);
    if (tx.transactionAmount.currency !== card.currency) {
      fail(`${path}.transactionAmount.currency`, `must be the card currency ${card.currency}`);
    }
    if (tx.transactionDate > today)
      fail(`${path}.transactionDate`, `must not lie in the future (bank date ${today})`);
    if (tx.bookingStatus === 'booked' && bookingDate > today) {
      fail(
        `${path}.bookingDate`,
        `a booked transaction's bookingDate must not lie in the future (bank date ${today})`,
      );
    }
    if (bookingDate < tx.transactionDate)
      fail(`${path}.bookingDate`, 'must not be before the transactionDate');
    return { tx, bookingDate };
  });
  const created = valid.map(({ tx, bookingDate }, i): CardTransaction => {
    const cardTransactionId = allocateShortId(draft);
    const transactionAmount = {
      amount: canonicalAmount(tx.transactionAmount.amount, card.currency),
      currency: card.currency,
    };
    const original = tx.originalAmount ?? tx.transactionAmount;
    if (tx.originalAmount === undefined) {
      reportDefault(ctx, `[${i}].originalAmount`, original, `[${i}].originalAmount (the transactionAmount)`);
    }
    const out: CardTransaction = {
      cardTransactionId,
      cardAccountId: card.id,
      status: tx.bookingStatus,
      seq: draft.meta.counter,
      bookingDate,
      transactionDate: tx.transactionDate,
      transactionAmount,
      originalAmount: {
        amount: canonicalAmount(original.amount, original.currency),
        currency: original.currency,
      },
      merchantCategoryCode: tx.merchantCategoryCode,
    };
    if (tx.merchantName !== undefined) out.merchantName = tx.merchantName;
    return out;
  });
  const list = draft.cardTransactions[card.id] ?? [];
  draft.cardTransactions[card.id] = [...list, ...created].sort(newestCardFirst);
  return json(
    201,
    created.map((tx) => ({ ...cardTransactionView(ctx, tx), bookingStatus: tx.status })),
  );
};

export function newestCardFirst(a: CardTransaction, b: CardTransaction): number {
  if (a.bookingDate !== b.bookingDate) return a.bookingDate < b.bookingDate ? 1 : -1;
  return b.seq - a.seq;
}
