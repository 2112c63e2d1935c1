/**
 * A message's blocks, bounded: a message of 30,000 tool calls or 100,000 text blocks renders its
 * first FIRST_BLOCKS and a button for the rest (MORE_BLOCKS per press), as a long text shows its
 * head, so one message never fills the DOM and holds the main thread for seconds.
 */
import { useState, type ReactNode } from 'react';
import { linkButton } from './blockChrome';
import { LIST_BOUND } from './boundedList';

/** Blocks a message shows before its "show more" button. */
export const FIRST_BLOCKS = 40;
/** Blocks each press of "show more" adds: the bound every long list draws at once. */
export const MORE_BLOCKS = LIST_BOUND;

const count = (n: number) => n.toLocaleString('en-US');

/** `total` blocks, of which the first shown ones are drawn by `render(i)`. */
export function BoundedBlocks({
  total,
  render,
}: {
  total: number;
  render: (index: number) => ReactNode;
}): ReactNode {
  const [limit, setLimit] = useState(FIRST_BLOCKS);
  const shown = Math.min(total, limit);
  const out: ReactNode[] = [];
  for (let i = 0; i < shown; i++) out.push(render(i));
  const hidden = total - shown;
  if (hidden > 0)
    out.push(
      <button
        key="more-blocks"
        type="button"
        data-testid="more-blocks"
        className={`${linkButton} self-start text-xs`}
        onClick={() => setLimit(shown + MORE_BLOCKS)}
      >
        Show {count(Math.min(hidden, MORE_BLOCKS))} more blocks ({count(hidden)} not shown)
      </button>,
    );
  return out;
}
