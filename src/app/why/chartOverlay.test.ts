import { describe, expect, it } from 'vitest';
import { drawOverlay, pixelColumns, type OverlayPlot } from './chartOverlay';

/** A canvas that records the calls the overlay makes. */
function recordingPlot(widthPx: number, steps: number) {
  const calls: string[] = [];
  const lines: number[] = [];
  const ctx = {
    strokeStyle: '' as unknown,
    lineWidth: 1,
    save: () => calls.push('save'),
    restore: () => calls.push('restore'),
    beginPath: () => calls.push('beginPath'),
    moveTo: (x: number) => lines.push(x),
    lineTo: () => undefined,
    stroke: () => calls.push('stroke'),
    setLineDash: () => undefined,
  };
  // Steps 1..steps spread over widthPx canvas pixels starting at 10.
  const plot: OverlayPlot = {
    ctx: ctx,
    bbox: { top: 5, height: 100 },
    valToPos: (v) => 10 + ((v - 1) / Math.max(1, steps - 1)) * widthPx,
  };
  return { plot, calls, lines };
}

describe('chart overlay', () => {
  it('reduces marks to distinct pixel columns', () => {
    expect(pixelColumns([1, 1.2, 2, 2.4, 7], (v) => v * 10)).toEqual([10, 12, 20, 24, 70]);
    expect(pixelColumns([1, 1.01, 1.02, 3], (v) => v)).toEqual([1, 3]);
  });

  it('draws 160,000 compaction marks as at most one line per pixel column, in one stroke', () => {
    const steps = 80_000;
    const marks = Array.from({ length: 160_000 }, (_, i) => 1 + (i % steps));
    const { plot, calls, lines } = recordingPlot(600, steps);
    drawOverlay(plot, marks, 41, 1);
    // One stroke for the marks and one for the cursor, whatever the number of marks.
    expect(calls.filter((c) => c === 'stroke')).toHaveLength(2);
    expect(calls.filter((c) => c === 'save')).toHaveLength(2);
    // At most one line per pixel column (601 columns from 10 to 610), plus the cursor.
    expect(lines.length).toBeLessThanOrEqual(602);
    expect(new Set(lines.slice(0, -1)).size).toBe(lines.length - 1);
  });

  it('still marks every compaction when they fall on different columns', () => {
    const { plot, lines } = recordingPlot(1000, 11);
    drawOverlay(plot, [2, 5, 9], -1, 1);
    expect(lines).toEqual([110, 410, 810]);
  });
});
