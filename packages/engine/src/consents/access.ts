import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import { DAY_MS } from '../core/dates.js';
import { apiError, type ErrorCode } from '../core/errors.js';
import type { EngineResponse } from '../core/http.js';
import { consentById, consentsOf } from '../core/records.js';
import type { OperationInput } from '../core/router.js';
import type { Consent, PsuContext, State } from '../core/state.js';
import { namedAgreement, nationalIdOf, tppIdOf } from '../sca/psu.js';
import { findSession, isActive, SESSION_MS } from '../sca/sessions.js';
import { findConsent } from './sca-outcome.js';
import { scaRequired } from './sca-required.js';

/**
 * How recent the consent's SCA must be (docs/platform-facts.md §5, part 5.2 rule 7, part 8):
 * - `list`: account and card lists, 60 minutes;
 * - `balances`: the 180-day renewal interval;
 * - `transactions`: 90 days (history without SCA);
 * - `details`: 90 days without PSU-IP-Address (part 8), else 180.
 */
export type Need = 'list' | 'balances' | 'transactions' | 'details';

export const RENEWAL_MS = 180 * DAY_MS;
export const HISTORY_MS = 90 * DAY_MS;

export interface Access {
  tppId: string;
  nationalId: string;
  context: PsuContext;
  agreementId: string | null;
  consent: Draft<Consent>;
  /**
   * part 5.2 rule 6: the request's TPP-Session-ID carries a completed SCA of this PSU within the
   * hour (true as well when it sends none). A call that needs a fresh SCA needs it under this id.
   */
  sessionAuthenticated: boolean;
}

export type AccessResult = { ok: true; access: Access } | { ok: false; response: EngineResponse };

function maxAge(need: Need, withIp: boolean): { ms: number; why: string } {
  switch (need) {
    case 'list':
      return { ms: SESSION_MS, why: 'account lists work for 60 minutes after the consent SCA' };
    case 'balances':
      return { ms: RENEWAL_MS, why: 'the consent must be renewed with SCA every 180 days' };
    case 'transactions':
      return { ms: HISTORY_MS, why: 'transactions can be read for 90 days after the consent SCA' };
    case 'details':
      return withIp
        ? { ms: RENEWAL_MS, why: 'the consent must be renewed with SCA every 180 days' }
        : {
            ms: HISTORY_MS,
            why: 'without PSU-IP-Address transaction details need a consent at most 90 days old',
          };
  }
}

function psuOf(draft: Draft<State>, input: OperationInput, tppId: string, now: number): string | null {
  const psuId = input.headers['psu-id'];
  if (psuId !== undefined) {
    const nationalId = nationalIdOf(draft, psuId, tppId);
    if (nationalId === null) {
      throw apiError('PSU_CREDENTIALS_INVALID', 'PSU-ID is not a psu-id this bank gave to this TPP', {
        path: 'PSU-ID',
      });
    }
    return nationalId;
  }
  const session = findSession(draft, tppId, input.headers['tpp-session-id'] ?? null);
  return isActive(session, now) ? session.nationalId : null;
}

/**
 * part 5.2 rule 6: whether the TPP-Session-ID the request sends holds an SCA of this PSU that is
 * still active. A request without one has no session to judge (the header is optional there).
 */
function sessionAuthenticated(
  draft: Draft<State>,
  input: OperationInput,
  tppId: string,
  nationalId: string,
  now: number,
): boolean {
  const sessionId = input.headers['tpp-session-id'];
  if (sessionId === undefined) return true;
  const session = findSession(draft, tppId, sessionId);
  return isActive(session, now) && session.nationalId === nationalId;
}

