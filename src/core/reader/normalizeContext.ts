/**
 * What normalizing one event needs to know about earlier ones: the index of a
 * design-card delta without one, and the call id of a design-card tool result
 * named only through `sourceEventSeqs`. `FirstPassContext` works it out in
 * file order and records it; `RereadContext` replays it from a `ReadContext`,
 * so an event re-read alone equals the first pass's.
 */
import type { ReadContext, ReadContextRecorder } from './readContext';

/** The facts normalization needs from outside the event. */
export interface NormalizeContext {
  /** The index of an index-less delta; `startsBlock`: a tool-call delta carrying a name. */
  deltaIndex(seq: number, kind: string, startsBlock: boolean): number;
  /** A chunk with an explicit index (assigned indexes stay clear of it). */
  explicitIndex(index: number): void;
  /** A step attempt ends or begins. */
  attemptBoundary(): void;
  toolCall(seq: number, callId: string): void;
  /** The call id for a design-card tool/result without data.callId. */
  toolResultCallId(seq: number, sourceEventSeqs: unknown): string | undefined;
}

/** Tool calls remembered for design-card results; a result answers a recent call. */
export const REMEMBERED_TOOL_CALLS = 65536;

/** The first pass: works the context out in file order and records it. */
export class FirstPassContext implements NormalizeContext {
  private blockIndex = -1;
  private blockKind = '';
  private nextIndex = 0;
  private readonly callIds = new Map<number, string>();
  /**
   * The remembered calls' seqs, oldest first, in a ring: a Map's oldest key read through
   * `keys().next()` walks over every entry deleted before it (V8 keeps them until it rehashes),
   * so evicting that way cost ~14 µs a call at 65,536 remembered (a log of 300,000 tool calls: 4 s).
   */
  private ring: Float64Array | undefined;
  private calls = 0;

  constructor(private readonly recorder: ReadContextRecorder | undefined) {}

  deltaIndex(seq: number, kind: string, startsBlock: boolean): number {
    if (this.blockIndex < 0 || kind !== this.blockKind || startsBlock) {
      this.blockIndex = this.nextIndex++;
      this.blockKind = kind;
    }
    this.recorder?.onChunkIndexAssigned(seq, this.blockIndex);
    return this.blockIndex;
  }

  explicitIndex(index: number): void {
    if (index >= this.nextIndex) this.nextIndex = index + 1;
  }

  attemptBoundary(): void {
    this.blockIndex = -1;
    this.blockKind = '';
    this.nextIndex = 0;
  }

  toolCall(seq: number, callId: string): void {
    const ring = (this.ring ??= new Float64Array(REMEMBERED_TOOL_CALLS));
    const slot = this.calls++ % REMEMBERED_TOOL_CALLS;
    if (this.calls > REMEMBERED_TOOL_CALLS) this.callIds.delete(ring[slot] as number);
    ring[slot] = seq;
    this.callIds.set(seq, callId);
  }

  toolResultCallId(seq: number, sourceEventSeqs: unknown): string | undefined {
    if (!Array.isArray(sourceEventSeqs)) return undefined;
    for (const s of sourceEventSeqs) {
      const callId = typeof s === 'number' ? this.callIds.get(s) : undefined;
      if (callId !== undefined) {
        this.recorder?.onToolResultCallIdResolved(seq, callId);
        return callId;
      }
    }
    return undefined;
  }
}

/** A re-read: replays what the first pass recorded. */
export class RereadContext implements NormalizeContext {
  constructor(private readonly context: ReadContext) {}
  deltaIndex(seq: number): number {
    return this.context.chunkIndex(seq) ?? 0;
  }
  explicitIndex(): void {}
  attemptBoundary(): void {}
  toolCall(): void {}
  toolResultCallId(seq: number): string | undefined {
    return this.context.toolResultCallId(seq);
  }
}
