/**
 * Parallel indexing, the part that runs in range workers (engine.md, "Using
 * every core"). A worker takes one byte range of the log that starts and
 * ends at line boundaries, splits it with the same LineSplitter the owner
 * uses, and runs the fast scanner (fastLine.ts) on each line. What it finds
 * goes back as a Prescan: per fast line, its offset and length in the range,
 * and the line's value written to a compact tape (numbers in a
 * Float64Array, strings joined into one string). Typed arrays transfer, one
 * string clones as a copy: no per-event objects cross the thread boundary.
 *
 * The owner then reads the range as usual, but a line the prescan covers is
 * rebuilt from the tape (no decoding, no parsing) and goes on through the
 * same sequential passes. Every other line is decoded and parsed by the owner
 * as before. The tape rebuilds exactly the value the scanner built (which is
 * exactly JSON.parse's), so the loaded log does not depend on how the file
 * was split or on how many workers ran (prescan.test.ts checks both).
 *
 * The owner gets a delta line back as its fields (fastLine.ts DeltaLine),
 * which the loading pass takes without an event object (records.ts), and any
 * other fast line as its value; both cost a few reads of the tape, against
 * decode + parse for the line.
 */
import type { JsonObject } from '../validate';
import { float64s, uint32s, uint8s, type Growable } from '../log/growable';
import { ByteStore } from './byteStore';
import { ElidedCopy } from './elidedResults';
import { DeltaLine, scanLine } from './fastLine';
import { LineSplitter, type LineSink } from './lineSplitter';

/** A range's fast lines and their values. Every array is transferable; `strings` is cloned. */
export interface Prescan {
  /** Fast lines found. */
  count: number;
  /** Each fast line's byte offset in the range (the first byte after any BOM). */
  offsets: Float64Array;
  /** Each fast line's byte length (without its line end). */
  lengths: Uint32Array;
  /** The values, one after the other (see `Tape`). */
  kinds: Uint8Array;
  nums: Float64Array;
  strings: string;
  stringLengths: Uint32Array;
}

// The value shapes fastLine.ts builds. A bit set in the kind says which optional keys are present.
const K_TEXT_DELTA = 0;
const K_REASONING_DELTA = 1;
const K_TOOL_DELTA = 2;
const K_TEXT_ROW = 3;
const K_REASONING_ROW = 4;
const K_TOOL_ROW = 5;
/** A tool/result line's copy without its result texts (elidedResults.ts): its text and placeholder count. */
const K_ELIDED = 6;
const HAS_SEQ = 8;
const HAS_TIME = 16;
const HAS_NAME = 32;
const SHAPE = 7;

/** Absent optional numbers are NaN on the tape (JSON has no NaN, so it is free). */
const ABSENT = NaN;

/** Splits `bytes` (a range that ends at a line end, or at the end of the log) and prescans its lines. */
export function prescanRange(bytes: Uint8Array): Prescan {
  const store = ByteStore.over(bytes);
  const tape = new TapeWriter(Math.ceil(bytes.length / BYTES_PER_LINE_GUESS));
  const sink: LineSink = {
    line(text, offset, length) {
      if (text === undefined) return;
      const value = scanLine(text);
      if (value !== undefined) tape.write(value, offset, length);
    },
    // Delta lines scanned as bytes by the splitter (fastBytes.ts), never decoded.
    delta(d, offset, length) {
      tape.writeDelta(d, offset, length);
    },
    // Other lines go to the owner, which decodes and parses them itself: only packed rows are
    // decoded here (the rest would be decoded twice, once for nothing), and tool/results copied
    // without their result texts (the owner parses the copy, not the whole line).
    fastLinesOnly: true,
    elidesResultText: true,
    elidedCopy(copy, offset, length) {
      tape.writeElided(copy, offset, length);
    },
  };
  const splitter = new LineSplitter(store, sink);
  splitter.scan();
  splitter.end();
  return tape.finish();
}

/**
 * The tape is sized for a line every this many bytes of the range (a delta line of a generated
 * log is about 165), and grows past it. Grown by doubling from a few entries, the columns of a
 * 16 MiB range were copied 11 times into memory never written before: 117 ms of a CLI range
 * worker's 2.2 s on 1M events (a CPU profile).
 */
const BYTES_PER_LINE_GUESS = 128;

/** Writes straight into growing typed arrays: no per-line JS arrays to convert at the end. */
class TapeWriter {
  private count = 0;
  private readonly offsets: Growable<Float64Array>;
  private readonly lengths: Growable<Uint32Array>;
  private readonly kinds: Growable<Uint8Array>;
  /** Five numbers a delta line (seq, time, turn, step, index). */
  private readonly nums: Growable<Float64Array>;
  private readonly strs: string[] = [];
  private readonly strLengths: Growable<Uint32Array>;