/** Who asks for whom, in which context, under which consent; or the platform's answer why not. */
export function resolveAccess(
  draft: Draft<State>,
  input: OperationInput,
  ctx: RequestContext,
  need: Need,
): AccessResult {
  const tppId = tppIdOf(ctx);
  const fail = (code: ErrorCode, text: string): AccessResult => ({
    ok: false,
    response: scaRequired(draft, input, ctx, code, text),
  });
  const session = findSession(draft, tppId, input.headers['tpp-session-id'] ?? null);
  if (session !== null && session.status === 'replaced') {
    // part 5.2 rule 6: a completed SCA under a new session id invalidated this one.
    return fail(
      'CONSENT_EXPIRED',
      'TPP-Session-ID was replaced by a newer session; the PSU must authenticate again',
    );
  }
  const nationalId = psuOf(draft, input, tppId, ctx.now);
  if (nationalId === null) {
    return fail(
      'CONSENT_INVALID',
      'no consent yet: send the PSU to scaRedirect to give consent (part 5.2 rule 3)',
    );
  }
  let context: PsuContext = 'PRIVATE';
  let agreementId: string | null = null;
  const corporateId = input.headers['psu-corporate-id'];
  if (corporateId !== undefined) {
    const agreement = namedAgreement(draft, corporateId, tppId, nationalId);
    context = 'CORPORATE';
    agreementId = agreement.agreementId;
  } else if (
    input.headers['psu-context'] === 'CORPORATE' ||
    (findConsent(draft, tppId, nationalId, 'PRIVATE', null) === null &&
      consentsOf(draft, tppId, nationalId).some((c) => c.context === 'CORPORATE'))
  ) {
    // part 5.4 / part 7: a corporate user without PSU-Corporate-ID is rejected with 400.
    throw apiError(
      'HTTP_HEADER_REQUIRED',
      'the PSU acts in corporate context: send PSU-Corporate-ID (the psu-corporate-id of the SCA redirect or an agreement from GET /v1/agreements)',
      { path: 'PSU-Corporate-ID' },
    );
  }
  const found = findConsent(draft, tppId, nationalId, context, agreementId);
  if (found === null) {
    // part 5.4: a new agreement without consent starts a consent flow for that agreement.
    return fail('CONSENT_INVALID', 'no consent for this PSU and context yet: send the PSU to scaRedirect');
  }
  const consent = consentById(draft, found.consentId) as Draft<Consent>;
  if (consent.status === 'revoked') {
    throw apiError('CONSENT_UNKNOWN', 'the PSU revoked the consent', { status: 403 });
  }
  if (consent.status === 'empty') {
    // Nothing was revoked: the PSU approved without ticking anything, and may tick accounts next time.
    return fail(
      'CONSENT_INVALID',
      'the PSU approved the consent without selecting any account or card account, so it grants no access: send the PSU to scaRedirect to select accounts',
    );
  }
  const limit = maxAge(need, input.headers['psu-ip-address'] !== undefined);
  if (ctx.now - consent.scaAt >= limit.ms) {
    return fail('CONSENT_EXPIRED', `the consent needs a new SCA: ${limit.why}`);
  }
  const authenticated = sessionAuthenticated(draft, input, tppId, nationalId, ctx.now);
  if (need === 'list' && !authenticated) {
    // part 5.2 rule 6: a new session id needs its own SCA; the PSU's other session ids stay valid
    // until it completes, and stay valid if it is aborted.
    return fail(
      'CONSENT_INVALID',
      `TPP-Session-ID ${JSON.stringify((input.headers['tpp-session-id'] ?? '').slice(0, 100))} has no SCA of this PSU yet: a new session id needs a new SCA (part 5.2 rule 6); send the PSU to scaRedirect. Session ids with an SCA stay valid until it completes`,
    );
  }
  return {
    ok: true,
    access: { tppId, nationalId, context, agreementId, consent, sessionAuthenticated: authenticated },
  };
}

/** An account the consent covers; others are outside it (403) or do not exist (404). */
export function assertCovered(covered: boolean, exists: boolean, kind: 'account' | 'card account'): void {
  if (covered && exists) return;
  if (!exists) throw apiError('RESOURCE_UNKNOWN', `no ${kind} with this id`, { path: 'id', status: 404 });
  throw apiError('CONSENT_UNKNOWN', `the consent does not cover this ${kind}`, { status: 403 });
}
