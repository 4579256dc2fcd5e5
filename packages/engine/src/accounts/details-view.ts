import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import { accountsNumbered } from '../core/records.js';
import { amountOut } from '../core/serialize.js';
import type { AccountRef, PsuContext, State, Transaction } from '../core/state.js';
import { SANDBOX_BIC } from '../sandbox-api/seed.js';
import { accountPath, compact, link, refOut } from './views.js';

/** part 2.6: 4 to 14 characters, an ISO 20022 Domain-Family-SubFamily code. */
function bankTransactionCode(tx: Transaction): string {
  const stored = tx.bankTransactionCode;
  if (stored !== undefined && stored.length >= 4 && stored.length <= 14) return stored;
  if (tx.proprietaryBankTransactionCode === 'R_300') return 'PMNT-CCRD-POSD';
  return tx.amount.startsWith('-') ? 'PMNT-ICDT-DMCT' : 'PMNT-RCDT-DMCT';
}

/** A party's bank is known when its account is one of the sandbox's. */
function agentOf(state: State, ref: AccountRef | undefined): string | undefined {
  if (ref === undefined) return undefined;
  return accountsNumbered(state, ref).length > 0 ? SANDBOX_BIC : undefined;
}

const cut = (value: string | undefined, max: number) =>
  value === undefined ? undefined : value.slice(0, max);

/** part 2.6 `transactionsDetails`, every field within its limit. */
export function transactionDetailsView(
  draft: Draft<State>,
  ctx: RequestContext,
  tx: Transaction,
  context: PsuContext,
) {
  const text = cut(tx.remittanceInformationUnstructured, 140);
  const purpose =
    tx.purposeCode === undefined || tx.purposeCode === '' ? undefined : tx.purposeCode.slice(0, 4);
  return compact({
    transactionId: tx.transactionId,
    bankTransactionCode: bankTransactionCode(tx),
    endToEndId: cut(tx.endToEndId, 35),
    bookingDate: tx.bookingDate,
    valueDate: tx.valueDate,
    transactionAmount: amountOut(ctx, tx.amount, tx.currency),
    creditorName: cut(tx.creditorName, 70),
    creditorAccount: refOut(tx.creditorAccount),
    creditorAgent: agentOf(draft, tx.creditorAccount),
    debtorName: cut(tx.debtorName, 70),
    debtorAccount: refOut(tx.debtorAccount),
    debtorAgent: agentOf(draft, tx.debtorAccount),
    remittanceInformationUnstructured: text,
    remittanceInformationUnstructuredArray: text === undefined ? undefined : [text],
    remittanceInformationStructuredArray: tx.remittanceInformationStructuredArray?.map((r) =>
      compact({
        reference: r.reference.slice(0, 35),
        referenceType: cut(r.referenceType, 35),
        referenceIssuer: cut(r.referenceIssuer, 35),
      }),
    ),
    purposeCode: purpose,
    proprietaryBankTransactionCode: cut(tx.proprietaryBankTransactionCode, 35),
    // part 2.6: the detail link is given in corporate context only.
    _links:
      context === 'CORPORATE'
        ? { transactionDetails: link(`${accountPath(ctx, tx.accountId)}/transactions/${tx.transactionId}`) }
        : undefined,
  });
}
