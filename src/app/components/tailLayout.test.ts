import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HeightCache, TailGeometry } from './tailLayout';

/** The same geometry the slow way: every item's height in an array. */
function naive(count: number, estimate: number, heights: Map<number, number>) {
  const h = Array.from({ length: count }, (_, i) => heights.get(i) ?? estimate);
  const offsets = [0];
  for (const x of h) offsets.push((offsets.at(-1) as number) + x);
  return { h, offsets };
}

describe('TailGeometry', () => {
  it('places estimated items at multiples of the estimate', () => {
    const g = new TailGeometry(10, 100, new Map(), new HeightCache());
    expect(g.offsetOf(3)).toBe(300);
    expect(g.total).toBe(1000);
    expect(g.indexAt(250)).toBe(2);
    expect(g.endScrollTop(400)).toBe(600);
  });

  it('uses measured heights of keyed items, and keeps them by key across lists', () => {
    const cache = new HeightCache();
    cache.set('m7', 40);
    cache.set('m9', 300);
    // The message with source seq 7 is item 1 here, 0 in another list: placed the same way.
    const a = new TailGeometry(
      4,
      100,
      new Map([
        [1, 'm7'],
        [3, 'm9'],
      ]),
      cache,
    );
    expect([0, 1, 2, 3, 4].map((i) => a.offsetOf(i))).toEqual([0, 100, 140, 240, 540]);
    expect(a.heightOf(3)).toBe(300);
    const b = new TailGeometry(2, 100, new Map([[0, 'm7']]), cache);
    expect(b.offsetOf(1)).toBe(40);
  });

  it('the range covers the viewport plus overscan, from the end', () => {
    const g = new TailGeometry(100, 50, new Map(), new HeightCache());
    const top = g.endScrollTop(500);
    expect(top).toBe(4500);
    expect(g.range(top, 500, 100)).toEqual({ first: 88, last: 99 });
    // A tall item: its neighbours are rendered too.
    const cache = new HeightCache();
    cache.set('tall', 5000);
    const t = new TailGeometry(10, 50, new Map([[5, 'tall']]), cache);
    expect(t.range(t.offsetOf(5) + 1000, 500, 100, 2)).toEqual({ first: 3, last: 7 });
    expect(new TailGeometry(0, 50, new Map(), new HeightCache()).range(0, 500, 100)).toEqual({
      first: 0,
      last: -1,
    });
  });

  it('agrees with summing every height (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 10, max: 200 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 70 }), fc.integer({ min: 1, max: 900 })), {
          maxLength: 30,
        }),
        fc.integer({ min: 0, max: 20_000 }),
        (count, estimate, measured, y) => {
          const cache = new HeightCache();
          const keys = new Map<number, string>();
          const heights = new Map<number, number>();
          for (const [i, h] of measured) {
            keys.set(i, `k${i}`);
            cache.set(`k${i}`, h);
            if (i < count) heights.set(i, h);
          }
          const g = new TailGeometry(count, estimate, keys, cache);
          const { h, offsets } = naive(count, estimate, heights);
          for (let i = 0; i <= count; i++) expect(g.offsetOf(i)).toBe(offsets[i]);
          for (let i = 0; i < count; i++) expect(g.heightOf(i)).toBe(h[i]);
          if (count > 0) {
            const at = g.indexAt(y);
            let want = 0;
            for (let i = 0; i < count; i++) if ((offsets[i] as number) <= y) want = i;
            expect(at).toBe(want);
          }
        },
      ),
    );
  });
});

describe('HeightCache', () => {
  it('reports a change only when the height moved by half a pixel or more', () => {
    const c = new HeightCache();
    expect(c.set('a', 10)).toBe(true);
    expect(c.set('a', 10.3)).toBe(false);
    expect(c.set('a', 11)).toBe(true);
  });

  it('forgets its oldest entries past its limit', () => {
    const c = new HeightCache(2);
    c.set('a', 1);
    c.set('b', 2);
    c.set('c', 3);
    expect(c.size).toBe(2);
    expect(c.get('a')).toBeUndefined();
    expect(c.get('c')).toBe(3);
  });
});

describe('TailGeometry guesses', () => {
  it('places an unmeasured item at its guessed height, a measured one at its height', () => {
    const cache = new HeightCache();
    const keys = new Map([
      [0, 'a'],
      [1, 'b'],
      [2, 'c'],
    ]);
    cache.set('a', 50);
    const guesses = new Map([
      [0, 999],
      [1, 700],
    ]);
    const geo = new TailGeometry(4, 120, keys, cache, guesses);
    expect([0, 1, 2, 3].map((i) => geo.heightOf(i))).toEqual([50, 700, 120, 120]);
    expect(geo.offsetOf(2)).toBe(750);
    expect(geo.total).toBe(990);
  });
});
