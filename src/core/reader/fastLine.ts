/**
 * A validated fast path for the lines that make up most of a real log: the
 * harness writes `assistant/chunk` deltas and packed chunk rows with one
 * serializer, so their keys always come in the same order with no spaces:
 *
 *   {"type":"assistant/chunk","seq":5,"time":1760000003046,"data":{"turn":1,"step":1,
 *     "chunk":{"type":"text-delta","index":0,"text":"Hi"}}}
 *   {"type":"text-chunks","seq0":25,"time0":1760000005322,"data":{"turn":1,"step":1,
 *     "index":1,"dt":[50,48],"texts":["Go","od","!"]}}
 *
 * `scanLine` recognizes exactly those shapes (seq/time optional, text,
 * reasoning and tool-call deltas, the three packed row types) and builds the
 * same value `JSON.parse` would, without the general parser's work. On the
 * first surprise (another key, another order, a space, a float or an
 * oversized number, a nested value it does not expect) it returns
 * undefined and the caller parses the line with `JSON.parse`. So a line it
 * accepts gives exactly JSON.parse's value (key order included): the
 * property test in fastLine.test.ts checks that on random and real lines.
 *
 * Strings without escapes become slices of the line; a string with escapes
 * is handed to JSON.parse on its own (only that string), which also
 * validates the escapes.
 */
import type { ChunkDelta } from '../pipeline';
import type { JsonObject } from '../validate';
import type { PackedRow } from './packedRows';

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN = 123;
const CLOSE = 125;
const OPEN_LIST = 91;
const CLOSE_LIST = 93;
const ZERO = 48;
const MINUS = 45;
const NINE = 57;
/** Digits of the largest integer taken without checks: 15 digits stay below 2^53. */
const MAX_DIGITS = 15;

const CHUNK_HEAD = '{"type":"assistant/chunk",';
/** The `k` of `chunk"` in CHUNK_HEAD: a one-character test that rules out most other lines before the whole head is compared. */
const CHUNK_MARK = 107;
const TEXT_ROW_HEAD = '{"type":"text-chunks",';
const REASONING_ROW_HEAD = '{"type":"reasoning-chunks",';
const TOOL_ROW_HEAD = '{"type":"tool-call-chunks",';

/** JSON.parse's value for `text`, when the line has one of the shapes above; undefined otherwise. */
export function scanLine(text: string): JsonObject | undefined {
  if (text.charCodeAt(0) !== OPEN || text.charCodeAt(text.length - 1) !== CLOSE) return undefined;
  return scanner.line(text);
}

/**
 * A text, reasoning or tool-call delta line's fields, read by `scanDelta`
 * without building the line's value: the loading pass takes them straight
 * into its columns and the stream assembler (records.ts `RecordSink.delta`),
 * and builds the value only for a consumer that wants one (`value()`).
 * One object is reused for every line: copy what must outlive the next scan.
 */
export class DeltaLine implements ChunkDelta {
  /** 'text-delta', 'reasoning-delta' or 'tool-call-delta'. */
  chunkType = '';
  seq: number | undefined = undefined;
  time: number | undefined = undefined;
  turn = 0;
  step = 0;
  index = 0;
  /** The delta: `text`, or a tool-call delta's `argumentsDelta`. */
  text = '';
  /** A tool-call delta's `id` and optional `name`. */
  id = '';
  name: string | undefined = undefined;

  /** A packed row's member k, as its own delta line would read (seq and time are left as they are). */
  fromMember(row: PackedRow, k: number): this {
    this.chunkType = row.deltaType;
    this.turn = row.turn;
    this.step = row.step;
    this.index = row.index;
    this.text = row.items[k] as string;
    this.id = row.id ?? '';
    this.name = row.name;
    return this;
  }

  /** Exactly JSON.parse's value of the line (key order included). */
  value(): JsonObject {
    const { chunkType: type, index, seq, time } = this;
    const chunk =
      type !== 'tool-call-delta'
        ? { type, index, text: this.text }
        : this.name === undefined
          ? { type, index, id: this.id, argumentsDelta: this.text }
          : { type, index, id: this.id, name: this.name, argumentsDelta: this.text };
    const data = { turn: this.turn, step: this.step, chunk };
    if (seq === undefined)
      return time === undefined ? { type: 'assistant/chunk', data } : { type: 'assistant/chunk', time, data };
    return time === undefined
      ? { type: 'assistant/chunk', seq, data }
      : { type: 'assistant/chunk', seq, time, data };
  }
}

