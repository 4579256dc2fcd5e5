import type { Meta, StoryObj } from '@storybook/react-vite';
import { withBank } from '../fixtures/decorators.js';
import { fixtureState } from '../fixtures/state.js';
import { FlowRunner } from './FlowRunner.js';

const meta = {
  component: FlowRunner,
  decorators: [withBank()],
  args: { state: fixtureState },
} satisfies Meta<typeof FlowRunner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Consent: Story = {};
export const Payment: Story = { args: { initialFlow: 'payment' } };
export const Basket: Story = { args: { initialFlow: 'basket' } };
