/**
 * "The partly streamed assistant message at seq s", answered at query time
 * (design: "The streaming preview at s").
 *
 * The step containing s comes from the StructureIndex (binary search). Its
 * attempt at s is the last one whose first chunk is at or before s; a failed
 * attempt whose finish lies before s is over, so s then shows a new, empty
 * attempt (failed attempts are never part of the next one, spec 3.3). The
 * attempt's chunks up to s are assembled from:
 *   - the last queried state, when s is in the same attempt at or after it
 *     (scrubbing forward: cost = the events between the two seqs, O(1) for
 *     one step forward), else
 *   - the nearest checkpoint at or before s: an assembler copy kept every K
 *     chunks of the attempt (K = 1024), so any query costs O(K) events +
 *     O(blocks) for the snapshot. The loading pass records them
 *     (streamCheckpoints.ts, passed as `recorded`), so even the first query
 *     into a stream of a million deltas reads at most K events. Without
 *     `recorded` they are made lazily as queries pass that far (the first
 *     query deep into an attempt then costs O(events from its start) once),
 *     kept for the most recently queried attempts only (LRU, 16).
 * Checkpoints share strings and block objects with each other (assembler
 * state is immutable-by-copy), so a checkpoint is a few arrays of O(blocks).
 *
 * While loading, the structure is read through a getter on every query and
 * attempts only grow at their end, so caches keyed by where an attempt
 * starts stay valid.
 */
import type { ChunkDelta } from '../pipeline';
import { looseData, type SessionEvent, type StreamChunk } from '../types';
import type { AssembledStream } from './assemble';
import { StreamAssembler } from './assemble';
import type { StreamCheckpoint as Checkpoint } from './streamCheckpoints';
import { stepIndexAt, type AttemptInfo, type StepInfo, type StructureIndex } from './structureIndex';

export interface FailedAttemptSummary {
  /** Index into the step's attempts. */
  attempt: number;
  firstChunkSeq: number;
  lastChunkSeq: number;
  chunkCount: number;
  finish?: AttemptInfo['finish'];
}

/**
 * The stream at a seq. `lastDelta` (from AssembledStream) is present only
 * when the event at seq is itself one of the attempt's deltas: that is what
 * a chunk offset can address.
 */
export interface StreamState extends AssembledStream {
  turn: number;
  step: number;
  /** Index into `StructureIndex.steps`. */
  stepIndex: number;
  /** Index into the step's attempts (== attempts so far when the attempt has not started). */
  attempt: number;
  /** Seq of the attempt's first chunk; null while it has not started. */
  attemptStartSeq: number | null;
  /** Earlier failed attempts of this step, summarised (never merged into this one). */
  failedAttempts: FailedAttemptSummary[];
  /** The attempt's assistant/message, when it is at or before s: the stream is complete. */
  messageSeq?: number;
}

export interface StreamIndexOptions {
  /** Chunks between checkpoints (default 256). */
  checkpointEvery?: number;
  /** Attempts whose checkpoints are kept (default 16). */
  cachedAttempts?: number;
  /**
   * The checkpoints the loading pass recorded for an attempt (by its first
   * chunk's seq): when given, they are used instead of lazy ones.
   */
  recorded?: (firstChunkSeq: number) => readonly Checkpoint[];
  /**
   * Whether the event at seq is an `assistant/chunk`, without reading it (SessionLog: its type
   * column). Other seqs are then skipped unread: an attempt may have a million other events
   * between two of its chunks, and a query must not re-read them all on every seek.
   */
  isChunk?: (seq: number) => boolean;
  /**
   * A delta chunk's fields at seq without its event, as the loading pass reads them (SessionLog:
   * a delta line's bytes, a packed row's member), or undefined: `getEvent` then. A query reads
   * up to K chunks; building each one's event was most of its time.
   */
  delta?: (seq: number) => ChunkDelta | undefined;
}

export class StreamIndex {
  private readonly every: number;
  private readonly maxCached: number;
  /** Per attempt (keyed by step start and first chunk seq): checkpoints in seq order. */
  private readonly checkpoints = new Map<string, Checkpoint[]>();
  private last: { key: string; seq: number; asm: StreamAssembler } | null = null;

  constructor(
    private readonly getEvent: (seq: number) => SessionEvent | undefined,
    private readonly getStructure: () => StructureIndex,
    options: StreamIndexOptions = {},
  ) {
    this.every = Math.max(1, Math.floor(options.checkpointEvery ?? 256));
    this.maxCached = Math.max(1, options.cachedAttempts ?? 16);
    this.recorded = options.recorded;
    this.isChunk = options.isChunk;
    this.delta = options.delta;
  }

  private readonly recorded: StreamIndexOptions['recorded'];
  private readonly isChunk: StreamIndexOptions['isChunk'];
  private readonly delta: StreamIndexOptions['delta'];

