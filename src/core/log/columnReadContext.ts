/**
 * The reader's re-read context (reader/readContext.ts) backed by a typed
 * array: in a design-card log every delta gets an assigned index, and a Map
 * of a million entries would cost ~50x the 4 bytes an entry needs here.
 */
import type { ReadContext, ReadContextRecorder } from '../reader/readContext';
import { int32s, type Growable } from './growable';

export class ColumnReadContext implements ReadContext, ReadContextRecorder {
  /** Chunk index by seq, -1 for none; allocated on the first assignment (current-dialect logs have none). */
  private chunkIndexes: Growable<Int32Array> | null = null;
  private readonly callIds = new Map<number, string>();

  chunkIndex(seq: number): number | undefined {
    const col = this.chunkIndexes;
    if (col === null || seq >= col.length) return undefined;
    const v = col.get(seq);
    return v < 0 ? undefined : v;
  }

  toolResultCallId(seq: number): string | undefined {
    return this.callIds.get(seq);
  }

  onChunkIndexAssigned(seq: number, index: number): void {
    const col = (this.chunkIndexes ??= int32s(1 << 14));
    while (col.length < seq) col.push(-1);
    if (col.length === seq) col.push(index);
    else col.set(seq, index);
  }

  onToolResultCallIdResolved(seq: number, callId: string): void {
    this.callIds.set(seq, callId);
  }
}
