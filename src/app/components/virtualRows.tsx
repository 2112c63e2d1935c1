/**
 * Every row of a long text in a scroll box of bounded height, virtualized: only the rows in view
 * (plus a margin) are in the DOM, whatever the text's size. The virtualizer's items are blocks of
 * BLOCK_ROWS rows, not rows: its bookkeeping is an object per item, and a million rows would cost
 * a long task on every measurement. A wrapped row's height is estimated from its length and the
 * box's width in characters (exact for monospace ASCII), then blocks are measured as they render,
 * so the scroll range is right before the rows are seen and End lands on the end. The box is
 * focusable, and scrolling keys inside it scroll it.
 */

import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type ReactNode, useLayoutEffect, useRef } from 'react';
import { ROW_PX, TextRowView } from './textRowView';
import type { TextRows } from './textRows';

export interface VirtualRowsProps {
  rows: TextRows;
  gutter: number;
  wrap: boolean;
  /** The scroll box's accessible name. */
  label: string;
}

/** Keys that scroll a focused box; the app's global shortcuts (Home/End: first/last event) must not take them. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', ' ']);

/** Rows per virtualized item. */
const BLOCK_ROWS = 16;

/** Width of the gutter's right padding (pr-3), in px. */
const GUTTER_PAD_PX = 12;

export function VirtualRows({ rows, gutter, wrap, label }: VirtualRowsProps): ReactNode {
  const scrollRef = useRef<HTMLDivElement>(null);
  const probeRef = useRef<HTMLSpanElement>(null);
  /** Characters per visual line of a wrapped row (0 until measured). */
  const perLine = useRef(0);
  const blocks = Math.ceil(rows.rowCount / BLOCK_ROWS);
  const virtualizer = useVirtualizer({
    count: blocks,
    getScrollElement: () => scrollRef.current,
    estimateSize: (b) => {
      const first = b * BLOCK_ROWS;
      const end = Math.min(first + BLOCK_ROWS, rows.rowCount);
      const n = perLine.current;
      if (!wrap || n <= 0) return ROW_PX * (end - first);
      let lines = 0;
      for (let r = first; r < end; r++)
        lines += Math.max(1, Math.ceil(((rows.ends[r] ?? 0) - (rows.starts[r] ?? 0)) / n));
      return ROW_PX * lines;
    },
    overscan: 2,
  });

  useLayoutEffect(() => {
    const box = scrollRef.current;
    const probe = probeRef.current;
    if (!box || !probe) return;
    const update = (): void => {
      const charPx = probe.getBoundingClientRect().width / 64;
      const textPx = box.clientWidth - (gutter + 1) * charPx - GUTTER_PAD_PX;
      const n = charPx > 0 ? Math.max(1, Math.floor(textPx / charPx)) : 0;
      if (n === perLine.current) return;
      perLine.current = n;
      virtualizer.measure();
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(box);
    return () => observer.disconnect();
  }, [virtualizer, gutter]);

  useLayoutEffect(() => {
    virtualizer.measure();
  }, [virtualizer, wrap]);

  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Home' || e.key === 'End') {
      // The virtualizer knows where the first and last rows are, measured or not.
      e.preventDefault();
      e.stopPropagation();
      virtualizer.scrollToIndex(e.key === 'Home' ? 0 : rows.rowCount - 1, {
        align: e.key === 'Home' ? 'start' : 'end',
      });
    } else if (SCROLL_KEYS.has(e.key)) {
      e.stopPropagation();
    }
  };

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label={label}
      tabIndex={0}
      data-testid="text-scroll"
      onKeyDown={onKeyDown}
      className="relative max-h-[min(70vh,40rem)] overflow-auto focus-visible:outline-2 focus-visible:outline-sky-400"
    >
      <span ref={probeRef} aria-hidden="true" className="invisible absolute top-0 left-0 whitespace-pre">
        {'0'.repeat(64)}
      </span>
      <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const first = item.index * BLOCK_ROWS;
          const block: ReactNode[] = [];
          for (let r = first; r < Math.min(first + BLOCK_ROWS, rows.rowCount); r++)
            block.push(<TextRowView key={r} rows={rows} index={r} gutter={gutter} wrap={wrap} />);
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className={wrap ? 'w-full' : 'w-max min-w-full'}
              style={{ position: 'absolute', top: 0, left: 0, transform: `translateY(${item.start}px)` }}
            >
              {block}
            </div>
          );
        })}
      </div>
    </div>
  );
}