  constructor(lines: number) {
    const n = Math.max(64, lines);
    this.offsets = float64s(n);
    this.lengths = uint32s(n);
    this.kinds = uint8s(n);
    this.nums = float64s(5 * n);
    this.strLengths = uint32s(n);
  }

  private str(s: string): void {
    this.strs.push(s);
    this.strLengths.push(s.length);
  }

  /** A delta line's fields: the same tape as `write` of `d.value()`. */
  writeDelta(d: DeltaLine, offset: number, length: number): void {
    const ct = d.chunkType;
    let kind =
      ct === 'text-delta' ? K_TEXT_DELTA : ct === 'reasoning-delta' ? K_REASONING_DELTA : K_TOOL_DELTA;
    if (d.seq !== undefined) kind |= HAS_SEQ;
    if (d.time !== undefined) kind |= HAS_TIME;
    const nums = this.nums;
    nums.push(num(d.seq));
    nums.push(num(d.time));
    nums.push(d.turn);
    nums.push(d.step);
    nums.push(d.index);
    if ((kind & SHAPE) === K_TOOL_DELTA) {
      if (d.name !== undefined) kind |= HAS_NAME;
      this.str(d.id);
      if (d.name !== undefined) this.str(d.name);
    }
    this.str(d.text);
    this.kinds.push(kind);
    this.offsets.push(offset);
    this.lengths.push(length);
    this.count++;
  }

  writeElided(copy: ElidedCopy, offset: number, length: number): void {
    this.nums.push(copy.placed);
    this.str(copy.text);
    this.kinds.push(K_ELIDED);
    this.offsets.push(offset);
    this.lengths.push(length);
    this.count++;
  }

  write(v: JsonObject, offset: number, length: number): void {
    const type = v.type as string;
    const nums = this.nums;
    let kind: number;
    if (type === 'assistant/chunk') {
      const data = v.data as JsonObject;
      const chunk = data.chunk as JsonObject;
      const ct = chunk.type;
      kind = ct === 'text-delta' ? K_TEXT_DELTA : ct === 'reasoning-delta' ? K_REASONING_DELTA : K_TOOL_DELTA;
      if (v.seq !== undefined) kind |= HAS_SEQ;
      if (v.time !== undefined) kind |= HAS_TIME;
      nums.push(num(v.seq));
      nums.push(num(v.time));
      nums.push(data.turn as number);
      nums.push(data.step as number);
      nums.push(chunk.index as number);
      if ((kind & SHAPE) === K_TOOL_DELTA) {
        if (chunk.name !== undefined) kind |= HAS_NAME;
        this.str(chunk.id as string);
        if (chunk.name !== undefined) this.str(chunk.name as string);
        this.str(chunk.argumentsDelta as string);
      } else this.str(chunk.text as string);
    } else {
      const data = v.data as JsonObject;
      kind = type === 'text-chunks' ? K_TEXT_ROW : type === 'reasoning-chunks' ? K_REASONING_ROW : K_TOOL_ROW;
      if (v.seq0 !== undefined) kind |= HAS_SEQ;
      if (v.time0 !== undefined) kind |= HAS_TIME;
      const dt = data.dt as number[];
      const items = (kind & SHAPE) === K_TOOL_ROW ? (data.args as string[]) : (data.texts as string[]);
      nums.push(num(v.seq0));
      nums.push(num(v.time0));
      nums.push(data.turn as number);
      nums.push(data.step as number);
      nums.push(data.index as number);
      nums.push(dt.length);
      nums.push(items.length);
      for (const d of dt) nums.push(d);
      if ((kind & SHAPE) === K_TOOL_ROW) {
        if (data.name !== undefined) kind |= HAS_NAME;
        this.str(data.id as string);
        if (data.name !== undefined) this.str(data.name as string);
      }
      for (const s of items) this.str(s);
    }
    this.kinds.push(kind);
    this.offsets.push(offset);
    this.lengths.push(length);
    this.count++;
  }

  /** Views of the filled parts: their buffers transfer whole (the spare capacity goes along, uncopied). */
  finish(): Prescan {
    return {
      count: this.count,
      offsets: this.offsets.view(),
      lengths: this.lengths.view(),
      kinds: this.kinds.view(),
      nums: this.nums.view(),
      strings: this.strs.join(''),
      stringLengths: this.strLengths.view(),
    };
  }
}

function num(v: unknown): number {
  return v === undefined ? ABSENT : (v as number);
}

/**
 * The owner's side: hands out the prescanned values in order, for a range
 * that starts at `base` in the owner's store. `take` answers a line only
 * when the prescan saw a fast line at exactly that offset with that length;
 * any other line (or a prescan that does not match the bytes' layout at all)
 * is simply parsed by the owner.
 */
