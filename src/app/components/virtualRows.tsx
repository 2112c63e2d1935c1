/**
 * Every row of a long text in a scroll box of bounded height, virtualized: only the rows in view
 * (plus a margin) are in the DOM, whatever the text's size. The virtualizer's items are blocks of
 * BLOCK_ROWS rows, not rows: its bookkeeping is an object per item, and a million rows would cost
 * a long task on every measurement. A wrapped row's height is estimated from its length and the
 * box's width in characters (exact for monospace ASCII), then blocks are measured as they render,
 * so the scroll range is right before the rows are seen and End lands on the end. The box is
 * focusable, and scrolling keys inside it scroll it.
 *
 * Browsers cap an element's height (about 33M px in Chromium, less elsewhere): a text of more
 * than PART_ROWS rows is shown one part at a time, with buttons to the previous and next part.
 */

import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { smallButton } from './blockChrome';
import { ROW_PX, TextRowView } from './textRowView';
import { rowAt, type TextRows } from './textRows';

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

/** Rows per part: 500k rows of 18 px, plus wrapped lines, stay well under any browser's cap. */
export const PART_ROWS = 500_000;

/** Width of the gutter's right padding (pr-3), in px. */
const GUTTER_PAD_PX = 12;

export function VirtualRows(props: VirtualRowsProps): ReactNode {
  const { rows } = props;
  const [part, setPart] = useState(0);
  const parts = Math.ceil(rows.rowCount / PART_ROWS);
  if (parts <= 1) return <PartRows {...props} from={0} to={rows.rowCount} />;
  const from = part * PART_ROWS;
  const to = Math.min(rows.rowCount, from + PART_ROWS);
  const count = (n: number): string => n.toLocaleString('en-US');
  return (
    <div>
      <div
        className="mb-0.5 flex items-center gap-2 font-sans text-[11px] text-fg-subtle"
        data-testid="text-part"
      >
        <span>
          lines {count(rowAt(rows, from).line)}–{count(rowAt(rows, to - 1).line)} of {count(rows.lineCount)}
        </span>
        <button type="button" className={smallButton} disabled={part === 0} onClick={() => setPart(part - 1)}>
          previous part
        </button>
        <button
          type="button"
          className={smallButton}
          disabled={part === parts - 1}
          onClick={() => setPart(part + 1)}
        >
          next part
        </button>
      </div>
      <PartRows key={part} {...props} from={from} to={to} />
    </div>
  );
}

/** Rows [from, to) of the text, virtualized in a scroll box. */
function PartRows({
  rows,
  gutter,
  wrap,
  label,
  from,
  to,
}: VirtualRowsProps & { from: number; to: number }): ReactNode {
  const scrollRef = useRef<HTMLDivElement>(null);
  const probeRef = useRef<HTMLSpanElement>(null);
  /** Characters per visual line of a wrapped row (0 until measured). */
  const perLine = useRef(0);
  const blocks = Math.ceil((to - from) / BLOCK_ROWS);
  const virtualizer = useVirtualizer({
    count: blocks,
    getScrollElement: () => scrollRef.current,
    estimateSize: (b) => {
      const first = from + b * BLOCK_ROWS;
      const end = Math.min(first + BLOCK_ROWS, to);
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
      virtualizer.scrollToIndex(e.key === 'Home' ? 0 : blocks - 1, {
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
          const first = from + item.index * BLOCK_ROWS;
          const block: ReactNode[] = [];
          for (let r = first; r < Math.min(first + BLOCK_ROWS, to); r++)
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
