/**
 * A long text as display rows, without copying it: each line is one row, and a line longer than
 * `ROW_CHARS` is cut into several rows (a 29 MB single-line JSON cannot be laid out as one line).
 * The index is three typed arrays (start, end, line of each row), built in slices so indexing
 * tens of megabytes never blocks the page for long; a `TextRows` value is never changed once
 * made: `indexRows` returns a new one (sharing the arrays, which only grow past the old end).
 *
 * A trailing newline ends the last line instead of starting an empty one, and a `\r` before a
 * line's `\n` is not shown. Rows never split a surrogate pair.
 */

/** The longest row: longer lines continue on further rows. */
export const ROW_CHARS = 2_000;

export interface TextRows {
  readonly text: string;
  /** Rows indexed so far (all of them once `done`). */
  readonly rowCount: number;
  /** Lines indexed so far (all of them once `done`). */
  readonly lineCount: number;
  /** Whether the whole text is indexed. */
  readonly done: boolean;
  /** Where the next line to index starts. */
  readonly scanned: number;
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
  /** The 0-based line of each row. */
  readonly lines: Uint32Array;
}

/** One display row: text[start, end) is shown; `continued` when it carries on the line above. */
export interface Row {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  /** 1-based line number. */
  readonly line: number;
  readonly continued: boolean;
}

/** A text with nothing indexed yet. */
export function startRows(text: string): TextRows {
  const cap = 64;
  return {
    text,
    rowCount: 0,
    lineCount: 0,
    done: false,
    scanned: 0,
    starts: new Uint32Array(cap),
    ends: new Uint32Array(cap),
    lines: new Uint32Array(cap),
  };
}

function grown(a: Uint32Array, need: number): Uint32Array {
  if (need <= a.length) return a;
  const b = new Uint32Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

/** The end of a row that starts at `start` on a line ending at `lineEnd`. */
function rowEnd(text: string, start: number, lineEnd: number): number {
  if (lineEnd - start <= ROW_CHARS) return lineEnd;
  const end = start + ROW_CHARS;
  const c = text.charCodeAt(end - 1);
  return c >= 0xd800 && c <= 0xdbff ? end - 1 : end;
}

/** Indexes about `budget` more characters (whole lines, so a long line may go past it). */
export function indexRows(prev: TextRows, budget: number): TextRows {
  if (prev.done) return prev;
  const text = prev.text;
  const n = text.length;
  let { starts, ends, lines, rowCount, lineCount, scanned: pos } = prev;
  const stop = pos + budget;
  // An empty text is one empty line; otherwise a line starts at every position < n.
  let done = n === 0 && rowCount > 0;
  while (!done && (pos < n || (n === 0 && rowCount === 0)) && pos <= stop) {
    let nl = text.indexOf('\n', pos);
    if (nl === -1) nl = n;
    const lineEnd = nl > pos && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    let start = pos;
    for (;;) {
      const end = rowEnd(text, start, lineEnd);
      if (rowCount === starts.length) {
        starts = grown(starts, rowCount + 1);
        ends = grown(ends, rowCount + 1);
        lines = grown(lines, rowCount + 1);
      }
      starts[rowCount] = start;
      ends[rowCount] = end;
      lines[rowCount] = lineCount;
      rowCount++;
      if (end >= lineEnd) break;
      start = end;
    }
    lineCount++;
    pos = nl + 1;
    if (n === 0) break;
  }
  done = pos >= n;
  return { text, rowCount, lineCount, done, scanned: Math.min(pos, n), starts, ends, lines };
}

/** The whole text indexed at once (for texts small enough not to need slicing). */
export function indexAll(text: string): TextRows {
  return indexRows(startRows(text), Infinity);
}

export function rowAt(rows: TextRows, r: number): Row {
  const start = rows.starts[r] ?? 0;
  const line = rows.lines[r] ?? 0;
  return {
    index: r,
    start,
    end: rows.ends[r] ?? start,
    line: line + 1,
    continued: r > 0 && rows.lines[r - 1] === line,
  };
}

export function rowText(rows: TextRows, r: number): string {
  return rows.text.slice(rows.starts[r] ?? 0, rows.ends[r] ?? 0);
}

/** Rows shown before the elision in a collapsed long text. */
export const HEAD_ROWS = 12;
/** Rows shown after it: the end of an output is where test runners put their failures. */
export const TAIL_ROWS = 30;
/**
 * Characters shown before and after the elision, whatever the rows: a rewritten 4 MB one-line
 * message is 2,000 rows of ROW_CHARS, and drawing 42 of them in two narrow wrapping columns (the
 * input diff) cost seconds of layout. Together they stay within SHOWN_CHARS.
 */
export const HEAD_CHARS = 8_000;
export const TAIL_CHARS = 12_000;
export const SHOWN_CHARS = HEAD_CHARS + TAIL_CHARS;
/** Never hide fewer rows than this (hiding three lines behind a button helps nobody)... */
const MIN_HIDDEN_ROWS = 10;
/** ...unless they hold at least this many characters. */
const MIN_HIDDEN_CHARS = 4_000;

/** The rows a collapsed text hides: [from, to), with how many lines start in them and their size. */
export interface Elision {
  from: number;
  to: number;
  /** Lines whose first row is hidden. */
  lines: number;
  /** Characters hidden (line breaks included). */
  chars: number;
}

/** How many leading rows (of those indexed) fit in `head` rows and `headChars` characters; at least one. */
export function headRowCount(rows: TextRows, head = HEAD_ROWS, headChars = HEAD_CHARS): number {
  const most = Math.min(head, rows.rowCount);
  let n = Math.min(1, most);
  while (n < most && (rows.ends[n] ?? 0) <= headChars) n++;
  return n;
}

/** What a collapsed view of a fully indexed text hides, or null when it shows everything. */
export function elide(
  rows: TextRows,
  head = HEAD_ROWS,
  tail = TAIL_ROWS,
  headChars = HEAD_CHARS,
  tailChars = TAIL_CHARS,
): Elision | null {
  if (!rows.done) return null;
  const from = headRowCount(rows, head, headChars);
  const last = rows.rowCount - 1;
  const tailEnd = rows.ends[last] ?? 0;
  let to = rows.rowCount;
  while (to > from && rows.rowCount - to < tail && tailEnd - (rows.starts[to - 1] ?? 0) <= tailChars) to--;
  if (to === rows.rowCount && to > from) to--; // the last row at least, however long
  if (to <= from) return null;
  const chars = (rows.starts[to] ?? rows.text.length) - (rows.ends[from - 1] ?? 0);
  if (to - from < MIN_HIDDEN_ROWS && chars < MIN_HIDDEN_CHARS) return null;
  const lines = (rows.lines[to - 1] ?? 0) - (rows.lines[from - 1] ?? 0);
  return { from, to, lines, chars };
}
