/**
 * Every row of a long text in a scroll box of bounded height, virtualized: only the rows in view
 * (plus a margin) are in the DOM, whatever the text's size. Wrapped rows are measured as they
 * render. The box is focusable, so its text can be scrolled with the keyboard.
 */

import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';
import { ROW_PX, TextRowView } from './textRowView';
import type { TextRows } from './textRows';

export interface VirtualRowsProps {
  rows: TextRows;
  gutter: number;
  wrap: boolean;
  /** The scroll box's accessible name. */
  label: string;
}

export function VirtualRows({ rows, gutter, wrap, label }: VirtualRowsProps): ReactNode {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    overscan: 20,
  });
  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label={label}
      tabIndex={0}
      data-testid="text-scroll"
      className="max-h-[min(70vh,40rem)] overflow-auto overscroll-contain focus-visible:outline-2 focus-visible:outline-sky-400"
    >
      <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <TextRowView
            key={item.key}
            ref={virtualizer.measureElement}
            rows={rows}
            index={item.index}
            gutter={gutter}
            wrap={wrap}
            style={{ position: 'absolute', top: 0, left: 0, transform: `translateY(${item.start}px)` }}
          />
        ))}
      </div>
    </div>
  );
}
