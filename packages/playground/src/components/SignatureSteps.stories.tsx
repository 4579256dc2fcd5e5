import type { Meta, StoryObj } from '@storybook/react-vite';
import { fixtureSignatures } from '../fixtures/log.js';
import { SignatureSteps } from './SignatureSteps.js';

const meta = { component: SignatureSteps, args: { signature: fixtureSignatures.verified } } satisfies Meta<
  typeof SignatureSteps
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Verified: Story = {};
export const Rejected: Story = { args: { signature: fixtureSignatures.rejected } };
export const Unchecked: Story = { args: { signature: fixtureSignatures.unchecked } };
