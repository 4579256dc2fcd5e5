import type { Meta, StoryObj } from '@storybook/react-vite';
import { VirtualList } from './VirtualList.js';

const meta = { component: VirtualList } satisfies Meta<typeof VirtualList>;
export default meta;
type Story = StoryObj<typeof meta>;

const numbers = Array.from({ length: 100_000 }, (_, i) => i + 1);

/** 100 000 rows: only the visible ones (and a few either way) are in the page. */
export const HundredThousandRows: Story = {
  args: {
    items: numbers,
    rowHeight: 32,
    label: 'Numbers',
    scrollLabel: 'Numbers, scrollable',
    getKey: (n) => String(n),
    renderRow: (n) => <span className="mono">row {String(n)}</span>,
  },
};

/** Rows with buttons: the region itself takes no focus, and the view stays on the newest row. */
export const FollowingTheEnd: Story = {
  args: {
    items: numbers.slice(0, 500),
    rowHeight: 32,
    label: 'Events',
    followEnd: true,
    getKey: (n) => String(n),
    renderRow: (n) => <button type="button">event {String(n)}</button>,
  },
};

export const Empty: Story = {
  args: {
    items: [],
    rowHeight: 32,
    label: 'Nothing',
    scrollLabel: 'Nothing, scrollable',
    getKey: (n) => String(n),
    renderRow: (n) => String(n),
    empty: 'Nothing here yet.',
  },
};
