import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import { allocateId } from '../core/ids.js';
import type { SeamAuthorisation, State } from '../core/state.js';
import { tppIdOf } from './owner.js';

/**
 * The SCA interface (briefs/sca-interface.md) as the payments area uses it, until the SCA module
 * (src/sca/start-authorisation.ts, src/sca/outcomes.ts) is merged. Every payment and basket call into
 * SCA goes through this file; the integrator replaces its body with re-exports of the SCA module's
 * types and `startAuthorisation`, and points `findAuthorisation` at the SCA module's slice (then the
 * `paymentAuthorisations` slice in core/state.ts goes away).
 */
export type AuthorisationKind = 'consent' | 'user' | 'payment' | 'basket';

export type Authorisation = SeamAuthorisation;

export interface StartAuthorisationInput {
  kind: AuthorisationKind;
  /** ids of the payments (kind 'payment': one; 'basket': the basket id) */
  resourceIds: string[];
  /** from request headers; the reducer already validated their format */
  headers: Record<string, string>;
}

export interface ScaPsu {
  psuId: string;
  nationalId: string;
  context: 'PRIVATE' | 'CORPORATE';
  corporateId?: string;
}

export interface ScaOutcome {
  describe(state: State, authorisation: Authorisation): string;
  approve(draft: Draft<State>, authorisation: Authorisation, psu: ScaPsu, ctx: RequestContext): void;
  cancel(draft: Draft<State>, authorisation: Authorisation, ctx: RequestContext): void;
}

/** An SCA started now may be completed within this time. */
const AUTHORISATION_TTL_MS = 15 * 60_000;

/** Records an authorisation and returns the absolute scaRedirect URL of the bank's SCA page. */
export function startAuthorisation(
  draft: Draft<State>,
  ctx: RequestContext,
  input: StartAuthorisationInput,
): { authorisationId: string; scaRedirect: string } {
  const authorisationId = allocateId(draft);
  const context = input.headers['psu-context'];
  draft.paymentAuthorisations[authorisationId] = {
    authorisationId,
    kind: input.kind,
    resourceIds: input.resourceIds,
    tppId: tppIdOf(ctx),
    redirectUri: input.headers['tpp-redirect-uri'] ?? null,
    sessionId: input.headers['tpp-session-id'] ?? null,
    psuId: input.headers['psu-id'] ?? null,
    context: context === 'PRIVATE' || context === 'CORPORATE' ? context : null,
    corporateId: input.headers['psu-corporate-id'] ?? null,
    status: 'started',
    createdAt: ctx.now,
    expiresAt: ctx.now + AUTHORISATION_TTL_MS,
  };
  return {
    authorisationId,
    scaRedirect: `${ctx.origin}/_sandbank/sca/${encodeURIComponent(authorisationId)}`,
  };
}

export function findAuthorisation(
  draft: Draft<State>,
  authorisationId: string,
): Draft<Authorisation> | undefined {
  return draft.paymentAuthorisations[authorisationId];
}
