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
import type { JsonObject } from '../validate';

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
const TEXT_ROW_HEAD = '{"type":"text-chunks",';
const REASONING_ROW_HEAD = '{"type":"reasoning-chunks",';
const TOOL_ROW_HEAD = '{"type":"tool-call-chunks",';

/** JSON.parse's value for `text`, when the line has one of the shapes above; undefined otherwise. */
export function scanLine(text: string): JsonObject | undefined {
  if (text.charCodeAt(0) !== OPEN || text.charCodeAt(text.length - 1) !== CLOSE) return undefined;
  return scanner.line(text);
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

  line(text: string): JsonObject | undefined {
    this.s = text;
    this.bad = false;
    let value: JsonObject | undefined;
    if (text.startsWith(CHUNK_HEAD)) {
      this.p = CHUNK_HEAD.length;
      value = this.chunkEvent();
    } else if (text.startsWith(TEXT_ROW_HEAD)) {
      this.p = TEXT_ROW_HEAD.length;
      value = this.packedRow('text-chunks', 'texts');
    } else if (text.startsWith(REASONING_ROW_HEAD)) {
      this.p = REASONING_ROW_HEAD.length;
      value = this.packedRow('reasoning-chunks', 'texts');
    } else if (text.startsWith(TOOL_ROW_HEAD)) {
      this.p = TOOL_ROW_HEAD.length;
      value = this.packedRow('tool-call-chunks', 'args');
    }
    const ok = value !== undefined && !this.bad && this.p === text.length;
    this.s = '';
    return ok ? value : undefined;
  }

  // -------------------------------------------------------------- shapes

  /** After `{"type":"assistant/chunk",`: optional seq and time, then data with a delta chunk. */
  private chunkEvent(): JsonObject | undefined {
    const seq = this.key('"seq":') ? this.uint() : undefined;
    if (seq !== undefined && !this.comma()) return undefined;
    const time = this.key('"time":') ? this.uint() : undefined;
    if (time !== undefined && !this.comma()) return undefined;
    if (!this.key('"data":{"turn":')) return undefined;
    const turn = this.uint();
    if (!this.key(',"step":')) return undefined;
    const step = this.uint();
    if (!this.key(',"chunk":{"type":"')) return undefined;
    const chunk = this.deltaChunk();
    if (chunk === undefined || !this.key('}}')) return undefined;
    const data = { turn, step, chunk };
    if (seq === undefined)
      return time === undefined ? { type: 'assistant/chunk', data } : { type: 'assistant/chunk', time, data };
    return time === undefined
      ? { type: 'assistant/chunk', seq, data }
      : { type: 'assistant/chunk', seq, time, data };
  }

  /** After `"chunk":{"type":"`: a text, reasoning or tool-call delta, through its closing brace. */
  private deltaChunk(): JsonObject | undefined {
    if (this.key('text-delta","index":')) return this.textDelta('text-delta');
    if (this.key('reasoning-delta","index":')) return this.textDelta('reasoning-delta');
    if (!this.key('tool-call-delta","index":')) return undefined;
    const index = this.uint();
    if (!this.key(',"id":')) return undefined;
    const id = this.str();
    let name: string | undefined;
    if (this.key(',"name":')) name = this.str();
    if (!this.key(',"argumentsDelta":')) return undefined;
    const argumentsDelta = this.str();
    if (!this.key('}')) return undefined;
    return name === undefined
      ? { type: 'tool-call-delta', index, id, argumentsDelta }
      : { type: 'tool-call-delta', index, id, name, argumentsDelta };
  }

  private textDelta(type: string): JsonObject | undefined {
    const index = this.uint();
    if (!this.key(',"text":')) return undefined;
    const text = this.str();
    if (!this.key('}')) return undefined;
    return { type, index, text };
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

  /** Consumes `k` when the text continues with it. */
  private key(k: string): boolean {
    if (!this.s.startsWith(k, this.p)) return false;
    this.p += k.length;
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
    if (this.s.charCodeAt(this.p) !== OPEN_LIST) return undefined;
    this.p++;
    const out: number[] = [];
    if (this.s.charCodeAt(this.p) === CLOSE_LIST) {
      this.p++;
      return out;
    }
    for (;;) {
      out.push(this.uint());
      if (this.bad) return undefined;
      const c = this.s.charCodeAt(this.p++);
      if (c === CLOSE_LIST) return out;
      if (c !== COMMA) return undefined;
    }
  }

  private strList(): string[] | undefined {
    if (this.s.charCodeAt(this.p) !== OPEN_LIST) return undefined;
    this.p++;
    const out: string[] = [];
    if (this.s.charCodeAt(this.p) === CLOSE_LIST) {
      this.p++;
      return out;
    }
    for (;;) {
      out.push(this.str());
      if (this.bad) return undefined;
      const c = this.s.charCodeAt(this.p++);
      if (c === CLOSE_LIST) return out;
      if (c !== COMMA) return undefined;
    }
  }
}

const scanner = new LineScanner();
