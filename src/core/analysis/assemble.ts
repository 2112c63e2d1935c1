/**
 * Stream assembly (spec 3.3): turns one step attempt's `assistant/chunk`s into
 * the blocks the model had produced so far, i.e. the streaming preview.
 *
 * Chunks arrive normalized (types.ts): design-card deltas already carry an
 * `index` and `argumentsDelta`, so there is one dialect here.
 *
 * Blocks under assembly are small mutable slots private to one assembler
 * (a delta appends in place: this runs for every chunk of the loading pass);
 * `snapshot()` and `clone()` copy them, O(blocks), which keeps
 * `streamIndex.ts`'s checkpoints cheap. A block carried by `block-end`
 * (owned by a possibly cached event) is shared, never mutated.
 */
import type { ChunkDelta } from '../pipeline';
import {
  looseData,
  type Block,
  type FinishReason,
  type SessionEvent,
  type StreamChunk,
  type TokenUsage,
} from '../types';

export interface AssembledStream {
  /** In order of each stream `index`'s first appearance. */
  blocks: Block[];
  /** Per block: true until its `block-end` arrived. */
  open: boolean[];
  /** The last `usage` chunk (usage is reported once, before `finish`). */
  usage?: TokenUsage;
  finish?: FinishReason;
  /** The attempt finished with `error` or `aborted`. */
  failed: boolean;
  chunkCount: number;
  /** Seq of the last chunk pushed, or -1 before any. */
  lastChunkSeq: number;
  /**
   * Present when the last chunk pushed is a text/reasoning/tool-call delta:
   * which block it went to and how much of it is shown, in code points (see
   * `truncateCodePoints`). This is what a "chunk offset" slider ranges over.
   */
  lastDelta?: { block: number; length: number; shown: number };
}

export interface SnapshotOptions {
  /**
   * Spec section 6, "a position inside a long delta": show only the first K
   * code points of the last delta (ignored unless the last chunk is a delta).
   */
  truncateLastDeltaTo?: number;
}

type DeltaField = 'text' | 'arguments';

interface LastDelta {
  slot: number;
  field: DeltaField;
  /** The field's value before the delta was appended. */
  before: string;
  delta: string;
}

/**
 * One block under assembly. Mutable and private to one assembler (clone()
 * copies them), so a delta appends in place instead of allocating a block.
 */
interface Slot {
  type: string;
  text: string;
  id: string;
  name: string;
  args: string;
  /** A block carried by `block-end` (or a start of another type): shown as it is. */
  final: Block | null;
  open: boolean;
  /**
   * Bumped whenever `text` or `args` restarts instead of growing: while it
   * is unchanged, an earlier copy's text and args are prefixes of the
   * current ones (what `rebaseOnto` relies on).
   */
  restarts: number;
}

function newSlot(type: string): Slot {
  return { type, text: '', id: '', name: '', args: '', final: null, open: true, restarts: 0 };
}

export class StreamAssembler {
  private slots: Slot[] = [];
  private slotOf = new Map<number, number>();
  private usage: TokenUsage | undefined;
  private finish: FinishReason | undefined;
  private count = 0;
  private lastSeq = -1;
  private lastDelta: LastDelta | null = null;

  get chunkCount(): number {
    return this.count;
  }

  /** Blocks so far: what a clone() or snapshot() copies. */
  get blockCount(): number {
    return this.slots.length;
  }

  get lastChunkSeq(): number {
    return this.lastSeq;
  }

