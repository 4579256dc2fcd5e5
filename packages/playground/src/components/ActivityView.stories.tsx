import type { Meta, StoryObj } from '@storybook/react-vite';
import { FIXTURE_NOW, fixtureState, stateWithExtensions } from '../fixtures/state.js';
import { ActivityView } from './ActivityView.js';

const meta = {
  component: ActivityView,
  args: { state: stateWithExtensions(), fixedNow: FIXTURE_NOW },
} satisfies Meta<typeof ActivityView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The state once consents, sessions, payments and baskets have landed in the engine. */
export const WithEverySlice: Story = {};
/** Today's engine state: none of those slices, so nothing but a note. */
export const WithoutSlices: Story = { args: { state: fixtureState } };
