import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import { DAY_MS, isoDate } from '../core/dates.js';
import { ApiError, apiError, type TppMessage, tppMessage, warning } from '../core/errors.js';
import { canonicalAmount } from '../core/money.js';
import type { Payment, PaymentInstruction, State } from '../core/state.js';
import { parseWith } from '../core/validate.js';
import { findAccount, findCardAccount } from './booking.js';
import { convert, reachesReportingThreshold } from './fx.js';
import { isKidReference, isValidKid } from './kid.js';
import { INSTANT, NCBCT, type PaymentService } from './products.js';
import { NcbctPayment, NdctBulkPayment, NdctPayment, NdctPeriodicPayment } from './schemas.js';

/** A requested execution date may lie at most this far ahead. */
const MAX_DAYS_AHEAD = 365;

type Reference = {
  reference: string;
  referenceType?: string | undefined;
  referenceIssuer?: string | undefined;
};
type Transfer = {
  instructedAmount: { amount: string; currency: string };
  creditorName: string;
  creditorAccount: { bban?: string | undefined; iban?: string | undefined; currency: string };
  remittanceInformationUnstructured?: string | undefined;
  remittanceInformationStructured?: Reference | undefined;
  remittanceInformationStructuredArray?: Reference[] | undefined;
  purposeCode?: string | undefined;
};
type DebtorRef = {
  bban?: string | undefined;
  iban?: string | undefined;
  other?: { identification: string } | undefined;
  currency: string;
};

export interface BuiltPayment {
  debtorAccount: Payment['debtorAccount'];
  instructions: PaymentInstruction[];
  executionDate: string;
  periodic: Payment['periodic'];
}

function fail(messages: TppMessage[]): never {
  throw new ApiError(400, messages);
}

function resolveDebtor(draft: Draft<State>, ref: DebtorRef): Payment['debtorAccount'] {
  if (ref.other !== undefined) {
    const card = findCardAccount(draft, ref.other.identification);
    if (card === undefined) {
      throw apiError(
        'RESOURCE_UNKNOWN',
        'debtorAccount.other.identification names no card account in the sandbox',
        {
          path: 'debtorAccount.other.identification',
          status: 400,
        },
      );
    }
    if (card.currency !== ref.currency)
      throw apiError(
        'FORMAT_ERROR',
        `debtorAccount.currency must be the card account's currency ${card.currency}`,
        {
          path: 'debtorAccount.currency',
        },
      );
    return { kind: 'card', id: card.id, currency: card.currency };
  }
  const account = findAccount(draft, ref);
  const path = ref.bban !== undefined ? 'debtorAccount.bban' : 'debtorAccount.iban';
  if (account === undefined) {
    throw apiError('RESOURCE_UNKNOWN', `${path} names no account in the sandbox`, { path, status: 400 });
  }
  if (account.currency !== ref.currency) {
    throw apiError(
      'FORMAT_ERROR',
      `debtorAccount.currency must be the account's currency ${account.currency}`,
      {
        path: 'debtorAccount.currency',
      },
    );
  }
  return { kind: 'account', id: account.id, currency: account.currency };
}

/** KID rules: a KID reference must carry a valid MOD10/MOD11 check digit; some accounts demand one. */
function instructionOf(
  draft: Draft<State>,
  transfer: Transfer,
  debtor: Payment['debtorAccount'],
  prefix: string,
  ctx: RequestContext,
): PaymentInstruction {
  let references = transfer.remittanceInformationStructuredArray;
  if (transfer.remittanceInformationStructured !== undefined) {
    ctx.warnings.push(
      warning(
        'FORMAT_ERROR',
        'remittanceInformationStructured is deprecated (part 2.2); send remittanceInformationStructuredArray',
        `${prefix}remittanceInformationStructured`,
      ),
    );
    references = [transfer.remittanceInformationStructured];
  }
  const messages: TppMessage[] = [];
  references?.forEach((r, i) => {
    if (isKidReference(r.referenceType) && !isValidKid(r.reference)) {
      messages.push(
        tppMessage(
          'ERROR',
          'KID_INVALID',
          `the KID ${JSON.stringify(r.reference)} is not valid: it must be 2–25 digits ending in a MOD10 or MOD11 check digit`,
          `${prefix}remittanceInformationStructuredArray[${i}].reference`,
        ),
      );
    }
  });
  if (messages.length > 0) fail(messages);
  const money = transfer.instructedAmount;
  const creditor = findAccount(draft, transfer.creditorAccount);
  if (creditor !== undefined) {
    if (creditor.currency !== transfer.creditorAccount.currency) {
      throw apiError(
        'FORMAT_ERROR',
        `creditorAccount.currency must be the account's currency ${creditor.currency}`,
        {
          path: `${prefix}creditorAccount.currency`,
        },
      );
    }
    if (debtor.kind === 'account' && creditor.id === debtor.id) {
      throw apiError('FORMAT_ERROR', 'the creditor account is the debtor account', {
        path: `${prefix}creditorAccount`,
      });
    }
    if (creditor.requiresKid && !references?.some((r) => isKidReference(r.referenceType))) {
      throw apiError(
        'KID_MISSING',
        'the creditor account only accepts payments with a KID: send it in remittanceInformationStructuredArray with referenceType KID',
        { path: `${prefix}remittanceInformationStructuredArray` },
      );
    }
    convert(money.amount, money.currency, creditor.currency);
  }
  convert(money.amount, money.currency, debtor.currency);
  const instruction: PaymentInstruction = {
    instructedAmount: { amount: canonicalAmount(money.amount, money.currency), currency: money.currency },
    creditorName: transfer.creditorName,
    creditorAccount: { ...transfer.creditorAccount },
    creditorAccountId: creditor?.id ?? null,
    state: 'open',
    transactionIds: [],
  };
  if (transfer.remittanceInformationUnstructured !== undefined)
    instruction.remittanceInformationUnstructured = transfer.remittanceInformationUnstructured;
  if (references !== undefined)
    instruction.remittanceInformationStructuredArray = references.map((r) => ({ ...r }));
  if (transfer.purposeCode !== undefined) instruction.purposeCode = transfer.purposeCode;
  return instruction;
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
    return { debtorAccount: debtor, instructions, executionDate, periodic: null };
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
    debtorAccount: debtor,
    instructions: [instructionOf(draft, p, debtor, '', ctx)],
    executionDate,
    periodic: null,
  };
}
