/**
 * Search hits as scrubber ticks: the hits the search pane holds, merged per
 * pixel column with the one tick bucketing (core/replay/axis.ts) on the
 * main thread's axis mapping, so the ticks grow as hits stream in without a
 * round trip to the worker. Pure: unit-tested.
 */
import { bucketTicks } from '../../core/replay/axis';
import type { TickView } from '../../worker/protocol';
import { xOfSeq, type AxisMap } from './axisMap';

export function searchTicks(map: AxisMap, seqs: ArrayLike<number>, widthPx: number): TickView[] {
  if (seqs.length === 0 || map.eventCount === 0 || widthPx <= 0) return [];
  return bucketTicks({ eventCount: map.eventCount, xOf: (seq) => xOfSeq(map, seq) }, seqs, widthPx);
}
