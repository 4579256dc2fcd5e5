import { warning } from '../core/errors.js';
import { json, withHeaders } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { startAuthorisation } from '../sca/start-authorisation.js';

/**
 * POST /v1/bank-offered-consents: the body is disregarded; the PSU picks the accounts during SCA
 * (part 5.2 rule 3). 201 with only `_links.scaRedirect`, no consent id (docs/platform-facts.md §1).
 */
export const createConsent: Operation = (draft, input, ctx) => {
  const { scaRedirect } = startAuthorisation(draft, ctx, {
    kind: 'consent',
    resourceIds: [],
    headers: input.headers,
  });
  return json(201, { _links: { scaRedirect: { href: scaRedirect, verbs: ['GET'] } } });
};

/** part 9 rule 3: `/v1/consents` was removed on 05-Dec-2024 (RFC 8594 Sunset). */
export const LEGACY_CONSENTS_SUNSET = 'Thu, 05 Dec 2024 00:00:00 GMT';

/** POST /v1/consents: the deprecated path, same behaviour, with a warning and deprecation headers. */
export const createLegacyConsent: Operation = (draft, input, ctx) => {
  const response = createConsent(draft, input, ctx);
  ctx.warnings.push(
    warning(
      'BAD_REQUEST',
      'POST /v1/consents is deprecated and was to be removed on 05-Dec-2024 (part 9 rule 3): use POST /v1/bank-offered-consents',
    ),
  );
  return withHeaders(response, {
    deprecation: 'true',
    sunset: LEGACY_CONSENTS_SUNSET,
    link: `<${ctx.basePath}/bank-offered-consents>; rel="successor-version"`,
  });
};
