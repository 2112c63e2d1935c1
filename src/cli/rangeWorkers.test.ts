import { describe, expect, it } from 'vitest';
import { rangeWorkersBesideOwner } from './rangeWorkers';

describe('rangeWorkersBesideOwner', () => {
  it('leaves the owner a core: one worker per core beyond it, none below 3 cores', () => {
    expect(rangeWorkersBesideOwner(undefined, 1)).toBe(0);
    expect(rangeWorkersBesideOwner(undefined, 2)).toBe(0);
    expect(rangeWorkersBesideOwner(undefined, 3)).toBe(2);
    expect(rangeWorkersBesideOwner(undefined, 16)).toBe(15);
  });

  it('takes SEQSCOPE_WORKERS as given (0 = one pass), and ignores a value that is not a count', () => {
    expect(rangeWorkersBesideOwner('2', 2)).toBe(2);
    expect(rangeWorkersBesideOwner('0', 16)).toBe(0);
    for (const bad of ['', ' ', '-1', '1.5', 'many']) expect(rangeWorkersBesideOwner(bad, 8)).toBe(7);
  });
});
