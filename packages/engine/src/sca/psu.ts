import { isDraft } from 'immer';
import type { RequestContext } from '../core/context.js';
import { apiError } from '../core/errors.js';
import { deterministicUuid, hashString } from '../core/ids.js';
import type { Account, Agreement, CardAccount, PsuContext, State } from '../core/state.js';

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
  if (isDraft(customers) || !Object.isFrozen(customers)) {
    for (const customer of Object.values(customers)) {
      if (psuIdFor(state, customer.customerNumber, tppId) === wanted) return customer.customerNumber;
    }
    return null;
  }
  let byTpp = psuIndex.get(customers);
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
  return Object.values(state.customers).some((c) => c.customerNumber === nationalId);
}

/** The corporate agreements a PSU acts under: as the owner or as an engaged person. */
export function agreementsOf(state: State, nationalId: string): Agreement[] {
  return Object.values(state.agreements).filter(
    (a) => a.owner === nationalId || a.engagements.some((e) => e.customer === nationalId),
  );
}

export function agreementByCorporateId(state: State, corporateId: string, tppId: string): Agreement | null {
  const wanted = corporateId.toLowerCase();
  return (
    Object.values(state.agreements).find((a) => corporateIdFor(state, a.agreementId, tppId) === wanted) ??
    null
  );
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
      .map((id) => state.accounts[id])
      .filter((a): a is Account => a !== undefined);
    return { accounts, cardAccounts: [] };
  }
  const isPrivate = (number: string) =>
    Object.values(state.customers).some((c) => c.customerNumber === number && c.customerType === 'private');
  if (!isPrivate(nationalId)) return { accounts: [], cardAccounts: [] };
  return {
    accounts: Object.values(state.accounts).filter((a) => a.customerNumber === nationalId),
    cardAccounts: Object.values(state.cardAccounts).filter(
      (c) => c.customerNumber === nationalId && c.status !== 'deleted',
    ),
  };
}

export function customerName(state: State, nationalId: string): string {
  return (
    Object.values(state.customers).find((c) => c.customerNumber === nationalId)?.customerName ?? nationalId
  );
}