  /**
   * Applies one chunk. Malformed chunks (no integer index, non-string text)
   * are counted but change nothing: the reader reports shape problems, and a
   * preview must never throw on a bad log.
   */
  push(chunk: StreamChunk, seq: number): void {
    this.count++;
    this.lastSeq = seq;
    this.lastDelta = null;
    const c = chunk as Record<string, unknown>;
    switch (chunk.type) {
      case 'block-start': {
        const index = c.index;
        if (!isIndex(index)) return;
        this.slot(index, typeof c.blockType === 'string' ? c.blockType : 'text');
        return;
      }
      case 'text-delta':
      case 'reasoning-delta': {
        const index = c.index;
        const text = c.text;
        if (isIndex(index) && typeof text === 'string')
          this.textDelta(chunk.type === 'text-delta' ? 'text' : 'reasoning', index, text);
        return;
      }
      case 'tool-call-delta': {
        const index = c.index;
        if (!isIndex(index)) return;
        const delta = typeof c.argumentsDelta === 'string' ? c.argumentsDelta : '';
        this.toolDelta(
          index,
          typeof c.id === 'string' ? c.id : undefined,
          typeof c.name === 'string' ? c.name : undefined,
          delta,
        );
        return;
      }
      case 'block-end': {
        const index = c.index;
        const block = c.block;
        if (!isIndex(index)) return;
        const valid =
          typeof block === 'object' && block !== null && typeof (block as Block).type === 'string';
        const slot = this.slot(index, valid ? (block as Block).type : 'text');
        const b = this.slots[slot] as Slot;
        if (valid) b.final = block as Block;
        b.open = false;
        return;
      }
      case 'usage':
        if (typeof c.usage === 'object' && c.usage !== null) this.usage = c.usage as TokenUsage;
        return;
      case 'finish':
        if (typeof c.reason === 'object' && c.reason !== null) this.finish = c.reason as FinishReason;
        return;
      default:
        return; // unknown chunk types are counted, not shown
    }
  }

  /** One delta chunk as its fields (the loading pass's fast path): the same as `push` of its chunk. */
  pushDelta(d: ChunkDelta, seq: number): void {
    this.count++;
    this.lastSeq = seq;
    this.lastDelta = null;
    if (d.chunkType === 'tool-call-delta') this.toolDelta(d.index, d.id, d.name, d.text);
    else this.textDelta(d.chunkType === 'text-delta' ? 'text' : 'reasoning', d.index, d.text);
  }

  private textDelta(kind: 'text' | 'reasoning', index: number, text: string): void {
    const slot = this.slot(index, kind);
    const b = this.slots[slot] as Slot;
    // A delta that contradicts its block-start's type still shows: what
    // the model streamed wins over what was announced.
    const f = b.final as { type: string; text?: unknown } | null;
    const before =
      f !== null
        ? (f.type === 'text' || f.type === 'reasoning') && typeof f.text === 'string'
          ? f.text
          : ''
        : b.type === 'text' || b.type === 'reasoning'
          ? b.text
          : '';
    if (before !== b.text) b.restarts++;
    b.type = kind;
    b.final = null;
    b.text = before + text;
    this.lastDelta = { slot, field: 'text', before, delta: text };
  }

  private toolDelta(index: number, id: string | undefined, name: string | undefined, delta: string): void {
    const slot = this.slot(index, 'tool-call');
    const b = this.slots[slot] as Slot;
    if (b.type !== 'tool-call' || b.final !== null) {
      b.type = 'tool-call';
      b.final = null;
      b.id = b.name = b.args = '';
      b.restarts++;
    }
    const before = b.args;
    if (id !== undefined) b.id = id;
    if (name !== undefined) b.name = name;
    b.args = before + delta;
    this.lastDelta = { slot, field: 'arguments', before, delta };
  }

  /** The blocks so far, as fresh values (later pushes do not change them). */
  blocks(): Block[] {
    return this.slots.map(toBlock);
  }

  snapshot(options: SnapshotOptions = {}): AssembledStream {
    const blocks = this.blocks();
    const out: AssembledStream = {
      blocks,
      open: this.slots.map((b) => b.open),
      failed: isFailure(this.finish),
      chunkCount: this.count,
      lastChunkSeq: this.lastSeq,
    };
    if (this.usage) out.usage = this.usage;
    if (this.finish) out.finish = this.finish;
    const d = this.lastDelta;
    if (d) {
      const length = codePointLength(d.delta);
      const k = options.truncateLastDeltaTo;
      const shown = k === undefined ? length : Math.max(0, Math.min(length, Math.floor(k)));
      if (shown < length) {
        blocks[d.slot] = {
          ...(blocks[d.slot] as Block),
          [d.field]: d.before + truncateCodePoints(d.delta, shown),
        };
      }
      out.lastDelta = { block: d.slot, length, shown };
    }
    return out;
  }

