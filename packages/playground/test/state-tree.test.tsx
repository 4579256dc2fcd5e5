// @vitest-environment jsdom
import { accountById } from '@sandbank/engine';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import './support/dom.js';
import { StateChangeList } from '../src/components/StateChanges.js';
import { StateTree } from '../src/components/StateTree.js';
import { hrefOf, linkFromHash, linkOf, searchTree, visibleRows } from '../src/derive/state-tree.js';
import { fixtureAccountIds, fixtureState, largeState } from '../src/fixtures/state.js';

const treeItems = () => within(screen.getByRole('tree')).getAllByRole('treeitem');
const selected = () => treeItems().find((item) => item.getAttribute('aria-selected') === 'true');

describe('the state tree', () => {
  it('shows the slices of the bank, closed, with their sizes', () => {
    render(<StateTree state={fixtureState} />);
    const accounts = treeItems().find((item) => item.textContent?.startsWith('▸accounts'));
    expect(accounts?.getAttribute('aria-expanded')).toBe('false');
    expect(accounts?.getAttribute('aria-level')).toBe('1');
    expect(accounts?.textContent).toContain(`{${fixtureAccountIds.length} keys}`);
    // The snapshots are listed above the tree, not in it.
    expect(treeItems().some((item) => item.textContent?.includes('snapshots'))).toBe(false);
  });

  it('moves and opens with the keyboard as a WAI-ARIA tree', async () => {
    render(<StateTree state={fixtureState} />);
    const tree = screen.getByRole('tree');
    tree.focus();
    const user = userEvent.setup();
    await user.keyboard('{Home}');
    expect(selected()?.textContent).toMatch(/^version/);
    expect(tree.getAttribute('aria-activedescendant')).toBe(selected()?.id);
    // Down to `accounts`, open it, step into its first account, then back out to the parent.
    for (let i = 0; i < 20 && !selected()?.textContent?.startsWith('▸accounts{'); i++) {
      await user.keyboard('{ArrowDown}');
    }
    await user.keyboard('{ArrowRight}');
    expect(selected()?.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(selected()?.getAttribute('aria-level')).toBe('2');
    expect(selected()?.textContent).toContain(fixtureAccountIds[0]);
    await user.keyboard('{ArrowLeft}');
    expect(selected()?.textContent).toMatch(/^▾accounts\{/);
    await user.keyboard('{ArrowLeft}');
    expect(selected()?.getAttribute('aria-expanded')).toBe('false');
  });

  it('finds a value by search and opens the way to it', () => {
    const account = accountById(fixtureState, fixtureAccountIds[0] as string);
    render(<StateTree state={fixtureState} />);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: account?.bban } });
    const match = treeItems().find((item) => item.textContent?.startsWith('bban'));
    expect(match?.textContent).toContain(account?.bban);
    expect(treeItems()[0]?.textContent).toMatch(/^▾accounts/);
  });

  it('links ids to their views', () => {
    const id = fixtureAccountIds[0] as string;
    expect(linkOf({ path: ['accounts', id], value: {} })).toEqual({ kind: 'account', id });
    expect(linkOf({ path: ['payments', 'p', 'debtorAccount', 'id'], value: id })).toBeNull();
    expect(linkOf({ path: ['consents', 'c', 'accountIds', 0], value: id })).toBeNull();
    expect(linkOf({ path: ['transactions', id, 0, 3, 'accountId'], value: id })).toEqual({
      kind: 'account',
      id,
    });
    expect(linkFromHash(hrefOf({ kind: 'payment', id: 'a b' }))).toEqual({ kind: 'payment', id: 'a b' });
  });

  it('stays small with 100 000 transactions: rows for what is open, search stops at its limit', () => {
    const state = largeState(100_000);
    const closed = visibleRows(state, new Set());
    expect(closed.length).toBeLessThan(30);
    const found = searchTree(state, 'a', 50);
    expect(found.matches.size).toBe(50);
    expect(found.truncated).toBe(true);
    render(<StateTree state={state} />);
    expect(treeItems().length).toBeLessThan(40);
  });
});

describe('the state changes of a request', () => {
  it('lists added, changed and removed paths with their values', () => {
    render(
      <StateChangeList
        changes={[
          { kind: 'added', path: ['payments', 'p1'], after: { transactionStatus: 'RCVD' } },
          { kind: 'changed', path: ['accounts', 'a1', 'expected'], before: '10.00', after: '9.00' },
          { kind: 'removed', path: ['consents', 'c1'], before: { status: 'valid' } },
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'State changes' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      '+ added payments › p1 value {"transactionStatus":"RCVD"}',
      '~ changed accounts › a1 › expected before "10.00" after "9.00"',
      '− removed consents › c1 before {"status":"valid"}',
    ]);
  });

  it('says so when a request changed nothing', () => {
    render(<StateChangeList changes={[]} />);
    expect(screen.getByText(/No changes/)).toBeTruthy();
  });
});
