import * as z from 'zod/mini';

/** GET /v1/agreements (part 5.4), for `route.response`. */
export const AgreementListOut = z.object({
  agreements: z.array(
    z.strictObject({
      psuCorporateId: z.uuid(),
      name: z.string(),
      ownerName: z.string(),
      role: z.enum(['OWNER', 'ENGAGED']),
    }),
  ),
});
