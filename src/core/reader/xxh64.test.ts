import fc from 'fast-check';
import { createXXHash64 } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { Xxh64 } from './xxh64';
import { splitBytes } from './testing';

/** hash-wasm's XXH64 (seed 0), the oracle: its hex digest is big-endian, so the low 32 bits are its last 8 digits. */
const oracle = await createXXHash64(0, 0);
function expectedLow32(data: Uint8Array): number {
  oracle.init();
  oracle.update(data);
  return parseInt(oracle.digest('hex').slice(8), 16);
}

function low32(data: Uint8Array, sizes: readonly number[]): number {
  const h = new Xxh64();
  for (const piece of splitBytes(data, sizes)) h.update(piece);
  return h.digestLow32();
}

describe('Xxh64', () => {
  it('equals hash-wasm on every length 0..40 (the tail paths) and past 32 (the stripes)', () => {
    for (let n = 0; n <= 100; n++) {
      const data = Uint8Array.from({ length: n }, (_, i) => (i * 131 + n) & 0xff);
      expect(low32(data, []), `length ${n}`).toBe(expectedLow32(data));
      expect(low32(data, [1]), `length ${n} byte by byte`).toBe(expectedLow32(data));
    }
  });

  it('equals hash-wasm on random inputs split into random chunks', () => {
    const sizes = fc.array(fc.integer({ min: 0, max: 80 }), { maxLength: 8 });
    for (const maxLength of [40, 5000])
      fc.assert(
        fc.property(
          fc.uint8Array({ maxLength }),
          sizes,
          (data, cuts) => low32(data, cuts) === expectedLow32(data),
        ),
        { numRuns: 300 },
      );
  });

  it('starts over at reset', () => {
    const h = new Xxh64();
    h.update(new Uint8Array(77).fill(9));
    h.reset();
    const data = new TextEncoder().encode('{"type":"x"}\n'.repeat(9));
    h.update(data);
    expect(h.digestLow32()).toBe(expectedLow32(data));
  });
});
