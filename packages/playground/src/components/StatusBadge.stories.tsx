import { BASKET_STATUSES, PAYMENT_STATUSES } from '@sandbank/engine';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { StatusBadge } from './StatusBadge.js';

const meta = { component: StatusBadge } satisfies Meta<typeof StatusBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Settled: Story = { args: { status: 'ACSC' } };
export const HttpError: Story = { args: { status: 400 } };
export const EveryStatus: Story = {
  args: { status: 'RCVD' },
  render: () => (
    <p className="row">
      {[...new Set([...PAYMENT_STATUSES, ...BASKET_STATUSES]), 200, 201, 204, 400, 404, 500].map((s) => (
        <StatusBadge key={String(s)} status={s} />
      ))}
    </p>
  ),
};
