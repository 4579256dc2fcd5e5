import type { Meta, StoryObj } from '@storybook/react-vite';
import { activityState } from '../fixtures/activity.js';
import { FIXTURE_NOW, fixtureState } from '../fixtures/state.js';
import { ActivityView } from './ActivityView.js';

const meta = {
  component: ActivityView,
  args: { state: activityState(), fixedNow: FIXTURE_NOW },
} satisfies Meta<typeof ActivityView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Consents, sessions, payments and a basket, as the engine keeps them. */
export const WithActivity: Story = {};
/** The seeded bank: no TPP has done anything yet. */
export const Seeded: Story = { args: { state: fixtureState } };
