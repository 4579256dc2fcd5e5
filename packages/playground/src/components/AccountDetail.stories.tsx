import type { Meta, StoryObj } from '@storybook/react-vite';
import { fixtureAccount, fixtureState, largeState } from '../fixtures/state.js';
import { AccountDetail } from './AccountDetail.js';

const meta = { component: AccountDetail } satisfies Meta<typeof AccountDetail>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Seeded: Story = {
  args: { account: fixtureAccount, transactions: fixtureState.transactions[fixtureAccount.id] },
};
export const HundredThousandTransactions: Story = {
  args: { account: fixtureAccount },
  render: () => (
    <AccountDetail
      account={fixtureAccount}
      transactions={largeState(100_000).transactions[fixtureAccount.id]}
    />
  ),
};
