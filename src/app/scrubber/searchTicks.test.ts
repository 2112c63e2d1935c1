import { describe, expect, it } from 'vitest';
import { timeAxis } from '../../core/replay/axis';
import type { AxisMap } from './axisMap';
import { searchTicks } from './searchTicks';

const seqMap = (n: number): AxisMap => ({
  axis: 'seq',
  eventCount: n,
  knotSeqs: Int32Array.from([0, n - 1]),
  knotXs: Float64Array.from([0.5 / n, (n - 0.5) / n]),
});

describe('searchTicks', () => {
  it('puts each hit in the pixel column of its seq and merges hits that share one', () => {
    // 1000 events on a 100 px bar: 10 events per pixel.
    const ticks = searchTicks(seqMap(1000), [3, 7, 15, 500, 999], 100);
    expect(ticks).toEqual([
      { px: 0, count: 2, firstSeq: 3, lastSeq: 7 },
      { px: 1, count: 1, firstSeq: 15, lastSeq: 15 },
      { px: 50, count: 1, firstSeq: 500, lastSeq: 500 },
      { px: 99, count: 1, firstSeq: 999, lastSeq: 999 },
    ]);
  });

  it('never makes more ticks than pixels, and counts every hit', () => {
    const seqs = Array.from({ length: 5000 }, (_, i) => i * 2);
    const ticks = searchTicks(seqMap(10_000), seqs, 300);
    expect(ticks.length).toBeLessThanOrEqual(300);
    expect(ticks.reduce((a, t) => a + t.count, 0)).toBe(5000);
  });

  it('on the wall-clock axis, a hit after a compressed gap sits where the core axis draws it', () => {
    const n = 2000;
    const times = Array.from({ length: n }, (_, s) => 1e12 + s * 100 + (s >= 1200 ? 600_000 : 0));
    const axis = timeAxis({ eventCount: n, timeOf: (s) => times[s] })!;
    const map: AxisMap = {
      axis: 'time',
      eventCount: n,
      knotSeqs: Int32Array.from({ length: n }, (_, s) => s),
      knotXs: Float64Array.from({ length: n }, (_, s) => axis.xOf(s)),
    };
    const [tick] = searchTicks(map, [1200], 400);
    expect(tick?.px).toBe(Math.floor(axis.xOf(1200) * 400));
  });

  it('no hits, no log or no width: no ticks', () => {
    expect(searchTicks(seqMap(10), [], 100)).toEqual([]);
    expect(searchTicks({ ...seqMap(10), eventCount: 0 }, [1], 100)).toEqual([]);
    expect(searchTicks(seqMap(10), [1], 0)).toEqual([]);
  });
});
