import type { Meta, StoryObj } from '@storybook/react-vite';
import { JsonView } from './JsonView.js';

const meta = { component: JsonView } satisfies Meta<typeof JsonView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Json: Story = {
  args: { label: 'Response body', value: { now: '2026-03-02T10:00:00.000Z', offsetMs: 0 } },
};
export const Empty: Story = { args: { label: 'Request body', value: null } };
export const Text: Story = {
  args: { label: 'Response body', value: '<!doctype html><form method="post">…</form>' },
};
