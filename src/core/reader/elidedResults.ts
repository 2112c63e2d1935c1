/**
 * A tool/result line read without its result text: the loading pass needs a
 * result's call id, error flag, source and shape, never the tool's output,
 * which is most of the line's bytes (a file read, a test log). The output is
 * read again from the bytes when something shows it (parsedEvents.ts), so at
 * load it need not be decoded, unescaped and copied into a string only to be
 * dropped.
 *
 * `elidedToolResult` copies the line with each long string (ELIDED_FROM_BYTES
 * or more) replaced by a short placeholder, parses the copy, and accepts the
 * value only when every placeholder sits where a result's text sits
 * (data.message.content[i].content[j].text of a tool-result block's text
 * block), each once. Anything else (a long string elsewhere, a real string
 * that reads like a placeholder, a line that does not parse) returns
 * undefined, and the caller reads the line as usual: its errors are reported
 * as they always were.
 *
 * Why the value is right: the copy scans every string of the line by JSON's
 * grammar (escapes checked, raw control characters refused), so it has the
 * same tokens but for some strings replaced by other strings: it parses when
 * the line parses, to the same value but for those strings. A valid string is
 * a valid string whatever its bytes decode to (an invalid UTF-8 byte becomes
 * U+FFFD), so every check the loading pass makes of the value (normalize.ts:
 * "a string") answers as it would for the real text. The placeholders are
 * `\u0000` and a number, which JSON text may spell too (escaped): a line with
 * a string it keeps that spells a NUL is read as usual, so a placeholder in
 * the value is one put there, accepted only where a result's text sits.
 */
import { isObject, type JsonObject } from '../validate';

/** Strings this long or longer are left unread: below it, the scan costs about what it saves. */
export const ELIDED_FROM_BYTES = 256;

/** A copy buffer grown past this is dropped after the line (most copies are a few hundred bytes). */
const KEPT_COPY_BYTES = 1024 * 1024;

const QUOTE = 34;
const BACKSLASH = 92;
const LOWER_U = 117;
const ZERO = 48;

const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const HEAD = ascii('{"type":"tool/result",');
/** A placeholder's bytes before its number: `"\u0000`. */
const MARK_OPEN = ascii('"\\u0000');

/** Per byte: 1 for a character JSON allows after a backslash (other than `u`). */
const SIMPLE_ESCAPE = new Uint8Array(256);
for (const c of '"\\/bfnrt') SIMPLE_ESCAPE[c.charCodeAt(0)] = 1;
/** Per byte: 1 for a hex digit. */
const HEX = new Uint8Array(256);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1;

/** Reuses one buffer for the copies (the copy of a line is at most its length). */
export class ResultEliding {
  private copy = new Uint8Array(4096);
  /** Placeholders in the last copy. */
  private placed = 0;

  /** True when bytes[start..end) starts like a tool/result line, with room for a long string. */
  mayElide(bytes: Uint8Array, start: number, end: number): boolean {
    if (end - start < HEAD.length + ELIDED_FROM_BYTES) return false;
    for (let i = 0; i < HEAD.length; i++) if (bytes[start + i] !== HEAD[i]) return false;
    return true;
  }

  /**
   * The value of the tool/result line bytes[start..end), each result text a placeholder, when
   * the line allows it (see the file's comment); undefined otherwise: read the line as usual.
   */
  read(
    bytes: Uint8Array,
    start: number,
    end: number,
    decode: (b: Uint8Array) => string,
  ): JsonObject | undefined {
    const copy = this.copyOf(bytes, start, end, decode);
    return copy === undefined ? undefined : elidedValue(copy);
  }

  /** The line's copy with placeholders, decoded (what a range worker hands the owner), or undefined. */
  copyOf(
    bytes: Uint8Array,
    start: number,
    end: number,
    decode: (b: Uint8Array) => string,
  ): ElidedCopy | undefined {
    if (!this.mayElide(bytes, start, end)) return undefined;
    const length = this.elide(bytes, start, end);
    const copy =
      length < 0 || this.placed === 0
        ? undefined
        : new ElidedCopy(decode(this.copy.subarray(0, length)), this.placed);
    // A line with long strings elsewhere copied them whole: such a buffer is not kept.
    if (this.copy.length > KEPT_COPY_BYTES) this.copy = new Uint8Array(4096);
    return copy;
  }

