import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import { apiError } from '../core/errors.js';
import { freezeDeep } from '../core/freeze.js';
import { json } from '../core/http.js';
import { allocateId, hashString } from '../core/ids.js';
import { paymentById, paymentsWithFingerprint, putPayment, readableAccount } from '../core/records.js';
import type { Operation, OperationInput } from '../core/router.js';
import type { Payment, State } from '../core/state.js';
import { startAuthorisation } from '../sca/start-authorisation.js';
import { acceptPayment } from './accept.js';
import { type BuiltPayment, buildPayment } from './build-payment.js';
import { tppIdOf } from './owner.js';
import { creationBody } from './present.js';
import {
  assertProduct,
  DUPLICATE_WINDOW_MS,
  feeFor,
  INSTANT,
  NDCT,
  type PaymentService,
} from './products.js';
import { checkPsuHeaders } from './psu-headers.js';

function fingerprintOf(
  tppId: string,
  psu: string,
  service: string,
  product: string,
  built: BuiltPayment,
): string {
  const content = JSON.stringify([
    tppId,
    psu,
    service,
    product,
    built.debtorAccount.id,
    built.executionDate,
    built.instructions.map((i) => [
      i.creditorAccount.bban ?? i.creditorAccount.iban,
      i.instructedAmount,
      i.remittanceInformationUnstructured ?? null,
      i.remittanceInformationStructuredArray ?? null,
    ]),
  ]);
  return `${hashString(content).toString(16)}${hashString(`~${content}`).toString(16)}`;
}

/**
 * SCA exemption (PSD2 RTS art. 15, docs/decisions/payment-sca.md): a single domestic or instant
 * transfer between two accounts of the private PSU named by X-PSU-IDENTITY needs no SCA.
 */
function exempt(
  draft: Draft<State>,
  service: PaymentService,
  product: string,
  built: BuiltPayment,
  headers: Record<string, string>,
) {
  const owner = headers['x-psu-identity'];
  if (service !== 'payments' || (product !== NDCT && product !== INSTANT)) return false;
  if (owner === undefined || headers['psu-context'] !== 'PRIVATE' || built.debtorAccount.kind !== 'account')
    return false;
  const debtor = readableAccount(draft, built.debtorAccount.id);
  const creditorId = built.instructions[0]?.creditorAccountId;
  const creditor = creditorId ? readableAccount(draft, creditorId) : undefined;
  return debtor?.customerNumber === owner && creditor?.customerNumber === owner;
}

function createPayment(
  service: PaymentService,
  draft: Draft<State>,
  input: OperationInput,
  ctx: RequestContext,
) {
  const product = input.params.product ?? '';
  assertProduct(service, product);
  const headers = input.headers;
  const tppId = tppIdOf(ctx);
  checkPsuHeaders(draft, headers, tppId);
  const built = buildPayment(draft, service, product, input.body, ctx);
  const psuKey = headers['psu-id'] ?? `identity:${headers['x-psu-identity']}`;
  const fingerprint = fingerprintOf(tppId, psuKey, service, product, built);
  if (input.query.allowLogicalDuplicate?.at(-1) !== 'true') {
    // Searched in plain data by fingerprint (core/keyed-chunks.ts): no list of every payment.
    const duplicate = paymentsWithFingerprint(draft, fingerprint).find(
      (p) =>
        ctx.now - p.createdAt <= DUPLICATE_WINDOW_MS &&
        p.transactionStatus !== 'RJCT' &&
        p.transactionStatus !== 'CANC',
    );
    if (duplicate) {
      throw apiError(
        'CONFLICT',
        `logical duplicate of payment ${duplicate.paymentId} made within the last 10 minutes; send ?allowLogicalDuplicate=true to create it anyway`,
      );
    }
  }
  const paymentId = allocateId(draft);
  const context = headers['psu-context'];
  const payment: Payment = {
    paymentId,
    service,
    product,
    tppId,
    psuId: headers['psu-id'] ?? null,
    psuIdentity: headers['x-psu-identity'] ?? null,
    psuContext: context === 'PRIVATE' || context === 'CORPORATE' ? context : null,
    corporateId: headers['psu-corporate-id'] ?? null,
    sessionId: headers['tpp-session-id'] ?? null,
    redirectUri: headers['tpp-redirect-uri'] ?? null,
    request: built.request,
    debtorAccount: built.debtorAccount,
    instructions: built.instructions,
    executionDate: built.executionDate,
    fee: feeFor(product),
    feeTransactionId: null,
    reservationId: null,
    transactionStatus: 'RCVD',
    statusHistory: [{ status: 'RCVD', at: ctx.now }],
    fundsAvailable: null,
    psuMessage: null,
    scaExempt: exempt(draft, service, product, built, headers),
    authorisationIds: [],
    basketId: null,
    fingerprint,
    periodic: built.periodic,
    createdAt: ctx.now,
  };
  let scaRedirect: string | undefined;
  if (payment.scaExempt) {
    putPayment(draft, payment);
    const stored = paymentById(draft, paymentId) as Draft<Payment>;
    acceptPayment(draft, stored, ctx.now, "SCA exemption: transfer between the PSU's own accounts");
  } else {
    // The authorisation is started before the payment is stored, so the payment goes in whole, and
    // both are frozen as they go in (core/reducer.ts freezes what a change adds anyway): immer makes
    // no draft of the new payment and skips walking a frozen value for drafts at the end of the
    // change. Neither holds a draft (both are built from plain data) and nothing in this request
    // changes them after this point.
    const started = startAuthorisation(draft, ctx, { kind: 'payment', resourceIds: [paymentId], headers });
    freezeDeep(started.authorisation);
    payment.authorisationIds.push(started.authorisationId);
    scaRedirect = started.scaRedirect;
    freezeDeep(payment);
    putPayment(draft, payment);
  }
  return json(201, creationBody(ctx, payment, scaRedirect), {
    location: `${ctx.basePath}/${service}/${product}/${encodeURIComponent(paymentId)}`,
  });
}

/** POST /v1/payments/{payment-product} (part 4.2 item 2). */
export const createSinglePayment: Operation = (draft, input, ctx) =>
  createPayment('payments', draft, input, ctx);
/** POST /v1/periodic-payments/{payment-product}. */
export const createPeriodicPayment: Operation = (draft, input, ctx) =>
  createPayment('periodic-payments', draft, input, ctx);
/** POST /v1/bulk-payments/{payment-product}. */
export const createBulkPayment: Operation = (draft, input, ctx) =>
  createPayment('bulk-payments', draft, input, ctx);
