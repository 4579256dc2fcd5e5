import { apiError } from '../core/errors.js';
import { json } from '../core/http.js';
import { basketById, paymentById } from '../core/records.js';
import type { Operation } from '../core/router.js';
import { parseWith } from '../core/validate.js';
import { basketScaOutcome } from '../payments/sca-outcome.js';
import { ApproveBody, pendingAuthorisation, psuOf } from '../payments/sca-shortcuts.js';
import { basketStatusOf } from './basket-status.js';

/**
 * POST /_sandbank/signing-baskets/{basketId}/approve: one SCA for every payment in the basket, the
 * sandbox owner's shortcut past the SCA pages (docs/decisions/payment-sca.md), with the payment
 * shortcuts' body and rules.
 */
export const approveSigningBasket: Operation = (draft, input, ctx) => {
  const body = parseWith(ApproveBody, input.body, 'body');
  const id = input.params.basketId ?? '';
  const basket = basketById(draft, id);
  if (!basket)
    throw apiError('RESOURCE_UNKNOWN', `no signing basket with id ${JSON.stringify(id.slice(0, 80))}`, {
      path: 'basketId',
    });
  const authorisation = pendingAuthorisation(draft, basket.authorisationIds, ctx.now);
  basketScaOutcome.approve(
    draft,
    authorisation,
    psuOf(draft, body, paymentById(draft, basket.paymentIds[0] ?? '')),
    ctx,
  );
  authorisation.status = 'finalised';
  return json(200, { basketId: id, transactionStatus: basketStatusOf(draft, basket) });
};
