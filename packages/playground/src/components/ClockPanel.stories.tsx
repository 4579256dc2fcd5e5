import type { Meta, StoryObj } from '@storybook/react-vite';
import { withBank } from '../fixtures/decorators.js';
import { FIXTURE_NOW } from '../fixtures/state.js';
import { ClockPanel } from './ClockPanel.js';

const meta = {
  component: ClockPanel,
  decorators: [withBank()],
  args: { fixedNow: FIXTURE_NOW },
} satisfies Meta<typeof ClockPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AtFixtureTime: Story = {};
