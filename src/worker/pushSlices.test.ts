import { describe, expect, it } from 'vitest';
import { FIRST_SLICE, PUSH_SLICE, nextSlice, progressInterval } from './pushSlices';

describe('push slices', () => {
  it('plain input grows twofold per push to PUSH_SLICE', () => {
    let slice = FIRST_SLICE;
    const seen = [slice];
    while (slice < PUSH_SLICE) {
      slice = nextSlice(slice, slice, slice, 1e6, 1e6);
      seen.push(slice);
    }
    expect(seen).toEqual([4096, 8192, 16384, 32768, 65536, 131072, 262144]);
    expect(nextSlice(PUSH_SLICE, PUSH_SLICE, PUSH_SLICE, 1e6, 1e6)).toBe(PUSH_SLICE);
  });

  it('a bomb shrinks the next piece to about PUSH_SLICE decoded bytes, never under 1 kB', () => {
    expect(nextSlice(65536, 65536, 65536 * 100, 70_000, 65536 * 100)).toBe(Math.floor(PUSH_SLICE / 100));
    expect(nextSlice(4096, 4096, 4096 * 32_000, 4096, 4096 * 32_000)).toBe(1024);
  });

  it('a decoder holding output back: the whole input ratio still counts', () => {
    expect(nextSlice(8192, 8192, 0, 100_000, 100_000 * 500)).toBe(1024);
  });

  it('progress goes out every 50 ms in the first second of a load, then every 200 ms', () => {
    expect([0, 999, 1000, 60_000].map(progressInterval)).toEqual([50, 50, 200, 200]);
  });
});
