import type { Meta, StoryObj } from '@storybook/react-vite';
import { fixturePayments } from '../fixtures/state.js';
import { PaymentCard, PaymentList } from './PaymentList.js';

const meta = { component: PaymentList, args: { payments: fixturePayments } } satisfies Meta<
  typeof PaymentList
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SettledPendingRejected: Story = {};
export const None: Story = { args: { payments: {} } };
export const OnePayment: Story = {
  render: () => <PaymentCard payment={fixturePayments['enc!!pay-pending==']!} />,
};
