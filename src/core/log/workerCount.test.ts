import { describe, expect, it } from 'vitest';
import { MAX_RANGE_WORKERS, rangeWorkerCount } from './workerCount';

describe('rangeWorkerCount', () => {
  it('is one per core, at least one and at most MAX_RANGE_WORKERS', () => {
    expect(rangeWorkerCount(4)).toBe(4);
    expect(rangeWorkerCount(1)).toBe(1);
    expect(rangeWorkerCount(0)).toBe(1);
    expect(rangeWorkerCount(undefined)).toBe(1);
    expect(rangeWorkerCount(NaN)).toBe(1);
    expect(rangeWorkerCount(64)).toBe(MAX_RANGE_WORKERS);
    expect(MAX_RANGE_WORKERS).toBe(8);
  });

  it('takes a requested count when it is a whole number, 0 included', () => {
    expect(rangeWorkerCount(16, 0)).toBe(0);
    expect(rangeWorkerCount(2, 3)).toBe(3);
    expect(rangeWorkerCount(4, NaN)).toBe(4);
    expect(rangeWorkerCount(4, -1)).toBe(4);
    expect(rangeWorkerCount(4, 1.5)).toBe(4);
  });
});
