/**
 * What the first pass learns about an event that the event's own bytes do not
 * say, so that parsing it again later on its own (`readEventAt`) gives exactly
 * the event the first pass produced. Only two facts depend on earlier events:
 *
 * - the `index` given to a design-card delta (no `index` of its own), which
 *   depends on the deltas before it in the same step attempt;
 * - the `callId` of a design-card tool/result without `data.callId`, which
 *   comes from the tool/call named in its `sourceEventSeqs`.
 *
 * Everything else (seq = position, packed-row member times, defaults) is
 * recomputed from the bytes and the seq. Logs in the current harness dialect
 * record nothing here at all. The lead can back this with a typed-array
 * column (chunk index by seq, -1 for none) and a small Map for call ids.
 */
export interface ReadContext {
  /** The index the first pass gave the index-less delta at `seq`, if it gave one. */
  chunkIndex(seq: number): number | undefined;
  /** The call id the first pass resolved for the design-card tool/result at `seq`. */
  toolResultCallId(seq: number): string | undefined;
}

/** How the first pass records those facts (called at most once per seq, in seq order). */
export interface ReadContextRecorder {
  onChunkIndexAssigned(seq: number, index: number): void;
  onToolResultCallIdResolved(seq: number, callId: string): void;
}

/** The default: two Maps, which stay empty for current-dialect logs. */
export class MapReadContext implements ReadContext, ReadContextRecorder {
  private readonly chunkIndexes = new Map<number, number>();
  private readonly callIds = new Map<number, string>();

  chunkIndex(seq: number): number | undefined {
    return this.chunkIndexes.get(seq);
  }

  toolResultCallId(seq: number): string | undefined {
    return this.callIds.get(seq);
  }

  onChunkIndexAssigned(seq: number, index: number): void {
    this.chunkIndexes.set(seq, index);
  }

  onToolResultCallIdResolved(seq: number, callId: string): void {
    this.callIds.set(seq, callId);
  }
}
