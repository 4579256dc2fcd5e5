import { apiError } from '../core/errors.js';
import { json } from '../core/http.js';
import { compareAmounts } from '../core/money.js';
import type { Operation } from '../core/router.js';
import { amountOut } from '../core/serialize.js';
import { parseWith } from '../core/validate.js';
import { assertProduct, feeFor, INSTANT } from './products.js';
import { FeeInformationRequest } from './schemas.js';

/**
 * POST /v1/payments/instant-norwegian-domestic-credit-transfers-straks/fee-information (part 4.2
 * item 12, docs/platform-facts.md §1): what an instant payment would cost, from the fee table.
 */
export const getFeeInformation: Operation = (_draft, input, ctx) => {
  const product = input.params.product ?? '';
  assertProduct('payments', product);
  if (product !== INSTANT) {
    throw apiError('PRODUCT_INVALID', `fee information is offered for ${INSTANT} only`, {
      path: 'payment-product',
    });
  }
  const request = parseWith(FeeInformationRequest, input.body, 'body');
  if (request.amount.currency !== 'NOK') {
    throw apiError('FORMAT_ERROR', 'an instant (Straks) payment is made in NOK', { path: 'amount.currency' });
  }
  const fee = feeFor(product);
  return json(200, {
    transactionFees: amountOut(ctx, fee.amount, fee.currency),
    transactionFeeIndicator: compareAmounts(fee.amount, '0', fee.currency) > 0,
  });
};
