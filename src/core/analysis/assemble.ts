/**
 * Stream assembly (spec 3.3): turns one step attempt's `assistant/chunk`s into
 * the blocks the model had produced so far, i.e. the streaming preview.
 *
 * Chunks arrive normalized (types.ts): design-card deltas already carry an
 * `index` and `argumentsDelta`, so there is one dialect here.
 *
 * Blocks are treated as immutable values: a delta replaces the block object
 * at its slot instead of mutating it. That keeps `snapshot()` and `clone()`
 * O(blocks) (array copies that share block objects and strings), which is
 * what lets `streamIndex.ts` keep cheap checkpoints, and lets a block carried
 * by a `block-end` chunk (owned by a possibly cached event) be shared safely.
 */
import type { Block, FinishReason, StreamChunk, TokenUsage } from '../types';

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

export class StreamAssembler {
  private blocks: Block[] = [];
  private open: boolean[] = [];
  private slotOf = new Map<number, number>();
  private usage: TokenUsage | undefined;
  private finish: FinishReason | undefined;
  private count = 0;
  private lastSeq = -1;
  private lastDelta: LastDelta | null = null;

  get chunkCount(): number {
    return this.count;
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
        this.slot(index, () => emptyBlock(typeof c.blockType === 'string' ? c.blockType : 'text'));
        return;
      }
      case 'text-delta':
      case 'reasoning-delta': {
        const index = c.index;
        const text = c.text;
        if (!isIndex(index) || typeof text !== 'string') return;
        const kind = chunk.type === 'text-delta' ? 'text' : 'reasoning';
        const slot = this.slot(index, () => ({ type: kind, text: '' }));
        const b = this.blocks[slot] as Record<string, unknown> & Block;
        // A delta that contradicts its block-start's type still shows: what
        // the model streamed wins over what was announced.
        const before = isTextLike(b) && typeof b.text === 'string' ? b.text : '';
        this.blocks[slot] = isTextLike(b) ? { ...b, type: kind, text: before + text } : { type: kind, text };
        this.lastDelta = { slot, field: 'text', before, delta: text };
        return;
      }
      case 'tool-call-delta': {
        const index = c.index;
        const delta = typeof c.argumentsDelta === 'string' ? c.argumentsDelta : '';
        if (!isIndex(index)) return;
        const slot = this.slot(index, () => emptyBlock('tool-call'));
        const prev = this.blocks[slot] as Block;
        const b = (prev.type === 'tool-call' ? prev : emptyBlock('tool-call')) as Record<string, unknown>;
        const before = typeof b.arguments === 'string' ? b.arguments : '';
        this.blocks[slot] = {
          ...b,
          type: 'tool-call',
          id: typeof c.id === 'string' ? c.id : typeof b.id === 'string' ? b.id : '',
          name: typeof c.name === 'string' ? c.name : typeof b.name === 'string' ? b.name : '',
          arguments: before + delta,
        };
        this.lastDelta = { slot, field: 'arguments', before, delta };
        return;
      }
      case 'block-end': {
        const index = c.index;
        const block = c.block;
        if (!isIndex(index)) return;
        const valid =
          typeof block === 'object' && block !== null && typeof (block as Block).type === 'string';
        const slot = this.slot(index, () => (valid ? (block as Block) : emptyBlock('text')));
        if (valid) this.blocks[slot] = block as Block;
        this.open[slot] = false;
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

  snapshot(options: SnapshotOptions = {}): AssembledStream {
    const blocks = this.blocks.slice();
    const out: AssembledStream = {
      blocks,
      open: this.open.slice(),
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
    c.blocks = this.blocks.slice();
    c.open = this.open.slice();
    c.slotOf = new Map(this.slotOf);
    c.usage = this.usage;
    c.finish = this.finish;
    c.count = this.count;
    c.lastSeq = this.lastSeq;
    c.lastDelta = this.lastDelta;
    return c;
  }

  private slot(index: number, make: () => Block): number {
    let slot = this.slotOf.get(index);
    if (slot === undefined) {
      slot = this.blocks.length;
      this.slotOf.set(index, slot);
      this.blocks.push(make());
      this.open.push(true);
    }
    return slot;
  }
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

function emptyBlock(blockType: string): Block {
  if (blockType === 'text' || blockType === 'reasoning') return { type: blockType, text: '' };
  if (blockType === 'tool-call') return { type: 'tool-call', id: '', name: '', arguments: '' };
  return { type: blockType };
}

function isTextLike(b: Block): boolean {
  return b.type === 'text' || b.type === 'reasoning';
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
