import { type Draft, isDraft } from 'immer';
import type { Access } from '../consents/access.js';
import type { RequestContext } from '../core/context.js';
import { amountOut, cashAccountTypeOut } from '../core/serialize.js';
import type { Account, AccountRef, State, Transaction } from '../core/state.js';
import { WrittenJson } from '../core/written-json.js';
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

/** A transaction list item as written: only the fields it has, in the order of platform-facts §2. */
export interface TransactionView {
  transactionId?: string;
  bookingDate?: string;
  valueDate?: string;
  transactionAmount: ReturnType<typeof amountOut>;
  creditorName?: string;
  creditorAccount?: AccountRef;
  debtorName?: string;
  debtorAccount?: AccountRef;
  remittanceInformationUnstructured?: string;
  remittanceInformationUnstructuredArray?: string[];
  proprietaryBankTransactionCode?: string;
  _links?: { transactionDetails: Link };
}

/**
 * docs/platform-facts.md §2 transaction list item; pending ones have no id, value date or detail
 * link. Built field by field, leaving out what is undefined (as `compact` would): a page writes 200
 * of these, and an intermediate object per view was a third of the operation's time.
 */
export function transactionView(ctx: RequestContext, tx: Transaction): TransactionView {
  const booked = tx.status === 'booked';
  const text = tx.remittanceInformationUnstructured;
  // Assigned in the key order of the platform's answers (JSON keeps insertion order).
  const view: Partial<TransactionView> = {};
  if (booked && tx.transactionId !== undefined) view.transactionId = tx.transactionId;
  if (tx.bookingDate !== undefined) view.bookingDate = tx.bookingDate;
  if (booked && tx.valueDate !== undefined) view.valueDate = tx.valueDate;
  view.transactionAmount = amountOut(ctx, tx.amount, tx.currency);
  if (tx.creditorName !== undefined) view.creditorName = tx.creditorName;
  const creditorAccount = refOut(tx.creditorAccount);
  if (creditorAccount !== undefined) view.creditorAccount = creditorAccount;
  if (tx.debtorName !== undefined) view.debtorName = tx.debtorName;
  const debtorAccount = refOut(tx.debtorAccount);
  if (debtorAccount !== undefined) view.debtorAccount = debtorAccount;
  if (text !== undefined) {
    view.remittanceInformationUnstructured = text;
    view.remittanceInformationUnstructuredArray = [text];
  }
  if (tx.proprietaryBankTransactionCode !== undefined)
    view.proprietaryBankTransactionCode = tx.proprietaryBankTransactionCode;
  if (booked) {
    view._links = {
      transactionDetails: link(`${accountPath(ctx, tx.accountId)}/transactions/${tx.transactionId}`),
    };
  }
  return view as TransactionView;
}

/** How many records' written views are kept, per kind and way of writing them (a few pages' worth). */
const WRITTEN_KEPT = 4096;

/**
 * A record's view already written as JSON, for one request's variant (what the view depends on besides
 * the record): the same text for the same record as long as it is kept, so an answer joins texts
 * instead of building and serialising new objects (core/written-json.ts). Only records of a finished
 * state are kept (never an immer draft, which may still change: the state's records are frozen, so
 * the same object has the same view); the oldest written go first past WRITTEN_KEPT, and a variant not
 * used for eight others goes whole. Take it once an answer: the variant is looked up once.
 */
function writtenViews<T extends object>(
  byVariant: Map<string, Map<T, WrittenJson>>,
  variant: string,
  view: (record: T) => unknown,
): (record: T) => WrittenJson {
  let texts = byVariant.get(variant);
  if (texts === undefined) {
    texts = new Map();
    byVariant.set(variant, texts);
    if (byVariant.size > 8) byVariant.delete(byVariant.keys().next().value as string);
  }
  const kept = texts;
  const write = (record: T) => new WrittenJson(JSON.stringify(view(record)));
  return (record) => {
    if (!Object.isFrozen(record) || isDraft(record)) return write(record);
    let text = kept.get(record);
    if (text === undefined) {
      text = write(record);
      kept.set(record, text);
      if (kept.size > WRITTEN_KEPT) kept.delete(kept.keys().next().value as T);
    }
    return text;
  };
}

const writtenTransactions = new Map<string, Map<Transaction, WrittenJson>>();

/** transactionView written (writtenViews): it depends on the base path and one fix besides the transaction. */
export function writtenTransactionViews(ctx: RequestContext): (tx: Transaction) => WrittenJson {
  return writtenViews(writtenTransactions, `${ctx.fixes.has('amount-as-string')} ${ctx.basePath}`, (tx) =>
    transactionView(ctx, tx),
  );
}

const writtenAccounts = new Map<string, Map<Account, WrittenJson>>();

/**
 * accountView written (writtenViews): the account list answers the same accounts request after request.
 * It depends on the base path, two fixes and whether balances are asked for besides the account.
 */
export function writtenAccountViews(
  ctx: RequestContext,
  withBalance: boolean,
): (account: Account) => WrittenJson {
  const variant = `${withBalance} ${ctx.fixes.has('amount-as-string')} ${ctx.fixes.has('cash-account-type-iso')} ${ctx.basePath}`;
  return writtenViews(writtenAccounts, variant, (account) => accountView(ctx, account, withBalance));
}
