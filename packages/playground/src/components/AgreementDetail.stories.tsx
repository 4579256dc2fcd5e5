import type { Meta, StoryObj } from '@storybook/react-vite';
import { fixtureState } from '../fixtures/state.js';
import { AgreementDetail } from './AgreementDetail.js';

const meta = { component: AgreementDetail } satisfies Meta<typeof AgreementDetail>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Corporate: Story = {
  args: { agreement: Object.values(fixtureState.agreements)[0]!, bank: fixtureState },
};
