import type { Meta, StoryObj } from '@storybook/react-vite';
import { withBank } from '../fixtures/decorators.js';
import { FIXTURE_NOW, fixtureState } from '../fixtures/state.js';
import { MOCK_DATA_OPERATIONS } from '../forms/operations.js';
import { ApiForm } from './ApiForm.js';

const operation = (title: string) => MOCK_DATA_OPERATIONS.find((op) => op.title === title)!;

const meta = {
  component: ApiForm,
  decorators: [withBank()],
  args: { operation: operation('Customer'), state: fixtureState, now: FIXTURE_NOW },
} satisfies Meta<typeof ApiForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Customer: Story = {};
export const Account: Story = { args: { operation: operation('Account') } };
export const AccountTransactions: Story = { args: { operation: operation('Account transactions') } };
export const CardAccount: Story = { args: { operation: operation('Card account') } };
export const CardAccountTransactions: Story = { args: { operation: operation('Card account transactions') } };
export const CardAccountBalances: Story = { args: { operation: operation('Card account balances') } };
export const Agreement: Story = { args: { operation: operation('Agreement') } };
/** Before the state has loaded: the fields, no example values. */
export const WithoutState: Story = { args: { state: null } };
