/**
 * fastLine.ts's delta scan on the line's bytes, before anything is decoded:
 * the loading pass (lineSplitter.ts) tries it on each line that starts like a
 * delta, and decodes only the lines it refuses. Most of a log is delta lines,
 * so most of its bytes are never turned into a string; only the delta's own
 * strings (the text, a tool call's id and name) are decoded, alone.
 *
 * It accepts exactly what `scanDelta` accepts on the decoded line, with the
 * same fields: the grammar is the same, compared byte by byte (every byte it
 * expects is ASCII, and an ASCII byte is never part of a UTF-8 sequence, so
 * the two see the same structure). A string's bytes are decoded by the same
 * decoder as a whole line would be: a string is bounded by ASCII quotes, where
 * a decoder resynchronizes, so its decoding is the slice of the line's (an
 * invalid byte becomes U+FFFD either way). A string with an escape is handed
 * to JSON.parse alone, which also validates the escape (fastBytes.test.ts
 * compares the two paths on hostile bytes).
 */
import type { DeltaLine } from './fastLine';
import { createLineDecoder } from './lineDecoder';

const LF = 10;
const CR = 13;
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const CLOSE = 125;
const ZERO = 48;
const MINUS = 45;
const NINE = 57;
const DOT = 46;
const LOWER_E = 101;
const UPPER_E = 69;
/** Digits of the largest integer taken without checks: 15 digits stay below 2^53. */
const MAX_DIGITS = 15;
/** ASCII strings up to this length are built char by char: cheaper than a decoder call. */
const SHORT_ASCII = 24;

const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const CHUNK_HEAD = ascii('{"type":"assistant/chunk",');
/** The `k` of `chunk"` in CHUNK_HEAD: a one-byte test that rules out most other lines. */
const CHUNK_MARK_AT = CHUNK_HEAD.length - 3;
const CHUNK_MARK = 107;
const SEQ = ascii('"seq":');
const TIME = ascii('"time":');
const DATA_TURN = ascii('"data":{"turn":');
const STEP = ascii(',"step":');
const CHUNK_TYPE = ascii(',"chunk":{"type":"');
const TEXT_DELTA = ascii('text-delta","index":');
const REASONING_DELTA = ascii('reasoning-delta","index":');
const TOOL_DELTA = ascii('tool-call-delta","index":');
const ID = ascii(',"id":');
const NAME = ascii(',"name":');
const ARGUMENTS = ascii(',"argumentsDelta":');
const TEXT = ascii(',"text":');
const END_CHUNK = ascii('}');
const END_LINE = ascii('}}');

const ROW_HEADS = [
  '{"type":"text-chunks",',
  '{"type":"reasoning-chunks",',
  '{"type":"tool-call-chunks",',
].map(ascii);

/**
 * False when bytes[start..end) (one line, without its line end) cannot be a packed row that
 * fastLine.ts's `scanLine` takes (it starts with one of their heads and ends with a brace):
 * a range worker's prescan decodes only the lines that may be (a shorter line ends at its line
 * end, which no head holds, so the comparison stops there).
 */
export function mayBePackedRow(bytes: Uint8Array, start: number, end: number): boolean {
  if (end <= start || bytes[end - 1] !== CLOSE) return false;
  for (const head of ROW_HEADS) if (startsWith(bytes, start, head)) return true;
  return false;
}

function startsWith(bytes: Uint8Array, start: number, head: Uint8Array): boolean {
  for (let i = 0; i < head.length; i++) if (bytes[start + i] !== head[i]) return false;
  return true;
}

/** True when bytes[start..end) may be a delta line (a cheap test before `scanDeltaBytes`). */
export function looksLikeDelta(bytes: Uint8Array, start: number, end: number): boolean {
  return (
    end - start > CHUNK_HEAD.length && bytes[start + CHUNK_MARK_AT] === CHUNK_MARK && bytes[end - 1] === CLOSE
  );
}

/**
 * The end of the delta line starting at bytes[start] (the index of its line feed, or of the CR
 * before it), its fields in `out`, when the line is one; -1 otherwise. `last` is the index of a
 * line feed at or after the line's end: the line's own end is found by the scan, which saves a
 * search for the line feed on most lines of a log (a delta's strings hold no raw line feed).
 */
