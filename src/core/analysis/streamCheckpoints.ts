/**
 * Assembly checkpoints recorded by the loading pass: a copy of an attempt's
 * assembler every K chunks (K = 1024), so the stream at any seq is the
 * nearest checkpoint plus at most K chunk events read again
 * (streamIndex.ts). The loading pass assembles every attempt anyway (the
 * chunk-mismatch check, attempts.ts), so a checkpoint costs one O(blocks)
 * copy per K chunks; without them the first query deep into a stream of a
 * million deltas re-read (re-parsed) every chunk before it, for seconds.
 *
 * Cost: a checkpoint is taken after K chunks and after at least as many chunks as it copies
 * blocks, so copies stay O(chunks) however many blocks an attempt opens.
 *
 * Memory: only attempts longer than K chunks have checkpoints. When an
 * attempt closes, its checkpoints' strings become slices of the finished
 * text (StreamAssembler.rebaseOnto), so an attempt costs one flat copy of
 * its streamed text plus O(blocks) per checkpoint, not a cons node per delta.
 */
import type { StreamAssembler } from './assemble';

export interface StreamCheckpoint {
  /** All of the attempt's chunks with seq <= this are in `asm`. */
  seq: number;
  /** The attempt has no chunk after `seq` up to this seq: a query there reads nothing more. */
  quietUntil?: number;
  /** Never pushed to: clone it before assembling further. */
  asm: StreamAssembler;
}

/**
 * 1024, not 256: an attempt with a checkpoint keeps one flat copy of its streamed text
 * (the slices above), and at 256 most attempts of a 1M-event generated log qualified:
 * +74 MB, the loaded log at 2.25x the file (bench). At 1024 ordinary attempts keep none
 * and a first query re-reads at most 1024 chunks (a few ms).
 */
export const CHECKPOINT_EVERY = 1024;

export class StreamCheckpoints {
  /** Per attempt, keyed by its first chunk's seq (unique in a log): checkpoints in seq order. */
  private readonly byAttempt = new Map<number, StreamCheckpoint[]>();

  /**
   * Events a query may read from a checkpoint before `gap` takes one: past what `chunk`'s rule
   * leaves in a stream with a few other events between its chunks, so only a stream with many
   * others between them gets these too.
   */
  readonly gapEvery: number;

  constructor(readonly every = CHECKPOINT_EVERY) {
    this.gapEvery = 4 * every;
  }

  /** Blocks copied into checkpoints so far (a copy is O(blocks)): stays O(chunks), see `chunk`. */
  clonedBlocks = 0;
  /** Per attempt: its chunk count at its last checkpoint. */
  private readonly lastAt = new Map<number, number>();

  /**
   * After each chunk of the loading pass: `asm` holds the attempt's chunks up to `seq`. A
   * checkpoint is taken every K chunks, and no sooner than one chunk per block it copies since
   * the last one, so an attempt of many blocks (100,000 block-starts) costs O(chunks) copies in
   * all instead of O(blocks) per K chunks; a query then reads at most max(K, blocks) events,
   * the order of the snapshot it answers with.
   */
  chunk(firstChunkSeq: number, seq: number, asm: StreamAssembler): boolean {
    // Nearly every attempt is shorter than K: no map lookup in the loading pass's hottest loop.
    if (asm.chunkCount < this.every) return false;
    const since = asm.chunkCount - (this.lastAt.get(firstChunkSeq) ?? 0);
    if (since < this.every || since < asm.blockCount) return false;
    this.add(firstChunkSeq, { seq, asm: asm.clone() });
    this.lastAt.set(firstChunkSeq, asm.chunkCount);
    return true;
  }

  /**
   * Before the attempt's chunk at `next`, whose previous chunk is at `prev` and whose last
   * checkpoint leaves a query reading from `from` + 1: more than 4K events lie between (audit
   * R6-9: a million chunks of another step between two of this attempt's; the type column
   * skips other events unread, but not chunks). A checkpoint of the state after `prev`, quiet
   * until `next` - 1, so a query reads at most max(4K, blocks) events from any checkpoint. Like
   * `chunk`, it waits for as many events as it copies blocks: copies stay O(events).
   */
  gap(firstChunkSeq: number, prev: number, next: number, asm: StreamAssembler, from: number): boolean {
    if (next - from <= Math.max(this.gapEvery, asm.blockCount)) return false;
    this.add(firstChunkSeq, { seq: prev, quietUntil: next - 1, asm: asm.clone() });
    return true;
  }

  private add(firstChunkSeq: number, cp: StreamCheckpoint): void {
    let list = this.byAttempt.get(firstChunkSeq);
    if (!list) this.byAttempt.set(firstChunkSeq, (list = []));
    list.push(cp);
    this.clonedBlocks += cp.asm.blockCount;
  }

  /** The attempt is over: `asm` is its final state (see the memory note above). */
  close(firstChunkSeq: number, asm: StreamAssembler): void {
    const list = this.byAttempt.get(firstChunkSeq);
    if (list) for (const cp of list) cp.asm.rebaseOnto(asm);
  }

  /** The attempt's checkpoints so far (live while it is loading; read only). */
  of(firstChunkSeq: number): readonly StreamCheckpoint[] {
    return this.byAttempt.get(firstChunkSeq) ?? NONE;
  }

  /** Checkpoints held, over all attempts (tests and memory accounting). */
  get count(): number {
    let n = 0;
    for (const list of this.byAttempt.values()) n += list.length;
    return n;
  }
}

const NONE: readonly StreamCheckpoint[] = [];
