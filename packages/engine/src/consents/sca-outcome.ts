import type { Draft } from 'immer';
import { isoDate } from '../core/dates.js';
import { allocateId } from '../core/ids.js';
import { consentById, consentsOf, putConsent } from '../core/records.js';
import type { Authorisation, Consent, State } from '../core/state.js';
import type { ScaOutcome } from '../sca/outcome-types.js';
import { grantable } from '../sca/psu.js';

/** The consent between a TPP and a PSU in one context (and agreement), if any. */
export function findConsent(
  state: State,
  tppId: string,
  nationalId: string,
  context: Consent['context'],
  agreementId: string | null,
): Consent | null {
  // Looked up by key (core/records.ts): a bank keeps every consent it was ever given.
  return (
    consentsOf(state, tppId, nationalId).find(
      (c) => c.context === context && (context === 'PRIVATE' || c.agreementId === agreementId),
    ) ?? null
  );
}

/**
 * part 5.2 rules 3 and 4: the accounts ticked on the consent page are the consent; unticking
 * revokes, ticking grants. A consent that granted something and is left with nothing is revoked
 * (docs/platform-facts.md §5: 403); one approved with nothing ticked, where nothing was granted before, is
 * `empty`, and later reads say so.
 */
export const consentScaOutcome: ScaOutcome = {
  describe: () =>
    '<p>Choose the accounts the service may read. Accounts you untick are no longer shared.</p>',
  approve(draft, authorisation, psu, ctx) {
    const agreementId = psu.context === 'CORPORATE' ? authorisation.agreementId : null;
    const offer = grantable(draft, psu.nationalId, psu.context, agreementId);
    const picked = new Set(authorisation.selectedIds);
    const accountIds = offer.accounts.filter((a) => picked.has(a.id)).map((a) => a.id);
    const cardAccountIds = offer.cardAccounts.filter((c) => picked.has(c.id)).map((c) => c.id);
    const granted = accountIds.length + cardAccountIds.length > 0;
    const existing = findConsent(draft, authorisation.tppId, psu.nationalId, psu.context, agreementId);
    if (existing !== null) {
      const consent = consentById(draft, existing.consentId) as Draft<Consent>;
      consent.accountIds = accountIds;
      consent.cardAccountIds = cardAccountIds;
      consent.status = granted ? 'valid' : existing.status === 'valid' ? 'revoked' : 'empty';
      consent.scaAt = psu.scaAt ?? ctx.now;
      return;
    }
    const consentId = allocateId(draft);
    putConsent(draft, {
      consentId,
      tppId: authorisation.tppId,
      nationalId: psu.nationalId,
      context: psu.context,
      agreementId,
      accountIds,
      cardAccountIds,
      status: granted ? 'valid' : 'empty',
      createdAt: ctx.now,
      scaAt: psu.scaAt ?? ctx.now,
      detailsDay: isoDate(ctx.now),
      detailsCount: 0,
    });
  },
  cancel: () => undefined,
};

/** part 5.4: GET /v1/user gives a payment-only TPP the PSU's id; approving shares only that. */
export const userScaOutcome: ScaOutcome = {
  describe: (_state: State, authorisation: Authorisation) =>
    `<p>The service asks to know who you are${
      authorisation.context === 'CORPORATE' ? ' and which agreement you act under' : ''
    }. No account information is shared.</p>`,
  approve: () => undefined,
  cancel: () => undefined,
};
