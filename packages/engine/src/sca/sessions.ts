import type { Draft } from 'immer';
import { putSession, sessionByKey, sessionsOf } from '../core/records.js';
import type { ScaSession, State } from '../core/state.js';

const MINUTE_MS = 60_000;
/** part 5.2 rule 6 / part 8: an SCA under a TPP-Session-ID covers one hour. */
export const SESSION_MS = 60 * MINUTE_MS;
/** An SCA link is good for 15 minutes of bank time. */
export const AUTHORISATION_MS = 15 * MINUTE_MS;

export function sessionKey(tppId: string, sessionId: string): string {
  return `${tppId} ${sessionId}`;
}

export function findSession(state: State, tppId: string, sessionId: string | null): ScaSession | null {
  if (sessionId === null) return null;
  return sessionByKey(state, sessionKey(tppId, sessionId)) ?? null;
}

/** A session in which no new SCA is asked for (part 5.2 rule 6). */
export function isActive(session: ScaSession | null, now: number): session is ScaSession {
  return session !== null && session.status === 'active' && now < session.expiresAt;
}

/**
 * part 5.2 rule 6: a completed SCA opens (or renews) its session for an hour from the SCA and
 * invalidates the PSU's other sessions with this TPP; an aborted SCA never reaches here, so the old
 * id stays valid. An approval that rested on the session's own SCA (`scaAt` its time) keeps its hour.
 */
export function completeSession(
  draft: Draft<State>,
  tppId: string,
  sessionId: string,
  nationalId: string,
  now: number,
  scaAt = now,
): void {
  // Only this PSU's sessions with this TPP are read (an index per chunk, core/records.ts), as plain
  // data, and written through the draft only where a session changes: the one under its own key (an
  // imported state may file a session under another key, where no request ever finds it).
  for (const session of sessionsOf(draft, tppId, nationalId)) {
    if (session.sessionId === sessionId || session.status !== 'active' || now >= session.expiresAt) continue;
    const stored = sessionByKey(draft, sessionKey(tppId, session.sessionId));
    if (stored?.nationalId === nationalId && stored.tppId === tppId) stored.status = 'replaced';
  }
  putSession(draft, sessionKey(tppId, sessionId), {
    tppId,
    sessionId,
    nationalId,
    scaAt,
    expiresAt: scaAt + SESSION_MS,
    status: 'active',
  });
}
