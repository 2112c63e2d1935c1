import { describe, expect, it } from 'vitest';
import { largestLog, memoryBudget, tooLarge } from './memoryBudget';

const GIB = 1024 ** 3;

describe('memory budget', () => {
  it('is half the reported device memory, 4 GB assumed when unknown, at most 4 GiB', () => {
    expect(memoryBudget(8)).toBe(4 * GIB);
    expect(memoryBudget(4)).toBe(2 * GIB);
    expect(memoryBudget(undefined)).toBe(2 * GIB);
    expect(memoryBudget(64)).toBe(4 * GIB);
  });

  it('a 2 GB log opens on an 8 GB device and is refused on a 4 GB one, saying what fits and why', () => {
    const twoGb = 2 * 1e9;
    expect(tooLarge('big.jsonl', twoGb, memoryBudget(8))).toBeNull();
    const why = tooLarge('big.jsonl', twoGb, memoryBudget(4));
    expect(why).toContain('big.jsonl is 1.9 GiB');
    expect(why).toContain('about 2.3 GiB of memory');
    expect(why).toContain('logs up to about 1.6 GiB fit here');
    expect(why).toContain('seqscope check');
    expect(largestLog(memoryBudget(4))).toBeCloseTo((2 * GIB) / 1.25);
  });

  it('names a compressed log by what it decompressed to so far', () => {
    expect(tooLarge('x.jsonl.gz', 3 * GIB, 2 * GIB, true)).toMatch(
      /^x\.jsonl\.gz decompresses to more than 3\.0 GiB/,
    );
  });
});
