import type { Meta, StoryObj } from '@storybook/react-vite';
import { transactionsOf } from '../derive/ledger.js';
import { fixtureAccount, fixtureState, largeState } from '../fixtures/state.js';
import { TransactionList } from './TransactionList.js';

const meta = { component: TransactionList } satisfies Meta<typeof TransactionList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Seeded: Story = {
  args: { transactions: transactionsOf(transactionsOf(fixtureState.transactions[fixtureAccount.id])) },
};
export const Empty: Story = { args: { transactions: [] } };
/** 100 000 rows: only the visible ones are in the DOM. */
export const HundredThousand: Story = {
  args: { transactions: [] },
  render: () => (
    <TransactionList
      transactions={transactionsOf(transactionsOf(largeState(100_000).transactions[fixtureAccount.id]))}
    />
  ),
};
