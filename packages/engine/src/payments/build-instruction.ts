import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import { apiError, apiErrors, type TppMessage, tppMessage, warning } from '../core/errors.js';
import { canonicalAmount } from '../core/money.js';
import type { Payment, PaymentInstruction, State } from '../core/state.js';
import { findAccount, findCardAccount } from './booking.js';
import { convert } from './fx.js';
import { isKidReference, isValidKid } from './kid.js';

/** The accounts of a payment resolved in the sandbox, and its transfers as stored instructions. */

type Reference = {
  reference: string;
  referenceType?: string | undefined;
  referenceIssuer?: string | undefined;
};
export type Transfer = {
  instructedAmount: { amount: string; currency: string };
  creditorName: string;
  creditorAccount: { bban?: string | undefined; iban?: string | undefined; currency: string };
  remittanceInformationUnstructured?: string | undefined;
  remittanceInformationStructured?: Reference | undefined;
  remittanceInformationStructuredArray?: Reference[] | undefined;
  purposeCode?: string | undefined;
};
export type DebtorRef = {
  bban?: string | undefined;
  iban?: string | undefined;
  other?: { identification: string } | undefined;
  currency: string;
};

function fail(messages: TppMessage[]): never {
  throw apiErrors(messages, 400);
}

/**
 * An account reference with both `bban` and `iban` (part 2.3) names one account. When either names an
 * account of this bank, the other must name the same one: two accounts in one reference would leave
 * the bank to pick one. (Two references to accounts elsewhere cannot be compared here: a foreign
 * account's national number need not be the BBAN inside its IBAN.)
 */
function requireOneAccount(
  draft: Draft<State>,
  ref: { bban?: string | undefined; iban?: string | undefined },
  path: string,
): void {
  if (ref.bban === undefined || ref.iban === undefined) return;
  const byBban = findAccount(draft, { bban: ref.bban });
  const byIban = findAccount(draft, { iban: ref.iban });
  if (byBban?.id === byIban?.id) return;
  const named = byBban ?? byIban;
  throw apiError(
    'FORMAT_ERROR',
    `${path}.bban and ${path}.iban name different accounts (the bank's account ${named?.bban ?? ''} has the IBAN ${named?.iban ?? ''}); send one of them, or both for the same account`,
    { path: `${path}.iban` },
  );
}

export function resolveDebtor(draft: Draft<State>, ref: DebtorRef): Payment['debtorAccount'] {
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
  requireOneAccount(draft, ref, 'debtorAccount');
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

/**
 * One credit transfer, checked against the sandbox: KID rules (a KID reference needs a valid MOD10/MOD11
 * check digit; some accounts demand one), the creditor account's currency, and exchange rates.
 */
export function instructionOf(
  draft: Draft<State>,
  transfer: Transfer,
  debtor: Payment['debtorAccount'],
  prefix: string,
  ctx: RequestContext,
): PaymentInstruction {
  let references = transfer.remittanceInformationStructuredArray;
  // A message names the field the TPP sent: the array's item, or the deprecated single object.
  let referencePath = (i: number) => `${prefix}remittanceInformationStructuredArray[${i}].reference`;
  if (transfer.remittanceInformationStructured !== undefined) {
    ctx.warnings.push(
      warning(
        'FORMAT_ERROR',
        'remittanceInformationStructured is deprecated (part 2.2); send remittanceInformationStructuredArray',
        `${prefix}remittanceInformationStructured`,
      ),
    );
    references = [transfer.remittanceInformationStructured];
    referencePath = () => `${prefix}remittanceInformationStructured.reference`;
  }
  const messages: TppMessage[] = [];
  references?.forEach((r, i) => {
    if (isKidReference(r.referenceType) && !isValidKid(r.reference)) {
      messages.push(
        tppMessage(
          'ERROR',
          'KID_INVALID',
          `the KID ${JSON.stringify(r.reference)} is not valid: it must be 2–25 digits ending in a MOD10 or MOD11 check digit`,
          referencePath(i),
        ),
      );
    }
  });
  if (messages.length > 0) fail(messages);
  const money = transfer.instructedAmount;
  requireOneAccount(draft, transfer.creditorAccount, `${prefix}creditorAccount`);
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
