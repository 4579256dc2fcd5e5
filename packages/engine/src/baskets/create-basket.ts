import * as z from 'zod/mini';
import { apiErrors, tppMessage } from '../core/errors.js';
import { json } from '../core/http.js';
import { allocateId } from '../core/ids.js';
import { basketById, paymentById, putBasket } from '../core/records.js';
import type { Operation } from '../core/router.js';
import type { SigningBasket } from '../core/state.js';
import { parseWith } from '../core/validate.js';
import { tppIdOf } from '../payments/owner.js';
import { checkPsuHeaders } from '../payments/psu-headers.js';
import { startAuthorisation } from '../sca/start-authorisation.js';
import { basketLinks, basketPath, basketStatusOf } from './basket-status.js';

/** part 2.5 and part 8: 1 to 10 payment ids. */
const BasketRequest = z.object({
  paymentIds: z
    .array(z.string().check(z.minLength(1, 'must not be empty')))
    .check(
      z.minLength(1, 'must hold at least one payment id'),
      z.maxLength(10, 'must hold at most 10 payment ids (part 8)'),
    ),
});

/**
 * POST /v1/signing-baskets (part 4.2 item 1): payments created by this TPP for this PSU, awaiting
 * SCA and in no other basket. Bulk and periodic payments → 400 REFERENCE_MIX_INVALID (part 3 rule 4);
 * ids unknown to this TPP and PSU → 400 RESOURCE_UNKNOWN.
 */
export const createSigningBasket: Operation = (draft, input, ctx) => {
  const headers = input.headers;
  const tppId = tppIdOf(ctx);
  checkPsuHeaders(draft, headers, tppId);
  const { paymentIds } = parseWith(BasketRequest, input.body, 'body');
  const messages = [];
  const seen = new Set<string>();
  for (const [i, id] of paymentIds.entries()) {
    const path = `paymentIds[${i}]`;
    const payment = paymentById(draft, id);
    const samePsu =
      payment !== undefined &&
      ((headers['psu-id'] !== undefined &&
        // A psu-id is a UUID: its case does not matter (as for every other PSU-ID comparison).
        payment.psuId?.toLowerCase() === headers['psu-id'].toLowerCase()) ||
        (headers['x-psu-identity'] !== undefined && payment.psuIdentity === headers['x-psu-identity']));
    if (seen.has(id)) {
      messages.push(tppMessage('ERROR', 'FORMAT_ERROR', `payment ${id} is listed twice`, path));
    } else if (payment === undefined || payment.tppId !== tppId || !samePsu) {
      messages.push(
        tppMessage(
          'ERROR',
          'RESOURCE_UNKNOWN',
          `no payment with id ${JSON.stringify(id.slice(0, 80))} created by this TPP for this PSU`,
          path,
        ),
      );
    } else if (payment.service !== 'payments') {
      messages.push(
        tppMessage(
          'ERROR',
          'REFERENCE_MIX_INVALID',
          `payment ${id} is a ${payment.service.replace('-payments', '')} payment; bulk and periodic payments cannot be put in a signing basket (part 3 rule 4)`,
          path,
        ),
      );
    } else if (payment.transactionStatus !== 'RCVD') {
      messages.push(
        tppMessage(
          'ERROR',
          'FORMAT_ERROR',
          `payment ${id} is ${payment.transactionStatus}; only payments awaiting SCA (RCVD) can be put in a basket`,
          path,
        ),
      );
    } else if (payment.basketId !== null && basketById(draft, payment.basketId) !== undefined) {
      messages.push(
        tppMessage(
          'ERROR',
          'FORMAT_ERROR',
          `payment ${id} is already in signing basket ${payment.basketId}`,
          path,
        ),
      );
    }
    seen.add(id);
  }
  if (messages.length > 0) throw apiErrors(messages, 400);
  const basketId = allocateId(draft);
  const basket: SigningBasket = {
    basketId,
    paymentIds,
    tppId,
    psuId: headers['psu-id'] ?? null,
    psuIdentity: headers['x-psu-identity'] ?? null,
    sessionId: headers['tpp-session-id'] ?? null,
    redirectUri: headers['tpp-redirect-uri'] ?? null,
    authorisationIds: [],
    createdAt: ctx.now,
  };
  for (const id of paymentIds) {
    const payment = paymentById(draft, id);
    if (payment) payment.basketId = basketId;
  }
  const started = startAuthorisation(draft, ctx, { kind: 'basket', resourceIds: [basketId], headers });
  basket.authorisationIds.push(started.authorisationId);
  putBasket(draft, basket);
  return json(
    201,
    {
      basketId,
      transactionStatus: basketStatusOf(draft, basket),
      _links: basketLinks(ctx, draft, basket, started.scaRedirect),
    },
    { location: basketPath(ctx, basketId) },
  );
};
