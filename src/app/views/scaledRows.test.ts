import { describe, expect, it } from 'vitest';
import { MAX_SCROLL_PX, ROW_HEIGHT, blockSizeFor, itemSizeFor, rowGeometry } from './scaledRows';

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

  it('past the end of a list that got shorter (a filter), places its rows inside its height: the browser can clamp the position', () => {
    // 100,000 rows scrolled to the end, then a filter leaves 116: the position is still the old one.
    const g = rowGeometry(116, 122_053, 663);
    expect(g.first).toBeCloseTo(116 - 663 / ROW_HEIGHT);
    expect(g.top(115) + ROW_HEIGHT).toBeCloseTo(116 * ROW_HEIGHT);
    expect(g.top(85)).toBeCloseTo(85 * ROW_HEIGHT);
    // A list shorter than the view: from the top.
    expect(rowGeometry(5, 4000, 600).top(0)).toBe(0);
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

describe('blockSizeFor', () => {
  it('puts every row on screen in the block the viewport starts in or the next, at any height and scroll', () => {
    for (const count of [50, 1000, 610_000, 6_000_000])
      for (const vh of [200, 600, 900, 1440, 2160, 4000])
        for (let i = 0; i <= 40; i++) {
          const maxScroll = Math.max(0, count * itemSizeFor(count) - vh);
          const g = rowGeometry(count, (maxScroll * i) / 40 + (i % 3) * 7.3, vh);
          // As the timeline draws them.
          const firstRow = Math.max(0, Math.floor(g.first));
          const lastRow = Math.min(count - 1, Math.ceil(g.first + g.perView));
          const block = blockSizeFor(Math.ceil(g.perView));
          const firstBlock = Math.floor(firstRow / block);
          expect(lastRow).toBeLessThan((firstBlock + 2) * block);
        }
  });

  it('is a small power of two: a jump asks the worker for two viewports of rows, not hundreds', () => {
    expect(blockSizeFor(41)).toBe(64); // 900 px of 22 px rows
    expect(blockSizeFor(10)).toBe(32);
    expect(blockSizeFor(99)).toBe(128);
  });
});
