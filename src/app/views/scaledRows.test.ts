import { describe, expect, it } from 'vitest';
import { MAX_SCROLL_PX, ROW_HEIGHT, itemSizeFor, rowGeometry } from './scaledRows';

describe('rowGeometry', () => {
  it('is plain virtualization for small counts', () => {
    const g = rowGeometry(1000, 220, 440);
    expect(g.itemSize).toBe(ROW_HEIGHT);
    expect(g.first).toBeCloseTo(10);
    expect(g.top(10)).toBeCloseTo(220);
    expect(g.scrollTopFor(10, 0)).toBeCloseTo(220);
    expect(g.scrollTopFor(30, 1)).toBeCloseTo((30 - 19) * ROW_HEIGHT);
  });

  it('keeps the scroll space under the cap and reaches the last row', () => {
    const count = 5_000_000;
    const vh = 880;
    expect(count * itemSizeFor(count)).toBeLessThanOrEqual(MAX_SCROLL_PX);
    const maxScroll = count * itemSizeFor(count) - vh;
    const end = rowGeometry(count, maxScroll, vh);
    expect(end.first + end.perView).toBeCloseTo(count);
    // the last row's bottom sits at the viewport's bottom
    expect(end.top(count - 1) + ROW_HEIGHT).toBeCloseTo(maxScroll + vh);
    const mid = rowGeometry(count, maxScroll / 2, vh);
    expect(mid.first).toBeCloseTo((count - end.perView) / 2);
  });

  it('scrollTopFor brings a row into view at the requested place', () => {
    const count = 2_000_000;
    const vh = 600;
    const g0 = rowGeometry(count, 0, vh);
    const st = g0.scrollTopFor(1_234_567, 0.5);
    const g = rowGeometry(count, st, vh);
    const y = g.top(1_234_567) - st;
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(vh);
  });
});
