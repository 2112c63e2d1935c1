import { describe, expect, it } from 'vitest';
import type { PlaybackWindow } from '../../worker/protocol';
import { PlanBuffer } from './planBuffer';

function win(
  from: number,
  gaps: number[],
  extra: Partial<Record<'skipped' | 'delta' | 'problem', number[]>> = {},
  eventCount = 100,
): PlaybackWindow {
  const n = gaps.length;
  return {
    from,
    eventCount,
    playMs: Float64Array.from(gaps),
    skippedMs: Float64Array.from(extra.skipped ?? new Array<number>(n).fill(0)),
    deltaLength: Uint32Array.from(extra.delta ?? new Array<number>(n).fill(0)),
    problem: Uint8Array.from(extra.problem ?? new Array<number>(n).fill(0)),
  };
}

describe('PlanBuffer', () => {
  it('stitches windows into one clock from the start seq (offset 0)', () => {
    const b = new PlanBuffer(10);
    // The gap before the start seq does not count: playback starts there.
    expect(b.append(win(10, [500, 100, 100]))).toBe(true);
    expect(b.append(win(14, [5]))).toBe(false); // not contiguous
    expect(b.append(win(13, [200, 50]))).toBe(true);
    expect([10, 11, 12, 13, 14].map((s) => b.offsetOf(s))).toEqual([0, 100, 200, 400, 450]);
    expect(b.end).toBe(15);
  });

  it('seqAt is the last event due at the playhead, never before the start', () => {
    const b = new PlanBuffer(0);
    b.append(win(0, [0, 100, 0, 100]));
    expect(b.seqAt(-5)).toBe(0);
    expect(b.seqAt(0)).toBe(0);
    expect(b.seqAt(99.9)).toBe(0);
    expect(b.seqAt(100)).toBe(2); // two events due at once: the later one shows
    expect(b.seqAt(250)).toBe(3);
    expect(b.seqAt(1e9)).toBe(3);
  });

  it('reveals a long delta code point by code point up to the next event', () => {
    const b = new PlanBuffer(0);
    b.append(win(0, [0, 100, 100], { delta: [0, 4, 0] }));
    expect(b.positionAt(100, true)).toEqual({ seq: 1, chunk: 1 });
    expect(b.positionAt(125, true)).toEqual({ seq: 1, chunk: 2 });
    expect(b.positionAt(160, true)).toEqual({ seq: 1, chunk: 3 });
    expect(b.positionAt(199, true)).toEqual({ seq: 1 }); // the last code point shows the whole delta
    expect(b.positionAt(150, false)).toEqual({ seq: 1 });
    expect(b.positionAt(200, true)).toEqual({ seq: 2 });
    // The inverse lands on the same position.
    for (const chunk of [1, 2, 3])
      expect(b.positionAt(b.offsetOfPosition({ seq: 1, chunk }), true)).toEqual({ seq: 1, chunk });
  });

  it('the last held delta shows whole (its span is unknown until the next window)', () => {
    const b = new PlanBuffer(0);
    b.append(win(0, [0, 100], { delta: [0, 10] }));
    expect(b.positionAt(150, true)).toEqual({ seq: 1 });
  });

  it('finds problems and skipped gaps in a range (exclusive start)', () => {
    const b = new PlanBuffer(5);
    b.append(win(5, [0, 10, 250, 10, 10], { problem: [1, 0, 0, 1, 0], skipped: [0, 0, 42_000, 0, 0] }));
    expect(b.firstProblem(5, 9)).toBe(8);
    expect(b.firstProblem(4, 9)).toBe(5);
    expect(b.firstProblem(8, 9)).toBeNull();
    expect(b.skippedBetween(5, 7)).toBe(42_000);
    expect(b.skippedBetween(7, 9)).toBe(0);
  });

  it('trims played events and keeps offsets', () => {
    const b = new PlanBuffer(0);
    b.append(win(0, [0, 10, 10, 10, 10]));
    b.trimBefore(3);
    expect(b.has(2)).toBe(false);
    expect(b.offsetOf(3)).toBe(30);
    expect(b.seqAt(0)).toBe(3);
    b.append(win(5, [10, 10]));
    expect(b.offsetOf(6)).toBe(60);
    expect(b.lastOffset).toBe(60);
  });

  it('knows when it reaches the end of the log', () => {
    const b = new PlanBuffer(0);
    b.append(win(0, [0, 1, 1], {}, 5));
    expect(b.complete).toBe(false);
    b.append(win(3, [1, 1], {}, 5));
    expect(b.complete).toBe(true);
  });
});