  /**
   * The stream at seq (after applying every event <= seq), or null when seq
   * is not inside a step. `chunkOffset` shows only that many code points of
   * the delta at seq (ignored unless the event at seq is one of the
   * attempt's deltas).
   */
  streamAt(seq: number, chunkOffset?: number): StreamState | null {
    const structure = this.getStructure();
    const stepIndex = stepIndexAt(structure, seq);
    const step = structure.steps[stepIndex];
    if (!step) return null;
    const attempts = step.attempts;
    let i = attempts.length - 1;
    while (i >= 0 && (attempts[i] as AttemptInfo).firstChunkSeq > seq) i--;
    let current = attempts[i];
    if (current && current.failed && seq > current.lastChunkSeq) {
      current = undefined; // the failed attempt is over; the next has not started
      i++;
    }
    const failedAttempts: FailedAttemptSummary[] = [];
    for (let k = 0; k < Math.max(i, 0); k++) {
      const a = attempts[k] as AttemptInfo;
      if (!a.failed) continue;
      const f: FailedAttemptSummary = {
        attempt: k,
        firstChunkSeq: a.firstChunkSeq,
        lastChunkSeq: a.lastChunkSeq,
        chunkCount: a.chunkCount,
      };
      if (a.finish) f.finish = a.finish;
      failedAttempts.push(f);
    }
    const base = { turn: step.turn, step: step.step, stepIndex, failedAttempts };
    if (!current) {
      const empty = new StreamAssembler().snapshot();
      return { ...empty, ...base, attempt: Math.max(i, 0), attemptStartSeq: null };
    }
    const upTo = Math.min(seq, current.lastChunkSeq);
    const asm = this.assemble(step, current, upTo);
    const atSeq = asm.lastChunkSeq === seq;
    const state: StreamState = {
      ...asm.snapshot({ truncateLastDeltaTo: atSeq ? chunkOffset : undefined }),
      ...base,
      attempt: i,
      attemptStartSeq: current.firstChunkSeq,
    };
    // A chunk offset addresses the delta at seq itself (spec 6), so only then is there one to offer.
    if (!atSeq) delete state.lastDelta;
    if (current.messageSeq !== undefined && current.messageSeq <= seq) state.messageSeq = current.messageSeq;
    return state;
  }

  /** An assembler holding the attempt's chunks with seq <= upTo (owned by `last`: do not keep). */
  private assemble(step: StepInfo, attempt: AttemptInfo, upTo: number): StreamAssembler {
    const key = `${step.startSeq}:${attempt.firstChunkSeq}`;
    const recorded = this.recorded?.(attempt.firstChunkSeq);
    // Lazy checkpoints are made only when the loading pass recorded none.
    const cps = recorded ? null : this.checkpointsOf(key, attempt);
    const cp = nearest(recorded ?? (cps as Checkpoint[]), upTo) ?? {
      seq: attempt.firstChunkSeq - 1,
      asm: EMPTY,
    };
    const last = this.last;
    let asm: StreamAssembler;
    let from: number;
    if (last && last.key === key && last.seq <= upTo && last.seq >= cp.seq) {
      asm = last.asm;
      from = last.seq + 1;
    } else {
      asm = cp.asm.clone();
      from = cp.seq + 1;
    }
    // No chunk of the attempt up to quietUntil (other steps' chunks lie there): nothing to read.
    if (cp.quietUntil !== undefined && from <= cp.quietUntil) from = cp.quietUntil + 1;
    const isChunk = this.isChunk;
    const delta = this.delta;
    for (let s = from; s <= upTo; s++) {
      if (isChunk && !isChunk(s)) continue;
      const fields = delta?.(s);
      if (fields !== undefined) {
        if (fields.turn !== step.turn || fields.step !== step.step) continue;
        asm.pushDelta(fields, s);
      } else {
        const ev = this.getEvent(s);
        if (!ev || ev.type !== 'assistant/chunk') continue;
        const d = looseData(ev);
        // The same filter as StructureBuilder: only chunks naming this step belong to it.
        if (d.turn !== step.turn || d.step !== step.step) continue;
        if (typeof d.chunk !== 'object' || d.chunk === null) continue; // as StructureBuilder: not a chunk
        asm.push(d.chunk as StreamChunk, s);
      }
      // Invariant: every K-chunk boundary at or before the furthest seq any
      // pass has reached is already recorded, so only new ones are appended.
      if (cps && asm.chunkCount % this.every === 0 && s > (cps[cps.length - 1] as Checkpoint).seq)
        cps.push({ seq: s, asm: asm.clone() });
    }
    this.last = { key, seq: upTo, asm };
    return asm;
  }

  private checkpointsOf(key: string, attempt: AttemptInfo): Checkpoint[] {
    let cps = this.checkpoints.get(key);
    if (cps) {
      this.checkpoints.delete(key); // re-insert: Map order is the LRU order
    } else {
      cps = [{ seq: attempt.firstChunkSeq - 1, asm: new StreamAssembler() }];
      if (this.checkpoints.size >= this.maxCached) {
        const oldest = this.checkpoints.keys().next().value;
        if (oldest !== undefined) this.checkpoints.delete(oldest);
      }
    }
    this.checkpoints.set(key, cps);
    return cps;
  }
}

/** Never pushed to: the state before an attempt's first chunk. */
const EMPTY = new StreamAssembler();

/** The last checkpoint at or before seq (binary search), or undefined when all are after it. */
function nearest(cps: readonly Checkpoint[], seq: number): Checkpoint | undefined {
  let lo = 0;
  let hi = cps.length - 1;
  let found: Checkpoint | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const cp = cps[mid] as Checkpoint;
    if (cp.seq <= seq) {
      found = cp;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
