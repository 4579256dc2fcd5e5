import type { Draft } from 'immer';
import { apiError } from '../core/errors.js';
import { readable } from '../core/readable.js';
import type { State } from '../core/state.js';
import { namedAgreement, nationalIdOf } from '../sca/psu.js';

/**
 * The PSU a payment initiation (P) or a signing basket (B) names, checked before anything is built
 * (part 4.1, part 5.4; docs/decisions/payment-sca.md):
 * - PSU-ID or its alternative X-PSU-IDENTITY is required (400 HTTP_HEADER_REQUIRED);
 * - a psu-id this bank gave the TPP and an X-PSU-IDENTITY of another PSU name two people: 401
 *   PSU_CREDENTIALS_INVALID (the SCA could only fail, and an exemption must not rest on either);
 * - a PSU in corporate context sends PSU-Corporate-ID (400 HTTP_HEADER_REQUIRED), and it must be an
 *   agreement this TPP was given and, when the PSU is known, one the PSU acts under (400
 *   RESOURCE_UNKNOWN), as on every AIS call (consents/access.ts).
 */
export function checkPsuHeaders(draft: Draft<State>, headers: Record<string, string>, tppId: string): void {
  const psuId = headers['psu-id'];
  const identity = headers['x-psu-identity'];
  const corporateId = headers['psu-corporate-id'];
  if (psuId === undefined && identity === undefined) {
    throw apiError(
      'HTTP_HEADER_REQUIRED',
      'header PSU-ID (or its alternative X-PSU-IDENTITY) is required on this operation (part 4.1)',
      { path: 'PSU-ID' },
    );
  }
  if (corporateId === undefined) {
    if (headers['psu-context'] === 'CORPORATE') {
      // part 5.4 / part 7: a corporate user without PSU-Corporate-ID is rejected with 400.
      throw apiError(
        'HTTP_HEADER_REQUIRED',
        'PSU-Context is CORPORATE: send PSU-Corporate-ID (the psu-corporate-id of an SCA redirect, or an agreement from GET /v1/agreements) (part 5.4)',
        { path: 'PSU-Corporate-ID' },
      );
    }
    if (identity === undefined) return;
  }
  // Only now is the PSU-ID looked up: most requests name the PSU one way and act privately.
  const plain = {
    meta: readable(draft.meta),
    customers: readable(draft.customers),
    agreements: readable(draft.agreements),
  } as State;
  const known = psuId === undefined ? null : nationalIdOf(plain, psuId, tppId);
  if (known !== null && identity !== undefined && identity !== known) {
    throw apiError(
      'PSU_CREDENTIALS_INVALID',
      'PSU-ID and X-PSU-IDENTITY name different PSUs; send the one PSU the payment is for',
      { path: 'X-PSU-IDENTITY' },
    );
  }
  if (corporateId === undefined) return;
  namedAgreement(plain, corporateId, tppId, known ?? identity ?? null);
}
