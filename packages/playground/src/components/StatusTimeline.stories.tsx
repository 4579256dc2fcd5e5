import type { Meta, StoryObj } from '@storybook/react-vite';
import { fixturePayments } from '../fixtures/activity.js';
import { StatusTimeline } from './StatusTimeline.js';

const meta = { component: StatusTimeline } satisfies Meta<typeof StatusTimeline>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Settled: Story = {
  args: { label: 'Status history', history: fixturePayments['enc!!pay-settled==']!.statusHistory },
};
export const Rejected: Story = {
  args: { label: 'Status history', history: fixturePayments['enc!!pay-rejected==']!.statusHistory },
};
