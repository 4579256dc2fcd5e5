import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import { apiError } from '../core/errors.js';
import { compareAmounts } from '../core/money.js';
import { paymentById } from '../core/records.js';
import { amountOut } from '../core/serialize.js';
import type { Payment, State } from '../core/state.js';
import { tppIdOf } from './owner.js';
import { assertProduct, NDCT, type PaymentService } from './products.js';

type Verb = 'GET' | 'PUT' | 'POST' | 'DELETE';
export type Link = { href: string; verbs: Verb[] };

export function paymentPath(
  ctx: RequestContext,
  payment: Pick<Payment, 'service' | 'product' | 'paymentId'>,
) {
  return `${ctx.basePath}/${payment.service}/${payment.product}/${encodeURIComponent(payment.paymentId)}`;
}

/** A payment can be deleted until it is signed; a standing order can be stopped while active. */
export function deletable(payment: Pick<Payment, 'transactionStatus'>): boolean {
  return payment.transactionStatus === 'RCVD' || payment.transactionStatus === 'ACWP';
}

/** docs/platform-facts.md §2: every link carries its verbs; after signing DELETE leaves the self verbs. */
export function paymentLinks(
  ctx: RequestContext,
  payment: Payment,
  scaRedirect?: string,
): Record<string, Link> {
  const self = paymentPath(ctx, payment);
  const links: Record<string, Link> = {
    self: { href: self, verbs: deletable(payment) ? ['GET', 'DELETE'] : ['GET'] },
    status: { href: `${self}/status`, verbs: ['GET'] },
  };
  if (scaRedirect !== undefined) links.scaRedirect = { href: scaRedirect, verbs: ['GET'] };
  else if (payment.transactionStatus === 'RCVD')
    links.startAuthorisation = { href: `${self}/authorisations`, verbs: ['POST'] };
  return links;
}

/** part 2.4: the creation response. */
export function creationBody(ctx: RequestContext, payment: Payment, scaRedirect?: string) {
  const body: Record<string, unknown> = {
    transactionStatus: payment.transactionStatus,
    paymentId: payment.paymentId,
    transactionFees: amountOut(ctx, payment.fee.amount, payment.fee.currency),
    transactionFeeIndicator: compareAmounts(payment.fee.amount, '0', payment.fee.currency) > 0,
  };
  if (payment.psuMessage !== null) body.psuMessage = payment.psuMessage;
  body._links = paymentLinks(ctx, payment, scaRedirect);
  return body;
}

function amountEcho(ctx: RequestContext, value: unknown, canonical: { amount: string; currency: string }) {
  return value === undefined ? undefined : amountOut(ctx, canonical.amount, canonical.currency);
}

/** docs/platform-facts.md §1: GET echoes the request body plus paymentId, transactionStatus and _links. */
export function echoBody(ctx: RequestContext, payment: Payment) {
  // A copy by Object.assign, then our fields set on it: not spreads (docs/decisions/hidden-classes.md).
  const echo: Record<string, unknown> = Object.assign({}, payment.request);
  if (payment.service === 'bulk-payments' && Array.isArray(echo.payments)) {
    echo.payments = (echo.payments as Record<string, unknown>[]).map((item, i) => {
      const instruction = payment.instructions[i];
      return instruction
        ? Object.assign({}, item, {
            instructedAmount: amountEcho(ctx, item.instructedAmount, instruction.instructedAmount),
          })
        : item;
    });
  } else if (payment.instructions[0] !== undefined) {
    echo.instructedAmount = amountEcho(ctx, echo.instructedAmount, payment.instructions[0].instructedAmount);
  }
  echo.paymentId = payment.paymentId;
  echo.transactionStatus = payment.transactionStatus;
  echo._links = paymentLinks(ctx, payment);
  return echo;
}

/** A request naming a PSU (PSU-ID) reaches only that PSU's resources; without one, the TPP's. */
export function samePsu(owner: string | null, headers: Record<string, string>): boolean {
  const asked = headers['psu-id'];
  return asked === undefined || owner === null || owner.toLowerCase() === asked.toLowerCase();
}

/**
 * The payment named by the path, if this TPP created it and, when the request names a PSU (PSU-ID),
 * for that PSU: another TPP's or another PSU's payment answers exactly as an unknown id does (404
 * RESOURCE_UNKNOWN), so ids leak nothing.
 */
export function ownPayment(
  draft: Draft<State>,
  params: Record<string, string>,
  service: PaymentService,
  ctx: RequestContext,
  headers: Record<string, string>,
) {
  const product = params.product ?? '';
  assertProduct(service, product);
  const id = params.paymentId ?? '';
  const payment = paymentById(draft, id);
  if (
    payment === undefined ||
    payment.tppId !== tppIdOf(ctx) ||
    !samePsu(payment.psuId, headers) ||
    payment.service !== service ||
    payment.product !== product
  ) {
    throw apiError(
      'RESOURCE_UNKNOWN',
      `no ${service} ${product} payment with id ${JSON.stringify(id.slice(0, 80))} for this TPP`,
      {
        path: 'paymentId',
      },
    );
  }
  return payment;
}

/**
 * Known issue 1 (part 1): details and status of a domestic (NDCT) payment cannot be fetched before it
 * is approved. Unlike the second known issue, the contract does not limit it to production, so the
 * sandbox, where a TPP develops, answers the same (docs/decisions/payment-validation.md).
 */
export function assertReadable(payment: Payment): void {
  if (payment.product === NDCT && payment.transactionStatus === 'RCVD') {
    throw apiError(
      'FORBIDDEN',
      'details and status of a domestic (NDCT) payment cannot be fetched before the PSU has approved it (known issue, part 1)',
    );
  }
}
