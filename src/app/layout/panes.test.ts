import { describe, expect, it } from 'vitest';
import { COLLAPSED_SIZE, DIVIDER_SIZE, SIDE_BY_SIDE_MINS, fitPanes, maxOuter } from './panes';

const open = (first: number, last: number) => ({ first, last, firstCollapsed: false, lastCollapsed: false });
const sum = (s: { first: number; middle: number; last: number }) =>
  s.first + s.middle + s.last + 2 * DIVIDER_SIZE;

describe('fitPanes', () => {
  it('gives the outer panes what was asked when it fits, the rest to the middle', () => {
    expect(fitPanes(1600, open(600, 400), SIDE_BY_SIDE_MINS)).toEqual({ first: 600, middle: 588, last: 400 });
  });

  it('keeps the middle at its minimum by taking from the outer panes in proportion to their slack', () => {
    // At 1024 px, 440 + 320 asked: the inspector ran 24 px past the viewport before.
    const s = fitPanes(1024, open(440, 320), SIDE_BY_SIDE_MINS);
    expect(s.middle).toBe(SIDE_BY_SIDE_MINS.middle);
    expect(sum(s)).toBe(1024);
    // slack 160 and 60: the timeline gives 160/220 of the 48 px.
    expect(s).toEqual({ first: 405, middle: 300, last: 307 });
  });

  it('never asks for more than the total, even below the minimums', () => {
    for (const total of [400, 600, 839, 850, 1024, 1280]) {
      const s = fitPanes(total, open(2000, 2000), SIDE_BY_SIDE_MINS);
      expect(sum(s)).toBe(total);
      expect(s.first).toBeGreaterThanOrEqual(COLLAPSED_SIZE);
      expect(s.last).toBeGreaterThanOrEqual(COLLAPSED_SIZE);
    }
  });

  it('shows a collapsed pane as a strip and gives its room to the middle', () => {
    const s = fitPanes(
      1024,
      { first: 440, last: 320, firstCollapsed: true, lastCollapsed: false },
      SIDE_BY_SIDE_MINS,
    );
    expect(s).toEqual({
      first: COLLAPSED_SIZE,
      middle: 1024 - 2 * DIVIDER_SIZE - COLLAPSED_SIZE - 320,
      last: 320,
    });
  });

  it('raises a size below the minimum to the minimum', () => {
    expect(fitPanes(1600, open(10, 10), SIDE_BY_SIDE_MINS)).toMatchObject({ first: 280, last: 260 });
  });
});

describe('maxOuter', () => {
  it('is what leaves the middle its minimum next to the other pane', () => {
    expect(maxOuter(1024, 260, SIDE_BY_SIDE_MINS)).toBe(1024 - 2 * DIVIDER_SIZE - 300 - 260);
  });
});
