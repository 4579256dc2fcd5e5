import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import { DAY_MS, isoDate } from '../core/dates.js';
import { apiError, apiErrors, type TppMessage, tppMessage } from '../core/errors.js';
import type { Payment, PaymentInstruction, State } from '../core/state.js';
import { parseWith } from '../core/validate.js';
import { instructionOf, resolveDebtor } from './build-instruction.js';
import { reachesReportingThreshold } from './fx.js';
import { INSTANT, NCBCT, type PaymentService } from './products.js';
import { NcbctPayment, NdctBulkPayment, NdctPayment, NdctPeriodicPayment } from './schemas.js';

/** A requested execution date may lie at most this far ahead. */
const MAX_DAYS_AHEAD = 365;

export interface BuiltPayment {
  /**
   * The body as its schema parsed it: only the fields the contract defines, so a field it does not
   * (or a key like `__proto__`) is never stored or echoed (docs/decisions/unknown-fields.md).
   */
  request: Record<string, unknown>;
  debtorAccount: Payment['debtorAccount'];
  instructions: PaymentInstruction[];
  executionDate: string;
  periodic: Payment['periodic'];
}

function fail(messages: TppMessage[]): never {
  throw apiErrors(messages, 400);
}
/** Not in the past (bank clock), at most a year ahead; instant payments execute today. */
function checkDate(value: string | undefined, path: string, product: string, ctx: RequestContext): string {
  const today = isoDate(ctx.now);
  if (value === undefined) return today;
  if (value < today) {
    throw apiError('EXECUTION_DATE_INVALID', `${path} ${value} is in the past (bank date ${today})`, {
      path,
    });
  }
  if (value > isoDate(ctx.now + MAX_DAYS_AHEAD * DAY_MS)) {
    throw apiError('EXECUTION_DATE_INVALID', `${path} ${value} is more than ${MAX_DAYS_AHEAD} days ahead`, {
      path,
    });
  }
  if (product === INSTANT && value !== today) {
    throw apiError(
      'EXECUTION_DATE_INVALID',
      `an instant payment executes today (${today}); ${path} must be today or absent`,
      {
        path,
      },
    );
  }
  return value;
}

/** Validates a create-payment body for its service and product and turns it into instructions. */
export function buildPayment(
  draft: Draft<State>,
  service: PaymentService,
  product: string,
  body: unknown,
  ctx: RequestContext,
): BuiltPayment {
  if (product === NCBCT) {
    const p = parseWith(NcbctPayment, body, 'body');
    if (reachesReportingThreshold(p.instructedAmount.amount, p.instructedAmount.currency)) {
      const missing = (['regulatoryReportingCode', 'regulatoryReportingInformation'] as const).filter(
        (f) => p[f] === undefined,
      );
      if (missing.length > 0) {
        fail(
          missing.map((f) =>
            tppMessage(
              'ERROR',
              'FORMAT_ERROR',
              `${f} is required for cross-border transfers of NOK 100 000 or more (part 2.3)`,
              f,
            ),
          ),
        );
      }
    }
    const debtor = resolveDebtor(draft, p.debtorAccount);
    const executionDate = checkDate(p.requestedExecutionDate, 'requestedExecutionDate', product, ctx);
    return {
      request: p,
      debtorAccount: debtor,
      instructions: [instructionOf(draft, p, debtor, '', ctx)],
      executionDate,
      periodic: null,
    };
  }
  if (service === 'bulk-payments') {
    const p = parseWith(NdctBulkPayment, body, 'body');
    const debtor = resolveDebtor(draft, p.debtorAccount);
    const executionDate = checkDate(p.requestedExecutionDate, 'requestedExecutionDate', product, ctx);
    const instructions = p.payments.map((t, i) => instructionOf(draft, t, debtor, `payments[${i}].`, ctx));
    return { request: p, debtorAccount: debtor, instructions, executionDate, periodic: null };
  }
  if (service === 'periodic-payments') {
    const p = parseWith(NdctPeriodicPayment, body, 'body');
    const debtor = resolveDebtor(draft, p.debtorAccount);
    const executionDate = checkDate(p.startDate, 'startDate', product, ctx);
    const periodic: NonNullable<Payment['periodic']> = {
      startDate: p.startDate,
      frequency: p.frequency,
      executionRule: p.executionRule ?? 'following',
      executions: [],
    };
    if (p.endDate !== undefined) periodic.endDate = p.endDate;
    if (p.dayOfExecution !== undefined) periodic.dayOfExecution = p.dayOfExecution;
    return {
      request: p,
      debtorAccount: debtor,
      instructions: [instructionOf(draft, p, debtor, '', ctx)],
      executionDate,
      periodic,
    };
  }
  const p = parseWith(NdctPayment, body, 'body');
  if (
    product === INSTANT &&
    (p.instructedAmount.currency !== 'NOK' || p.creditorAccount.currency !== 'NOK')
  ) {
    throw apiError('FORMAT_ERROR', 'an instant (Straks) payment is made in NOK to a NOK account', {
      path: p.instructedAmount.currency !== 'NOK' ? 'instructedAmount.currency' : 'creditorAccount.currency',
    });
  }
  const debtor = resolveDebtor(draft, p.debtorAccount);
  const executionDate = checkDate(p.requestedExecutionDate, 'requestedExecutionDate', product, ctx);
  return {
    request: p,
    debtorAccount: debtor,
    instructions: [instructionOf(draft, p, debtor, '', ctx)],
    executionDate,
    periodic: null,
  };
}
