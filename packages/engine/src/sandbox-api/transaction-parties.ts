import type { Draft } from 'immer';
import { apiError } from '../core/errors.js';
import { accountsNumbered } from '../core/records.js';
import type { Account, AccountRef, State } from '../core/state.js';

function fail(path: string, message: string): never {
  throw apiError('FORMAT_ERROR', `${path}: ${message}`, { path });
}

/** True when the reference names `account` (every given field matches it). */
function names(ref: AccountRef, account: Account): boolean {
  return (ref.bban ?? account.bban) === account.bban && (ref.iban ?? account.iban) === account.iban;
}

/**
 * part 4.2 item 12: "an account given as debtor that is another account is rejected". The account in
 * the path is the debtor of a negative amount and the creditor of a positive one, so the debtorAccount
 * must be this account when money goes out; when money comes in it must be an account outside the
 * sandbox (money from another sandbox account would have to leave that account too). The
 * creditorAccount likewise must be this account when money comes in.
 */
export function checkParties(
  draft: Draft<State>,
  account: Account,
  tx: { amount: string; debtorAccount?: AccountRef | undefined; creditorAccount?: AccountRef | undefined },
  path: string,
): void {
  const outgoing = tx.amount.startsWith('-');
  const debtor = tx.debtorAccount;
  const creditor = tx.creditorAccount;
  if (debtor && outgoing && !names(debtor, account)) {
    fail(
      `${path}.debtorAccount`,
      `a negative amount is money out of this account, so the debtor must be this account (${account.iban}), not another account`,
    );
  }
  if (debtor && !outgoing) {
    if (names(debtor, account))
      fail(
        `${path}.debtorAccount`,
        'a positive amount is money into this account; the debtor cannot be this account',
      );
    const other = accountsNumbered(draft, debtor).find((a) => a.id !== account.id);
    if (other)
      fail(
        `${path}.debtorAccount`,
        `the debtor is another sandbox account (${other.iban}); create the debit on that account, or use a payment`,
      );
  }
  if (creditor && !outgoing && !names(creditor, account)) {
    fail(
      `${path}.creditorAccount`,
      `a positive amount is money into this account, so the creditor must be this account (${account.iban})`,
    );
  }
  if (creditor && outgoing && names(creditor, account)) {
    fail(
      `${path}.creditorAccount`,
      'a negative amount is money out of this account; the creditor cannot be this account',
    );
  }
}
