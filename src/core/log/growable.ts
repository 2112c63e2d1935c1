/**
 * Append-only typed arrays that double when full. The log's per-event
 * columns live in these: ~34 bytes an event instead of one object each.
 */

type TypedArray = Int32Array | Uint32Array | Float64Array | Uint8Array;
type Ctor<T extends TypedArray> = new (length: number) => T;

export class Growable<T extends TypedArray> {
  private buf: T;
  length = 0;

  constructor(
    private readonly ctor: Ctor<T>,
    initialCapacity = 1024,
  ) {
    this.buf = new ctor(Math.max(16, initialCapacity));
  }

  push(v: number): void {
    if (this.length === this.buf.length) this.grow(this.length + 1);
    this.buf[this.length++] = v;
  }

  /** Value at i; callers keep i < length (columns are indexed by seq). */
  get(i: number): number {
    return this.buf[i] as number;
  }

  set(i: number, v: number): void {
    this.buf[i] = v;
  }

  /** A view of the filled part (shares memory: do not keep across pushes). */
  view(): T {
    return this.buf.subarray(0, this.length) as T;
  }

  /** A copy of [from, to), safe to transfer to another thread. */
  copy(from = 0, to = this.length): T {
    return this.buf.slice(from, to) as T;
  }

  private grow(min: number): void {
    let cap = this.buf.length * 2;
    while (cap < min) cap *= 2;
    const next = new this.ctor(cap);
    next.set(this.buf);
    this.buf = next;
  }
}

export const int32s = (cap?: number) => new Growable(Int32Array, cap);
export const uint32s = (cap?: number) => new Growable(Uint32Array, cap);
export const float64s = (cap?: number) => new Growable(Float64Array, cap);
export const uint8s = (cap?: number) => new Growable(Uint8Array, cap);

/** Index of the first element of sorted `a[0..n)` greater than `x` (one past the last <= x). */
export function upperBound(a: ArrayLike<number>, n: number, x: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
