import { type Consent, consentRenewalDue, type State } from '@sandbank/engine';
import { consentStanding, consentsNewestFirst, holdingName, psuName } from '../derive/activity.js';
import { formatTime, relative } from '../derive/time.js';

function ConsentRow({ consent, state, now }: { consent: Consent; state: ConsentState; now: number }) {
  const due = consentRenewalDue(consent);
  const standing = consentStanding(consent, now);
  const granted = [...consent.accountIds, ...consent.cardAccountIds].map((id) => holdingName(state, id));
  return (
    <tr>
      <td className="mono ellipsis">{consent.consentId}</td>
      <td className="ellipsis">{psuName(state, consent.nationalId)}</td>
      <td>{granted.join(', ') || '—'}</td>
      <td>
        <span className={`tag ${standing.live ? 'tag-valid' : 'tag-expired'}`}>{standing.label}</span>{' '}
        {formatTime(due)} <span className="muted">({relative(due, now)})</span>
      </td>
    </tr>
  );
}

type ConsentState = Pick<State, 'consents' | 'customers' | 'accounts' | 'cardAccounts'>;

/** Consents with what they grant and when their SCA must be renewed, on the bank clock (part 5.2 rules 3, 4, 7). */
export function ConsentList({ state, now }: { state: ConsentState; now: number }) {
  const list = consentsNewestFirst(state);
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
              <th scope="col">SCA renewal due (bank clock)</th>
            </tr>
          </thead>
          <tbody>
            {list.map((c) => (
              <ConsentRow key={c.consentId} consent={c} state={state} now={now} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
