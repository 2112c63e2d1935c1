/**
 * The Types menu's list: one checkbox row per type, virtualized: only the rows in view (and a few
 * past its edges) are in the DOM. Drawing all of the menu's rows at once, each a long name of a
 * hostile log, was one 110 ms task when the menu opened (audit R12-L1). A row draws the head of
 * its type's name (the box cuts the rest anyway), isolated by NameText; the title has it whole.
 *
 * Keyboard: the checkboxes are tabbable in order. Tab onto a row near the edge scrolls it into
 * view, which draws the next rows; the focused row stays drawn when the list scrolls away from it,
 * so the focus is never dropped with its row.
 */
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useRef } from 'react';
import { eventTypeBadgeClass } from '../components/format';
import { NameText } from '../components/NameText';
import { visibleName } from '../../core/view/bidiControls';

/** A row's height: fixed, so the list's length is known before any row is drawn. */
export const TYPE_ROW_PX = 22;
/** Code points of a type's name a row draws: the widest menu shows fewer. */
export const TYPE_NAME_CHARS = 64;
/** Rows drawn past each edge of the view, so Tab always has a next row to go to. */
const OVERSCAN = 6;

export interface TypeRowsProps {
  rows: readonly { type: string; count: number }[];
  /** Whether each type is shown (its box is checked). */
  shown: ReadonlySet<string>;
  onToggle: (type: string) => void;
}

export function TypeRows({ rows, shown, onToggle }: TypeRowsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  /** The index of the row whose checkbox has the focus (-1: none). */
  const focused = useRef(-1);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const f = focused.current;
    if (f < 0 || f >= range.count || indexes.includes(f)) return indexes;
    return [...indexes, f].sort((a, b) => a - b);
  }, []);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => TYPE_ROW_PX,
    getItemKey: (i) => rows[i]?.type ?? i,
    overscan: OVERSCAN,
    rangeExtractor,
  });
  return (
    <div
      ref={scrollRef}
      className="min-h-0 flex-1 overflow-auto"
      data-testid="type-picker-list"
      data-count={rows.length}
    >
      <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const t = rows[item.index];
          if (!t) return null;
          return (
            <label
              key={item.key}
              data-index={item.index}
              className="absolute top-0 left-0 flex w-full cursor-pointer items-center gap-2 rounded px-1 hover:bg-tint/5"
              style={{ height: TYPE_ROW_PX, transform: `translateY(${item.start}px)` }}
            >
              <input
                type="checkbox"
                checked={shown.has(t.type)}
                onChange={() => onToggle(t.type)}
                onFocus={() => (focused.current = item.index)}
                onBlur={() => (focused.current = -1)}
                className="accent-sky-500"
              />
              <span
                className={`min-w-0 truncate rounded border px-1 font-mono text-[10px] ${eventTypeBadgeClass(t.type)}`}
                title={visibleName(t.type)}
              >
                <NameText name={t.type} maxChars={TYPE_NAME_CHARS} />
              </span>
              <span className="ml-auto font-mono text-[11px] text-fg-subtle">
                {t.count.toLocaleString('en-US')}
              </span>
            </label>
          );
        })}
      </div>
    </div>
  );
}
