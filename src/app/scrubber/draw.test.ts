// @vitest-environment jsdom
/**
 * The track is painted at most once per pixel column, however many steps and turns the log has
 * (a rect per step made each redraw of a 1 GB log's bar a main-thread task that grew with the
 * log); bands wider than a pixel are painted one by one as before, and a failed step or an error
 * turn keeps its colour when it shares a column with others.
 */
import { describe, expect, it } from 'vitest';
import type { ReplayAxisView } from '../../worker/protocol';
import { drawTrack, LANES } from './draw';

interface Rect {
  x: number;
  y: number;
  w: number;
  style: string;
}

/** A canvas whose 2D context records every fillRect with the fill style in force. */
function recordingCanvas(): { canvas: HTMLCanvasElement; rects: Rect[] } {
  const rects: Rect[] = [];
  let style = '';
  const ctx = new Proxy(
    {},
    {
      get: (_t, key) => {
        if (key === 'fillRect') return (x: number, y: number, w: number) => rects.push({ x, y, w, style });
        if (key === 'measureText') return () => ({ width: 10 });
        return () => {};
      },
      set: (_t, key, value) => {
        if (key === 'fillStyle') style = String(value);
        return true;
      },
    },
  );
  const canvas = { width: 0, height: 0, getContext: () => ctx } as unknown as HTMLCanvasElement;
  return { canvas, rects };
}

/** `steps` steps in `turns` turns, evenly along the bar; `failed` steps have a failed attempt. */
function view(
  steps: number,
  turns: number,
  failed: number[] = [],
  errorTurns: number[] = [],
): ReplayAxisView {
  const stepXs = new Float64Array(2 * steps);
  for (let i = 0; i < steps; i++) {
    stepXs[2 * i] = i / steps;
    stepXs[2 * i + 1] = (i + 1) / steps;
  }
  const stepFlags = new Uint8Array(steps);
  for (const i of failed) stepFlags[i] = 2;
  return {
    axis: 'seq',
    timeAvailable: false,
    eventCount: steps * 10,
    width: 1000,
    knotSeqs: new Int32Array([0, steps * 10 - 1]),
    knotXs: new Float64Array([0, 1]),
    knotTimes: new Float64Array([NaN, NaN]),
    markers: [],
    turnNums: Int32Array.from({ length: turns }, (_, t) => t + 1),
    turnSeqs: Int32Array.from({ length: 2 * turns }, (_, i) => i >> 1),
    turnReasons: Uint8Array.from({ length: turns }, (_, t) => (errorTurns.includes(t) ? 1 : 0)),
    turnReasonNames: ['error'],
    turnXs: Float64Array.from({ length: 2 * turns }, (_, i) => ((i >> 1) + (i & 1)) / turns),
    stepXs,
    stepSeqs: new Int32Array(2 * steps),
    stepNums: new Int32Array(2 * steps),
    stepFlags,
    diagnostics: [],
    stalls: [],
    matches: null,
  };
}

const inLane = (rects: Rect[], lane: { y: number }) => rects.filter((r) => r.y === lane.y && r.w < 1000);

describe('drawTrack', () => {
  it('45,000 steps and 9,000 turns on a 1,000 px bar: at most one band per pixel column', () => {
    const { canvas, rects } = recordingCanvas();
    drawTrack(canvas, view(45_000, 9_000, [22_222], [4_444]), 1000);
    const steps = inLane(rects, LANES.steps);
    const turns = inLane(rects, LANES.turns);
    expect(steps.length).toBeLessThanOrEqual(1000);
    expect(turns.length).toBeLessThanOrEqual(1000);
    // The failed step and the error turn keep their colour in their shared column.
    const failedX = Math.floor((22_222 / 45_000) * 1000);
    expect(steps.find((r) => r.x === failedX)?.style).toBe('rgba(248,113,113,0.6)');
    const errorX = Math.floor((4_444 / 9_000) * 1000);
    expect(turns.find((r) => r.x === errorX)?.style).toBe('rgba(248,113,113,0.55)');
    expect(turns.filter((r) => r.style === 'rgba(248,113,113,0.55)')).toHaveLength(1);
  });

  it('bands wider than a pixel are each painted, alternating', () => {
    const { canvas, rects } = recordingCanvas();
    drawTrack(canvas, view(40, 4), 1000);
    const steps = inLane(rects, LANES.steps);
    expect(steps).toHaveLength(40);
    expect(steps[0]?.style).not.toBe(steps[1]?.style);
    expect(inLane(rects, LANES.turns)).toHaveLength(4);
  });
});