export class PrescanCursor {
  private i = 0;
  private n = 0;
  private s = 0;
  private sAt = 0;

  constructor(
    readonly prescan: Prescan,
    private readonly base: number,
  ) {}

  /** The value of the line at store `offset` with `length` bytes (its fields for a delta line), when it was prescanned. */
  take(offset: number, length: number): JsonObject | DeltaLine | ElidedCopy | undefined {
    const p = this.prescan;
    const rel = offset - this.base;
    // Lines come in order: skip prescanned lines the owner did not ask for (never, in practice).
    while (this.i < p.count && (p.offsets[this.i] as number) < rel) this.skip();
    if (this.i >= p.count || p.offsets[this.i] !== rel || p.lengths[this.i] !== length) return undefined;
    return this.read();
  }

  /** The length of the next prescanned line when it starts at store `offset`, else -1. */
  lengthAt(offset: number): number {
    const p = this.prescan;
    const i = this.i;
    return i < p.count && p.offsets[i] === offset - this.base ? (p.lengths[i] as number) : -1;
  }

  /** True once every prescanned line was read. */
  get done(): boolean {
    return this.i >= this.prescan.count;
  }

  private str(): string {
    const len = this.prescan.stringLengths[this.s++] as number;
    const at = this.sAt;
    this.sAt = at + len;
    return this.prescan.strings.slice(at, at + len);
  }

  private skip(): void {
    this.read();
  }

  /** The fields of the last delta line read (reused). */
  private readonly fields = new DeltaLine();

  private read(): JsonObject | DeltaLine | ElidedCopy {
    const p = this.prescan;
    const kind = p.kinds[this.i++] as number;
    const nums = p.nums;
    let n = this.n;
    if (kind === K_ELIDED) {
      this.n = n + 1;
      return new ElidedCopy(this.str(), nums[n] as number);
    }
    const seq = nums[n] as number;
    const time = nums[n + 1] as number;
    const turn = nums[n + 2] as number;
    const step = nums[n + 3] as number;
    const index = nums[n + 4] as number;
    n += 5;
    const shape = kind & SHAPE;
    const hasSeq = (kind & HAS_SEQ) !== 0;
    const hasTime = (kind & HAS_TIME) !== 0;
    const hasName = (kind & HAS_NAME) !== 0;
    let out: JsonObject | DeltaLine;
    if (shape <= K_TOOL_DELTA) {
      // A delta line: its fields, not its value (records.ts takes them as they are).
      const d = this.fields;
      d.seq = hasSeq ? seq : undefined;
      d.time = hasTime ? time : undefined;
      d.turn = turn;
      d.step = step;
      d.index = index;
      if (shape === K_TOOL_DELTA) {
        d.chunkType = 'tool-call-delta';
        d.id = this.str();
        d.name = hasName ? this.str() : undefined;
      } else d.chunkType = shape === K_TEXT_DELTA ? 'text-delta' : 'reasoning-delta';
      d.text = this.str();
      out = d;
    } else {
      const dtCount = nums[n] as number;
      const itemCount = nums[n + 1] as number;
      n += 2;
      const dt: number[] = new Array<number>(dtCount);
      for (let k = 0; k < dtCount; k++) dt[k] = nums[n + k] as number;
      n += dtCount;
      let data: JsonObject;
      const type =
        shape === K_TEXT_ROW
          ? 'text-chunks'
          : shape === K_REASONING_ROW
            ? 'reasoning-chunks'
            : 'tool-call-chunks';
      if (shape === K_TOOL_ROW) {
        const id = this.str();
        const name = hasName ? this.str() : undefined;
        const args = this.strList(itemCount);
        data = hasName ? { turn, step, index, dt, id, name, args } : { turn, step, index, dt, id, args };
      } else data = { turn, step, index, dt, texts: this.strList(itemCount) };
      const seq0 = seq;
      const time0 = time;
      if (hasSeq) out = hasTime ? { type, seq0, time0, data } : { type, seq0, data };
      else out = hasTime ? { type, time0, data } : { type, data };
    }
    this.n = n;
    return out;
  }

  private strList(count: number): string[] {
    const out: string[] = new Array<string>(count);
    for (let k = 0; k < count; k++) out[k] = this.str();
    return out;
  }
}

/** The arrays of a Prescan, to list as transferables when posting it. */
export function prescanTransferables(p: Prescan | undefined): ArrayBuffer[] {
  if (p === undefined) return [];
  return [p.offsets.buffer, p.lengths.buffer, p.kinds.buffer, p.nums.buffer, p.stringLengths.buffer].filter(
    (b): b is ArrayBuffer => b instanceof ArrayBuffer,
  );
}
