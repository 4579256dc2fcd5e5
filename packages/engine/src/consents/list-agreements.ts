import { apiError } from '../core/errors.js';
import { json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { agreementsOf, corporateIdFor, customerName, nationalIdOf, tppIdOf } from '../sca/psu.js';

/**
 * GET /v1/agreements: the PSU's corporate agreements (part 5.4). `psuCorporateId` is what the TPP
 * sends as PSU-Corporate-ID; a new one without consent starts a consent flow for that agreement.
 */
export const listAgreements: Operation = (draft, input, ctx) => {
  const tppId = tppIdOf(ctx);
  const psuId = input.headers['psu-id'] ?? '';
  const nationalId = nationalIdOf(draft, psuId, tppId);
  if (nationalId === null) {
    throw apiError('PSU_CREDENTIALS_INVALID', 'PSU-ID is not a psu-id this bank gave to this TPP', {
      path: 'PSU-ID',
    });
  }
  const agreements = agreementsOf(draft, nationalId).map((a) => ({
    psuCorporateId: corporateIdFor(draft, a.agreementId, tppId),
    name: a.name,
    ownerName: customerName(draft, a.owner),
    role: a.owner === nationalId ? 'OWNER' : 'ENGAGED',
  }));
  return json(200, { agreements });
};
