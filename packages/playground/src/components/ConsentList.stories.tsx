import type { Meta, StoryObj } from '@storybook/react-vite';
import { FIXTURE_NOW, fixtureConsents, fixtureState } from '../fixtures/state.js';
import { ConsentList } from './ConsentList.js';

const meta = {
  component: ConsentList,
  args: { consents: fixtureConsents, accounts: fixtureState.accounts, now: FIXTURE_NOW },
} satisfies Meta<typeof ConsentList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ActiveAndExpired: Story = {};
/** The bank clock moved 200 days on: every consent has expired. */
export const AfterHalfAYear: Story = { args: { now: FIXTURE_NOW + 200 * 86_400_000 } };
export const None: Story = { args: { consents: {} } };
