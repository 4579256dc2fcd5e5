import type { Draft } from 'immer';
import type { Access } from '../consents/access.js';
import type { RequestContext } from '../core/context.js';
import { amountOut, cashAccountTypeOut } from '../core/serialize.js';
import type { Account, AccountRef, State, Transaction } from '../core/state.js';
import { grantable } from '../sca/psu.js';

export interface Link {
  href: string;
  verbs: string[];
}

/** docs/platform-facts.md §2: every `_links` entry carries `href` and `verbs`. */
export function link(href: string, verbs: string[] = ['GET']): Link {
  return { href, verbs };
}

export function accountPath(ctx: RequestContext, id: string): string {
  return `${ctx.basePath}/accounts/${id}`;
}

/**
 * What the consent still covers: a corporate PSU sees only accounts its agreement grants now
 * (part 1), a private PSU only its own.
 */
export function coveredIds(
  draft: Draft<State>,
  access: Access,
): { accounts: Set<string>; cards: Set<string> } {
  const offer = grantable(draft, access.nationalId, access.context, access.agreementId);
  const accounts = new Set(access.consent.accountIds);
  const cards = new Set(access.consent.cardAccountIds);
  return {
    accounts: new Set(offer.accounts.map((a) => a.id).filter((id) => accounts.has(id))),
    cards: new Set(offer.cardAccounts.map((c) => c.id).filter((id) => cards.has(id))),
  };
}

export function balancesOf(ctx: RequestContext, account: Account) {
  return [
    { balanceAmount: amountOut(ctx, account.booked, account.currency), balanceType: 'closingBooked' },
    { balanceAmount: amountOut(ctx, account.expected, account.currency), balanceType: 'expected' },
  ];
}

/** docs/platform-facts.md §2 account list item. */
export function accountView(ctx: RequestContext, account: Account, withBalance: boolean) {
  const self = accountPath(ctx, account.id);
  return {
    resourceId: account.id,
    bban: account.bban,
    iban: account.iban,
    currency: account.currency,
    name: account.accountName,
    product: account.product,
    cashAccountType: cashAccountTypeOut(ctx, account.cashAccountType),
    bic: account.bic,
    ...(withBalance ? { balances: balancesOf(ctx, account) } : {}),
    _links: {
      self: link(self),
      balances: link(`${self}/balances`),
      transactions: link(`${self}/transactions?bookingStatus=both`),
    },
  };
}

export function refOut(ref: AccountRef | undefined): AccountRef | undefined {
  if (ref === undefined) return undefined;
  const out: AccountRef = {};
  if (ref.bban !== undefined) out.bban = ref.bban.slice(0, 30);
  if (ref.iban !== undefined) out.iban = ref.iban.slice(0, 34);
  if (ref.currency !== undefined) out.currency = ref.currency;
  return out;
}

/** Drops undefined fields, so a response never carries `"x": undefined` semantics. */
export function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
  // A loop, not entries/filter/fromEntries: a transaction page compacts 200 views, and the arrays
  // those made were most of the operation's time (docs/benchmarks.md). Keys are the views' own.
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item !== undefined) out[key] = item;
  }
  return out as Partial<T>;
}

/** docs/platform-facts.md §2 transaction list item; pending ones have no id, value date or detail link. */
export function transactionView(ctx: RequestContext, tx: Transaction) {
  const booked = tx.status === 'booked';
  const text = tx.remittanceInformationUnstructured;
  return compact({
    transactionId: booked ? tx.transactionId : undefined,
    bookingDate: tx.bookingDate,
    valueDate: booked ? tx.valueDate : undefined,
    transactionAmount: amountOut(ctx, tx.amount, tx.currency),
    creditorName: tx.creditorName,
    creditorAccount: refOut(tx.creditorAccount),
    debtorName: tx.debtorName,
    debtorAccount: refOut(tx.debtorAccount),
    remittanceInformationUnstructured: text,
    remittanceInformationUnstructuredArray: text === undefined ? undefined : [text],
    proprietaryBankTransactionCode: tx.proprietaryBankTransactionCode,
    _links: booked
      ? { transactionDetails: link(`${accountPath(ctx, tx.accountId)}/transactions/${tx.transactionId}`) }
      : undefined,
  });
}
