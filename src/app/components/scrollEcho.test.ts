import { expect, it } from 'vitest';
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
