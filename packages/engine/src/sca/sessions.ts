import type { Draft } from 'immer';
import { readable } from '../core/readable.js';
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
  return state.sessions[sessionKey(tppId, sessionId)] ?? null;
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
  // Read as plain data and written through the draft only where a session changes: enumerating the
  // draft made a draft of every session the bank ever opened (core/readable.ts).
  const sessions = readable(draft.sessions);
  for (const key in sessions) {
    const session = sessions[key] as ScaSession;
    if (
      session.tppId === tppId &&
      session.nationalId === nationalId &&
      session.sessionId !== sessionId &&
      session.status === 'active' &&
      now < session.expiresAt
    ) {
      (draft.sessions[key] as Draft<ScaSession>).status = 'replaced';
    }
  }
  draft.sessions[sessionKey(tppId, sessionId)] = {
    tppId,
    sessionId,
    nationalId,
    scaAt,
    expiresAt: scaAt + SESSION_MS,
    status: 'active',
  };
}
