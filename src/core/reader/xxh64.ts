/**
 * Streaming XXH64 (seed 0), the content checksum of a zstd frame (RFC 8878 3.1.1: the frame
 * stores the low 32 bits of XXH64 of its decoded content). Written here because fzstd does not
 * check it and the registry's synchronous XXH64s either use BigInt or a 16-bit-limb object per
 * operation (slow); hash-wasm's needs an async init, unusable inside a synchronous decode.
 *
 * 64-bit values are (hi, lo) pairs of unsigned 32-bit numbers: no BigInt and no allocation in
 * the hot loop. The multiply helpers leave their result in MH/ML (module scratch) so that
 * nothing is allocated per operation.
 */

// The XXH64 primes as (hi, lo).
const P1H = 0x9e3779b1;
const P1L = 0x85ebca87;
const P2H = 0xc2b2ae3d;
const P2L = 0x27d4eb4f;
const P3H = 0x165667b1;
const P3L = 0x9e3779f9;
const P4H = 0x85ebca77;
const P4L = 0xc2b2ae63;
const P5H = 0x27d4eb2f;
const P5L = 0x165667c5;

/** The result of the last mul/add/round helper: high and low 32 bits. */
let MH = 0;
let ML = 0;

/** (ah, al) * (bh, bl) mod 2^64, into MH/ML. */
function mul(ah: number, al: number, bh: number, bl: number): void {
  const a0 = al & 0xffff;
  const a1 = al >>> 16;
  const b0 = bl & 0xffff;
  const b1 = bl >>> 16;
  const p01 = a0 * b1;
  const p10 = a1 * b0;
  const mid = ((a0 * b0) >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
  const carry = a1 * b1 + (p01 >>> 16) + (p10 >>> 16) + (mid >>> 16); // high 32 bits of al * bl
  MH = (carry + Math.imul(ah, bl) + Math.imul(al, bh)) >>> 0;
  ML = Math.imul(al, bl) >>> 0;
}

/** (ah, al) + (bh, bl) mod 2^64, into MH/ML. */
function add(ah: number, al: number, bh: number, bl: number): void {
  const lo = al + bl;
  ML = lo >>> 0;
  MH = (ah + bh + (lo > 0xffffffff ? 1 : 0)) >>> 0;
}

/** XXH64's round: rotl(acc + input * P2, 31) * P1, into MH/ML. */
function round(acch: number, accl: number, inh: number, inl: number): void {
  mul(inh, inl, P2H, P2L);
  add(acch, accl, MH, ML);
  const h = ((MH << 31) | (ML >>> 1)) >>> 0;
  const l = ((ML << 31) | (MH >>> 1)) >>> 0;
  mul(h, l, P1H, P1L);
}

function rotlHi(h: number, l: number, r: number): number {
  return ((h << r) | (l >>> (32 - r))) >>> 0;
}
function rotlLo(h: number, l: number, r: number): number {
  return ((l << r) | (h >>> (32 - r))) >>> 0;
}

function u32(b: Uint8Array, i: number): number {
  return (
    ((b[i] as number) |
      ((b[i + 1] as number) << 8) |
      ((b[i + 2] as number) << 16) |
      ((b[i + 3] as number) << 24)) >>>
    0
  );
}

export class Xxh64 {
  // The four lanes' accumulators (hi, lo), seed 0.
  private v1h = 0;
  private v1l = 0;
  private v2h = 0;
  private v2l = 0;
  private v3h = 0;
  private v3l = 0;
  private v4h = 0;
  private v4l = 0;
  /** Bytes hashed so far. */
  private total = 0;
  /** A stripe (32 bytes) begun by one update and finished by a later one. */
  private readonly stripe = new Uint8Array(32);
  private held = 0;
  /** The lanes while stripes() runs. */
  private readonly lanes = new Uint32Array(8);

  constructor() {
    this.reset();
  }

  reset(): void {
    add(P1H, P1L, P2H, P2L);
    this.v1h = MH;
    this.v1l = ML;
    this.v2h = P2H;
    this.v2l = P2L;
    this.v3h = 0;
    this.v3l = 0;
    // 0 - P1 mod 2^64
    add(~P1H >>> 0, ~P1L >>> 0, 0, 1);
    this.v4h = MH;
    this.v4l = ML;
    this.total = 0;
    this.held = 0;
  }

  update(data: Uint8Array): void {
    const n = data.length;
    this.total += n;
    let i = 0;
    if (this.held > 0) {
      const take = Math.min(32 - this.held, n);
      this.stripe.set(data.subarray(0, take), this.held);
      this.held += take;
      i = take;
      if (this.held < 32) return;
      this.stripes(this.stripe, 0, 32);
      this.held = 0;
    }
    const whole = i + ((n - i) & ~31);
    if (whole > i) this.stripes(data, i, whole);
    if (whole < n) {
      this.stripe.set(data.subarray(whole), 0);
      this.held = n - whole;
    }
  }

  /** The low 32 bits of the digest of everything hashed since the last reset. */
  digestLow32(): number {
    let hh: number;
    let hl: number;
    if (this.total >= 32) {
      const { v1h, v1l, v2h, v2l, v3h, v3l, v4h, v4l } = this;
      add(rotlHi(v1h, v1l, 1), rotlLo(v1h, v1l, 1), rotlHi(v2h, v2l, 7), rotlLo(v2h, v2l, 7));
      add(MH, ML, rotlHi(v3h, v3l, 12), rotlLo(v3h, v3l, 12));
      add(MH, ML, rotlHi(v4h, v4l, 18), rotlLo(v4h, v4l, 18));
      hh = MH;
      hl = ML;
      for (const [vh, vl] of [
        [v1h, v1l],
        [v2h, v2l],
        [v3h, v3l],
        [v4h, v4l],
      ] as const) {
        round(0, 0, vh, vl);
        mul((hh ^ MH) >>> 0, (hl ^ ML) >>> 0, P1H, P1L);
        add(MH, ML, P4H, P4L);
        hh = MH;
        hl = ML;
      }
    } else {
      hh = P5H;
      hl = P5L;
    }
    add(hh, hl, Math.floor(this.total / 2 ** 32) >>> 0, this.total >>> 0);
    hh = MH;
    hl = ML;
    const b = this.stripe;
    const end = this.held;
    let i = 0;
    for (; i + 8 <= end; i += 8) {
      round(0, 0, u32(b, i + 4), u32(b, i));
      const xh = (hh ^ MH) >>> 0;
      const xl = (hl ^ ML) >>> 0;
      mul(rotlHi(xh, xl, 27), rotlLo(xh, xl, 27), P1H, P1L);
      add(MH, ML, P4H, P4L);
      hh = MH;
      hl = ML;
    }
    if (i + 4 <= end) {
      mul(0, u32(b, i), P1H, P1L);
      const xh = (hh ^ MH) >>> 0;
      const xl = (hl ^ ML) >>> 0;
      mul(rotlHi(xh, xl, 23), rotlLo(xh, xl, 23), P2H, P2L);
      add(MH, ML, P3H, P3L);
      hh = MH;
      hl = ML;
      i += 4;
    }
    for (; i < end; i++) {
      mul(0, b[i] as number, P5H, P5L);
      const xh = (hh ^ MH) >>> 0;
      const xl = (hl ^ ML) >>> 0;
      mul(rotlHi(xh, xl, 11), rotlLo(xh, xl, 11), P1H, P1L);
      hh = MH;
      hl = ML;
    }
    // Avalanche: h ^= h >> 33; h *= P2; h ^= h >> 29; h *= P3; h ^= h >> 32.
    mul(hh, (hl ^ (hh >>> 1)) >>> 0, P2H, P2L);
    mul((MH ^ (MH >>> 29)) >>> 0, (ML ^ ((MH << 3) | (ML >>> 29))) >>> 0, P3H, P3L);
    return (ML ^ MH) >>> 0;
  }

  /** Hashes the 32-byte stripes of data[from, to) into the lanes. */
  private stripes(data: Uint8Array, from: number, to: number): void {
    const lanes = this.lanes;
    lanes[0] = this.v1h;
    lanes[1] = this.v1l;
    lanes[2] = this.v2h;
    lanes[3] = this.v2l;
    lanes[4] = this.v3h;
    lanes[5] = this.v3l;
    lanes[6] = this.v4h;
    lanes[7] = this.v4l;
    for (let i = from; i < to; i += 32) {
      laneRound(lanes, 0, data, i);
      laneRound(lanes, 2, data, i + 8);
      laneRound(lanes, 4, data, i + 16);
      laneRound(lanes, 6, data, i + 24);
    }
    this.v1h = lanes[0];
    this.v1l = lanes[1];
    this.v2h = lanes[2];
    this.v2l = lanes[3];
    this.v3h = lanes[4];
    this.v3l = lanes[5];
    this.v4h = lanes[6];
    this.v4l = lanes[7];
  }
}

/**
 * round() on lane (lanes[k], lanes[k + 1]) with the 8 bytes at data[i], written out with locals
 * only: the hot loop (the helpers' module scratch costs ~4x here).
 */
function laneRound(lanes: Uint32Array, k: number, data: Uint8Array, i: number): void {
  const inl =
    ((data[i] as number) |
      ((data[i + 1] as number) << 8) |
      ((data[i + 2] as number) << 16) |
      ((data[i + 3] as number) << 24)) >>>
    0;
  const inh =
    ((data[i + 4] as number) |
      ((data[i + 5] as number) << 8) |
      ((data[i + 6] as number) << 16) |
      ((data[i + 7] as number) << 24)) >>>
    0;
  // input * P2
  let a0 = inl & 0xffff;
  let a1 = inl >>> 16;
  let p01 = a0 * (P2L >>> 16);
  let p10 = a1 * (P2L & 0xffff);
  let mid = ((a0 * (P2L & 0xffff)) >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
  let hi =
    (a1 * (P2L >>> 16) +
      (p01 >>> 16) +
      (p10 >>> 16) +
      (mid >>> 16) +
      Math.imul(inh, P2L) +
      Math.imul(inl, P2H)) >>>
    0;
  let lo = Math.imul(inl, P2L) >>> 0;
  // acc += it
  const sum = (lanes[k + 1] as number) + lo;
  lo = sum >>> 0;
  hi = ((lanes[k] as number) + hi + (sum > 0xffffffff ? 1 : 0)) >>> 0;
  // rotl 31
  const rh = ((hi << 31) | (lo >>> 1)) >>> 0;
  const rl = ((lo << 31) | (hi >>> 1)) >>> 0;
  // * P1
  a0 = rl & 0xffff;
  a1 = rl >>> 16;
  p01 = a0 * (P1L >>> 16);
  p10 = a1 * (P1L & 0xffff);
  mid = ((a0 * (P1L & 0xffff)) >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
  lanes[k] =
    a1 * (P1L >>> 16) + (p01 >>> 16) + (p10 >>> 16) + (mid >>> 16) + Math.imul(rh, P1L) + Math.imul(rl, P1H);
  lanes[k + 1] = Math.imul(rl, P1L);
}
