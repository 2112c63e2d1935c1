import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Sha256, fingerprintOf } from './sha256';

const node = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('Sha256', () => {
  it('matches known vectors', () => {
    expect(new Sha256().hex()).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(new Sha256().update(new TextEncoder().encode('abc')).hex()).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('gives the same digest however the input is chunked', () => {
    const data = new Uint8Array(10_007);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31 + 7) & 0xff;
    const want = node(data);
    for (const size of [1, 3, 55, 56, 63, 64, 65, 128, 1000, 10_007]) {
      const h = new Sha256();
      for (let i = 0; i < data.length; i += size) h.update(data.subarray(i, i + size));
      expect(h.hex(), `chunk size ${size}`).toBe(want);
    }
  });

  it('a clone digests the bytes so far while the original keeps hashing', () => {
    const a = new TextEncoder().encode('first part, ');
    const b = new TextEncoder().encode('then more');
    const h = new Sha256().update(a);
    expect(h.clone().hex()).toBe(node(a));
    h.update(b);
    const both = new Uint8Array([...a, ...b]);
    expect(h.hex()).toBe(node(both));
  });

  it('pads correctly around the 55/56-byte boundary', () => {
    for (let n = 50; n < 130; n++) {
      const data = new Uint8Array(n).fill(0x61);
      expect(new Sha256().update(data).hex()).toBe(node(data));
    }
  });

  it('fingerprint is the first 16 hex digits', () => {
    expect(fingerprintOf(new Sha256().update(new TextEncoder().encode('abc')))).toBe('ba7816bf8f01cfea');
  });
});
