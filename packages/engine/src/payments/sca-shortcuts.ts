import type { Draft } from 'immer';
import * as z from 'zod/mini';
import { apiError } from '../core/errors.js';
import { json } from '../core/http.js';
import { authorisationById, paymentById } from '../core/records.js';
import type { Operation } from '../core/router.js';
import type { State } from '../core/state.js';
import { parseWith } from '../core/validate.js';
import type { ScaPsu } from '../sca/outcome-types.js';
import { psuIdFor } from '../sca/psu.js';
import { paymentScaOutcome } from './sca-outcome.js';

/**
 * Sandbox-owner shortcuts on the unsigned control plane (docs/decisions/payment-sca.md): complete the
 * SCA a payment or basket is waiting for without the SCA pages, running the same outcome the pages
 * run. The playground and tests use them; the basket's is baskets/approve-basket.ts.
 */
export const ApproveBody = z.strictObject({
  psuNationalId: z.string().check(z.regex(/^\d{11}$/, 'must be an 11-digit national identity number')),
  context: z.optional(z.enum(['PRIVATE', 'CORPORATE'])),
  corporateId: z.optional(z.string().check(z.minLength(1))),
});

/**
 * The newest authorisation still waiting; as on the pages (sca-pages/show-authorisation-page.ts), one
 * past its 15 minutes is expired: 400 SCA_EXPIRED, nothing changed.
 */
export function pendingAuthorisation(draft: Draft<State>, ids: readonly string[], now: number) {
  for (const id of [...ids].reverse()) {
    const authorisation = authorisationById(draft, id);
    if (authorisation && (authorisation.status === 'started' || authorisation.status === 'psuIdentified')) {
      if (now >= authorisation.expiresAt) {
        throw apiError(
          'SCA_EXPIRED',
          `the authorisation expired at ${new Date(authorisation.expiresAt).toISOString()} (bank time; a link lasts 15 minutes): start a new one with POST …/authorisations`,
        );
      }
      return authorisation;
    }
  }
  throw apiError('CONFLICT', 'no authorisation is waiting: start one with POST …/authorisations');
}

export function psuOf(
  draft: Draft<State>,
  body: z.infer<typeof ApproveBody>,
  fallback:
    | { psuContext: 'PRIVATE' | 'CORPORATE' | null; corporateId: string | null; tppId: string }
    | undefined,
): ScaPsu {
  // Without context or corporate id in the body, those the TPP sent with the payment apply.
  const psu: ScaPsu = {
    psuId: psuIdFor(draft, body.psuNationalId, fallback?.tppId ?? ''),
    nationalId: body.psuNationalId,
    context: body.context ?? fallback?.psuContext ?? 'PRIVATE',
  };
  const corporateId = body.corporateId ?? fallback?.corporateId ?? undefined;
  if (corporateId !== undefined) psu.corporateId = corporateId;
  return psu;
}

function payment(draft: Draft<State>, id: string) {
  const found = paymentById(draft, id);
  if (!found)
    throw apiError('RESOURCE_UNKNOWN', `no payment with id ${JSON.stringify(id.slice(0, 80))}`, {
      path: 'paymentId',
    });
  return found;
}

/** POST /_sandbank/payments/{paymentId}/approve `{psuNationalId, context?, corporateId?}`. */
export const approvePayment: Operation = (draft, input, ctx) => {
  const body = parseWith(ApproveBody, input.body, 'body');
  const target = payment(draft, input.params.paymentId ?? '');
  const authorisation = pendingAuthorisation(draft, target.authorisationIds, ctx.now);
  paymentScaOutcome.approve(draft, authorisation, psuOf(draft, body, target), ctx);
  authorisation.status = 'finalised';
  return json(200, { paymentId: target.paymentId, transactionStatus: target.transactionStatus });
};

/** POST /_sandbank/payments/{paymentId}/cancel-authorisation: the PSU aborts the SCA. */
export const cancelPaymentAuthorisation: Operation = (draft, input, ctx) => {
  const target = payment(draft, input.params.paymentId ?? '');
  const authorisation = pendingAuthorisation(draft, target.authorisationIds, ctx.now);
  paymentScaOutcome.cancel(draft, authorisation, ctx);
  authorisation.status = 'failed';
  return json(200, { paymentId: target.paymentId, transactionStatus: target.transactionStatus });
};
