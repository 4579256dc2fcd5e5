import type { CardAccount, CardTransaction } from '@sandbank/engine';
import { formatAmount } from '../derive/money.js';
import { VirtualList } from './VirtualList.js';

const NONE: readonly CardTransaction[] = [];
const ROW_HEIGHT = 36;

/** A card account: PAN, limit, balances and the card transactions made through the mock-data API (virtualised: up to 1000 per request). */
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
        <>
          <div className="table-head card-tx-row" aria-hidden="true">
            <span>Booked</span>
            <span>Transaction date</span>
            <span>Merchant</span>
            <span>MCC</span>
            <span>Status</span>
            <span className="amount">Amount</span>
          </div>
          <VirtualList
            items={transactions}
            rowHeight={ROW_HEIGHT}
            className="scroller short"
            label="Card transaction rows"
            scrollLabel="Card transactions, scrollable"
            getKey={(t) => t.cardTransactionId}
            rowClassName={(t) => `card-tx-row ${t.status}`}
            renderRow={(t) => (
              <>
                <span className="mono">{t.bookingDate}</span>
                <span className="mono">{t.transactionDate}</span>
                <span className="ellipsis">{t.merchantName ?? '—'}</span>
                <span className="mono">{t.merchantCategoryCode}</span>
                <span className={`tag tag-${t.status}`}>{t.status}</span>
                <span className="mono amount">
                  {formatAmount(t.transactionAmount.amount, t.transactionAmount.currency)}
                </span>
              </>
            )}
          />
        </>
      )}
    </article>
  );
}