export function scanDeltaLine(bytes: Uint8Array, start: number, last: number, out: DeltaLine): number {
  if (last - start <= CHUNK_HEAD.length || bytes[start + CHUNK_MARK_AT] !== CHUNK_MARK) return -1;
  return scanner.deltaLine(bytes, start, last, out);
}

/**
 * True when bytes[start..end) (one line, without its line end) is a text,
 * reasoning or tool-call delta line of fastLine.ts's shape: its fields are
 * then in `out`, as `scanDelta` of the decoded line would set them. False for
 * any other line, `out` then meaningless.
 */
export function scanDeltaBytes(bytes: Uint8Array, start: number, end: number, out: DeltaLine): boolean {
  if (!looksLikeDelta(bytes, start, end)) return false;
  return scanner.delta(bytes, start, end, out);
}

/** The scan's state (bytes, cursor, end) as fields of one reused object, as in fastLine.ts. */
class ByteScanner {
  private b: Uint8Array = new Uint8Array(0);
  private p = 0;
  private end = 0;
  /** Set when a number or string did not match (the value returned is then meaningless). */
  private bad = false;
  private readonly decoder = createLineDecoder();

  delta(bytes: Uint8Array, start: number, end: number, out: DeltaLine): boolean {
    this.b = bytes;
    this.p = start;
    this.end = end;
    this.bad = false;
    const ok = this.key(CHUNK_HEAD) && this.chunkEvent(out) && !this.bad && this.p === end;
    this.b = EMPTY;
    return ok;
  }

  /** A delta line from `start`, its end found by the scan: the index of its LF (or CR LF), else -1. */
  deltaLine(bytes: Uint8Array, start: number, last: number, out: DeltaLine): number {
    this.b = bytes;
    this.p = start;
    this.end = last;
    this.bad = false;
    let end = -1;
    if (this.key(CHUNK_HEAD) && this.chunkEvent(out) && !this.bad) {
      const p = this.p;
      const c = bytes[p];
      if (c === LF) end = p;
      else if (c === CR && bytes[p + 1] === LF) end = p;
    }
    this.b = EMPTY;
    return end;
  }

  /** After `{"type":"assistant/chunk",`: optional seq and time, then data with a delta chunk. */
  private chunkEvent(out: DeltaLine): boolean {
    const seq = this.key(SEQ) ? this.uint() : undefined;
    if (seq !== undefined && !this.comma()) return false;
    const time = this.key(TIME) ? this.uint() : undefined;
    if (time !== undefined && !this.comma()) return false;
    if (!this.key(DATA_TURN)) return false;
    out.seq = seq;
    out.time = time;
    out.turn = this.uint();
    if (!this.key(STEP)) return false;
    out.step = this.uint();
    if (!this.key(CHUNK_TYPE) || !this.deltaChunk(out)) return false;
    return this.key(END_LINE);
  }

  /** After `"chunk":{"type":"`: a text, reasoning or tool-call delta, through its closing brace. */
  private deltaChunk(out: DeltaLine): boolean {
    if (this.key(TEXT_DELTA)) out.chunkType = 'text-delta';
    else if (this.key(REASONING_DELTA)) out.chunkType = 'reasoning-delta';
    else if (this.key(TOOL_DELTA)) {
      out.chunkType = 'tool-call-delta';
      out.index = this.uint();
      if (!this.key(ID)) return false;
      out.id = this.str();
      out.name = this.key(NAME) ? this.str() : undefined;
      if (!this.key(ARGUMENTS)) return false;
      out.text = this.str();
      return this.key(END_CHUNK);
    } else return false;
    // A text or reasoning delta has no id or name: none kept from the last tool-call delta read.
    out.id = '';
    out.name = undefined;
    out.index = this.uint();
    if (!this.key(TEXT)) return false;
    out.text = this.str();
    return this.key(END_CHUNK);
  }

  /** Consumes `k` when the bytes continue with it (never past the line's end). */
  private key(k: Uint8Array): boolean {
    const b = this.b;
    const p = this.p;
    const n = k.length;
    if (p + n > this.end) return false;
    for (let i = 0; i < n; i++) if (b[p + i] !== k[i]) return false;
    this.p = p + n;
    return true;
  }

