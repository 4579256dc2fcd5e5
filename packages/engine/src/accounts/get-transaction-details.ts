import { isoDate } from '../core/dates.js';
import { apiError } from '../core/errors.js';
import { json } from '../core/http.js';
import { ledgerFind, readLedger } from '../core/ledger.js';
import type { Operation } from '../core/router.js';
import { transactionDetailsView } from './details-view.js';
import { consentedAccount } from './get-account.js';

/** part 8: without PSU-IP-Address, at most 4 detail calls per consent and bank day. */
export const DETAILS_PER_DAY = 4;

/**
 * GET /v1/accounts/{id}/transactions/{transactionId} (part 4.2 item 4, part 2.6). A call that
 * succeeds without PSU-IP-Address counts towards the day's limit; the counter follows the bank clock.
 */
export const getTransactionDetails: Operation = (draft, input, ctx) => {
  const found = consentedAccount(draft, input, ctx, 'details');
  if ('response' in found) return found.response;
  const transactionId = input.params.transactionId ?? '';
  const candidate = ledgerFind(readLedger(draft, found.account.id), transactionId);
  const tx = candidate?.status === 'booked' ? candidate : undefined;
  if (tx === undefined) {
    throw apiError('RESOURCE_UNKNOWN', 'no booked transaction with this id on the account', {
      path: 'transactionId',
      status: 404,
    });
  }
  if (input.headers['psu-ip-address'] === undefined) {
    const consent = found.access.consent;
    const today = isoDate(ctx.now);
    const used = consent.detailsDay === today ? consent.detailsCount : 0;
    if (used >= DETAILS_PER_DAY) {
      throw apiError(
        'ACCESS_EXCEEDED',
        `without PSU-IP-Address transaction details are limited to ${DETAILS_PER_DAY} calls a day per consent (part 8); send PSU-IP-Address when the PSU is present`,
      );
    }
    consent.detailsDay = today;
    consent.detailsCount = used + 1;
  }
  return json(200, { transactionsDetails: transactionDetailsView(draft, ctx, tx, found.access.context) });
};
