import type { State } from '@sandbank/engine';
import { psuName, sessionStanding, sessionsNewestFirst } from '../derive/activity.js';
import { formatTime, relative } from '../derive/time.js';

/** TPP sessions: an SCA under a TPP-Session-ID lasts up to one hour (part 5.2 rule 6). */
export function SessionList({ state, now }: { state: Pick<State, 'sessions' | 'customers'>; now: number }) {
  const list = sessionsNewestFirst(state);
  return (
    <section aria-labelledby="sessions-title">
      <h2 id="sessions-title">Sessions</h2>
      {list.length === 0 ? (
        <p className="muted">No SCA sessions.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">TPP-Session-ID</th>
              <th scope="col">PSU</th>
              <th scope="col">SCA</th>
              <th scope="col">Expires (bank clock)</th>
            </tr>
          </thead>
          <tbody>
            {list.map((s) => {
              const standing = sessionStanding(s, now);
              return (
                <tr key={`${s.tppId} ${s.sessionId}`}>
                  <td className="mono ellipsis" title={`TPP ${s.tppId}`}>
                    {s.sessionId}
                  </td>
                  <td className="ellipsis">{psuName(state, s.nationalId)}</td>
                  <td className="mono">{formatTime(s.scaAt)}</td>
                  <td>
                    <span className={`tag ${standing === 'live' ? 'tag-valid' : 'tag-expired'}`}>
                      {standing}
                    </span>{' '}
                    {formatTime(s.expiresAt)} <span className="muted">({relative(s.expiresAt, now)})</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
