import { type State, stateToExport } from '@sandbank/engine';
import { type KeyboardEvent, useDeferredValue, useId, useMemo, useState } from 'react';
import {
  hrefOf,
  linkOf,
  parentId,
  preview,
  searchTree,
  type TreeRow,
  valueAt,
  visibleRows,
} from '../derive/state-tree.js';
import { SearchBox } from './SearchBox.js';
import { formatPath } from './StateChanges.js';
import { VirtualList } from './VirtualList.js';

const ROW_HEIGHT = 28;

/** A DOM id for a row (aria-activedescendant): the path, made safe. */
function domId(prefix: string, id: string): string {
  return `${prefix}-${Array.from(id, (c) => (/[\w-]/.test(c) ? c : `_${c.codePointAt(0)}`)).join('')}`;
}

/**
 * The whole bank state as an expandable tree (WAI-ARIA tree pattern: arrows move and open, Home/End,
 * Enter follows an id's link), with search by key or value, ids linked to their views and any
 * subtree copied as JSON. Virtualised: only the rows in view are in the page, so a ledger of
 * 100 000 transactions costs nothing until it is opened, and then only what shows.
 */
export function StateTree({ state }: { state: State }) {
  // The named snapshots are listed (with restore and delete) above the tree, not inside it. Payments
  // and authorisations are shown by id, as the export lists them, not in the engine's chunks.
  const root = useMemo(() => {
    const { snapshots: _snapshots, ...bank } = stateToExport(state);
    return bank;
  }, [state]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const needle = useDeferredValue(query);
  const search = useMemo(() => (needle.trim() === '' ? undefined : searchTree(root, needle)), [root, needle]);
  const rows = useMemo(() => visibleRows(root, expanded, search), [root, expanded, search]);
  const index = focused === null ? -1 : rows.findIndex((r) => r.id === focused);
  const current = index >= 0 ? (rows[index] as TreeRow) : null;
  const prefix = useId().replace(/:/g, '');

  const toggle = (row: TreeRow, open = !row.expanded) => {
    setExpanded((before) => {
      const next = new Set(before);
      if (open) next.add(row.id);
      else next.delete(row.id);
      return next;
    });
  };
  const copy = async (row: TreeRow | null) => {
    const value = row === null ? root : valueAt(root, row.path);
    const where = row === null ? 'the whole state' : formatPath(row.path);
    try {
      await navigator.clipboard.writeText(JSON.stringify(value, null, 2));
      setNote(`Copied ${where} as JSON.`);
    } catch {
      setNote('The clipboard is not available here.');
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (rows.length === 0) return;
    const at = Math.max(0, index);
    const row = rows[at] as TreeRow;
    const move = (to: number) => setFocused((rows[Math.min(rows.length - 1, Math.max(0, to))] as TreeRow).id);
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        move(index < 0 ? 0 : at + 1);
        break;
      case 'ArrowUp':
        move(at - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(rows.length - 1);
        break;
      case 'ArrowRight':
        if (index < 0) move(0);
        else if (row.expandable && !row.expanded) toggle(row, true);
        else if (row.expanded) move(at + 1);
        break;
      case 'ArrowLeft': {
        if (row.expanded) toggle(row, false);
        else {
          const parent = parentId(row);
          if (parent !== null) setFocused(parent);
        }
        break;
      }
      case 'Enter': {
        const link = linkOf(row);
        if (link !== null) location.hash = hrefOf(link);
        else if (row.expandable) toggle(row);
        break;
      }
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  return (
    <section className="state-tree" aria-label="State tree">
      <SearchBox
        query={query}
        onQuery={setQuery}
        placeholder="key or value, e.g. a payment id"
        status={
          search === undefined
            ? ''
            : search.matches.size === 0
              ? 'No match.'
              : `${search.matches.size}${search.truncated ? '+' : ''} ${search.matches.size === 1 ? 'match' : 'matches'}`
        }
      >
        <button type="button" onClick={() => copy(current)}>
          {current === null ? 'Copy state as JSON' : 'Copy selected as JSON'}
        </button>
        <button type="button" onClick={() => setExpanded(new Set())}>
          Collapse all
        </button>
      </SearchBox>
      {current !== null ? (
        <p className="mono small tree-path">
          <span className="visually-hidden">Selected: </span>
          {formatPath(current.path)}
        </p>
      ) : null}
      <VirtualList
        items={rows}
        rowHeight={ROW_HEIGHT}
        label="Bank state"
        className="scroller tree-scroller"
        getKey={(row) => row.id}
        itemRole="none"
        {...(index >= 0 ? { scrollToIndex: index } : {})}
        listProps={{
          role: 'tree',
          tabIndex: 0,
          'aria-activedescendant': current === null ? undefined : domId(prefix, current.id),
          onKeyDown,
          onFocus: () => {
            if (focused === null && rows[0] !== undefined) setFocused(rows[0].id);
          },
        }}
        empty={search === undefined ? 'The state is empty.' : 'Nothing in the state matches.'}
        renderRow={(row) => {
          const link = linkOf(row);
          const match = search?.matches.has(row.id) ?? false;
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the tree handles the keyboard (aria-activedescendant)
            <div
              id={domId(prefix, row.id)}
              role="treeitem"
              tabIndex={-1}
              aria-level={row.depth}
              aria-posinset={row.position}
              aria-setsize={row.siblings}
              aria-expanded={row.expandable ? row.expanded : undefined}
              aria-selected={row.id === current?.id}
              className={`tree-row${match ? ' tree-match' : ''}`}
              style={{ paddingLeft: `${(row.depth - 1) * 1.1 + 0.25}rem` }}
              onClick={() => {
                setFocused(row.id);
                if (row.expandable) toggle(row);
              }}
            >
              <span className="tree-toggle" aria-hidden="true">
                {row.expandable ? (row.expanded ? '▾' : '▸') : ''}
              </span>
              <span className="tree-key mono">{typeof row.key === 'number' ? row.key : `${row.key}`}</span>
              <span className="tree-value mono">
                {link !== null && typeof row.value === 'string' ? (
                  <a href={hrefOf(link)} tabIndex={-1} onClick={(e) => e.stopPropagation()}>
                    {preview(row.value)}
                  </a>
                ) : (
                  <span className="muted">{preview(row.value)}</span>
                )}
                {link !== null && typeof row.value !== 'string' ? (
                  <a
                    className="tree-open small"
                    href={hrefOf(link)}
                    tabIndex={-1}
                    onClick={(e) => e.stopPropagation()}
                  >
                    open {link.kind}
                  </a>
                ) : null}
              </span>
            </div>
          );
        }}
      />
      <p aria-live="polite" className="muted small status-line">
        {note}
      </p>
    </section>
  );
}
