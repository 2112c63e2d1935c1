import { beforeEach, describe, expect, it } from 'vitest';
import { DragCommit, FOLLOW_MS, REST_MS, SETTLE_MS, STALE_MS } from './dragCommit';

/**
 * A drag over fake frames, timers and clock; `shown` is what the messages pane shows, `selected`
 * the selection's seqs (the messages pane follows them), `settled` what the heavy panes follow.
 */
function harness() {
  const frames: (() => void)[] = [];
  const afterPaint: (() => void)[] = [];
  const timers = new Map<number, { at: number; cb: () => void }>();
  let timerIds = 0;
  const h = {
    settled: [] as number[],
    /** Advances the clock by `ms`, running the timers due meanwhile. */
    wait(ms: number) {
      h.now += ms;
      for (const [id, t] of [...timers])
        if (t.at <= h.now) {
          timers.delete(id);
          t.cb();
        }
    },
    timersWaiting: () => timers.size,
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
    // As the store does: the seq is selected (if it is not) and settled.
    settle: (seq) => {
      if (h.selected.at(-1) !== seq) h.selected.push(seq);
      h.settled.push(seq);
    },
    later: (cb, ms) => {
      const id = ++timerIds;
      timers.set(id, { at: h.now + ms, cb });
      return () => timers.delete(id);
    },
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

  it('the heavy panes settle only where the pointer rests SETTLE_MS, never on a moving drag', () => {
    t.drag.start(0);
    // One second of a drag at 60 frames a second: the messages pane follows, nothing settles.
    for (let f = 1; f <= 60; f++) {
      t.drag.move(f * 10);
      t.h.shown = t.h.selected.at(-1) ?? null;
      t.h.wait(1000 / 60);
      t.h.frame();
    }
    expect(t.h.selected.length).toBeGreaterThan(5);
    expect(t.h.settled).toEqual([]);
    // The pointer rests: once SETTLE_MS passed, the heavy panes follow where it is, once.
    t.h.wait(SETTLE_MS - 20);
    expect(t.h.settled).toEqual([]);
    t.h.wait(20);
    expect(t.h.settled).toEqual([600]);
    expect(t.h.selected.at(-1)).toBe(600);
    expect(t.h.timersWaiting()).toBe(0);
    // Released where it rested: nothing new to select or settle.
    const selects = t.h.selected.length;
    expect(t.drag.end()).toBe(600);
    expect(t.h.settled).toEqual([600]);
    expect(t.h.selected.length).toBe(selects);
  });

  it('a release settles where the pointer is at once, and cancels the wait for a rest', () => {
    t.drag.start(3);
    t.drag.move(70);
    t.h.wait(10);
    expect(t.drag.end()).toBe(70);
    expect(t.h.settled).toEqual([70]);
    expect(t.h.timersWaiting()).toBe(0);
    // A click (press and release) settles where it pressed.
    const u = harness();
    u.drag.start(9);
    expect(u.h.settled).toEqual([]);
    u.drag.end();
    expect(u.h.settled).toEqual([9]);
    expect(u.h.selected).toEqual([9]);
  });

  it('a move restarts the wait for a rest: the panes settle SETTLE_MS after the last move, not after the press', () => {
    t.drag.start(0);
    t.h.wait(SETTLE_MS - 10);
    t.drag.move(30);
    // The first timer was replaced: nothing settles SETTLE_MS after the press.
    t.h.wait(10);
    expect(t.h.settled).toEqual([]);
    t.h.wait(SETTLE_MS - 10);
    expect(t.h.settled).toEqual([30]);
  });
});
