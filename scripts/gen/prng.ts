/**
 * A small seeded PRNG (mulberry32) with the helpers the generator needs.
 * The same seed always gives the same sequence: the generator never reads
 * the clock or Math.random.
 */
export class Rng {
  private s: number;

  constructor(seed: number) {
    // Mix the seed once so that nearby seeds (1, 2, 3) start far apart.
    let h = (seed ^ 0x9e3779b9) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
    this.s = (h ^ (h >>> 16)) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [lo, hi] (both inclusive). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** An integer >= lo, geometric-ish: each further unit with probability p, up to hi. */
  geometric(lo: number, hi: number, p: number): number {
    let n = lo;
    while (n < hi && this.next() < p) n++;
    return n;
  }

  /** A heavy-tailed integer in [lo, hi]: most values near lo, some near hi. */
  skewed(lo: number, hi: number, power = 3): number {
    return lo + Math.floor(Math.pow(this.next(), power) * (hi - lo + 1));
  }

  /** Fisher-Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  }

  private static readonly ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  private static readonly HEX = '0123456789abcdef';

  alnum(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += Rng.ALNUM[Math.floor(this.next() * 62)];
    return s;
  }

  hex(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += Rng.HEX[Math.floor(this.next() * 16)];
    return s;
  }

  /** A version-4-shaped UUID string. */
  uuid(): string {
    const v = Rng.HEX[8 + Math.floor(this.next() * 4)];
    return `${this.hex(8)}-${this.hex(4)}-4${this.hex(3)}-${v}${this.hex(3)}-${this.hex(12)}`;
  }
}
