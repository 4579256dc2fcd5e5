import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import { type EngineResponse, json } from '../core/http.js';
import { allocateId } from '../core/ids.js';
import { putAuthorisation } from '../core/records.js';
import type { Authorisation, State } from '../core/state.js';
import { agreementByCorporateId, agreementsOf, nationalIdOf, tppIdOf } from './psu.js';
import { AUTHORISATION_MS, findSession, isActive } from './sessions.js';

export type AuthorisationKind = Authorisation['kind'];

export interface StartAuthorisationInput {
  kind: AuthorisationKind;
  /** ids of the payments (kind 'payment': one; 'basket': the basket id) */
  resourceIds: string[];
  /** from request headers; the reducer already validated their format */
  headers: Record<string, string>;
}

/** Where the bank's SCA pages live: on the sandbox's own origin, outside the API (part 5.2 rule 1), below its mount. */
export function scaPagePath(authorisationId: string, mount: string): string {
  return `${mount}/_sandbank/sca/${authorisationId}`;
}

/** Services that need SCA with dynamic linking are never exempted by a session (part 5.2 rule 6). */
const DYNAMIC_LINKING: ReadonlySet<AuthorisationKind> = new Set(['payment', 'basket']);

/** Creates an authorisation in state and returns the absolute scaRedirect URL (ctx.origin + /_sandbank/sca/<id>). */
export function startAuthorisation(
  draft: Draft<State>,
  ctx: RequestContext,
  input: StartAuthorisationInput,
): { authorisationId: string; scaRedirect: string; authorisation: Authorisation } {
  const { headers } = input;
  const tppId = tppIdOf(ctx);
  const authorisationId = allocateId(draft);
  const psuId = headers['psu-id'] ?? null;
  const corporateId = headers['psu-corporate-id'] ?? null;
  const sessionId = headers['tpp-session-id'] ?? null;
  const agreement = corporateId === null ? null : agreementByCorporateId(draft, corporateId, tppId);
  // part 5.4: a PSU-Corporate-ID fixes the context and the agreement; the PSU is not asked again.
  const context =
    corporateId !== null ? 'CORPORATE' : ((headers['psu-context'] as 'PRIVATE' | 'CORPORATE') ?? null);
  const authorisation: Authorisation = {
    authorisationId,
    kind: input.kind,
    resourceIds: [...input.resourceIds],
    tppId,
    redirectUri: headers['tpp-redirect-uri'] ?? null,
    sessionId,
    psuId,
    context,
    corporateId,
    status: 'started',
    createdAt: ctx.now,
    expiresAt: ctx.now + AUTHORISATION_MS,
    redirectPreferred: headers['tpp-redirect-preferred'] !== 'false',
    identityHint: headers['x-psu-identity'] ?? null,
    nationalId: null,
    agreementId: agreement?.agreementId ?? null,
    selectedIds: [],
    browser: null,
  };
  // part 5.2 rule 6: inside an active session the PSU is already authenticated.
  const session = findSession(draft, tppId, sessionId);
  if (!DYNAMIC_LINKING.has(input.kind) && isActive(session, ctx.now)) {
    const known = psuId === null ? session.nationalId : nationalIdOf(draft, psuId, tppId);
    const agreementFits =
      corporateId === null ||
      agreementsOf(draft, session.nationalId).some((a) => a.agreementId === agreement?.agreementId);
    if (known === session.nationalId && agreementFits) {
      authorisation.nationalId = known;
      authorisation.status = 'psuIdentified';
      // No new SCA: the approval rests on the session's, and neither renews the hour nor the consent.
      authorisation.scaAt = session.scaAt;
    }
  }
  putAuthorisation(draft, authorisation);
  return {
    authorisationId,
    scaRedirect: `${ctx.origin}${scaPagePath(authorisationId, ctx.mount ?? '')}`,
    // The stored value itself (immer hands a value added in this change back as it is, not as a draft).
    authorisation,
  };
}

/** What the TPP sent when it created a payment or basket, kept with it. */
interface StartedWith {
  psuId: string | null;
  psuIdentity: string | null;
  sessionId: string | null;
  redirectUri: string | null;
  psuContext?: string | null;
  corporateId?: string | null;
}

/**
 * The headers a new SCA for a payment or basket starts with (POST …/authorisations): what the request
 * sends, and for what it leaves out what the TPP sent at creation. The same PSU, session and
 * callback, so the success redirect carries the `tpp-session-id` of part 5.3 and the sign-in is held
 * to the PSU named then.
 */
export function restartHeaders(
  resource: StartedWith,
  headers: Record<string, string>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  const keep = (name: string, value: string | null | undefined) => {
    if (value !== null && value !== undefined) kept[name] = value;
  };
  keep('psu-id', resource.psuId);
  keep('x-psu-identity', resource.psuIdentity);
  keep('tpp-session-id', resource.sessionId);
  keep('tpp-redirect-uri', resource.redirectUri);
  keep('psu-context', resource.psuContext);
  keep('psu-corporate-id', resource.corporateId);
  return { ...kept, ...headers };
}

/** The 201 of a started authorisation, the same for a payment and a basket (docs/platform-facts.md §1). */
export function authorisationStarted(started: {
  authorisationId: string;
  scaRedirect: string;
}): EngineResponse {
  return json(201, {
    scaStatus: 'started',
    authorisationId: started.authorisationId,
    _links: { scaRedirect: { href: started.scaRedirect, verbs: ['GET'] } },
  });
}
