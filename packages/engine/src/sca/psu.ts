import type { RequestContext } from '../core/context.js';
import { apiError } from '../core/errors.js';
import { deterministicUuid, hashString } from '../core/ids.js';
import { entriesWithKey, type KeyIndex, keyIndex } from '../core/keyed-chunks.js';
import {
  accountsOf,
  cardAccountsOf,
  customersNumbered,
  readableAccount,
  readableCardAccount,
} from '../core/records.js';
import type { Account, Agreement, CardAccount, Customer, PsuContext, State } from '../core/state.js';
import { agreementNamed, agreementsOf } from '../core/state-index.js';

export { agreementsOf };

/** Requests that are not signature-checked (yet) all belong to one TPP. */
export const UNVERIFIED_TPP = 'unverified';

export function tppIdOf(ctx: RequestContext): string {
  return ctx.tpp.kind === 'verified' ? ctx.tpp.organisationId : UNVERIFIED_TPP;
}

/** part 5.3: `psu-id` is stable per PSU and TPP, so it is derived, not stored. */
export function psuIdFor(state: Pick<State, 'meta'>, nationalId: string, tppId: string): string {
  return psuIdWith(state.meta.seed, nationalId, tppId);
}

function psuIdWith(seed: string, nationalId: string, tppId: string): string {
  return deterministicUuid(seed, hashString(`psu ${nationalId} ${tppId}`));
}

/** part 5.3: `psu-corporate-id` is a UUID per agreement and TPP. */
export function corporateIdFor(state: Pick<State, 'meta'>, agreementId: string, tppId: string): string {
  return deterministicUuid(state.meta.seed, hashString(`agreement ${agreementId} ${tppId}`));
}

/** Customers by the PSU-ID each TPP is given, per seed and TPP (see nationalIdOf). */
const byPsuId = new Map<string, KeyIndex<Customer>>();
/** Past this many seeds and TPPs, the lookups are made afresh (each chunk's once more). */
const MAX_PSU_INDEXES = 1000;

/**
 * The national id behind a PSU-ID this TPP was given, or null when it was never issued. PSU-IDs are
 * hashes, so this is a reverse lookup over the customers, by key (core/keyed-chunks.ts): each chunk
 * of customers is hashed once per seed and TPP, and a new customer costs its chunk's hashes again.
 */
export function nationalIdOf(state: State, psuId: string, tppId: string): string | null {
  const seed = state.meta.seed;
  const key = `${seed} ${tppId}`;
  let index = byPsuId.get(key);
  if (index === undefined) {
    if (byPsuId.size >= MAX_PSU_INDEXES) byPsuId.clear();
    index = keyIndex((customer) => psuIdWith(seed, customer.customerNumber, tppId));
    byPsuId.set(key, index);
  }
  return entriesWithKey(state.customers, index, psuId.toLowerCase())[0]?.customerNumber ?? null;
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
 * null)` lists them, read from that one entry. Listing the PSU's accounts in a change that has written
 * the accounts (a basket's first payment reserving its funds) reads their chunks again; when the
 * accounts were a flat record, it rebuilt their index from a copy of them all: about 150 ms of a
 * basket's approval in a bank of 50 000 accounts (docs/decisions/keyed-chunks.md, "SCA sessions and
 * signing baskets").
 */
export function holdsPrivately(
  state: State,
  nationalId: string,
  kind: 'account' | 'card',
  id: string,
): boolean {
  if (!isPrivateCustomer(state, nationalId)) return false;
  if (kind === 'card') {
    const card = readableCardAccount(state, id);
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
