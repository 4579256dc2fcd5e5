import type { CardAccount, CardTransaction } from '@sandbank/engine';
import { formatAmount } from '../derive/money.js';

const NONE: readonly CardTransaction[] = [];

/** A card account: PAN, limit, balances and the card transactions made through the mock-data API. */
export function CardAccountDetail({
  card,
  transactions = NONE,
}: {
  card: CardAccount;
  transactions?: readonly CardTransaction[] | undefined;
}) {
  return (
    <article className="detail" aria-labelledby={`card-${card.id}`}>
      <header>
        <h2 id={`card-${card.id}`}>
          {card.product} <span className="mono">{card.maskedPan}</span>
        </h2>
        <p className="muted">
          {card.name} · expires {card.expiry} · <span className="tag">{card.status}</span>
        </p>
      </header>
      <dl className="facts">
        <div>
          <dt>Credit limit</dt>
          <dd className="mono">{formatAmount(card.creditLimit, card.currency)}</dd>
        </div>
        {card.balances.map((b) => (
          <div key={b.balanceType}>
            <dt>{b.balanceType}</dt>
            <dd className="mono">{formatAmount(b.amount, card.currency)}</dd>
          </div>
        ))}
        <div>
          <dt>Account number</dt>
          <dd className="mono">{card.accountNumber}</dd>
        </div>
        <div>
          <dt>Card id</dt>
          <dd className="mono">
            {card.cardId} (v{card.cardIdVNo})
          </dd>
        </div>
      </dl>
      <h3>Card transactions</h3>
      {transactions.length === 0 ? (
        <p className="muted">None yet: add some with the card transaction form.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region without focusable rows must take keyboard focus (WCAG 2.1.1)
        <section className="scroller short" tabIndex={0} aria-label="Card transactions, scrollable">
          <table>
            <thead>
              <tr>
                <th scope="col">Booked</th>
                <th scope="col">Transaction date</th>
                <th scope="col">Merchant</th>
                <th scope="col">MCC</th>
                <th scope="col">Status</th>
                <th scope="col" className="amount">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {transactions.map((t) => (
                <tr key={t.cardTransactionId}>
                  <td className="mono">{t.bookingDate}</td>
                  <td className="mono">{t.transactionDate}</td>
                  <td>{t.merchantName ?? '—'}</td>
                  <td className="mono">{t.merchantCategoryCode}</td>
                  <td>
                    <span className={`tag tag-${t.status}`}>{t.status}</span>
                  </td>
                  <td className="mono amount">
                    {formatAmount(t.transactionAmount.amount, t.transactionAmount.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </article>
  );
}
