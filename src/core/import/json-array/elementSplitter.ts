/**
 * Splits a JSON array's text into its elements' own source text without parsing it (audit
 * R12-1..3): a whole-file JSON.parse built every object of the file before any guard saw it (an
 * 80 MB array of `{}` took 2 GB), lost every element to one too deep to re-stringify, and read
 * nothing of an array cut short. Here only the top level is checked (depth counted, strings and
 * their escapes skipped, elements ended by a top-level `,` or the closing `]`); what is inside an
 * element is the reader's to parse and guard, one element as one line.
 */

export interface ArrayElements {
  kind: 'array';
  /** Each complete element's text as one line: newlines (outside strings: JSON whitespace) made tabs. */
  elements: string[];
  /** Set when the array has no closing `]`: the characters of a last element cut short (0: none). */
  torn?: { droppedChars: number; droppedText: string };
}

/** A complete array followed by more text on later lines: JSONL whose first line is an array. */
export interface ArrayThenLines {
  kind: 'first-line';
}

/** The top level is not an array of values: why, with the position as a parser says it. */
export interface BrokenArray {
  kind: 'broken';
  why: string;
}

export type SplitArray = ArrayElements | ArrayThenLines | BrokenArray;

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const NEWLINE = 10;
const RETURN = 13;

function isSpace(c: number): boolean {
  return c === 32 || c === NEWLINE || c === RETURN || c === 9;
}

export function splitArray(text: string): SplitArray {
  const n = text.length;
  let i = 0;
  if (text.charCodeAt(0) === 0xfeff) i++;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== OPEN_BRACKET) return broken(`Unexpected token in JSON at position ${i}`);
  i++;
  const elements: string[] = [];
  for (;;) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) return { kind: 'array', elements, torn: { droppedChars: 0, droppedText: '' } };
    const c = text.charCodeAt(i);
    if (c === CLOSE_BRACKET) {
      if (elements.length > 0) return broken(`Unexpected token ']' in JSON at position ${i}`);
      return afterArray(text, i + 1, elements);
    }
    if (c === COMMA) return broken(`Unexpected token ',' in JSON at position ${i}`);
    const el = scanElement(text, i);
    if (el.kind === 'broken') return el;
    if (el.kind === 'torn') {
      const droppedText = text.slice(i);
      return { kind: 'array', elements, torn: { droppedChars: droppedText.length, droppedText } };
    }
    elements.push(asLine(text.slice(i, el.valueEnd), el.newlineInString));
    i = el.next;
    if (text.charCodeAt(i) === CLOSE_BRACKET) return afterArray(text, i + 1, elements);
    i++; // the comma
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) === CLOSE_BRACKET) return broken(`Unexpected token ']' in JSON at position ${i}`);
  }
}

type Scanned =
  | { kind: 'element'; valueEnd: number; next: number; newlineInString: boolean }
  | { kind: 'torn' }
  | BrokenArray;

/**
 * One element from `start`: ends at the top-level `,` or `]` after it (`next`), its value at
 * `valueEnd` (trailing whitespace excluded). Two values with no comma between is the file's error.
 */
function scanElement(text: string, start: number): Scanned {
  const n = text.length;
  let depth = 0;
  /** At depth 0: a whole value was seen, so only `,` or `]` may follow. */
  let done = false;
  let valueEnd = start;
  let newlineInString = false;
  for (let i = start; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      if (depth === 0 && done) return afterElement(i);
      i++;
      for (; i < n; i++) {
        const s = text.charCodeAt(i);
        if (s === QUOTE) break;
        if (s === BACKSLASH) i++;
        else if (s === NEWLINE || s === RETURN) newlineInString = true;
      }
      if (i >= n) return { kind: 'torn' };
      if (depth === 0) {
        done = true;
        valueEnd = i + 1;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (depth === 0 && done) return afterElement(i);
      depth++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === 0) {
        if (c === CLOSE_BRACE) return broken(`Unexpected token '}' in JSON at position ${i}`);
        return { kind: 'element', valueEnd, next: i, newlineInString };
      }
      depth--;
      if (depth === 0) {
        done = true;
        valueEnd = i + 1;
      }
    } else if (depth === 0) {
      if (c === COMMA) return { kind: 'element', valueEnd, next: i, newlineInString };
      if (isSpace(c)) {
        if (valueEnd > start) done = true; // a number or literal ends at whitespace
      } else if (done) return afterElement(i);
      else valueEnd = i + 1;
    }
  }
  // the input ends: a whole value (a number or literal only when whitespace followed it) was written
  return done ? { kind: 'element', valueEnd, next: n, newlineInString } : { kind: 'torn' };
}

function afterElement(i: number): BrokenArray {
  return broken(`Expected ',' or ']' after array element in JSON at position ${i}`);
}

/**
 * After the closing `]`: only whitespace; or, when the array is the file's whole first line, a
 * newline and more (JSONL whose first line is an array).
 */
function afterArray(text: string, from: number, elements: string[]): SplitArray {
  let i = from;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  if (i >= text.length) return { kind: 'array', elements };
  const firstNewline = text.indexOf('\n');
  if (firstNewline >= from && firstNewline < i) return { kind: 'first-line' };
  return broken(`Unexpected non-whitespace character after JSON at position ${i}`);
}

/**
 * One element as one line: a newline outside a string is JSON whitespace, and one inside a string
 * is invalid JSON, so both become tabs (whitespace outside a string, still invalid inside one).
 */
function asLine(source: string, newlineInString: boolean): string {
  if (source.indexOf('\n') < 0 && source.indexOf('\r') < 0) return source;
  return source.replace(/[\r\n]/g, newlineInString ? '\t' : ' ');
}

function broken(why: string): BrokenArray {
  return { kind: 'broken', why };
}
