/**
 * A message's height guessed from what it holds, before it is measured: where the list places
 * the items of a new seq in its first frame (useTailList.ts). At one estimate for every message
 * (120 px), a seek placed a 4,853-line tool result (drawn elided: 42 rows, 20,000 characters) among
 * the items on screen, laid it out, then scrolled it away once measured: 41 ms of layout in the
 * seek's frame. The guess needs to be right within a factor, not to the pixel.
 */
import type { ViewMessage } from '../../worker/protocol';
import { HEAD_ROWS, TAIL_ROWS } from '../components/textRows';

/** The chrome of a message (its header line, borders) and of each block in it. */
const MESSAGE_PX = 40;
const BLOCK_PX = 30;
/** One row of text in the pane (text-xs, snug). */
const ROW_PX = 17;
/** Characters on a row of a message about 500 px wide. */
const ROW_CHARS = 80;
/** A long text is drawn elided to its head and tail rows. */
const MAX_ROWS = HEAD_ROWS + TAIL_ROWS + 2;

export function guessMessageHeight(m: ViewMessage): number {
  const content: unknown = m.message.content;
  if (typeof content === 'string') return MESSAGE_PX + BLOCK_PX + ROW_PX * textRows(content);
  if (!Array.isArray(content)) return MESSAGE_PX;
  let px = MESSAGE_PX;
  for (const block of content as unknown[]) px += BLOCK_PX + ROW_PX * blockRows(block);
  return px;
}

function blockRows(block: unknown): number {
  if (typeof block !== 'object' || block === null) return 1;
  const b = block as { text?: unknown; arguments?: unknown; content?: unknown };
  if (typeof b.text === 'string') return textRows(b.text);
  // A call's arguments are drawn as indented JSON: about one row per field.
  if (typeof b.arguments === 'string') return Math.min(MAX_ROWS, 2 + (b.arguments.match(/,/g)?.length ?? 0));
  if (Array.isArray(b.content)) {
    let rows = 0;
    for (const part of b.content as unknown[]) rows += blockRows(part);
    return Math.min(MAX_ROWS, rows);
  }
  return 1;
}

/**
 * Rows of `text` wrapped at ROW_CHARS, at most MAX_ROWS. Only its first ROW_CHARS * MAX_ROWS
 * characters are read: every ROW_CHARS characters make a row at least, so those reach the cap
 * (a 29 MB one-line output is not searched for a newline on every render).
 */
function textRows(whole: string): number {
  const text = whole.length > ROW_CHARS * MAX_ROWS ? whole.slice(0, ROW_CHARS * MAX_ROWS) : whole;
  let rows = 0;
  for (let start = 0; start <= text.length && rows < MAX_ROWS;) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    rows += Math.max(1, Math.ceil((end - start) / ROW_CHARS));
    start = end + 1;
  }
  return Math.min(MAX_ROWS, rows);
}
