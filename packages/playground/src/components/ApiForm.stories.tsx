import type { Meta, StoryObj } from '@storybook/react-vite';
import { withBank } from '../fixtures/decorators.js';
import { fixtureState } from '../fixtures/state.js';
import { FORM_SPECS } from '../forms/specs.js';
import { ApiForm } from './ApiForm.js';

const spec = (id: string) => FORM_SPECS.find((s) => s.id === id)!;

const meta = {
  component: ApiForm,
  decorators: [withBank()],
  args: { spec: spec('customer'), state: fixtureState },
} satisfies Meta<typeof ApiForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Customer: Story = {};
export const Account: Story = { args: { spec: spec('account') } };
export const Transaction: Story = { args: { spec: spec('transaction') } };
export const CardAccount: Story = { args: { spec: spec('card-account') } };
export const CardTransaction: Story = { args: { spec: spec('card-transaction') } };
export const CardBalance: Story = { args: { spec: spec('card-balance') } };
export const Agreement: Story = { args: { spec: spec('agreement') } };
