import type { Meta, StoryObj } from '@storybook/react-vite';
import { withBank } from '../fixtures/decorators.js';
import { FIXTURE_NOW, fixtureState } from '../fixtures/state.js';
import { MockDataForms } from './MockDataForms.js';

const meta = {
  component: MockDataForms,
  decorators: [withBank()],
  args: { state: fixtureState, now: FIXTURE_NOW },
} satisfies Meta<typeof MockDataForms>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Customers: Story = {};
export const Accounts: Story = { args: { initial: 'Account' } };
export const AccountTransactions: Story = { args: { initial: 'Account transactions' } };
