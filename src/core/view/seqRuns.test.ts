import { describe, expect, it } from 'vitest';
import { sameSeqRuns, seqRuns } from './seqRuns';

describe('seqRuns', () => {
  it('folds consecutive seqs into runs and keeps lone ones alone', () => {
    expect(seqRuns([1, 2, 3, 5, 7, 8])).toEqual({
      count: 6,
      runs: [
        [1, 3],
        [5, 5],
        [7, 8],
      ],
      rest: 0,
    });
    expect(seqRuns([])).toEqual({ count: 0, runs: [], rest: 0 });
  });

  it('one run for 120,000 consecutive seqs', () => {
    const seqs = Array.from({ length: 120_000 }, (_, i) => 5 + i);
    expect(seqRuns(seqs)).toEqual({ count: 120_000, runs: [[5, 120_004]], rest: 0 });
  });

  it('at most `max` runs of 120,000 scattered seqs, and the rest counted', () => {
    const seqs = Array.from({ length: 120_000 }, (_, i) => 2 * i);
    const r = seqRuns(seqs, 200);
    expect(r.runs).toHaveLength(200);
    expect(r.runs.at(-1)).toEqual([398, 398]);
    expect(r.rest).toBe(120_000 - 200);
    expect(r.count).toBe(120_000);
  });

  it('compares by value', () => {
    expect(sameSeqRuns(seqRuns([1, 2, 4]), seqRuns([1, 2, 4]))).toBe(true);
    expect(sameSeqRuns(seqRuns([1, 2, 4]), seqRuns([1, 2, 5]))).toBe(false);
    expect(sameSeqRuns(undefined, seqRuns([]))).toBe(false);
  });
});
