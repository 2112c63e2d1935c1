/**
 * One display row of a plain text: its line number in a gutter (not selectable, so a copied
 * selection is the text alone; `↪` where a long line continues) and the row's text.
 */

import type { CSSProperties, ReactNode, Ref } from 'react';
import { rowAt, rowText, type TextRows } from './textRows';

/** Height of an unwrapped row, in px (the virtualizer's estimate; wrapped rows are measured). */
export const ROW_PX = 18;

export interface TextRowViewProps {
  rows: TextRows;
  index: number;
  /** Gutter width in characters (the widest line number). */
  gutter: number;
  wrap: boolean;
  style?: CSSProperties;
  ref?: Ref<HTMLDivElement>;
}

export function TextRowView({ rows, index, gutter, wrap, style, ref }: TextRowViewProps): ReactNode {
  const row = rowAt(rows, index);
  const text = rowText(rows, index);
  return (
    <div
      ref={ref}
      style={style}
      data-row={index}
      data-line={row.line}
      data-testid="text-row"
      className={`flex ${wrap ? 'w-full' : 'w-max min-w-full'}`}
    >
      <span
        aria-hidden="true"
        className="shrink-0 pr-3 text-right text-fg-subtle select-none"
        style={{ width: `${gutter + 1}ch` }}
      >
        {row.continued ? '↪' : row.line}
      </span>
      <span
        data-testid="row-text"
        className={wrap ? 'min-w-0 flex-1 break-words whitespace-pre-wrap' : 'whitespace-pre'}
      >
        {text === '' ? '\u200b' : text}
      </span>
    </div>
  );
}
