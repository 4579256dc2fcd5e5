import type { State } from '@sandbank/engine';
import { TEST_TPP } from '@sandbank/test-support/signing';
import { corporateIdFor } from '../../src/sca/psu.js';

/**
 * The part 5.4 headers of a PSU acting for the corporate agreement `owner` holds: PSU-Context and the
 * PSU-Corporate-ID this bank gives the test TPP for it (as an SCA redirect or GET /v1/agreements would).
 */
export function corporateHeaders(s: State, owner: string): Record<string, string> {
  const agreement = Object.values(s.agreements).find((a) => a.owner === owner);
  if (agreement === undefined) throw new Error(`${owner} holds no corporate agreement`);
  return {
    'psu-context': 'CORPORATE',
    'psu-corporate-id': corporateIdFor(s, agreement.agreementId, TEST_TPP),
  };
}
