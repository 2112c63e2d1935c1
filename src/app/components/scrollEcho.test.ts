import { expect, it, vi } from 'vitest';
import { ScrollEcho } from './scrollEcho';

it('the scroll event after our own move is its echo, once; a later one is read', () => {
  let now = 1000;
  const echo = new ScrollEcho(() => now, 100);
  expect(echo.take()).toBe(false);
  echo.expect();
  now += 16;
  expect(echo.take()).toBe(true);
  // The user's next scroll.
  expect(echo.take()).toBe(false);
});

it('an echo that never came expires: the user scroll after it is read', () => {
  let now = 0;
  const echo = new ScrollEcho(() => now, 100);
  echo.expect();
  now += 101;
  expect(echo.take()).toBe(false);
});

/** Animation frames run by hand: the callbacks asked for, and what cancelled them. */
function handFrames() {
  const waiting = new Map<number, () => void>();
  let next = 1;
  return {
    request: (run: () => void) => (waiting.set(next, run), next++),
    cancel: (id: number) => void waiting.delete(id),
    /** Runs the frame: the callbacks asked before it. */
    run() {
      const now = [...waiting.values()];
      waiting.clear();
      for (const f of now) f();
    },
    get pending() {
      return waiting.size;
    },
  };
}

it('an echo taken with a recheck runs it in an animation frame once its own frame is over; a read event or a disposed echo runs none', () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const frames = handFrames();
  const echo = new ScrollEcho(() => 0, 100, frames);
  const recheck = vi.fn();
  expect(echo.take(recheck)).toBe(false);
  echo.expect();
  expect(echo.take(recheck)).toBe(true);
  expect(recheck).not.toHaveBeenCalled();
  vi.advanceTimersByTime(60);
  // Not in the timer's task (a layout forced there holds a seek's frame back): in the next frame.
  expect(recheck).not.toHaveBeenCalled();
  expect(frames.pending).toBe(1);
  frames.run();
  expect(recheck).toHaveBeenCalledTimes(1);
  // Disposed before its timer, and after its timer but before its frame: it never runs.
  echo.expect();
  echo.take(recheck);
  echo.dispose();
  vi.advanceTimersByTime(200);
  frames.run();
  echo.expect();
  echo.take(recheck);
  vi.advanceTimersByTime(60);
  expect(frames.pending).toBe(1);
  echo.dispose();
  expect(frames.pending).toBe(0);
  frames.run();
  expect(recheck).toHaveBeenCalledTimes(1);
  vi.useRealTimers();
});
