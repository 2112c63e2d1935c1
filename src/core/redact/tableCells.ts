/**
 * A label in a table's row (labels.ts: `| DB_PASSWORD | V |`, `│ Database Password │ V │`): which
 * cell holds its value, and the rows a wrapped value goes on in (audit 26 L2). Tables come as
 * markdown (`|`), as boxes drawn by CLIs (`doppler secrets`, `railway variables`, rich: `│ ┃ ║`,
 * dashed `┆ ┊ ╎`) and in full width (`｜`). A row with more columns (`│ DB_PASSWORD │ production │ V
 * │`) holds the value in the column its header names (`Value`, `Secret`), else in the first cell
 * that is no environment or type word. Everything is read within a few lines around the label.
 */

/** The bars of a drawn box (no `|`: a bare value may hold one). */
export const BOX_BARS = '\u2502\u2503\u2551\u2506\u2507\u250a\u250b\u254e\u254f\uff5c';
/** A table's cell bar, as a regex class. */
export const CELL_BAR = `[|${BOX_BARS}]`;
const BAR = new RegExp(CELL_BAR);

/** How far back a row's start and its header are looked for. */
const LINE_REACH = 1024;
const HEADER_LINES = 8;
/** A header that names the value's column. */
const VALUE_HEADER = /^(?:value|values|secret|secret value|password|token|key|api key|credential)$/i;
/** A cell that says where or how a value is kept, not the value: an environment, a type. */
const SCOPE_WORD =
  /^(?:production|prod|staging|stage|development|dev|test|testing|preview|local|all|shared|default|global|sandbox|live|qa|uat|ci|encrypted|plain|plaintext|string|securestring|secure|sensitive|secret|text|env|environment|runtime|build|\d{1,3})$/i;

function lineStart(s: string, at: number): number {
  for (let i = at - 1; i >= Math.max(0, at - LINE_REACH); i--)
    if (s[i] === '\n' || s[i] === '\r') return i + 1;
  return at > LINE_REACH ? -1 : 0;
}

function lineEnd(s: string, at: number): number {
  const limit = Math.min(s.length, at + LINE_REACH);
  for (let i = at; i < limit; i++) if (s[i] === '\n' || s[i] === '\r') return i;
  return limit;
}

/**
 * Whether the label at `from` starts a table's cell, maybe after words (`| Database Password | x
 * |`): read back over at most three words, not by a regex tried at each place before it.
 */
