/**
 * The geometry of a list that is read from its end (the messages at a seq: the newest at the
 * bottom). Items have unknown heights until measured; every item counts as `estimate` pixels
 * except those with a key (the loaded ones) whose height was measured, so offsets cost
 * O(log k) for k measured items, whatever the list's length (a history of 100k messages is no
 * slower than one of 10). Heights are kept by key (a message's source seq), across seqs: a
 * message measured once is placed exactly wherever it appears again.
 */

/** Measured heights by item key, bounded: the oldest entries go first. */
export class HeightCache {
  private readonly map = new Map<string, number>();
  constructor(private readonly limit = 4000) {}

  get(key: string): number | undefined {
    return this.map.get(key);
  }

  /** Records a height; true when it changed (by half a pixel or more). */
  set(key: string, height: number): boolean {
    const old = this.map.get(key);
    if (old !== undefined && Math.abs(old - height) < 0.5) return false;
    if (old === undefined && this.map.size >= this.limit) {
      const first = this.map.keys().next();
      if (!first.done) this.map.delete(first.value);
    }
    this.map.set(key, height);
    return true;
  }

  get size(): number {
    return this.map.size;
  }
}

/** Offsets of a list of `count` items: estimated heights, corrected where measured. */
export class TailGeometry {
  /** Indices with a measured height, ascending. */
  private readonly known: number[] = [];
  /** prefix[j] = sum over known[0..j) of (height - estimate). */
  private readonly prefix: number[] = [0];
  private readonly heights: number[] = [];

  /**
   * @param guesses heights guessed for items not measured yet (by index): they count instead of
   *   `estimate` until the item is measured.
   */
  constructor(
    readonly count: number,
    readonly estimate: number,
    keys: ReadonlyMap<number, string>,
    cache: HeightCache,
    guesses?: ReadonlyMap<number, number>,
  ) {
    const indices = [...keys.keys()].filter((i) => i >= 0 && i < count).sort((a, b) => a - b);
    for (const i of indices) {
      const h = cache.get(keys.get(i) as string) ?? guesses?.get(i);
      if (h === undefined) continue;
      this.known.push(i);
      this.heights.push(h);
      this.prefix.push((this.prefix.at(-1) as number) + h - estimate);
    }
  }

  /** Height of item i. */
  heightOf(i: number): number {
    const j = this.lowerBound(i);
    return this.known[j] === i ? (this.heights[j] as number) : this.estimate;
  }

  /** Top of item i (i may be `count`: the total height). */
  offsetOf(i: number): number {
    return i * this.estimate + (this.prefix[this.lowerBound(i)] as number);
  }

  get total(): number {
    return this.offsetOf(this.count);
  }

  /** The item at pixel y (clamped to the list). */
  indexAt(y: number): number {
    if (this.count === 0) return 0;
    let lo = 0;
    let hi = this.count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.offsetOf(mid) <= y) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /**
   * Items to render for a viewport at scrollTop: those visible plus `overscan` pixels each side,
   * and at least `extra` items each side (a tall item does not leave its neighbours unrendered).
   */
  range(scrollTop: number, viewport: number, overscan: number, extra = 0): { first: number; last: number } {
    if (this.count === 0) return { first: 0, last: -1 };
    const top = this.indexAt(scrollTop);
    const bottom = this.indexAt(scrollTop + viewport);
    return {
      first: Math.max(0, Math.min(top - extra, this.indexAt(Math.max(0, scrollTop - overscan)))),
      last: Math.min(this.count - 1, Math.max(bottom + extra, this.indexAt(scrollTop + viewport + overscan))),
    };
  }

  /** The scrollTop that shows the list's end. */
  endScrollTop(viewport: number): number {
    return Math.max(0, this.total - viewport);
  }

  /** Position of the first known index >= i. */
  private lowerBound(i: number): number {
    let lo = 0;
    let hi = this.known.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.known[mid] as number) < i) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