  /** Copies the line with its long strings as placeholders: the copy's length, or -1 when a string is malformed. */
  private elide(b: Uint8Array, start: number, end: number): number {
    let o = 0;
    let from = start;
    let placed = 0;
    let p = start;
    while (p < end) {
      if (b[p] !== QUOTE) {
        p++;
        continue;
      }
      const open = p;
      p = this.stringEnd(b, p + 1, end);
      if (p < 0) return -1;
      // b[p] is the closing quote. A string kept that may read as a placeholder (it spells a NUL)
      // would make them ambiguous: such a line is read as usual.
      const elide = p - open - 1 >= ELIDED_FROM_BYTES;
      if (!elide && this.spellsNul) return -1;
      if (elide) {
        const out = this.room(o, open - from + MARK_OPEN.length + 12);
        out.set(b.subarray(from, open), o);
        o += open - from;
        out.set(MARK_OPEN, o);
        o += MARK_OPEN.length;
        const digits = String(placed++);
        for (let i = 0; i < digits.length; i++) out[o++] = digits.charCodeAt(i);
        out[o++] = QUOTE;
        from = p + 1;
      }
      p++;
    }
    this.room(o, end - from).set(b.subarray(from, end), o);
    this.placed = placed;
    return o + (end - from);
  }

  /** Set by `stringEnd`: the string spells a NUL (`\u0000`). */
  private spellsNul = false;

  /**
   * The index of the closing quote of the JSON string whose first byte is b[p], or -1 when the
   * string is not valid JSON or not closed before `end`. A method of its own: as an inner loop of
   * `elide`, V8 compiled it on stack replacement and threw that code away on leaving the loop, at
   * each long string (31 deopts and 13 compiles of `elide` while loading 99 MB in Chromium).
   */
  private stringEnd(b: Uint8Array, p: number, end: number): number {
    let nul = false;
    for (;;) {
      if (p >= end) return -1;
      const c = b[p] as number;
      if (c === QUOTE) break;
      if (c === BACKSLASH) {
        const e = b[p + 1] as number;
        if (e === LOWER_U) {
          if (p + 5 >= end || !(HEX[b[p + 2]!]! & HEX[b[p + 3]!]! & HEX[b[p + 4]!]! & HEX[b[p + 5]!]!))
            return -1;
          if (b[p + 2] === ZERO && b[p + 3] === ZERO && b[p + 4] === ZERO && b[p + 5] === ZERO) nul = true;
          p += 6;
        } else if (SIMPLE_ESCAPE[e] === 1) p += 2;
        else return -1;
      } else if (c < 0x20) return -1;
      else p++;
    }
    this.spellsNul = nul;
    return p;
  }

  /**
   * The copy's buffer with room for `n` more bytes after its first `used`. It grows with what a
   * copy holds (the line without its long strings: small), not with the line's length.
   */
  private room(used: number, n: number): Uint8Array {
    if (used + n > this.copy.length) {
      const grown = new Uint8Array(Math.max(used + n, this.copy.length * 2));
      grown.set(this.copy.subarray(0, used));
      this.copy = grown;
    }
    return this.copy;
  }
}

/** A tool/result line's copy with `placed` placeholders for its long strings, decoded. */
export class ElidedCopy {
  constructor(
    readonly text: string,
    readonly placed: number,
  ) {}
}

/** The copy's value, when it parses and its placeholders are where result texts are; else undefined. */
export function elidedValue(copy: ElidedCopy): JsonObject | undefined {
  let value: unknown;
  try {
    value = JSON.parse(copy.text);
  } catch {
    return undefined;
  }
  // JSON.parse keeps a key's last value: a line that starts as a tool/result may end as a header
  // or a meta line, which are kept and shown as they are (audit 43, F1).
  return isObject(value) && value.type === 'tool/result' && placedAtResultTexts(value, copy.placed)
    ? value
    : undefined;
}

/** True when each placeholder 0..placed-1 is a result's text, once. */
function placedAtResultTexts(value: JsonObject, placed: number): boolean {
  const data = value.data;
  const message = isObject(data) ? data.message : undefined;
  const blocks = isObject(message) ? message.content : undefined;
  if (!Array.isArray(blocks)) return false;
  const seen = new Uint8Array(placed);
  let found = 0;
  for (const block of blocks) {
    if (!isObject(block) || block.type !== 'tool-result' || !Array.isArray(block.content)) continue;
    for (const part of block.content) {
      if (!isObject(part) || part.type !== 'text' || typeof part.text !== 'string') continue;
      const k = placeholderNumber(part.text);
      if (k < 0) continue;
      if (k >= placed || seen[k] === 1) return false;
      seen[k] = 1;
      found++;
    }
  }
  return found === placed;
}

/** k for the placeholder "\u0000k" (k in plain digits, no leading zero), else -1. */
function placeholderNumber(s: string): number {
  if (s.length < 2 || s.length > 12 || s.charCodeAt(0) !== 0) return -1;
  if (s.length > 2 && s.charCodeAt(1) === 48) return -1;
  let k = 0;
  for (let i = 1; i < s.length; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    k = k * 10 + d;
  }
  return k;
}
