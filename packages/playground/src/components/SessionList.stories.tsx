import type { Meta, StoryObj } from '@storybook/react-vite';
import { FIXTURE_NOW, fixtureSessions } from '../fixtures/state.js';
import { SessionList } from './SessionList.js';

const meta = { component: SessionList, args: { sessions: fixtureSessions, now: FIXTURE_NOW } } satisfies Meta<
  typeof SessionList
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LiveAndExpired: Story = {};
export const None: Story = { args: { sessions: {} } };
