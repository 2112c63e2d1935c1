/**
 * Splits a JSON array's text into its elements' own source text without parsing it (audit
 * R12-1..3): a whole-file JSON.parse built every object of the file before any guard saw it (an
 * 80 MB array of `{}` took 2 GB), lost every element to one too deep to re-stringify, and read
 * nothing of an array cut short. Here only the top level is checked (depth counted, strings and
 * their escapes skipped, elements ended by a top-level `,` or the closing `]`); what is inside an
 * element is the reader's to parse and guard, one element as one line.
 *
 * An element past the line limits (its bytes, its objects and arrays: the reader's own,
 * reader/lineLengthGuard.ts) is refused here, while it is scanned, before its text is copied:
 * handing it to the reader copied an 80 MB element four times (the newline swap, the chunk join,
 * the encoded bytes, the store) only for the reader's guard to refuse it (2.15 GB; fix12c notes).
 */

import { utf8Length } from '../../reader/utf8Length';

export interface ArrayElements {
  kind: 'array';
  /**
   * Each complete element's text as one line (its newlines made spaces, or tabs when one sits
   * inside a string: asLine); a refused element is an empty line (skipped by the reader, but counted: the elements
   * after it keep their numbers).
   */
  elements: string[];
  /** Set when the array has no closing `]`: the characters and UTF-8 bytes of a last element cut short (0: none). */
  torn?: { droppedChars: number; droppedBytes: number };
  /** Elements refused for the line limits (`ElementLimits`), in order; absent when none. */
  refused?: RefusedElement[];
  /** Set when the text holds several arrays one after another, read in order: how many. */
  arrays?: number;
}

/** What one element may hold, as one line may (reader/lineLengthGuard.ts); Infinity: no limit. */
export interface ElementLimits {
  /** UTF-8 bytes of one element at most (the line limit). */
  maxBytes: number;
  /** `{` and `[` of one element at most, inside strings too (what the reader's guard counts of a line). */
  maxContainers: number;
}

/** An element left out for a line limit: its number (1-based) and what it passed. */
export interface RefusedElement {
  element: number;
  /** Set when refused for its objects and arrays: its `{` and `[` (inside strings too: the reader's upper bound). */
  containers?: number;
  /** Set when refused for its length: its UTF-8 bytes. */
  bytes?: number;
}

/** A complete array followed by more text on later lines: JSONL whose first line is an array. */
export interface ArrayThenLines {
  kind: 'first-line';
}

/**
 * The top level is not an array of values: why, with the position as a parser says it, and the
 * elements complete before the defect (audit R13-4: a trailing comma or text after the `]` lost
 * every element of an array whose elements were all whole).
 */
export interface BrokenArray {
  kind: 'broken';
  why: string;
  /** Where the text stops being an array of values (the position `why` names). */
  at: number;
  /** The elements complete before the defect (every one when only the text after the closing `]` is wrong). */
  read: ArrayElements;
  /** True when the defect cut no element: text after the closing `]`, or a trailing comma before it. */
  closed: boolean;
  /** UTF-8 bytes left unread: from the start of the element the defect is in (or the defect itself) to the end. */
  unreadBytes: number;
}

/** A defect as the scan finds it, before the elements read are attached. */
interface Defect {
  kind: 'defect';
  why: string;
  at: number;
  /** The element the defect follows, when its value was whole (`{...}}`, `{...} {...}`): it is read. */
  whole?: WholeValue;
}

