import type { Meta, StoryObj } from '@storybook/react-vite';
import { fixtureState, largeState } from '../fixtures/state.js';
import { BankView } from './BankView.js';

const meta = { component: BankView, args: { state: fixtureState } } satisfies Meta<typeof BankView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Seeded: Story = {};
export const HundredThousandTransactions: Story = { render: () => <BankView state={largeState(100_000)} /> };
