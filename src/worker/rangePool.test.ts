import { describe, expect, it } from 'vitest';
import { rangeWorkerCount } from './rangePool';

// The browser's policy; the CLI's differs on purpose, by measurement (cli/rangeWorkers.ts,
// rangeWorkersBesideOwner: cores - 1, none below 3 cores).
describe('rangeWorkerCount (browser)', () => {
  it("starts one range worker per core beyond the log worker's, at most 8, at least 1", () => {
    expect(rangeWorkerCount(1)).toBe(1);
    expect(rangeWorkerCount(2)).toBe(1);
    expect(rangeWorkerCount(3)).toBe(2);
    expect(rangeWorkerCount(6)).toBe(5);
    expect(rangeWorkerCount(16)).toBe(8);
  });

  it('starts one when the browser does not say', () => {
    expect(rangeWorkerCount(undefined)).toBe(1);
    expect(rangeWorkerCount(0)).toBe(1);
  });
});
