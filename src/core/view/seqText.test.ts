import { describe, expect, it } from 'vitest';
import { formatCount, formatCountOf, formatSeq } from './seqText';

describe('seq and count text', () => {
  it('a seq is plain digits (an identifier); a count is grouped (a quantity)', () => {
    expect(formatSeq(2937)).toBe('seq 2937');
    expect(formatSeq(1_234_567)).toBe('seq 1234567');
    expect(formatCount(2938)).toBe('2,938');
    expect(formatCount(7)).toBe('7');
  });

  it('groups every count as Intl does for en-US: whole ones by hand, fractions and the rest by Intl', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const n of [
      0,
      -0,
      1,
      999,
      1000,
      -1000,
      12345,
      100000,
      999999,
      1_000_000,
      -7_654_321,
      2 ** 53 - 1,
      1.5,
      1234.5678,
      -0.25,
      1e21,
      NaN,
      Infinity,
    ])
      expect(formatCount(n), String(n)).toBe(intl.format(n));
  });
});

describe('formatCountOf', () => {
  it('says one event, not "1 events"; other counts plural and grouped', () => {
    expect(formatCountOf(1, 'event')).toBe('1 event');
    expect(formatCountOf(0, 'event')).toBe('0 events');
    expect(formatCountOf(2938, 'event')).toBe('2,938 events');
  });
});
