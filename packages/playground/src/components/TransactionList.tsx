import type { Transaction } from '@sandbank/engine';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { formatAmount } from '../derive/money.js';
import { filterTransactions, type StatusFilter } from '../derive/search.js';

const ROW_HEIGHT = 44;

function counterparty(tx: Transaction): string {
  return (
    (tx.amount.startsWith('-') ? tx.creditorName : tx.debtorName) ?? tx.creditorName ?? tx.debtorName ?? ''
  );
}

function detailText(tx: Transaction): string {
  const text =
    tx.remittanceInformationUnstructured ?? tx.remittanceInformationStructuredArray?.[0]?.reference ?? '';
  return text === counterparty(tx) ? '' : text;
}

/** Booked and pending transactions, searchable; only the visible rows are rendered (100 000 stay fluid). */
export function TransactionList({ transactions }: { transactions: readonly Transaction[] }) {
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const deferredQuery = useDeferredValue(query);
  const rows = useMemo(
    () => filterTransactions(transactions, deferredQuery, status),
    [transactions, deferredQuery, status],
  );
  const scroller = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect: { width: 800, height: 400 },
  });
  const searchId = useId();
  const statusId = useId();
  return (
    <section className="transactions" aria-label="Transactions">
      <div className="toolbar">
        <label htmlFor={searchId}>Search</label>
        <input
          id={searchId}
          type="search"
          value={query}
          placeholder="name, text, amount, date, KID"
          onChange={(e) => setQuery(e.target.value)}
        />
        <label htmlFor={statusId}>Status</label>
        <select id={statusId} value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
          <option value="all">booked + pending</option>
          <option value="booked">booked</option>
          <option value="pending">pending</option>
        </select>
        <span className="muted count" aria-live="polite">
          {rows.length.toLocaleString('en')} of {transactions.length.toLocaleString('en')}
        </span>
      </div>
      <div className="table-head tx-row" aria-hidden="true">
        <span>Booking date</span>
        <span>Counterparty / text</span>
        <span>Status</span>
        <span className="amount">Amount</span>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region without focusable rows must take keyboard focus (WCAG 2.1.1) */}
      <section ref={scroller} className="scroller" tabIndex={0} aria-label="Transactions, scrollable">
        <ul
          className="virtual-list"
          aria-label="Transaction rows"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const tx = rows[item.index];
            if (!tx) return null;
            return (
              <li
                key={tx.transactionId}
                className={`tx-row ${tx.status}`}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: ROW_HEIGHT,
                  transform: `translateY(${item.start}px)`,
                }}
              >
                <span className="mono">{tx.bookingDate}</span>
                <span className="ellipsis">
                  {counterparty(tx)}
                  <span className="muted"> {detailText(tx)}</span>
                </span>
                <span className={`tag tag-${tx.status}`}>{tx.status}</span>
                <span className={`mono amount ${tx.amount.startsWith('-') ? 'negative' : 'positive'}`}>
                  {formatAmount(tx.amount, tx.currency)}
                </span>
              </li>
            );
          })}
        </ul>
        {rows.length === 0 ? <p className="muted empty">No transactions match.</p> : null}
      </section>
    </section>
  );
}
