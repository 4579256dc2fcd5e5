import type { Meta, StoryObj } from '@storybook/react-vite';
import { fixtureBaskets, fixturePayments } from '../fixtures/state.js';
import { BasketList } from './BasketList.js';

const meta = {
  component: BasketList,
  args: { baskets: fixtureBaskets, payments: fixturePayments },
} satisfies Meta<typeof BasketList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PartlySigned: Story = {};
export const PaymentsUnknown: Story = { args: { payments: {} } };
export const None: Story = { args: { baskets: {} } };
