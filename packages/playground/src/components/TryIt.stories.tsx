import type { Meta, StoryObj } from '@storybook/react-vite';
import { withBank } from '../fixtures/decorators.js';
import { FIXTURE_NOW, fixtureState } from '../fixtures/state.js';
import { TryIt } from './TryIt.js';

const meta = {
  component: TryIt,
  decorators: [withBank()],
  args: { state: fixtureState, now: FIXTURE_NOW },
} satisfies Meta<typeof TryIt>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Initialize: Story = {};
export const Clock: Story = { args: { initialMethod: 'GET', initialPath: '/_sandbank/clock' } };
