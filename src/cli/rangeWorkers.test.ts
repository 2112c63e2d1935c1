import { describe, expect, it } from 'vitest';
import { rangeWorkerCount } from './rangeWorkers';

describe('rangeWorkerCount', () => {
  it('leaves the owner a core: one worker per core beyond it, none below 3 cores', () => {
    expect(rangeWorkerCount(undefined, 1)).toBe(0);
    expect(rangeWorkerCount(undefined, 2)).toBe(0);
    expect(rangeWorkerCount(undefined, 3)).toBe(2);
    expect(rangeWorkerCount(undefined, 16)).toBe(15);
  });

  it('takes SEQSCOPE_WORKERS as given (0 = one pass), and ignores a value that is not a count', () => {
    expect(rangeWorkerCount('2', 2)).toBe(2);
    expect(rangeWorkerCount('0', 16)).toBe(0);
    for (const bad of ['', ' ', '-1', '1.5', 'many']) expect(rangeWorkerCount(bad, 8)).toBe(7);
  });
});
