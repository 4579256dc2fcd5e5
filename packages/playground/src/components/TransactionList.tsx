import type { Transaction } from '@sandbank/engine';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { formatAmount } from '../derive/money.js';
import { filterTransactions, type StatusFilter } from '../derive/search.js';
import { SearchBox } from './SearchBox.js';
import { VirtualList } from './VirtualList.js';

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
  const statusId = useId();
  return (
    <section className="transactions" aria-label="Transactions">
      <SearchBox
        query={query}
        onQuery={setQuery}
        placeholder="name, text, amount, date, KID"
        statusClassName="count"
        status={`${rows.length.toLocaleString('en')} of ${transactions.length.toLocaleString('en')}`}
      >
        <label htmlFor={statusId}>Status</label>
        <select id={statusId} value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
          <option value="all">booked + pending</option>
          <option value="booked">booked</option>
          <option value="pending">pending</option>
        </select>
      </SearchBox>
      <div className="table-head tx-row" aria-hidden="true">
        <span>Booking date</span>
        <span>Counterparty / text</span>
        <span>Status</span>
        <span className="amount">Amount</span>
      </div>
      <VirtualList
        items={rows}
        rowHeight={ROW_HEIGHT}
        overscan={12}
        label="Transaction rows"
        scrollLabel="Transactions, scrollable"
        getKey={(tx) => tx.transactionId}
        rowClassName={(tx) => `tx-row ${tx.status}`}
        empty="No transactions match."
        renderRow={(tx) => (
          <>
            <span className="mono">{tx.bookingDate}</span>
            <span className="ellipsis">
              {counterparty(tx)}
              <span className="muted"> {detailText(tx)}</span>
            </span>
            <span className={`tag tag-${tx.status}`}>{tx.status}</span>
            <span className={`mono amount ${tx.amount.startsWith('-') ? 'negative' : 'positive'}`}>
              {formatAmount(tx.amount, tx.currency)}
            </span>
          </>
        )}
      />
    </section>
  );
}