export function inCell(s: string, from: number): boolean {
  const floor = Math.max(0, from - 128);
  let i = from;
  for (let words = 0; ; words++) {
    while (i > floor && FILL.test(s[i - 1] as string)) i--;
    if (i > floor && BAR.test(s[i - 1] as string)) return true;
    if (words === 3 || i === from) return false; // a label glued to what is before it
    const end = i;
    while (i > floor && end - i <= 31 && WORD_CHAR.test(s[i - 1] as string)) i--;
    if (i === end || !/[A-Za-z]/.test(s[i] as string)) return false;
  }
}
const FILL = /[ \t*`]/;
const WORD_CHAR = /[\w-]/;

/** The cells of a line [from, to) between its bars: [start, end) each, untrimmed. */
function cells(s: string, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  let open = -1;
  for (let i = from; i < to; i++) {
    if (!BAR.test(s[i] as string)) continue;
    if (open !== -1) out.push([open, i]);
    open = i + 1;
  }
  return out;
}

function trimmed(s: string, [from, to]: [number, number]): [number, number] {
  while (from < to && /\s/.test(s[from] as string)) from++;
  while (to > from && /\s/.test(s[to - 1] as string)) to--;
  return [from, to];
}

/** A text's table rows, each read once (a row of many labels is split into cells once, not per label). */
export class TableReader {
  private from = -2;
  private row: [number, number][] = [];
  private header = -1;
  /** How far the text was read for line breaks, and the last one before that. */
  private scanned = 0;
  private newline = -1;

  constructor(private readonly s: string) {}

  /** Where the line holding `at` starts (-1: too far back), read forward once as labels come in order. */
  private lineStart(at: number): number {
    if (at < this.scanned) return lineStart(this.s, at);
    for (; this.scanned < at; this.scanned++) {
      const c = this.s[this.scanned];
      if (c === '\n' || c === '\r') this.newline = this.scanned;
    }
    return at - this.newline - 1 > LINE_REACH ? -1 : this.newline + 1;
  }

  /** The cells of the line holding `at`, its start (-1: a line too long to be a table's) and its header's value column. */
  private line(at: number): { from: number; row: [number, number][]; header: number } {
    const from = this.lineStart(at);
    if (from !== this.from) {
      this.from = from;
      this.row = from === -1 ? [] : cells(this.s, from, lineEnd(this.s, at));
      this.header = from === -1 ? -1 : headerColumn(this.s, from, this.row.length);
    }
    return { from, row: this.row, header: this.header };
  }

  /**
   * Where the value of the label whose cell's bar after it is at `bar` starts: the next cell's text
   * (`start`, as the separator left it), or a later cell's when the header names that column or
   * the next cell holds an environment or type word.
   */
  valueCell(bar: number, start: number): number {
    const s = this.s;
    const { row, header } = this.line(bar);
    const label = row.findIndex(([, to]) => to === bar);
    if (label === -1 || row.length < label + 3) return start;
    if (header > label) return trimmed(s, row[header] as [number, number])[0];
    for (let c = label + 1; c < row.length; c++) {
      const [a, b] = trimmed(s, row[c] as [number, number]);
      if (a < b && !SCOPE_WORD.test(s.slice(a, b))) return c === label + 1 ? start : a;
    }
    return start;
  }

  /**
   * The rest of a value wrapped in its cell [start, end): the same column's text on the rows below
   * whose other cells are blank (`│             │ rest │`), while the value fills its cell.
   */
  *wrappedRows(start: number, end: number): Generator<readonly [number, number]> {
    const s = this.s;
    // the value fills its cell: a bar after it, or one space then a bar
    if (!BAR.test(s[end] ?? '') && !(s[end] === ' ' && BAR.test(s[end + 1] ?? ''))) return;
    let { from, row } = this.line(start);
    if (from === -1) return;
    let to = lineEnd(s, end);
    const column = row.findIndex(([a, b]) => a <= start && end <= b);
    if (column === -1) return;
    for (let n = 0; n < HEADER_LINES; n++) {
      const next = to + (s[to] === '\r' && s[to + 1] === '\n' ? 2 : 1);
      if (next >= s.length || !BAR.test(s[next] ?? '')) return;
      const nextEnd = lineEnd(s, next);
      const nextRow = cells(s, next, nextEnd);
      const aligned =
        nextRow.length === row.length &&
        nextRow.every(([a, b], c) => {
          const [a0, b0] = row[c] as [number, number];
          return a - next === a0 - from && b - a === b0 - a0;
        });
      if (!aligned) return;
      const [a, b] = trimmed(s, nextRow[column] as [number, number]);
      const blank = nextRow.every((cell, c) => c === column || !/\S/.test(s.slice(...cell)));
      if (!blank || a === b || /\s/.test(s.slice(a, b))) return;
      yield [a, b];
      if (/\S/.test(s.slice(b, (nextRow[column] as [number, number])[1]).slice(1))) return;
      [from, to, row] = [next, nextEnd, nextRow];
    }
  }
}

/** The column a header row above the line at `from` names as the value's, or -1. */
function headerColumn(s: string, from: number, columns: number): number {
  if (columns < 3) return -1;
  let end = from - 1;
  for (let n = 0; n < HEADER_LINES && end > 0; n++) {
    if (s[end] === '\n' && s[end - 1] === '\r') end--;
    const start = lineStart(s, end);
    if (start === -1) return -1;
    const row = cells(s, start, end);
    if (row.length === 0 && /[A-Za-z]/.test(s.slice(start, end))) return -1; // no table line
    if (row.length === columns) {
      const at = row.findIndex((cell) => VALUE_HEADER.test(s.slice(...trimmed(s, cell))));
      if (at !== -1) return at;
    }
    end = start - 1;
  }
  return -1;
}
