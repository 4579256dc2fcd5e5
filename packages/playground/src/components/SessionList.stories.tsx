import { keyedFrom } from '@sandbank/engine';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { activityState } from '../fixtures/activity.js';
import { FIXTURE_NOW } from '../fixtures/state.js';
import { SessionList } from './SessionList.js';

const state = activityState();

const meta = { component: SessionList, args: { state, now: FIXTURE_NOW } } satisfies Meta<typeof SessionList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Live, replaced by a newer SCA, and expired after its hour (part 5.2 rule 6). */
export const LiveReplacedExpired: Story = {};
export const None: Story = { args: { state: { ...state, sessions: keyedFrom({}) } } };
