import type { Meta, StoryObj } from '@storybook/react-vite';
import { withBank } from '../fixtures/decorators.js';
import { StatePanel } from './StatePanel.js';

const meta = { component: StatePanel, decorators: [withBank()] } satisfies Meta<typeof StatePanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Controls: Story = {};
