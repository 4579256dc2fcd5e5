import {
  type Account,
  accountList,
  type CardAccount,
  cardAccountList,
  customerList,
  type State,
} from '@sandbank/engine';
import { useMemo } from 'react';
import { formatAmount } from '../derive/money.js';
import { Flash } from './Flash.js';

export type Selection =
  | { kind: 'account'; id: string }
  | { kind: 'card'; id: string }
  | { kind: 'agreement'; id: string }
  | null;

interface CustomerNode {
  customerId: string;
  name: string;
  number: string;
  type: 'private' | 'corporate';
  accounts: Account[];
  cards: CardAccount[];
  agreements: State['agreements'][string][];
}

/** Customers with what they hold, grouped once per change of the slices involved. */
export function customerTree(
  state: Pick<State, 'customers' | 'accounts' | 'cardAccounts' | 'agreements'>,
): CustomerNode[] {
  const byNumber = new Map<string, CustomerNode>();
  for (const c of customerList(state)) {
    byNumber.set(c.customerNumber, {
      customerId: c.customerId,
      name: c.customerName,
      number: c.customerNumber,
      type: c.customerType,
      accounts: [],
      cards: [],
      agreements: [],
    });
  }
  for (const a of accountList(state)) byNumber.get(a.customerNumber)?.accounts.push(a);
  for (const c of cardAccountList(state)) byNumber.get(c.customerNumber)?.cards.push(c);
  for (const g of Object.values(state.agreements)) byNumber.get(g.owner)?.agreements.push(g);
  return [...byNumber.values()].sort((a, b) => b.type.localeCompare(a.type) || a.name.localeCompare(b.name));
}

function isSelected(selection: Selection, kind: string, id: string): boolean {
  return selection !== null && selection.kind === kind && selection.id === id;
}

/** Customers (private, corporate) → accounts, card accounts, agreements. */
export function CustomerTree({
  state,
  selection,
  onSelect,
}: {
  state: State;
  selection: Selection;
  onSelect: (selection: Selection) => void;
}) {
  const { customers, accounts, cardAccounts, agreements } = state;
  // The tree depends on these slices only; transactions streaming in must not rebuild it.
  const tree = useMemo(
    () => customerTree({ customers, accounts, cardAccounts, agreements }),
    [customers, accounts, cardAccounts, agreements],
  );
  if (tree.length === 0) return <p className="muted">No customers. Reset the sandbox to seed four.</p>;
  return (
    <nav aria-label="Customers and their holdings" className="customer-tree">
      {tree.map((customer) => (
        <section key={customer.customerId} className="customer">
          <h3>
            {customer.name} <span className={`tag tag-${customer.type}`}>{customer.type}</span>
          </h3>
          <p className="muted mono">{customer.number}</p>
          <ul>
            {customer.accounts.map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  className="tree-item"
                  aria-current={isSelected(selection, 'account', a.id) ? 'true' : undefined}
                  onClick={() => onSelect({ kind: 'account', id: a.id })}
                >
                  <span>{a.accountName}</span>
                  <span className="mono amount">
                    <Flash value={a.booked}>{formatAmount(a.booked, a.currency)}</Flash>
                  </span>
                </button>
              </li>
            ))}
            {customer.cards.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className="tree-item"
                  aria-current={isSelected(selection, 'card', c.id) ? 'true' : undefined}
                  onClick={() => onSelect({ kind: 'card', id: c.id })}
                >
                  <span>
                    Card <span className="mono">{c.maskedPan}</span>
                  </span>
                  <span className="tag">{c.status}</span>
                </button>
              </li>
            ))}
            {customer.agreements.map((g) => (
              <li key={g.agreementId}>
                <button
                  type="button"
                  className="tree-item"
                  aria-current={isSelected(selection, 'agreement', g.agreementId) ? 'true' : undefined}
                  onClick={() => onSelect({ kind: 'agreement', id: g.agreementId })}
                >
                  <span>Agreement: {g.name}</span>
                  <span className="muted">{g.engagements.length} engagements</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
