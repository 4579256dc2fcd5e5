import type { Meta, StoryObj } from '@storybook/react-vite';
import { withBank } from '../fixtures/decorators.js';
import { fixtureState } from '../fixtures/state.js';
import { FaultsPanel } from './FaultsPanel.js';

const state = fixtureState;

const withRules = {
  ...state,
  faults: {
    counter: 2,
    held: [],
    rules: [
      {
        id: 'fault-1',
        match: { operation: 'listAccounts' },
        effect: { status: 503 as const, code: 'SYSTEM_ERROR' as const },
        times: 1,
        until: null,
        scenario: null,
        createdAt: '2026-03-02T10:00:00.000Z',
        seen: 0,
        fired: 0,
      },
      {
        id: 'fault-2',
        match: {},
        effect: { sca: 'fail' as const },
        times: null,
        until: null,
        scenario: 'sca-always-fails',
        createdAt: '2026-03-02T10:00:00.000Z',
        seen: 3,
        fired: 3,
      },
    ],
  },
};

const meta = {
  component: FaultsPanel,
  decorators: [withBank()],
  args: { state },
} satisfies Meta<typeof FaultsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NoRules: Story = {};

export const WithRules: Story = { args: { state: withRules } };
