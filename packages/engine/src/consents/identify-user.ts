import { json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { startAuthorisation } from '../sca/start-authorisation.js';

/**
 * GET /v1/user (and /v1/users, docs/platform-facts.md §1): an SCA that only tells a payment-only TPP who the
 * PSU is; the `psu-id` (and `psu-corporate-id`) arrive in the redirect (part 5.4).
 */
export const identifyUser: Operation = (draft, input, ctx) => {
  const { scaRedirect } = startAuthorisation(draft, ctx, {
    kind: 'user',
    resourceIds: [],
    headers: input.headers,
  });
  return json(200, { _links: { scaRedirect: { href: scaRedirect, verbs: ['GET'] } } });
};