/** A whole value scanned: where it ends, and what the limits and `asLine` need of it. */
interface WholeValue {
  valueEnd: number;
  newlineInString: boolean;
  containers: number;
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

const NO_LIMITS: ElementLimits = { maxBytes: Infinity, maxContainers: Infinity };

export function splitArray(text: string, limits: ElementLimits = NO_LIMITS): SplitArray {
  const n = text.length;
  let i = 0;
  if (text.charCodeAt(0) === 0xfeff) i++;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  const elements: string[] = [];
  const refused: RefusedElement[] = [];
  let arrays = 1;
  const done = (torn?: ArrayElements['torn']): ArrayElements => {
    const out: ArrayElements = { kind: 'array', elements };
    if (torn) out.torn = torn;
    if (refused.length > 0) out.refused = refused;
    if (arrays > 1) out.arrays = arrays;
    return out;
  };
  /** After a closing `]` at `end`: the next array's first position, when one follows (`] [`); else -1. */
  const nextArray = (end: number): number => {
    let k = end + 1;
    while (k < n && isSpace(text.charCodeAt(k))) k++;
    if (text.charCodeAt(k) !== OPEN_BRACKET || isFirstLine(text, end + 1, k)) return -1;
    arrays++;
    return k + 1;
  };
  /** The defect `d`, the text from `unreadFrom` on left unread. */
  const broken = (d: Defect, unreadFrom: number, closed = false): BrokenArray => ({
    kind: 'broken',
    why: d.why,
    at: d.at,
    read: done(),
    closed,
    unreadBytes: utf8Length(text, unreadFrom, n),
  });
  const at = (why: string, pos: number): Defect => ({
    kind: 'defect',
    why: `${why} in JSON at position ${pos}`,
    at: pos,
  });
  /** The whole element from `start`, or an empty line in its place when it passes the limits. */
  const add = (start: number, el: WholeValue): void => {
    const refusal = overLimits(text, start, el, limits);
    if (refusal === undefined) elements.push(asLine(text.slice(start, el.valueEnd), el.newlineInString));
    else {
      // never sliced: an empty line keeps its number, and the reader skips it
      refused.push({ element: elements.length + 1, ...refusal });
      elements.push('');
    }
  };
  if (text.charCodeAt(i) !== OPEN_BRACKET) return broken(at('Unexpected token', i), i);
  i++;
  for (;;) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) return done({ droppedChars: 0, droppedBytes: 0 });
    const c = text.charCodeAt(i);
    if (c === CLOSE_BRACKET) {
      // an empty array: the loop starts only after a `[` (a `]` after a comma returned below)
      const next = nextArray(i);
      if (next < 0) return afterArray(text, i + 1, done(), broken);
      i = next;
      continue;
    }
    if (c === COMMA) return broken(at(`Unexpected token ','`, i), i);
    const el = scanElement(text, i);
    if (el.kind === 'torn') return done({ droppedChars: n - i, droppedBytes: utf8Length(text, i, n) });
    if (el.kind === 'defect') {
      if (el.whole === undefined) return broken(el, i);
      add(i, el.whole);
      return broken(el, el.at);
    }
    add(i, el);
    i = el.next;
    if (text.charCodeAt(i) === CLOSE_BRACKET) {
      // arrays one after another (`[...]\n[...]`, a writer that appends arrays): read in order
      const next = nextArray(i);
      if (next < 0) return afterArray(text, i + 1, done(), broken);
      i = next;
      continue;
    }
    i++; // the comma
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    // a trailing comma: every element before it is whole
    if (text.charCodeAt(i) === CLOSE_BRACKET) return broken(at(`Unexpected token ']'`, i), i, true);
  }
}

