import { keyedFrom } from '@sandbank/engine';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { activityState } from '../fixtures/activity.js';
import { FIXTURE_NOW } from '../fixtures/state.js';
import { ConsentList } from './ConsentList.js';

const state = activityState();

const meta = { component: ConsentList, args: { state, now: FIXTURE_NOW } } satisfies Meta<typeof ConsentList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A valid consent, one past its 180-day SCA renewal, one the PSU revoked. */
export const ValidExpiredRevoked: Story = {};
/** The bank clock moved 200 days on: every consent needs a new SCA. */
export const AfterHalfAYear: Story = { args: { now: FIXTURE_NOW + 200 * 86_400_000 } };
export const None: Story = { args: { state: { ...state, consents: keyedFrom({}) } } };
