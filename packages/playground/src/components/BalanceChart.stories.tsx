import type { Meta, StoryObj } from '@storybook/react-vite';
import { balanceSeries } from '../derive/balance-series.js';
import { transactionsOf } from '../derive/ledger.js';
import { fixtureAccount, fixtureState } from '../fixtures/state.js';
import { BalanceChart } from './BalanceChart.js';

const meta = { component: BalanceChart } satisfies Meta<typeof BalanceChart>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FourMonths: Story = {
  args: {
    currency: fixtureAccount.currency,
    points: balanceSeries(
      fixtureAccount.booked,
      transactionsOf(transactionsOf(fixtureState.transactions[fixtureAccount.id])),
    ),
  },
};
export const NoHistory: Story = { args: { currency: 'NOK', points: [] } };
