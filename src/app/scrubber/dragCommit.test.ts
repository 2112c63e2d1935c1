import { beforeEach, describe, expect, it } from 'vitest';
import { DragCommit, FOLLOW_MS, REST_MS, STALE_MS } from './dragCommit';

/** A drag over fake frames and a fake clock; `shown` is what the messages pane shows. */
function harness() {
  const frames: (() => void)[] = [];
  const afterPaint: (() => void)[] = [];
  const h = {
    now: 0,
    shown: null as number | null,
    painted: [] as number[],
    selected: [] as number[],
    /** Selections made inside an animation frame (the frame that paints the handle). */
    selectedInFrame: 0,
    frames,
    /** Runs the animation frame waiting, if any, then the tasks after its paint. */
    frame() {
      const cb = frames.shift();
      const before = h.selected.length;
      cb?.();
      h.selectedInFrame += h.selected.length - before;
      afterPaint.splice(0).forEach((task) => task());
    },
  };
  const drag = new DragCommit({
    requestFrame: (cb) => frames.push(cb),
    cancelFrame: () => frames.splice(0),
    now: () => h.now,
    paint: (seq) => h.painted.push(seq),
    select: (seq) => h.selected.push(seq),
    afterPaint: (cb) => afterPaint.push(cb),
    shownSeq: () => h.shown,
  });
  return { h, drag };
}

describe('DragCommit (a scrubber drag: handle every frame, selection when the panes catch up)', () => {
  let t: ReturnType<typeof harness>;
  beforeEach(() => {
    t = harness();
  });

  it('paints the newest position once per frame, and selects nothing per pointer move', () => {
    t.drag.start(10);
    expect(t.h.selected).toEqual([10]);
    for (let seq = 11; seq <= 50; seq++) t.drag.move(seq);
    // Forty moves before a frame: one frame is asked for, nothing painted or selected yet.
    expect(t.h.frames.length).toBe(1);
    expect(t.h.selected).toEqual([10]);
    t.h.frame();
    expect(t.h.painted).toEqual([10, 50]);
    // The panes do not show seq 10 yet: the selection waits (newest wins when they do).
    expect(t.h.selected).toEqual([10]);
    t.drag.move(60);
    t.h.frame();
    expect(t.h.painted).toEqual([10, 50, 60]);
    expect(t.h.selected).toEqual([10]);
    t.h.shown = 10;
    t.h.now = FOLLOW_MS;
    t.h.frame();
    expect(t.h.selected).toEqual([10, 60]);
    // Nothing pending: no frame is asked for until the pointer moves again.
    expect(t.h.frames.length).toBe(0);
  });

  it('selects once FOLLOW_MS passed when the panes already show the last selection', () => {
    t.drag.start(5);
    t.h.shown = 5;
    t.h.now = FOLLOW_MS - 1;
    t.drag.move(7);
    t.h.frame();
    expect(t.h.selected).toEqual([5]);
    t.h.now = FOLLOW_MS;
    t.h.frame();
    expect(t.h.selected).toEqual([5, 7]);
  });

  it('while the pointer keeps moving, the panes follow at most once per FOLLOW_MS; the handle every frame', () => {
    t.drag.start(0);
    // Two seconds of a drag at 60 frames a second, three pointer moves a frame; the panes are
    // quick (they show each selection by the next frame).
    const frames = 120;
    for (let f = 1; f <= frames; f++) {
      t.h.now = f * (1000 / 60);
      for (let k = 0; k < 3; k++) t.drag.move(f * 3 + k);
      t.h.shown = t.h.selected.at(-1) ?? null;
      t.h.frame();
    }
    // Every frame painted the pointer's newest position.
    expect(t.h.painted.length).toBe(frames + 1);
    expect(t.h.painted.at(-1)).toBe(frames * 3 + 2);
    // The selection followed about every FOLLOW_MS (2000 ms / 100 ms), never on consecutive frames.
    const selects = t.h.selected.length - 1;
    expect(selects).toBeGreaterThanOrEqual(Math.floor(2000 / FOLLOW_MS) - 2);
    expect(selects).toBeLessThanOrEqual(Math.ceil(2000 / FOLLOW_MS) + 1);
    expect(selects).toBeLessThan(frames / 4);
    // Each in a task after the frame that painted the handle, none inside a frame.
    expect(t.h.selectedInFrame).toBe(0);
  });

  it('a selection waiting for its frame to be painted is made when the drag ends there', () => {
    const u = harness();
    // The frame runs, its after-paint task does not yet: the drag ends in between.
    u.drag.start(0);
    u.h.shown = 0;
    u.h.now = FOLLOW_MS;
    u.drag.move(8);
    const cb = u.h.frames.shift();
    cb?.();
    expect(u.h.selected).toEqual([0]);
    expect(u.drag.end()).toBe(8);
    expect(u.h.selected).toEqual([0, 8]);
    // The frame's after-paint task comes later and selects nothing again.
    u.h.frame();
    expect(u.h.selected).toEqual([0, 8]);
  });

  it('selects as soon as the pointer rests for REST_MS, before FOLLOW_MS', () => {
    t.drag.start(0);
    t.h.shown = 0;
    t.h.now = 10;
    t.drag.move(40);
    t.h.frame();
    expect(t.h.selected).toEqual([0]);
    // No move since: resting.
    t.h.now = 10 + REST_MS;
    expect(REST_MS + 10).toBeLessThan(FOLLOW_MS);
    t.h.frame();
    expect(t.h.selected).toEqual([0, 40]);
  });

  it('does not wait longer than STALE_MS for a pane that never answers', () => {
    t.drag.start(5);
    t.drag.move(9);
    t.h.frame();
    expect(t.h.selected).toEqual([5]);
    t.h.now = STALE_MS;
    t.h.frame();
    expect(t.h.selected).toEqual([5, 9]);
  });

  it('selects where the pointer is when the drag ends, even before the panes caught up', () => {
    t.drag.start(1);
    t.drag.move(2);
    t.drag.move(3);
    expect(t.drag.end()).toBe(3);
    expect(t.h.selected).toEqual([1, 3]);
    expect(t.h.frames.length).toBe(0);
    // Ending where it already selected selects nothing again.
    const u = harness();
    u.drag.start(4);
    expect(u.drag.end()).toBe(4);
    expect(u.h.selected).toEqual([4]);
  });
});
