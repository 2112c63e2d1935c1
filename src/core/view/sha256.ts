/**
 * Incremental SHA-256 (FIPS 180-4) in plain TypeScript.
 *
 * Why not WebCrypto: `crypto.subtle.digest` takes the whole input at once, so
 * fingerprinting a 1 GB log would need a second pass over bytes we already
 * stream through the worker. This hasher is fed the same chunks the reader
 * gets, so the fingerprint is ready the moment the last chunk is read.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

export class Sha256 {
  private readonly h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  private readonly w = new Uint32Array(64);
  /** Bytes of an incomplete 64-byte block carried to the next update. */
  private readonly pending = new Uint8Array(64);
  private pendingLength = 0;
  /** Total bytes hashed; a double is exact up to 2^53, far past any log. */
  private total = 0;
  private finished = false;

  update(data: Uint8Array): this {
    if (this.finished) throw new Error('Sha256: update after digest');
    this.total += data.length;
    let i = 0;
    if (this.pendingLength > 0) {
      const take = Math.min(64 - this.pendingLength, data.length);
      this.pending.set(data.subarray(0, take), this.pendingLength);
      this.pendingLength += take;
      i = take;
      if (this.pendingLength < 64) return this;
      this.block(this.pending, 0);
      this.pendingLength = 0;
    }
    for (; i + 64 <= data.length; i += 64) this.block(data, i);
    if (i < data.length) {
      this.pending.set(data.subarray(i), 0);
      this.pendingLength = data.length - i;
    }
    return this;
  }

  /** An independent copy: its digest covers the bytes so far while this one keeps hashing (a followed log). */
  clone(): Sha256 {
    const c = new Sha256();
    c.h.set(this.h);
    c.pending.set(this.pending);
    c.pendingLength = this.pendingLength;
    c.total = this.total;
    c.finished = this.finished;
    return c;
  }

  /** The 32-byte digest; the hasher cannot be updated afterwards. */
  digest(): Uint8Array {
    if (!this.finished) {
      const bitsHi = Math.floor(this.total / 0x20000000); // total * 8 / 2^32
      const bitsLo = (this.total * 8) >>> 0;
      const tail = new Uint8Array(this.pendingLength + 9 <= 64 ? 64 : 128);
      tail.set(this.pending.subarray(0, this.pendingLength));
      tail[this.pendingLength] = 0x80;
      const view = new DataView(tail.buffer);
      view.setUint32(tail.length - 8, bitsHi);
      view.setUint32(tail.length - 4, bitsLo);
      for (let i = 0; i < tail.length; i += 64) this.block(tail, i);
      this.finished = true;
    }
    const out = new Uint8Array(32);
    const view = new DataView(out.buffer);
    for (let i = 0; i < 8; i++) view.setUint32(i * 4, this.h[i] as number);
    return out;
  }

  hex(): string {
    let s = '';
    for (const b of this.digest()) s += b.toString(16).padStart(2, '0');
    return s;
  }

  private block(d: Uint8Array, at: number): void {
    const w = this.w;
    for (let t = 0; t < 16; t++) {
      const j = at + t * 4;
      w[t] =
        ((d[j] as number) << 24) |
        ((d[j + 1] as number) << 16) |
        ((d[j + 2] as number) << 8) |
        (d[j + 3] as number);
    }
    for (let t = 16; t < 64; t++) {
      const x = w[t - 15] as number;
      const y = w[t - 2] as number;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[t] = ((w[t - 16] as number) + s0 + (w[t - 7] as number) + s1) | 0;
    }
    const h = this.h;
    let a = h[0] as number;
    let b = h[1] as number;
    let c = h[2] as number;
    let e0 = h[3] as number;
    let e = h[4] as number;
    let f = h[5] as number;
    let g = h[6] as number;
    let hh = h[7] as number;
    for (let t = 0; t < 64; t++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + (K[t] as number) + (w[t] as number)) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) | 0;
      hh = g;
      g = f;
      f = e;
      e = (e0 + t1) | 0;
      e0 = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0] = (h[0] as number) + a;
    h[1] = (h[1] as number) + b;
    h[2] = (h[2] as number) + c;
    h[3] = (h[3] as number) + e0;
    h[4] = (h[4] as number) + e;
    h[5] = (h[5] as number) + f;
    h[6] = (h[6] as number) + g;
    h[7] = (h[7] as number) + hh;
  }
}

/** The log fingerprint of spec section 6: the first 16 hex digits of SHA-256 of the file's bytes. */
export function fingerprintOf(hasher: Sha256): string {
  return hasher.hex().slice(0, 16);
}
