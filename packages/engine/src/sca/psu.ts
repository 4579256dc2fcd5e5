import { isDraft } from 'immer';
import type { RequestContext } from '../core/context.js';
import { apiError } from '../core/errors.js';
import { deterministicUuid, hashString } from '../core/ids.js';
import { readableEntry } from '../core/readable.js';
import { accountsOf, readableAccount } from '../core/records.js';
import type { Account, Agreement, CardAccount, PsuContext, State } from '../core/state.js';
import { agreementNamed, agreementsOf, cardAccountsOf, customersNumbered } from '../core/state-index.js';

export { agreementsOf };

/** Requests that are not signature-checked (yet) all belong to one TPP. */
export const UNVERIFIED_TPP = 'unverified';

export function tppIdOf(ctx: RequestContext): string {
  return ctx.tpp.kind === 'verified' ? ctx.tpp.organisationId : UNVERIFIED_TPP;
}

/** part 5.3: `psu-id` is stable per PSU and TPP, so it is derived, not stored. */
export function psuIdFor(state: Pick<State, 'meta'>, nationalId: string, tppId: string): string {
  return deterministicUuid(state.meta.seed, hashString(`psu ${nationalId} ${tppId}`));
}

/** part 5.3: `psu-corporate-id` is a UUID per agreement and TPP. */
export function corporateIdFor(state: Pick<State, 'meta'>, agreementId: string, tppId: string): string {
  return deterministicUuid(state.meta.seed, hashString(`agreement ${agreementId} ${tppId}`));
}

/** PSU-ID → national id, per frozen customers slice, seed and TPP (see nationalIdOf). */
const psuIndex = new WeakMap<object, Map<string, Map<string, string>>>();

/**
 * The national id behind a PSU-ID this TPP was given, or null when it was never issued. PSU-IDs are
 * hashes, so this is a reverse lookup over the customers; on a frozen state (every reading request)
 * the index is built once per customers slice and TPP rather than hashing every customer each time.
 */
export function nationalIdOf(state: State, psuId: string, tppId: string): string | null {
  const wanted = psuId.toLowerCase();
  const customers = state.customers;
  // Looked up before asking whether the record is frozen, which V8 answers for a large record (a
  // dictionary) by reading every property (core/state-index.ts); a frozen record stays frozen.
  let byTpp = psuIndex.get(customers);
  if (byTpp === undefined && (isDraft(customers) || !Object.isFrozen(customers))) {
    for (const customer of Object.values(customers)) {
      if (psuIdFor(state, customer.customerNumber, tppId) === wanted) return customer.customerNumber;
    }
    return null;
  }
  if (byTpp === undefined) {
    byTpp = new Map();
    psuIndex.set(customers, byTpp);
  }
  const key = `${state.meta.seed} ${tppId}`;
  let index = byTpp.get(key);
  if (index === undefined) {
    index = new Map();
    for (const customer of Object.values(customers)) {
      const id = psuIdFor(state, customer.customerNumber, tppId);
      if (!index.has(id)) index.set(id, customer.customerNumber);
    }
    byTpp.set(key, index);
  }
  return index.get(wanted) ?? null;
}

export function isKnownPsu(state: State, nationalId: string): boolean {
  return customersNumbered(state, nationalId).length > 0;
}

export function agreementByCorporateId(state: State, corporateId: string, tppId: string): Agreement | null {
  // The kind names what corporateIdFor hashes besides the agreement: the seed and the TPP.
  const kind = JSON.stringify(['corporate', state.meta.seed, tppId]);
  const idOf = (agreementId: string) => corporateIdFor(state, agreementId, tppId);
  return agreementNamed(state, kind, idOf, corporateId.toLowerCase()) ?? null;
}

/**
 * The agreement a PSU-Corporate-ID names (part 5.4): one this TPP was given and, when the PSU is
 * known, one the PSU acts under; else 400 RESOURCE_UNKNOWN, an agreement of another PSU or another
 * TPP answered like one that does not exist.
 */
export function namedAgreement(
  state: State,
  corporateId: string,
  tppId: string,
  nationalId: string | null,
): Agreement {
  const agreement = agreementByCorporateId(state, corporateId, tppId);
  if (
    agreement === null ||
    (nationalId !== null &&
      !agreementsOf(state, nationalId).some((a) => a.agreementId === agreement.agreementId))
  ) {
    throw apiError('RESOURCE_UNKNOWN', "PSU-Corporate-ID is not one of the PSU's corporate agreements", {
      path: 'PSU-Corporate-ID',
      status: 400,
    });
  }
  return agreement;
}

export interface Grantable {
  accounts: Account[];
  cardAccounts: CardAccount[];
}

/**
 * What the PSU may grant in a context (part 1): a private PSU its own accounts and card accounts;
 * a corporate PSU the accounts of the chosen agreement it is engaged in.
 */
export function grantable(
  state: State,
  nationalId: string,
  context: PsuContext,
  agreementId: string | null,
): Grantable {
  if (context === 'CORPORATE') {
    const agreement = agreementId === null ? undefined : state.agreements[agreementId];
    if (agreement === undefined) return { accounts: [], cardAccounts: [] };
    const owner = agreement.owner === nationalId;
    const ids = agreement.engagements
      .filter((e) => owner || e.customer === nationalId)
      .map((e) => e.accountId);
    const accounts = [...new Set(ids)]
      .map((id) => readableAccount(state, id))
      .filter((a): a is Account => a !== undefined);
    return { accounts, cardAccounts: [] };
  }
  if (!isPrivateCustomer(state, nationalId)) return { accounts: [], cardAccounts: [] };
  return {
    accounts: [...accountsOf(state, nationalId)],
    cardAccounts: cardAccountsOf(state, nationalId).filter((c) => c.status !== 'deleted'),
  };
}

/**
 * Whether a private PSU holds this account or card account, as `grantable(state, nationalId, 'PRIVATE',
 * null)` lists them, read from that one entry. Listing the PSU's accounts reads the index of every
 * account, which a change that has written the accounts (a basket's first payment reserving its funds)
 * builds again from a copy of them all: about 150 ms of a basket's approval in a bank of 50 000 accounts
 * (docs/decisions/keyed-chunks.md, "SCA sessions and signing baskets").
 */
export function holdsPrivately(
  state: State,
  nationalId: string,
  kind: 'account' | 'card',
  id: string,
): boolean {
  if (!isPrivateCustomer(state, nationalId)) return false;
  if (kind === 'card') {
    const card = readableEntry(state.cardAccounts, id);
    return card?.id === id && card.customerNumber === nationalId && card.status !== 'deleted';
  }
  const account = readableAccount(state, id);
  return account?.id === id && account.customerNumber === nationalId;
}

/** Whether a customer with this number is a private one. */
function isPrivateCustomer(state: State, nationalId: string): boolean {
  return customersNumbered(state, nationalId).some((c) => c.customerType === 'private');
}

export function customerName(state: State, nationalId: string): string {
  return customersNumbered(state, nationalId)[0]?.customerName ?? nationalId;
}
