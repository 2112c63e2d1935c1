import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFingerprintHasher, createTsFingerprintHasher } from './fingerprint';

const nodeFingerprint = (b: Uint8Array) => createHash('sha256').update(b).digest('hex').slice(0, 16);

describe('fingerprint', () => {
  it('runs on wasm here, and is the first 16 hex of SHA-256 (the format old links carry)', async () => {
    const h = await createFingerprintHasher();
    expect(h.engine).toBe('wasm');
    h.update(new TextEncoder().encode('abc'));
    expect(h.finish()).toBe('ba7816bf8f01cfea');
  });

  it('the wasm and the pure-TS engines agree with node:crypto however the bytes are chunked', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 5000 }),
        fc.array(fc.integer({ min: 1, max: 700 }), { minLength: 1, maxLength: 8 }),
        async (data, sizes) => {
          const engines = [await createFingerprintHasher(), createTsFingerprintHasher()];
          for (const h of engines) {
            for (let i = 0, k = 0; i < data.length; k++) {
              const n = sizes[k % sizes.length] as number;
              h.update(data.subarray(i, i + n));
              i += n;
            }
            expect(h.finish()).toBe(nodeFingerprint(data));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('soFar gives the fingerprint of the bytes so far and the hasher keeps going (a followed log)', async () => {
    const a = new TextEncoder().encode('first part, ');
    const b = new TextEncoder().encode('then more');
    for (const h of [await createFingerprintHasher(), createTsFingerprintHasher()]) {
      h.update(a);
      expect(h.soFar()).toBe(nodeFingerprint(a));
      h.update(b);
      expect(h.soFar()).toBe(nodeFingerprint(new Uint8Array([...a, ...b])));
      expect(h.finish()).toBe(nodeFingerprint(new Uint8Array([...a, ...b])));
      expect(() => h.update(a)).toThrow();
    }
  });

  it('hashes an input larger than one wasm piece', async () => {
    const big = new Uint8Array(9 * 1024 * 1024 + 17);
    for (let i = 0; i < big.length; i += 4093) big[i] = i & 0xff;
    const h = await createFingerprintHasher();
    h.update(big);
    expect(h.finish()).toBe(nodeFingerprint(big));
  });
});
