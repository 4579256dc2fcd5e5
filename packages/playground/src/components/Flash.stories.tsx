import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Flash } from './Flash.js';

const meta = { component: Flash, args: { value: '100.00', children: '100.00 NOK' } } satisfies Meta<
  typeof Flash
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Unchanged: Story = {};

function Changing() {
  const [amount, setAmount] = useState(100);
  return (
    <p className="row">
      <Flash value={String(amount)}>{amount}.00 NOK</Flash>
      <button type="button" onClick={() => setAmount((a) => a - 25)}>
        Pay 25
      </button>
    </p>
  );
}

export const ChangesOnClick: Story = { render: () => <Changing /> };
