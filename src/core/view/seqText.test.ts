import { describe, expect, it } from 'vitest';
import { formatCount, formatSeq } from './seqText';

describe('seq and count text', () => {
  it('a seq is plain digits (an identifier); a count is grouped (a quantity)', () => {
    expect(formatSeq(2937)).toBe('seq 2937');
    expect(formatSeq(1_234_567)).toBe('seq 1234567');
    expect(formatCount(2938)).toBe('2,938');
    expect(formatCount(7)).toBe('7');
  });
});
