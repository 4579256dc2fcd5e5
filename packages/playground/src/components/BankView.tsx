import { accountById, accountList, cardAccountById, type State } from '@sandbank/engine';
import { memo, useState } from 'react';
import { transactionsOf } from '../derive/ledger.js';
import { linkFromHash } from '../derive/state-tree.js';
import { AccountDetail } from './AccountDetail.js';
import { AgreementDetail } from './AgreementDetail.js';
import { CardAccountDetail } from './CardAccountDetail.js';
import { CustomerTree, type Selection } from './CustomerTree.js';

function firstAccount(state: State): Selection {
  const id = accountList(state)[0]?.id;
  return id === undefined ? null : { kind: 'account', id };
}

function exists(state: State, selection: NonNullable<Selection>): boolean {
  if (selection.kind === 'account') return accountById(state, selection.id) !== undefined;
  if (selection.kind === 'card') return cardAccountById(state, selection.id) !== undefined;
  return selection.id in state.agreements;
}

/** Customers on the left, the selected account, card account or agreement on the right. */
export const BankView = memo(function BankView({ state }: { state: State }) {
  // An address such as #/bank/account/{id} (a link in the state tree) opens that item.
  const [chosen, setChosen] = useState<Selection>(() => {
    const link = typeof location === 'undefined' ? null : linkFromHash(location.hash);
    return link?.kind === 'account' || link?.kind === 'card' || link?.kind === 'agreement'
      ? { kind: link.kind, id: link.id }
      : null;
  });
  // After a reset or an import the chosen item may be gone: fall back to the first account.
  const selection = chosen !== null && exists(state, chosen) ? chosen : firstAccount(state);
  let detail: React.ReactNode = <p className="muted">Pick an account, a card account or an agreement.</p>;
  if (selection?.kind === 'account') {
    const account = accountById(state, selection.id);
    if (account)
      detail = (
        <AccountDetail account={account} transactions={transactionsOf(state.transactions[account.id])} />
      );
  } else if (selection?.kind === 'card') {
    const card = cardAccountById(state, selection.id);
    if (card) detail = <CardAccountDetail card={card} transactions={state.cardTransactions[card.id]} />;
  } else if (selection?.kind === 'agreement') {
    const agreement = state.agreements[selection.id];
    if (agreement) detail = <AgreementDetail agreement={agreement} bank={state} />;
  }
  return (
    <div className="bank-view">
      <CustomerTree state={state} selection={selection} onSelect={setChosen} />
      <div className="bank-detail">{detail}</div>
    </div>
  );
});
