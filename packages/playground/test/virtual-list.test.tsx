// @vitest-environment jsdom
import type { CardTransaction, RequestLogEntry } from '@sandbank/engine';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import './support/dom.js';
import { CardAccountDetail } from '../src/components/CardAccountDetail.js';
import { RequestLog } from '../src/components/RequestLog.js';
import { VirtualList } from '../src/components/VirtualList.js';
import { fixtureLog } from '../src/fixtures/log.js';
import { FIXTURE_NOW, fixtureCardAccount } from '../src/fixtures/state.js';

// Long lists render only the rows in view (support/dom.ts gives every box 400 px, as a real list).

describe('long lists', () => {
  it('renders a window of 100 000 rows, not all of them', () => {
    const items = Array.from({ length: 100_000 }, (_, i) => i);
    render(
      <VirtualList
        items={items}
        rowHeight={32}
        label="Numbers"
        scrollLabel="Numbers, scrollable"
        getKey={(n) => String(n)}
        renderRow={(n) => `row ${n}`}
      />,
    );
    const rows = within(screen.getByRole('list', { name: 'Numbers' })).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(rows[0]?.textContent).toBe('row 0');
    // Rows without anything focusable: the region takes keyboard focus to scroll (WCAG 2.1.1).
    expect(screen.getByRole('region', { name: 'Numbers, scrollable' }).tabIndex).toBe(0);
  });

  it('says so when there is nothing to show', () => {
    render(
      <VirtualList
        items={[]}
        rowHeight={32}
        label="Nothing"
        getKey={String}
        renderRow={String}
        empty="Empty."
      />,
    );
    expect(screen.getByText('Empty.')).toBeTruthy();
  });

  it('virtualises card transactions (up to 1000 per request) and the request log alike', () => {
    const transactions: CardTransaction[] = Array.from({ length: 3000 }, (_, i) => ({
      cardTransactionId: `t${i}`,
      cardAccountId: fixtureCardAccount.id,
      status: 'booked',
      seq: i,
      bookingDate: '2026-03-01',
      transactionDate: '2026-03-01',
      transactionAmount: { amount: '-1.00', currency: 'NOK' },
      originalAmount: { amount: '-1.00', currency: 'NOK' },
      merchantCategoryCode: '5411',
    }));
    const { unmount } = render(<CardAccountDetail card={fixtureCardAccount} transactions={transactions} />);
    expect(screen.getByRole('list', { name: 'Card transaction rows' }).children.length).toBeLessThan(60);
    unmount();
    const entries: RequestLogEntry[] = Array.from({ length: 2000 }, (_, i) => ({
      ...fixtureLog[i % fixtureLog.length]!,
      at: FIXTURE_NOW + i,
    }));
    render(<RequestLog entries={entries} onClear={() => undefined} />);
    expect(screen.getByRole('list', { name: 'Requests' }).children.length).toBeLessThan(60);
  });
});
