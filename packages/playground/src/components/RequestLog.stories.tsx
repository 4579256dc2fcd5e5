import type { Meta, StoryObj } from '@storybook/react-vite';
import { withBank } from '../fixtures/decorators.js';
import { fixtureLog, fixtureSignatures } from '../fixtures/log.js';
import { RequestDetail, RequestLog } from './RequestLog.js';

const meta = {
  component: RequestLog,
  args: { entries: fixtureLog, onClear: () => {} },
  // The detail's "Restore the bank to before this request" talks to a bank.
  decorators: [withBank()],
} satisfies Meta<typeof RequestLog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FewRequests: Story = {};
export const Empty: Story = { args: { entries: [] } };
export const ValidationErrorDetail: Story = { render: () => <RequestDetail entry={fixtureLog[1]!} /> };
export const RejectedSignatureDetail: Story = {
  render: () => (
    <RequestDetail entry={{ ...fixtureLog[0]!, status: 401, signature: fixtureSignatures.rejected }} />
  ),
};
export const StateChangesDetail: Story = { render: () => <RequestDetail entry={fixtureLog[0]!} /> };
