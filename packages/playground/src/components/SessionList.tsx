import type { SessionView } from '../bank/extensions.js';
import { formatTime, relative } from '../derive/time.js';

/** TPP sessions: an SCA under a TPP-Session-ID lasts up to one hour (part 5.2 rule 6). */
export function SessionList({ sessions, now }: { sessions: Record<string, SessionView>; now: number }) {
  const list = Object.values(sessions).sort((a, b) => b.createdAt - a.createdAt);
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
              <th scope="col">Started</th>
              <th scope="col">Expires (bank clock)</th>
            </tr>
          </thead>
          <tbody>
            {list.map((s) => {
              const expired = s.expiresAt <= now;
              return (
                <tr key={s.sessionId}>
                  <td className="mono ellipsis">{s.sessionId}</td>
                  <td className="mono ellipsis">{s.psuId}</td>
                  <td className="mono">{formatTime(s.createdAt)}</td>
                  <td>
                    <span
                      className={`tag ${expired || s.status === 'replaced' ? 'tag-expired' : 'tag-valid'}`}
                    >
                      {expired ? 'expired' : s.status === 'replaced' ? 'replaced' : 'live'}
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