type Scanned =
  | { kind: 'element'; valueEnd: number; next: number; newlineInString: boolean; containers: number }
  | { kind: 'torn' }
  | Defect;

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
  /** `{` and `[` seen, inside strings too: the reader's guard counts a line's so (lineLengthGuard.ts). */
  let containers = 0;
  for (let i = start; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      if (depth === 0 && done) return afterElement(i, { valueEnd, newlineInString, containers });
      i++;
      for (; i < n; i++) {
        const s = text.charCodeAt(i);
        if (s === QUOTE) break;
        if (s === BACKSLASH) i++;
        else if (s === NEWLINE || s === RETURN) newlineInString = true;
        else if (s === OPEN_BRACE || s === OPEN_BRACKET) containers++;
      }
      if (i >= n) return { kind: 'torn' };
      if (depth === 0) {
        done = true;
        valueEnd = i + 1;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (depth === 0 && done) return afterElement(i, { valueEnd, newlineInString, containers });
      depth++;
      containers++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === 0) {
        if (c === CLOSE_BRACE) {
          const stray = defect(`Unexpected token '}' in JSON at position ${i}`, i);
          return done ? { ...stray, whole: { valueEnd, newlineInString, containers } } : stray;
        }
        return { kind: 'element', valueEnd, next: i, newlineInString, containers };
      }
      depth--;
      if (depth === 0) {
        done = true;
        valueEnd = i + 1;
      }
    } else if (depth === 0) {
      if (c === COMMA) return { kind: 'element', valueEnd, next: i, newlineInString, containers };
      if (isSpace(c)) {
        if (valueEnd > start) done = true; // a number or literal ends at whitespace
      } else if (done) return afterElement(i, { valueEnd, newlineInString, containers });
      else valueEnd = i + 1;
    }
  }
  // the input ends: a whole value (a number or literal only when whitespace followed it) was written
  return done ? { kind: 'element', valueEnd, next: n, newlineInString, containers } : { kind: 'torn' };
}

function afterElement(i: number, whole: WholeValue): Defect {
  return { ...defect(`Expected ',' or ']' after array element in JSON at position ${i}`, i), whole };
}

/** Why the element text[start, valueEnd) is refused for the line limits, or undefined when it is not. */
function overLimits(
  text: string,
  start: number,
  el: WholeValue,
  limits: ElementLimits,
): Omit<RefusedElement, 'element'> | undefined {
  if (el.containers > limits.maxContainers) return { containers: el.containers };
  const chars = el.valueEnd - start;
  // a UTF-16 unit is 1 to 3 bytes (a surrogate pair 4 for 2): bytes counted only near the limit
  if (chars * 3 <= limits.maxBytes) return undefined;
  const bytes = utf8Length(text, start, el.valueEnd);
  return bytes > limits.maxBytes ? { bytes } : undefined;
}

/**
 * After the closing `]`: only whitespace; or, when the array is the file's whole first line, a
 * newline and more (JSONL whose first line is an array).
 */
function afterArray(
  text: string,
  from: number,
  array: ArrayElements,
  broken: (d: Defect, unreadFrom: number, closed: boolean) => BrokenArray,
): SplitArray {
  let i = from;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  if (i >= text.length) return array;
  if (isFirstLine(text, from, i)) return { kind: 'first-line' };
  return broken(defect(`Unexpected non-whitespace character after JSON at position ${i}`, i), i, true);
}

/** True when the array ending at `from` is the text's whole first line and more text starts at `next`. */
function isFirstLine(text: string, from: number, next: number): boolean {
  const firstNewline = text.indexOf('\n');
  return firstNewline >= from && firstNewline < next;
}

/**
 * One element as one line: a newline outside a string is JSON whitespace, and one inside a string
 * is invalid JSON, so both become tabs (whitespace outside a string, still invalid inside one).
 */
function asLine(source: string, newlineInString: boolean): string {
  if (source.indexOf('\n') < 0 && source.indexOf('\r') < 0) return source;
  const by = newlineInString ? '\t' : ' ';
  if (source.length <= LINE_WINDOW) return source.replace(/[\r\n]/g, by);
  // A regex replace keeps every match until it ends (35-95 bytes of heap per newline: past 4 GB for
  // an element of 130 MB of newlines), so a long element is swapped byte by byte in its UTF-8,
  // where a newline is one byte that no other character contains (audit R13-1, R14-3).
  const bytes = new TextEncoder().encode(source);
  const code = by.charCodeAt(0);
  for (let k = bytes.indexOf(10); k >= 0; k = bytes.indexOf(10, k + 1)) bytes[k] = code;
  for (let k = bytes.indexOf(13); k >= 0; k = bytes.indexOf(13, k + 1)) bytes[k] = code;
  return new TextDecoder().decode(bytes);
}

/** UTF-16 units past which `asLine` swaps newlines in the element's bytes rather than with a regex. */
export const LINE_WINDOW = 1 << 16;

function defect(why: string, at: number): Defect {
  return { kind: 'defect', why, at };
}
