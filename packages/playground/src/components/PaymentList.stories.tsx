import { keyedFrom } from '@sandbank/engine';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { activityState, fixturePayments } from '../fixtures/activity.js';
import { fixtureAccount } from '../fixtures/state.js';
import { PaymentCard, PaymentList } from './PaymentList.js';

const state = activityState();

const meta = { component: PaymentList, args: { state } } satisfies Meta<typeof PaymentList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SettledPendingRejected: Story = {};
export const None: Story = { args: { state: { ...state, payments: keyedFrom({}) } } };
export const OnePayment: Story = {
  render: () => <PaymentCard payment={fixturePayments['enc!!pay-pending==']!} debtor={fixtureAccount.bban} />,
};
/** A bulk payment: one debit, several credit transfers. */
export const Bulk: Story = {
  render: () => {
    const single = fixturePayments['enc!!pay-settled==']!;
    const second = { ...single.instructions[0]!, creditorName: 'Fjordkraft AS' };
    return (
      <PaymentCard
        payment={{ ...single, service: 'bulk-payments', instructions: [...single.instructions, second] }}
        debtor={fixtureAccount.bban}
      />
    );
  },
};
