import type { Meta, StoryObj } from '@storybook/react-vite';
import { emptyFixtureState, fixtureAccount, fixtureState } from '../fixtures/state.js';
import { CustomerTree } from './CustomerTree.js';

const meta = {
  component: CustomerTree,
  args: { state: fixtureState, selection: { kind: 'account', id: fixtureAccount.id }, onSelect: () => {} },
} satisfies Meta<typeof CustomerTree>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Seeded: Story = {};
export const NoCustomers: Story = { args: { state: emptyFixtureState, selection: null } };
