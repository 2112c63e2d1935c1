/**
 * The one rule for drawing a long list in part: matches by name, bounded, ranked when over the
 * bound (ties in their order); and a window of consecutive indexes kept inside the list.
 */
import { describe, expect, it } from 'vitest';
import { boundedMatches, firstByRank, windowAround } from './boundedList';

describe('boundedMatches', () => {
  const items = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
  const byLength = (a: string, b: string) => b.length - a.length;

  it('every match in its order when they fit, ranked only past the bound', () => {
    expect(boundedMatches(items, (s) => s, 'TA', byLength, 5)).toEqual({
      rows: ['beta', 'delta'],
      matching: 2,
    });
    expect(boundedMatches(items, (s) => s, '', byLength, 2)).toEqual({
      rows: ['epsilon', 'alpha'],
      matching: 5,
    });
    expect(boundedMatches(items, (s) => s, '', undefined, 2)).toEqual({
      rows: ['alpha', 'beta'],
      matching: 5,
    });
  });
});

describe('windowAround', () => {
  it('centred on the index, kept inside the list, the whole list when it fits', () => {
    expect(windowAround(500, 1000, 200)).toEqual({ from: 400, to: 600 });
    expect(windowAround(3, 1000, 200)).toEqual({ from: 0, to: 200 });
    expect(windowAround(999, 1000, 200)).toEqual({ from: 800, to: 1000 });
    expect(windowAround(5, 150, 200)).toEqual({ from: 0, to: 150 });
  });
});

describe('firstByRank', () => {
  /** A seeded generator, so a failure reproduces. */
  function random(seed: number): () => number {
    let s = seed;
    return () => {
      s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
      return s / 2 ** 31;
    };
  }

  it('is the head of a stable sort, ties in their order', () => {
    const next = random(7);
    for (const [n, max] of [
      [0, 5],
      [5, 0],
      [10, 3],
      [1000, 200],
      [1000, 1000],
      [300, 1],
    ] as const) {
      const items = Array.from({ length: n }, (_, i) => ({ i, count: Math.floor(next() * 20) }));
      const rank = (a: { count: number }, b: { count: number }) => b.count - a.count;
      expect(firstByRank(items, rank, max)).toEqual([...items].sort(rank).slice(0, max));
    }
  });

  it('compares 100,000 items far fewer times than a sort would (audit R12-L1)', () => {
    const next = random(11);
    const items = Array.from({ length: 100_000 }, () => Math.floor(next() * 1000));
    let compared = 0;
    const rank = (a: number, b: number) => {
      compared++;
      return b - a;
    };
    const head = firstByRank(items, rank, 200);
    expect(head).toEqual([...items].sort((a, b) => b - a).slice(0, 200));
    // A sort compares about n log2 n = 1.7 million times; the heap about once per item.
    expect(compared).toBeLessThan(2 * items.length);
    // Every item of the same rank: one comparison each with the root (and the 200 kept sorted).
    compared = 0;
    firstByRank(new Array<number>(100_000).fill(1), rank, 200);
    expect(compared).toBeLessThan(items.length + 200 * 20);
  });
});
