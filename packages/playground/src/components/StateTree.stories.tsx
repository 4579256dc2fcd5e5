import type { Meta, StoryObj } from '@storybook/react-vite';
import { fixtureState } from '../fixtures/state.js';
import { StateTree } from './StateTree.js';

const meta = { component: StateTree, args: { state: fixtureState } } satisfies Meta<typeof StateTree>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WholeBank: Story = {};
