import type { Meta, StoryObj } from '@storybook/react-vite';
import { StateChangeList } from './StateChanges.js';

const meta = {
  component: StateChangeList,
  args: {
    changes: [
      {
        kind: 'added',
        path: ['payments', 'c1f0e2a4-5b6d-4e7f-8a9b-0c1d2e3f4a5b'],
        after: { transactionStatus: 'RCVD', executionDate: '2026-03-02' },
      },
      { kind: 'changed', path: ['accounts', 'a1', 'expected'], before: '10000.00', after: '9900.00' },
      { kind: 'removed', path: ['consents', 'k9'], before: { status: 'valid' } },
      { kind: 'changed', path: ['transactions'], beforeSummary: 'an object with 12 keys', after: {} },
    ],
  },
} satisfies Meta<typeof StateChangeList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PaymentCreation: Story = {};
export const NoChanges: Story = { args: { changes: [] } };
export const ManyOmitted: Story = { args: { omitted: 312 } };
