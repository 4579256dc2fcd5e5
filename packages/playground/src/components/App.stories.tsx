import type { Meta, StoryObj } from '@storybook/react-vite';
import { activityState } from '../fixtures/activity.js';
import { fixtureConnection } from '../fixtures/connection.js';
import { App } from './App.js';

const meta = {
  component: App,
  parameters: { layout: 'fullscreen' },
  args: { connection: fixtureConnection() },
} satisfies Meta<typeof App>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Bank: Story = { args: { initialTab: 'bank' } };
export const OnServiceWorker: Story = { args: { initialTab: 'bank', transport: 'service-worker' } };
export const Activity: Story = {
  args: { initialTab: 'activity', connection: fixtureConnection(activityState()) },
};
export const Requests: Story = { args: { initialTab: 'requests' } };
export const MockData: Story = { args: { initialTab: 'mock-data' } };
export const TryItTab: Story = { args: { initialTab: 'try-it' } };
export const Flows: Story = { args: { initialTab: 'flows' } };
export const StateTab: Story = { args: { initialTab: 'state' } };
