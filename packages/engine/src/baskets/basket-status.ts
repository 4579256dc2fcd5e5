import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import { apiError } from '../core/errors.js';
import { basketById, paymentById } from '../core/records.js';
import type { PaymentStatus, SigningBasket, State } from '../core/state.js';
import { tppIdOf } from '../payments/owner.js';
import { samePsu } from '../payments/present.js';

/** part 2.5: the statuses a signing basket reports. */
export const BASKET_STATUSES = ['RCVD', 'ACTC', 'PATC', 'RJCT'] as const;
export type BasketStatus = (typeof BASKET_STATUSES)[number];

/**
 * part 3 rule 1: the basket status is the worst case over its payments. A rejected or cancelled
 * payment makes it RJCT (as does a payment the bank no longer knows, `undefined`); with none
 * rejected, payments still awaiting SCA next to authorised ones make it PATC (partially accepted);
 * all awaiting SCA is RCVD; all authorised is ACTC.
 */
export function worstCaseStatus(statuses: readonly (PaymentStatus | undefined)[]): BasketStatus {
  if (statuses.some((s) => s === undefined || s === 'RJCT' || s === 'CANC')) return 'RJCT';
  const waiting = statuses.filter((s) => s === 'RCVD').length;
  if (waiting === statuses.length) return 'RCVD';
  return waiting === 0 ? 'ACTC' : 'PATC';
}

/** The basket's status now: the worst case over its payments' current statuses (part 3 rule 1). */
export function basketStatusOf(
  state: Pick<State, 'payments'>,
  basket: Pick<SigningBasket, 'paymentIds'> | Draft<Pick<SigningBasket, 'paymentIds'>>,
): BasketStatus {
  return worstCaseStatus(basket.paymentIds.map((id) => paymentById(state, id)?.transactionStatus));
}

/** A basket can be deleted while none of its payments has been authorised. */
export function basketDeletable(
  state: State | Draft<State>,
  basket: SigningBasket | Draft<SigningBasket>,
): boolean {
  return basket.paymentIds.every(
    (id) => !paymentById(state, id)?.statusHistory.some((h) => h.status === 'ACTC'),
  );
}

export function basketPath(ctx: RequestContext, basketId: string): string {
  return `${ctx.basePath}/signing-baskets/${encodeURIComponent(basketId)}`;
}

/**
 * The basket named by the path, if this TPP created it and, when the request names a PSU, for that
 * PSU (another TPP's or PSU's answers as unknown).
 */
export function ownBasket(
  draft: Draft<State>,
  params: Record<string, string>,
  ctx: RequestContext,
  headers: Record<string, string>,
) {
  const id = params.basketId ?? '';
  const basket = basketById(draft, id);
  if (basket === undefined || basket.tppId !== tppIdOf(ctx) || !samePsu(basket.psuId, headers)) {
    throw apiError(
      'RESOURCE_UNKNOWN',
      `no signing basket with id ${JSON.stringify(id.slice(0, 80))} for this TPP`,
      {
        path: 'basketId',
      },
    );
  }
  return basket;
}

export function basketLinks(
  ctx: RequestContext,
  state: State | Draft<State>,
  basket: SigningBasket,
  scaRedirect?: string,
) {
  const self = basketPath(ctx, basket.basketId);
  const status = basketStatusOf(state, basket);
  const links: Record<string, { href: string; verbs: string[] }> = {
    self: { href: self, verbs: basketDeletable(state, basket) ? ['GET', 'DELETE'] : ['GET'] },
    status: { href: `${self}/status`, verbs: ['GET'] },
  };
  if (scaRedirect !== undefined) links.scaRedirect = { href: scaRedirect, verbs: ['GET'] };
  else if (status === 'RCVD') links.startAuthorisation = { href: `${self}/authorisations`, verbs: ['POST'] };
  return links;
}
