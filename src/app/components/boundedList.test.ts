/**
 * The one rule for drawing a long list in part: matches by name, bounded, ranked when over the
 * bound (ties in their order); and a window of consecutive indexes kept inside the list.
 */
import { describe, expect, it } from 'vitest';
import { boundedMatches, windowAround } from './boundedList';

describe('boundedMatches', () => {
  const items = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
  const byLength = (a: string, b: string) => b.length - a.length;

  it('every match in its order when they fit, ranked only past the bound', () => {
    expect(boundedMatches(items, (s) => s, 'TA', byLength, 5)).toEqual({
      rows: ['beta', 'delta'],
      matching: 2,
    });
    expect(boundedMatches(items, (s) => s, '', byLength, 2)).toEqual({
      rows: ['epsilon', 'alpha'],
      matching: 5,
    });
    expect(boundedMatches(items, (s) => s, '', undefined, 2)).toEqual({
      rows: ['alpha', 'beta'],
      matching: 5,
    });
  });
});

describe('windowAround', () => {
  it('centred on the index, kept inside the list, the whole list when it fits', () => {
    expect(windowAround(500, 1000, 200)).toEqual({ from: 400, to: 600 });
    expect(windowAround(3, 1000, 200)).toEqual({ from: 0, to: 200 });
    expect(windowAround(999, 1000, 200)).toEqual({ from: 800, to: 1000 });
    expect(windowAround(5, 150, 200)).toEqual({ from: 0, to: 150 });
  });
});