/**
 * True when `text` is a text, reasoning or tool-call delta line of the shape
 * above: its fields are then in `out` (the same as `scanLine` would build).
 * False for any other line, `out` then meaningless.
 */
export function scanDelta(text: string, out: DeltaLine): boolean {
  if (text.charCodeAt(text.length - 1) !== CLOSE || text.charCodeAt(CHUNK_HEAD.length - 3) !== CHUNK_MARK)
    return false;
  return scanner.delta(text, out);
}

/**
 * The scanner's state for one line (the text and the cursor) as fields of one
 * reused object: module-level `let`s cost a hole check on every access, and
 * this runs a few dozen times per line of the log.
 */
class LineScanner {
  private s = '';
  private p = 0;
  /** Set when a number or string did not match (the value returned is then meaningless). */
  private bad = false;
  private readonly fields = new DeltaLine();

  line(text: string): JsonObject | undefined {
    let value: JsonObject | undefined;
    if (text.charCodeAt(CHUNK_HEAD.length - 3) === CHUNK_MARK && this.delta(text, this.fields))
      return this.fields.value();
    this.s = text;
    this.bad = false;
    this.p = 0;
    if (this.key(TEXT_ROW_HEAD)) value = this.packedRow('text-chunks', 'texts');
    else if (this.key(REASONING_ROW_HEAD)) value = this.packedRow('reasoning-chunks', 'texts');
    else if (this.key(TOOL_ROW_HEAD)) value = this.packedRow('tool-call-chunks', 'args');
    const ok = value !== undefined && !this.bad && this.p === text.length;
    this.s = '';
    return ok ? value : undefined;
  }

  /** A line starting with CHUNK_HEAD: true when it is a delta of the shape above, its fields in `out`. */
  delta(text: string, out: DeltaLine): boolean {
    this.s = text;
    this.bad = false;
    this.p = 0;
    if (!this.key(CHUNK_HEAD)) return false;
    const ok = this.chunkEvent(out) && !this.bad && this.p === text.length;
    this.s = '';
    return ok;
  }

  // -------------------------------------------------------------- shapes

  /** After `{"type":"assistant/chunk",`: optional seq and time, then data with a delta chunk. */
  private chunkEvent(out: DeltaLine): boolean {
    const seq = this.key('"seq":') ? this.uint() : undefined;
    if (seq !== undefined && !this.comma()) return false;
    const time = this.key('"time":') ? this.uint() : undefined;
    if (time !== undefined && !this.comma()) return false;
    if (!this.key('"data":{"turn":')) return false;
    out.seq = seq;
    out.time = time;
    out.turn = this.uint();
    if (!this.key(',"step":')) return false;
    out.step = this.uint();
    if (!this.key(',"chunk":{"type":"') || !this.deltaChunk(out)) return false;
    return this.key('}}');
  }

  /** After `"chunk":{"type":"`: a text, reasoning or tool-call delta, through its closing brace. */
  private deltaChunk(out: DeltaLine): boolean {
    if (this.key('text-delta","index":')) out.chunkType = 'text-delta';
    else if (this.key('reasoning-delta","index":')) out.chunkType = 'reasoning-delta';
    else if (this.key('tool-call-delta","index":')) {
      out.chunkType = 'tool-call-delta';
      out.index = this.uint();
      if (!this.key(',"id":')) return false;
      out.id = this.str();
      out.name = this.key(',"name":') ? this.str() : undefined;
      if (!this.key(',"argumentsDelta":')) return false;
      out.text = this.str();
      return this.key('}');
    } else return false;
    // A text or reasoning delta has no id or name: none kept from the last tool-call delta read.
    out.id = '';
    out.name = undefined;
    out.index = this.uint();
    if (!this.key(',"text":')) return false;
    out.text = this.str();
    return this.key('}');
  }

