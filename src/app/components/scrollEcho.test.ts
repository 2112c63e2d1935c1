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

it('an echo taken with a recheck runs it once its frame is over; a read event or a disposed echo runs none', () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const echo = new ScrollEcho(() => 0, 100);
  const recheck = vi.fn();
  expect(echo.take(recheck)).toBe(false);
  echo.expect();
  expect(echo.take(recheck)).toBe(true);
  expect(recheck).not.toHaveBeenCalled();
  vi.advanceTimersByTime(60);
  expect(recheck).toHaveBeenCalledTimes(1);
  echo.expect();
  echo.take(recheck);
  echo.dispose();
  vi.advanceTimersByTime(200);
  expect(recheck).toHaveBeenCalledTimes(1);
  vi.useRealTimers();
});