  private comma(): boolean {
    if (this.p >= this.end || this.b[this.p] !== COMMA) return false;
    this.p++;
    return true;
  }

  /** fastLine.ts's integer: up to 15 digits, no leading zero, no fraction or exponent (else bad). */
  private uint(): number {
    const b = this.b;
    const end = this.end;
    let p = this.p;
    let c = p < end ? (b[p] as number) : -1;
    const negative = c === MINUS;
    if (negative) c = ++p < end ? (b[p] as number) : -1;
    if (c === ZERO) {
      c = ++p < end ? (b[p] as number) : -1;
      this.p = p;
      if ((c >= ZERO && c <= NINE) || c === DOT || c === LOWER_E || c === UPPER_E) this.bad = true;
      return negative ? -0 : 0;
    }
    if (!(c > ZERO && c <= NINE)) {
      this.p = p;
      this.bad = true;
      return 0;
    }
    const start = p;
    let n = 0;
    while (c >= ZERO && c <= NINE) {
      n = n * 10 + (c - ZERO);
      c = ++p < end ? (b[p] as number) : -1;
    }
    this.p = p;
    if (c === DOT || c === LOWER_E || c === UPPER_E || p - start > MAX_DIGITS) this.bad = true;
    return negative ? -n : n;
  }

  /** A JSON string: decoded alone when it has no escapes, JSON.parse of it alone when it has. */
  private str(): string {
    const b = this.b;
    const end = this.end;
    let p = this.p;
    if (p >= end || b[p] !== QUOTE) {
      this.bad = true;
      return '';
    }
    const start = ++p;
    let escaped = false;
    let high = 0;
    let hash = 0;
    for (;;) {
      if (p >= end) {
        this.p = p;
        this.bad = true;
        return '';
      }
      const c = b[p] as number;
      if (c === QUOTE) break;
      if (c === BACKSLASH) {
        // The escaped byte (a quote too) is skipped; JSON.parse below checks the escape. A
        // non-ASCII byte after the backslash is an invalid escape either way.
        escaped = true;
        p += 2;
        continue;
      }
      // Control characters are invalid in JSON strings.
      if (c < 0x20) {
        this.p = p;
        this.bad = true;
        return '';
      }
      high |= c;
      hash = (Math.imul(hash, 31) + c) | 0;
      p++;
    }
    this.p = p + 1;
    if (escaped) {
      try {
        return JSON.parse(this.decoder.decode(b.subarray(start - 1, p + 1))) as string;
      } catch {
        this.bad = true;
        return '';
      }
    }
    const n = p - start;
    if (n > INTERNED_BYTES) return this.decoder.decode(b.subarray(start, p));
    // Short strings repeat (tokens, a tool call's id and name in each of its deltas): the same
    // bytes give the same string, so one made earlier is handed out again. The entry's bytes are
    // compared in full: a hash collision is only a miss.
    const slot = (hash ^ (hash >>> 15) ^ n) & INTERN_MASK;
    const at = slot * INTERNED_BYTES;
    const kept = this.internBytes;
    if (this.internLengths[slot] === n) {
      let i = 0;
      while (i < n && kept[at + i] === b[start + i]) i++;
      if (i === n) return this.internStrings[slot] as string;
    }
    let s: string;
    if (high < 0x80 && n <= SHORT_ASCII) {
      s = '';
      for (let i = start; i < p; i++) s += String.fromCharCode(b[i] as number);
    } else s = this.decoder.decode(b.subarray(start, p));
    for (let i = 0; i < n; i++) kept[at + i] = b[start + i] as number;
    this.internLengths[slot] = n;
    this.internStrings[slot] = s;
    return s;
  }

  /** Strings up to INTERNED_BYTES made so far, by a hash of their bytes: their bytes, lengths (-1: empty slot) and strings. */
  private readonly internBytes = new Uint8Array((INTERN_MASK + 1) * INTERNED_BYTES);
  private readonly internLengths = new Int8Array(INTERN_MASK + 1).fill(-1);
  private readonly internStrings: string[] = new Array<string>(INTERN_MASK + 1).fill('');
}

/** Strings of at most this many bytes are interned (a token, a tool call id). */
const INTERNED_BYTES = 40;
const INTERN_MASK = 4095;

const EMPTY = new Uint8Array(0);
const scanner = new ByteScanner();
