import type { Draft } from 'immer';
import { consentScaOutcome, userScaOutcome } from '../consents/sca-outcome.js';
import type { RequestContext } from '../core/context.js';
import type { Authorisation, State } from '../core/state.js';
import { basketScaOutcome, paymentScaOutcome } from '../payments/sca-outcome.js';
import type { AuthorisationKind } from './start-authorisation.js';

export interface ScaOutcome {
  /** HTML fragment describing what the PSU approves (dynamic linking: amount, creditor) — escaped text only. */
  describe(state: State, authorisation: Authorisation): string;
  /** PSU approved: apply the effect (e.g. payment → ACTC / accepted). May throw apiError to fail the SCA. */
  approve(draft: Draft<State>, authorisation: Authorisation, psu: ScaPsu, ctx: RequestContext): void;
  /** PSU cancelled or failed. */
  cancel(draft: Draft<State>, authorisation: Authorisation, ctx: RequestContext): void;
}

export interface ScaPsu {
  /** UUID per PSU and TPP (part 5.3). */
  psuId: string;
  nationalId: string;
  context: 'PRIVATE' | 'CORPORATE';
  corporateId?: string;
}

/** What each kind of authorisation does when the PSU approves or cancels it. */
export const SCA_OUTCOMES: Partial<Record<AuthorisationKind, ScaOutcome>> = {
  consent: consentScaOutcome,
  user: userScaOutcome,
  payment: paymentScaOutcome,
  basket: basketScaOutcome,
};
