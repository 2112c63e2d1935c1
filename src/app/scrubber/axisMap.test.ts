import { describe, expect, it } from 'vitest';
import { timeAxis } from '../../core/replay/axis';
import { bandAt, lastAtOrBelow, seqAtX, xOfSeq, type AxisMap } from './axisMap';

const seqMap = (n: number): AxisMap => ({
  axis: 'seq',
  eventCount: n,
  knotSeqs: Int32Array.from([0, n - 1]),
  knotXs: Float64Array.from([0.5 / n, (n - 0.5) / n]),
});

describe('axisMap', () => {
  it('lastAtOrBelow with a stride', () => {
    expect(lastAtOrBelow([1, 3, 5], 0)).toBe(-1);
    expect(lastAtOrBelow([1, 3, 5], 3)).toBe(1);
    expect(lastAtOrBelow([1, 3, 5], 9)).toBe(2);
    expect(lastAtOrBelow([0, 4, 5, 9, 10, 12], 9, 2)).toBe(1);
  });

  it('the seq axis round-trips every seq', () => {
    const m = seqMap(1000);
    for (const s of [0, 1, 499, 998, 999]) expect(seqAtX(m, xOfSeq(m, s))).toBe(s);
    expect(seqAtX(m, -1)).toBe(0);
    expect(seqAtX(m, 2)).toBe(999);
  });

  it('matches the core wall-clock axis at knots and stays monotone between them', () => {
    // 20k events, one every 100 ms, with a 5 min gap at 12 000.
    const n = 20_000;
    const times = Array.from({ length: n }, (_, s) => 1e12 + s * 100 + (s >= 12_000 ? 300_000 : 0));
    const axis = timeAxis({ eventCount: n, timeOf: (s) => times[s] })!;
    const knots = new Set<number>();
    for (let i = 0; i < 512; i++) knots.add(Math.round((i * (n - 1)) / 511));
    for (const mk of axis.markers) {
      knots.add(mk.beforeSeq);
      knots.add(mk.seq);
    }
    const ks = [...knots].sort((a, b) => a - b);
    const m: AxisMap = {
      axis: 'time',
      eventCount: n,
      knotSeqs: Int32Array.from(ks),
      knotXs: Float64Array.from(ks.map((s) => axis.xOf(s))),
    };
    for (const s of ks) expect(xOfSeq(m, s)).toBe(axis.xOf(s));
    let prev = -1;
    for (let s = 0; s < n; s += 37) {
      const x = xOfSeq(m, s);
      expect(x).toBeGreaterThanOrEqual(prev);
      prev = x;
      expect(Math.abs(x - axis.xOf(s))).toBeLessThan(1e-3);
      expect(Math.abs(seqAtX(m, x) - s)).toBeLessThanOrEqual(1);
    }
    // Inside the compressed gap: the last event before it.
    const gap = axis.markers[0]!;
    expect(seqAtX(m, (gap.x0 + gap.x1) / 2)).toBe(gap.beforeSeq);
  });

  it('bandAt finds the [start, last] pair containing a seq', () => {
    const bands = [0, 9, 20, 29, 30, 40];
    expect(bandAt(bands, 5)).toBe(0);
    expect(bandAt(bands, 15)).toBe(-1);
    expect(bandAt(bands, 29)).toBe(1);
    expect(bandAt(bands, 41)).toBe(-1);
  });
});
