import type { BasketView, PaymentView } from '../bank/extensions.js';
import { formatAmount } from '../derive/money.js';
import { formatTime } from '../derive/time.js';
import { StatusBadge } from './StatusBadge.js';
import { StatusTimeline } from './StatusTimeline.js';

/** Signing baskets with the payments inside; a basket's status is the worst over its payments (part 3 rule 1). */
export function BasketList({
  baskets,
  payments = {},
}: {
  baskets: Record<string, BasketView>;
  payments?: Record<string, PaymentView> | undefined;
}) {
  const list = Object.values(baskets).sort((a, b) => b.createdAt - a.createdAt);
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
                <StatusBadge status={b.transactionStatus} />
                <strong className="mono">{b.basketId}</strong>
                <span className="muted">created {formatTime(b.createdAt)}</span>
              </header>
              <ul className="basket-payments" aria-label="Payments in the basket">
                {b.paymentIds.map((id) => {
                  const p = payments[id];
                  return (
                    <li key={id}>
                      {p ? <StatusBadge status={p.transactionStatus} /> : null}{' '}
                      <span className="mono">{id}</span>
                      {p ? (
                        <span>
                          {' '}
                          {formatAmount(p.instructedAmount.amount, p.instructedAmount.currency)} to{' '}
                          {p.creditorName}
                        </span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
              <StatusTimeline history={b.history} label={`Status history of basket ${b.basketId}`} />
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
