import type { Account, Transaction } from '@sandbank/engine';
import { useMemo } from 'react';
import { balanceSeries } from '../derive/balance-series.js';
import { formatAmount } from '../derive/money.js';
import { BalanceChart } from './BalanceChart.js';
import { Flash } from './Flash.js';
import { TransactionList } from './TransactionList.js';

const NONE: readonly Transaction[] = [];

/** One account: identifiers, booked / expected balances and credit line, the chart and the transactions. */
export function AccountDetail({
  account,
  transactions = NONE,
}: {
  account: Account;
  transactions?: readonly Transaction[] | undefined;
}) {
  const points = useMemo(() => balanceSeries(account.booked, transactions), [account.booked, transactions]);
  return (
    <article className="detail" aria-labelledby={`account-${account.id}`}>
      <header>
        <h2 id={`account-${account.id}`}>{account.accountName}</h2>
        <p className="muted">
          {account.product} · {account.cashAccountType} · {account.currency}
          {account.requiresKid ? ' · incoming payments need a KID' : ''}
        </p>
      </header>
      <dl className="facts">
        <div>
          <dt>BBAN</dt>
          <dd className="mono">{account.bban}</dd>
        </div>
        <div>
          <dt>IBAN</dt>
          <dd className="mono">{account.iban}</dd>
        </div>
        <div>
          <dt>Resource id</dt>
          <dd className="mono ellipsis" title={account.id}>
            {account.id}
          </dd>
        </div>
        <div>
          <dt>Booked (closingBooked)</dt>
          <dd className="mono">
            <Flash value={account.booked}>{formatAmount(account.booked, account.currency)}</Flash>
          </dd>
        </div>
        <div>
          <dt>Expected</dt>
          <dd className="mono">
            <Flash value={account.expected}>{formatAmount(account.expected, account.currency)}</Flash>
          </dd>
        </div>
        <div>
          <dt>Credit line</dt>
          <dd className="mono">{formatAmount(account.creditLine, account.currency)}</dd>
        </div>
      </dl>
      <BalanceChart points={points} currency={account.currency} />
      <TransactionList transactions={transactions} />
    </article>
  );
}