  /** An independent copy (O(blocks)): later pushes to either do not affect the other. */
  clone(): StreamAssembler {
    const c = new StreamAssembler();
    c.slots = this.slots.map((b) => ({ ...b }));
    c.slotOf = new Map(this.slotOf);
    c.usage = this.usage;
    c.finish = this.finish;
    c.count = this.count;
    c.lastSeq = this.lastSeq;
    c.lastDelta = this.lastDelta;
    return c;
  }

  /**
   * Makes this copy's strings slices of `later`'s, where `later` is this
   * assembler after more pushes (a checkpoint and its attempt's end). A
   * string grown by one delta at a time is a chain of one V8 cons node per
   * delta, and every checkpoint of a stream keeps that chain alive; slices
   * of the finished text hold one flat copy of it instead. Values are
   * unchanged (a restarted slot keeps its own strings).
   */
  rebaseOnto(later: StreamAssembler): void {
    const d = this.lastDelta;
    for (let i = 0; i < this.slots.length; i++) {
      const b = this.slots[i] as Slot;
      const l = later.slots[i];
      if (!l || l.restarts !== b.restarts) continue;
      b.text = prefixOf(l.text, b.text);
      b.args = prefixOf(l.args, b.args);
      if (d && d.slot === i) {
        const field = d.field === 'text' ? l.text : l.args;
        this.lastDelta = { ...d, before: prefixOf(field, d.before) };
      }
    }
  }

  private slot(index: number, type: string): number {
    let slot = this.slotOf.get(index);
    if (slot === undefined) {
      slot = this.slots.length;
      this.slotOf.set(index, slot);
      this.slots.push(newSlot(type));
    }
    return slot;
  }
}

/** `whole.slice(0, part.length)` (a cheap slice of a flat string) when `part` is its prefix by length. */
function prefixOf(whole: string, part: string): string {
  return part.length === 0 || part.length > whole.length ? part : whole.slice(0, part.length);
}

function toBlock(b: Slot): Block {
  if (b.final !== null) return b.final;
  if (b.type === 'text' || b.type === 'reasoning') return { type: b.type, text: b.text };
  if (b.type === 'tool-call') return { type: 'tool-call', id: b.id, name: b.name, arguments: b.args };
  return { type: b.type };
}

/** Assembles a whole chunk sequence at once (the naive path; also the test oracle). */
export function assembleChunks(
  chunks: Iterable<{ chunk: StreamChunk; seq: number }>,
  options?: SnapshotOptions,
): AssembledStream {
  const a = new StreamAssembler();
  for (const { chunk, seq } of chunks) a.push(chunk, seq);
  return a.snapshot(options);
}

/** A finish that ends an attempt without a usable answer (spec 3.3). */
export function isFailure(reason: FinishReason | undefined): boolean {
  return reason !== undefined && (reason.kind === 'error' || reason.kind === 'aborted');
}

export function isDeltaChunk(chunk: StreamChunk): boolean {
  return chunk.type === 'text-delta' || chunk.type === 'reasoning-delta' || chunk.type === 'tool-call-delta';
}

/** An assistant/chunk event whose chunk is a delta (the loading pass flags it: EventFlag.delta). */
export function isDeltaChunkEvent(ev: SessionEvent): boolean {
  if (ev.type !== 'assistant/chunk') return false;
  const chunk = looseData(ev).chunk;
  return typeof chunk === 'object' && chunk !== null && isDeltaChunk(chunk as StreamChunk);
}

function isIndex(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

// Offsets inside a delta count Unicode code points, not UTF-16 units: an
// offset can never split a surrogate pair, so scrubbing through CJK or emoji
// never shows a broken character. (Grapheme clusters such as ZWJ emoji
// sequences may still appear piecewise, as they did while streaming.)

export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++, n++) {
    if (isHighSurrogate(s.charCodeAt(i)) && i + 1 < s.length && isLowSurrogate(s.charCodeAt(i + 1))) i++;
  }
  return n;
}

/** The first k code points of s. */
export function truncateCodePoints(s: string, k: number): string {
  if (k <= 0) return '';
  let i = 0;
  for (let n = 0; n < k && i < s.length; n++, i++) {
    if (isHighSurrogate(s.charCodeAt(i)) && i + 1 < s.length && isLowSurrogate(s.charCodeAt(i + 1))) i++;
  }
  return s.slice(0, i);
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}
function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}