  /** After `{"type":"<row type>",`: optional seq0 and time0, then data. */
  private packedRow(type: string, itemsKey: 'texts' | 'args'): JsonObject | undefined {
    const seq0 = this.key('"seq0":') ? this.uint() : undefined;
    if (seq0 !== undefined && !this.comma()) return undefined;
    const time0 = this.key('"time0":') ? this.uint() : undefined;
    if (time0 !== undefined && !this.comma()) return undefined;
    if (!this.key('"data":{"turn":')) return undefined;
    const turn = this.uint();
    if (!this.key(',"step":')) return undefined;
    const step = this.uint();
    if (!this.key(',"index":')) return undefined;
    const index = this.uint();
    if (!this.key(',"dt":')) return undefined;
    const dt = this.uintList();
    if (dt === undefined) return undefined;
    let data: JsonObject;
    if (itemsKey === 'texts') {
      if (!this.key(',"texts":')) return undefined;
      const texts = this.strList();
      if (texts === undefined) return undefined;
      data = { turn, step, index, dt, texts };
    } else {
      if (!this.key(',"id":')) return undefined;
      const id = this.str();
      let name: string | undefined;
      if (this.key(',"name":')) name = this.str();
      if (!this.key(',"args":')) return undefined;
      const args = this.strList();
      if (args === undefined) return undefined;
      data =
        name === undefined ? { turn, step, index, dt, id, args } : { turn, step, index, dt, id, name, args };
    }
    if (!this.key('}}')) return undefined;
    if (seq0 === undefined) return time0 === undefined ? { type, data } : { type, time0, data };
    return time0 === undefined ? { type, seq0, data } : { type, seq0, time0, data };
  }

  // -------------------------------------------------------------- tokens

  /**
   * Consumes `k` when the text continues with it. A loop of charCodeAt, not
   * `startsWith`: V8 inlines charCodeAt on the line (a slice of its batch,
   * lineSplitter.ts) but calls a builtin for each startsWith, which cost more
   * than the rest of the scan (a dozen keys a line).
   */
  private key(k: string): boolean {
    const s = this.s;
    const p = this.p;
    const n = k.length;
    for (let i = 0; i < n; i++) if (s.charCodeAt(p + i) !== k.charCodeAt(i)) return false;
    this.p = p + n;
    return true;
  }

  private comma(): boolean {
    if (this.s.charCodeAt(this.p) !== COMMA) return false;
    this.p++;
    return true;
  }

  /** An integer of up to 15 digits, without a leading zero (anything else: bad). Negative ones occur (snapshot dt). */
  private uint(): number {
    const s = this.s;
    let p = this.p;
    let c = s.charCodeAt(p);
    const negative = c === MINUS;
    if (negative) c = s.charCodeAt(++p);
    if (c === ZERO) {
      p++;
      c = s.charCodeAt(p);
      this.p = p;
      // "0" alone; "01", "0.5", "0e1" are not for this path.
      if ((c >= ZERO && c <= NINE) || c === 46 || c === 101 || c === 69) this.bad = true;
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
      c = s.charCodeAt(++p);
    }
    this.p = p;
    // A fraction or exponent (a float) or too many digits to be exact: JSON.parse decides.
    if (c === 46 || c === 101 || c === 69 || p - start > MAX_DIGITS) this.bad = true;
    return negative ? -n : n;
  }

  /** A JSON string: the slice when it has no escapes, JSON.parse of it alone when it has. */
  private str(): string {
    const s = this.s;
    let p = this.p;
    if (s.charCodeAt(p) !== QUOTE) {
      this.bad = true;
      return '';
    }
    const start = ++p;
    let escaped = false;
    for (;;) {
      const c = s.charCodeAt(p);
      if (c === QUOTE) break;
      if (c === BACKSLASH) {
        escaped = true;
        p += 2; // the escaped character (a quote too); JSON.parse below checks the escape
        continue;
      }
      // Control characters are invalid in JSON strings; NaN is the end of the text.
      if (!(c >= 0x20)) {
        this.p = p;
        this.bad = true;
        return '';
      }
      p++;
    }
    const end = p;
    this.p = p + 1;
    if (!escaped) return s.slice(start, end);
    try {
      return JSON.parse(s.slice(start - 1, end + 1)) as string;
    } catch {
      this.bad = true;
      return '';
    }
  }

  private uintList(): number[] | undefined {
    return this.list(() => this.uint());
  }

  private strList(): string[] | undefined {
    return this.list(() => this.str());
  }

  /** A JSON array of items read by `item` (which sets `bad` on a surprise), without spaces. */
  private list<T>(item: () => T): T[] | undefined {
    if (this.s.charCodeAt(this.p) !== OPEN_LIST) return undefined;
    this.p++;
    const out: T[] = [];
    if (this.s.charCodeAt(this.p) === CLOSE_LIST) {
      this.p++;
      return out;
    }
    for (;;) {
      out.push(item());
      if (this.bad) return undefined;
      const c = this.s.charCodeAt(this.p++);
      if (c === CLOSE_LIST) return out;
      if (c !== COMMA) return undefined;
    }
  }
}

const scanner = new LineScanner();
