import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration', () => {
  it('picks the unit by size, rounding across unit boundaries', () => {
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(999.4)).toBe('999 ms');
    expect(formatDuration(999.6)).toBe('1.0 s');
    expect(formatDuration(1800)).toBe('1.8 s');
    expect(formatDuration(12_340)).toBe('12.3 s');
    expect(formatDuration(59_940)).toBe('59.9 s');
    expect(formatDuration(59_960)).toBe('1 m 00 s');
    expect(formatDuration(125_000)).toBe('2 m 05 s');
    expect(formatDuration(3_599_400)).toBe('59 m 59 s');
    expect(formatDuration(3_720_000)).toBe('1 h 02 m');
    expect(formatDuration(26 * 3_600_000)).toBe('26 h 00 m');
    expect(formatDuration(47 * 3_600_000 + 59 * 60_000)).toBe('47 h 59 m');
    expect(formatDuration(48 * 3_600_000)).toBe('2 d 00 h');
    expect(formatDuration(100 * 3_600_000)).toBe('4 d 04 h');
  });

  it('says years past 1,000 days, and only "10k+ y" past that (audit R18-6: was "-2400000000 h 00 m")', () => {
    const day = 86_400_000;
    expect(formatDuration(999 * day)).toBe('999 d 00 h');
    expect(formatDuration(1000 * day)).toBe('3 y');
    expect(formatDuration(365.25 * day * 274)).toBe('274 y');
    expect(formatDuration(-8.64e15)).toBe('-10k+ y');
    expect(formatDuration(1e300)).toBe('10k+ y');
  });

  it('keeps the sign and says nothing for non-finite input', () => {
    expect(formatDuration(-1800)).toBe('-1.8 s');
    expect(formatDuration(NaN)).toBe('—');
    expect(formatDuration(Infinity)).toBe('—');
  });
});
