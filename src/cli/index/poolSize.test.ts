/** `index --threads N` starts at most four threads per core (audit 29 L5: 9999 threads of ~30 MB each). */
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { poolSize, threadCap } from './pool';

describe('the index pool size', () => {
  it('is what is asked, within the logs and four threads per core', () => {
    expect(threadCap()).toBe(4 * Math.max(1, availableParallelism()));
    expect(poolSize(9999, 800)).toBe(Math.min(800, threadCap()));
    expect(poolSize(2, 800)).toBe(2);
    expect(poolSize(64, 3)).toBe(3);
    expect(poolSize(1, 0)).toBe(1);
  });
});
