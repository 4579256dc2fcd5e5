import type { Meta, StoryObj } from '@storybook/react-vite';
import { transactionsOf } from '../derive/ledger.js';
import { fixtureAccount, fixtureState, largeState } from '../fixtures/state.js';
import { AccountDetail } from './AccountDetail.js';

const meta = { component: AccountDetail } satisfies Meta<typeof AccountDetail>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Seeded: Story = {
  args: {
    account: fixtureAccount,
    transactions: transactionsOf(fixtureState.transactions[fixtureAccount.id]),
  },
};
export const HundredThousandTransactions: Story = {
  args: { account: fixtureAccount },
  render: () => (
    <AccountDetail
      account={fixtureAccount}
      transactions={transactionsOf(largeState(100_000).transactions[fixtureAccount.id])}
    />
  ),
};
