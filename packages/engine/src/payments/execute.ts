import type { Draft } from 'immer';
import { addAmounts, compareAmounts } from '../core/money.js';
import { readableAccount } from '../core/records.js';
import type { Payment, PaymentInstruction, State } from '../core/state.js';
import { type BookingDetails, credit, debit, hasFunds } from './booking.js';
import { convert } from './fx.js';

export type ExecutionResult = 'booked' | 'sent' | 'lacking';

function details(payment: Draft<Payment>, instruction: Draft<PaymentInstruction>): BookingDetails {
  const out: BookingDetails = {
    paymentId: payment.paymentId,
    text: `Betaling ${instruction.creditorName}`,
    creditorName: instruction.creditorName,
    creditorAccount: { ...instruction.creditorAccount },
  };
  const request = payment.request as { debtorAccount?: { bban?: string; iban?: string; currency?: string } };
  if (request.debtorAccount?.bban !== undefined || request.debtorAccount?.iban !== undefined) {
    const ref: BookingDetails['debtorAccount'] = {};
    if (request.debtorAccount.bban !== undefined) ref.bban = request.debtorAccount.bban;
    if (request.debtorAccount.iban !== undefined) ref.iban = request.debtorAccount.iban;
    if (request.debtorAccount.currency !== undefined) ref.currency = request.debtorAccount.currency;
    out.debtorAccount = ref;
  }
  if (instruction.remittanceInformationUnstructured !== undefined)
    out.remittanceInformationUnstructured = instruction.remittanceInformationUnstructured;
  if (instruction.remittanceInformationStructuredArray !== undefined)
    out.remittanceInformationStructuredArray = instruction.remittanceInformationStructuredArray.map((r) => ({
      ...r,
    }));
  if (instruction.purposeCode !== undefined) out.purposeCode = instruction.purposeCode;
  return out;
}

/**
 * Executes one credit transfer: checks funds (booked balance plus credit line, covering the fee still
 * owed), debits the debtor, and credits the creditor when the bank holds its account. A transfer to
 * another bank is `sent` (in clearing) unless `settleExternal` says it completes at once (instant
 * payments, standing-order executions).
 */
export function executeInstruction(
  draft: Draft<State>,
  payment: Draft<Payment>,
  instruction: Draft<PaymentInstruction>,
  now: number,
  settleExternal: boolean,
): ExecutionResult {
  const debtor = payment.debtorAccount;
  const money = instruction.instructedAmount;
  const debitAmount = convert(money.amount, money.currency, debtor.currency);
  const feeDue =
    payment.feeTransactionId === null && compareAmounts(payment.fee.amount, '0', payment.fee.currency) > 0;
  const feeAmount = feeDue ? convert(payment.fee.amount, payment.fee.currency, debtor.currency) : '0';
  if (!hasFunds(draft, debtor, addAmounts(debtor.currency, debitAmount, feeAmount))) return 'lacking';
  const info = details(payment, instruction);
  instruction.transactionIds.push(debit(draft, debtor, debitAmount, info, now));
  if (feeDue) {
    payment.feeTransactionId = debit(
      draft,
      debtor,
      feeAmount,
      { paymentId: payment.paymentId, text: 'Gebyr betaling' },
      now,
    );
  }
  if (instruction.creditorAccountId !== null) {
    const account = readableAccount(draft, instruction.creditorAccountId);
    if (account !== undefined) {
      const creditAmount = convert(money.amount, money.currency, account.currency);
      instruction.transactionIds.push(credit(draft, account.id, creditAmount, info, now));
    }
    instruction.state = 'booked';
    return 'booked';
  }
  const result = settleExternal ? 'booked' : 'sent';
  instruction.state = result;
  return result;
}
