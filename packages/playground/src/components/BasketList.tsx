import { basketStatusOf, paymentById, type State } from '@sandbank/engine';
import { basketHistory, basketsNewestFirst } from '../derive/activity.js';
import { formatAmount } from '../derive/money.js';
import { formatTime } from '../derive/time.js';
import { StatusBadge } from './StatusBadge.js';
import { StatusTimeline } from './StatusTimeline.js';

/** Signing baskets with the payments inside; a basket's status is the worst over its payments (part 3 rule 1). */
export function BasketList({ state }: { state: Pick<State, 'signingBaskets' | 'payments'> }) {
  const list = basketsNewestFirst(state);
  return (
    <section aria-labelledby="baskets-title">
      <h2 id="baskets-title">Signing baskets</h2>
      {list.length === 0 ? (
        <p className="muted">No baskets yet: run the basket flow.</p>
      ) : (
        <div className="cards">
          {list.map((b) => (
            <article key={b.basketId} className="card" aria-label={`Basket ${b.basketId}`}>
              <header className="card-head">
                <StatusBadge status={basketStatusOf(state, b)} />
                <strong className="mono">{b.basketId}</strong>
                <span className="muted">created {formatTime(b.createdAt)}</span>
              </header>
              <ul className="basket-payments" aria-label="Payments in the basket">
                {b.paymentIds.map((id) => {
                  const p = paymentById(state, id);
                  const first = p?.instructions[0];
                  return (
                    <li key={id}>
                      {p ? <StatusBadge status={p.transactionStatus} /> : null}{' '}
                      <span className="mono">{id}</span>
                      {first ? (
                        <span>
                          {' '}
                          {formatAmount(first.instructedAmount.amount, first.instructedAmount.currency)} to{' '}
                          {first.creditorName}
                        </span>
                      ) : (
                        <span className="muted"> (no longer in the bank)</span>
                      )}
                    </li>
                  );
                })}
              </ul>
              <StatusTimeline
                history={basketHistory(state, b)}
                label={`Status history of basket ${b.basketId}`}
              />
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
