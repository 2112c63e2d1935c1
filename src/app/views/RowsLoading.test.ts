import { describe, expect, it } from 'vitest';
import { missingRuns } from './RowsLoading';

describe('missingRuns', () => {
  it('groups the rows not at hand into runs of consecutive rows', () => {
    const atHand = new Set([3, 4, 8]);
    expect(missingRuns([1, 2, 3, 4, 5, 6, 7, 8, 9], (r) => atHand.has(r))).toEqual([
      [1, 2],
      [5, 3],
      [9, 1],
    ]);
    expect(missingRuns([1, 2], () => true)).toEqual([]);
    expect(missingRuns([], () => false)).toEqual([]);
  });
});
