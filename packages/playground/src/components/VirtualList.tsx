import { useVirtualizer } from '@tanstack/react-virtual';
import { type HTMLAttributes, type ReactNode, useEffect, useRef } from 'react';

/**
 * A long list where only the visible rows are in the page (`@tanstack/react-virtual`), so 100 000
 * rows scroll as smoothly as ten. Rows have a fixed height; the list scrolls inside its own box.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  getKey,
  renderRow,
  rowClassName,
  label,
  scrollLabel,
  className = 'scroller',
  overscan = 10,
  followEnd = false,
  empty,
  listProps,
  itemRole,
  scrollToIndex,
}: {
  items: readonly T[];
  /** Every row's height in px (the CSS must agree). */
  rowHeight: number;
  getKey: (item: T, index: number) => string;
  renderRow: (item: T, index: number) => ReactNode;
  rowClassName?: (item: T) => string;
  /** The list's accessible name. */
  label: string;
  /**
   * The scrolling region's name, for rows with nothing focusable in them: the region then takes
   * keyboard focus so it can be scrolled without a mouse (WCAG 2.1.1). Rows with buttons leave it out.
   */
  scrollLabel?: string;
  /** Classes of the scrolling box (height and border come from CSS). */
  className?: string;
  /** Rows rendered beyond the visible ones, each way. */
  overscan?: number;
  /** Like a network panel: stay on the newest (last) row while the view is at the bottom. */
  followEnd?: boolean;
  /** Shown when there are no items. */
  empty?: ReactNode;
  /** Extra attributes of the list element, e.g. `role="tree"` and its keyboard handling. */
  listProps?: HTMLAttributes<HTMLUListElement>;
  /** The role of each row's `li` (`none` when the row's content carries the role, e.g. a treeitem). */
  itemRole?: string;
  /** Keeps this row in view (e.g. the one a keyboard user moved to). */
  scrollToIndex?: number;
}) {
  const scroller = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan,
    // jsdom and the first render have no layout: assume a box of this size until it is measured.
    initialRect: { width: 800, height: 400 },
  });
  const following = useRef(true);
  useEffect(() => {
    if (scrollToIndex !== undefined && scrollToIndex >= 0 && scrollToIndex < items.length) {
      virtualizer.scrollToIndex(scrollToIndex, { align: 'auto' });
    }
  }, [scrollToIndex, items.length, virtualizer]);
  useEffect(() => {
    if (followEnd && following.current && items.length > 0) {
      virtualizer.scrollToIndex(items.length - 1, { align: 'end' });
    }
  }, [followEnd, items.length, virtualizer]);
  const rows = (
    <>
      <ul
        className="virtual-list"
        aria-label={label}
        {...listProps}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index];
          if (item === undefined) return null;
          return (
            <li
              key={getKey(item, row.index)}
              role={itemRole}
              className={rowClassName?.(item)}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: rowHeight,
                transform: `translateY(${row.start}px)`,
              }}
            >
              {renderRow(item, row.index)}
            </li>
          );
        })}
      </ul>
      {items.length === 0 && empty !== undefined ? <p className="muted empty">{empty}</p> : null}
    </>
  );
  const onScroll = (e: React.UIEvent<HTMLElement>) => {
    const el = e.currentTarget;
    following.current = el.scrollTop + el.clientHeight >= el.scrollHeight - rowHeight;
  };
  return scrollLabel === undefined ? (
    <div
      ref={scroller as React.RefObject<HTMLDivElement>}
      className={className}
      tabIndex={-1}
      onScroll={onScroll}
    >
      {rows}
    </div>
  ) : (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region without focusable rows must take keyboard focus (WCAG 2.1.1)
    <section ref={scroller} className={className} tabIndex={0} aria-label={scrollLabel} onScroll={onScroll}>
      {rows}
    </section>
  );
}
