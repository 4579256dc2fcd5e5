import type { Draft } from 'immer';
import { compact, coveredIds, link } from '../accounts/views.js';
import { type Access, assertCovered, type Need, resolveAccess } from '../consents/access.js';
import type { RequestContext } from '../core/context.js';
import type { EngineResponse } from '../core/http.js';
import { readableCardAccount } from '../core/records.js';
import type { OperationInput } from '../core/router.js';
import { amountOut, cardAmountsOut, cardNameOut } from '../core/serialize.js';
import type { CardAccount, CardTransaction, State } from '../core/state.js';

export function cardPath(ctx: RequestContext, id: string): string {
  return `${ctx.basePath}/card-accounts/${id}`;
}

export function cardBalances(ctx: RequestContext, card: CardAccount) {
  return card.balances.map((b) => ({
    balanceAmount: amountOut(ctx, b.amount, card.currency),
    balanceType: b.balanceType,
  }));
}

/** docs/platform-facts.md §2 card account item; the name goes through `longer-names` (part 9). */
export function cardView(ctx: RequestContext, card: CardAccount) {
  const self = cardPath(ctx, card.id);
  return {
    resourceId: card.id,
    maskedPan: card.maskedPan,
    currency: card.currency,
    name: cardNameOut(ctx, card.name),
    product: card.product,
    status: card.status,
    creditLimit: amountOut(ctx, card.creditLimit, card.currency),
    balances: cardBalances(ctx, card),
    _links: {
      self: link(self),
      balances: link(`${self}/balances`),
      transactions: link(`${self}/transactions?bookingStatus=both`),
    },
  };
}

/** Card transaction amounts go through the switch fix (part 9). */
export function cardTransactionView(ctx: RequestContext, tx: CardTransaction) {
  const amounts = cardAmountsOut(
    ctx,
    amountOut(ctx, tx.transactionAmount.amount, tx.transactionAmount.currency),
    amountOut(ctx, tx.originalAmount.amount, tx.originalAmount.currency),
  );
  return compact({
    cardTransactionId: tx.cardTransactionId,
    bookingDate: tx.bookingDate,
    transactionDate: tx.transactionDate,
    transactionAmount: amounts.transactionAmount,
    originalAmount: amounts.originalAmount,
    // Berlin Group's merchantCategoryCode is an ISO 18245 code (4 digits); the mock-data API keeps
    // any text it was given (docs/sandbox-api.md), which this listing leaves out.
    merchantCategoryCode: /^\d{4}$/.test(tx.merchantCategoryCode) ? tx.merchantCategoryCode : undefined,
    transactionDetails: tx.merchantName,
  });
}

/** The consent and the card account of a `/v1/card-accounts/{id}…` call, or why not. */
export function consentedCard(
  draft: Draft<State>,
  input: OperationInput,
  ctx: RequestContext,
  need: Need,
): { access: Access; card: CardAccount } | { response: EngineResponse } {
  const result = resolveAccess(draft, input, ctx, need);
  if (!result.ok) return { response: result.response };
  const id = input.params.id ?? '';
  const card = readableCardAccount(draft, id);
  assertCovered(coveredIds(draft, result.access).cards.has(id), card !== undefined, 'card account');
  return { access: result.access, card: card as CardAccount };
}
