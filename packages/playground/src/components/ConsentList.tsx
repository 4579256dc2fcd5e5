import type { State } from '@sandbank/engine';
import type { ConsentView } from '../bank/extensions.js';
import { formatTime, relative } from '../derive/time.js';

/** Consents with their accounts and expiry on the bank clock (part 5.2 rules 3, 4, 7). */
export function ConsentList({
  consents,
  accounts,
  cardAccounts = {},
  now,
}: {
  consents: Record<string, ConsentView>;
  accounts: State['accounts'];
  cardAccounts?: State['cardAccounts'];
  now: number;
}) {
  const nameOf = (id: string) => accounts[id]?.accountName ?? cardAccounts[id]?.maskedPan ?? id;
  const list = Object.values(consents).sort((a, b) => b.createdAt - a.createdAt);
  return (
    <section aria-labelledby="consents-title">
      <h2 id="consents-title">Consents</h2>
      {list.length === 0 ? (
        <p className="muted">No consents yet: run the consent flow.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Consent</th>
              <th scope="col">PSU</th>
              <th scope="col">Accounts</th>
              <th scope="col">Expires (bank clock)</th>
            </tr>
          </thead>
          <tbody>
            {list.map((c) => {
              const expired = c.expiresAt <= now;
              return (
                <tr key={c.consentId}>
                  <td className="mono ellipsis">{c.consentId}</td>
                  <td className="mono ellipsis">{c.psuId}</td>
                  <td>{c.accounts.map(nameOf).join(', ') || '—'}</td>
                  <td>
                    <span className={`tag ${expired ? 'tag-expired' : 'tag-valid'}`}>
                      {expired ? 'expired' : (c.status ?? 'valid')}
                    </span>{' '}
                    {formatTime(c.expiresAt)} <span className="muted">({relative(c.expiresAt, now)})</span>
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
