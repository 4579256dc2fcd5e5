import { consentScaOutcome, userScaOutcome } from '../consents/sca-outcome.js';
import { basketScaOutcome, paymentScaOutcome } from '../payments/sca-outcome.js';
import type { ScaOutcome } from '../sca/outcome-types.js';
import type { AuthorisationKind } from '../sca/start-authorisation.js';

export type { ScaOutcome, ScaPsu } from '../sca/outcome-types.js';

/** What each kind of authorisation does when the PSU approves or cancels it. */
export const SCA_OUTCOMES: Partial<Record<AuthorisationKind, ScaOutcome>> = {
  consent: consentScaOutcome,
  user: userScaOutcome,
  payment: paymentScaOutcome,
  basket: basketScaOutcome,
};
