import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { SearchBox } from './SearchBox.js';

const meta = {
  component: SearchBox,
  args: { query: '', onQuery: () => {}, placeholder: 'name, text, amount, date, KID', status: '12 of 12' },
} satisfies Meta<typeof SearchBox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

const WORDS = ['Rema 1000', 'Kiwi', 'Vinmonopolet', 'Husleie', 'Lønn'];

function Searching() {
  const [query, setQuery] = useState('');
  const found = WORDS.filter((word) => word.toLowerCase().includes(query.trim().toLowerCase()));
  return (
    <>
      <SearchBox
        query={query}
        onQuery={setQuery}
        placeholder="a shop"
        status={`${found.length} of ${WORDS.length}`}
      >
        <button type="button" onClick={() => setQuery('')}>
          Clear
        </button>
      </SearchBox>
      <ul>
        {found.map((word) => (
          <li key={word}>{word}</li>
        ))}
      </ul>
    </>
  );
}

export const FiltersAList: Story = { render: () => <Searching /> };
