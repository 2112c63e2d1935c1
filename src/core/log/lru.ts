/**
 * A small least-recently-used cache (Map keeps insertion order), bounded by its number of
 * entries and, when given a budget, by the sum of their costs: a cache of parsed events
 * bounded only by count held 2048 events whatever their size (audit R6-1: lines of 2 MB of
 * `{}` parse to 45 MB each).
 */
export class Lru<K, V> {
  private readonly map = new Map<K, { value: V; cost: number }>();
  private total = 0;
  constructor(
    private readonly capacity: number,
    /** The most the entries' costs may add up to (an entry costing more is not kept). */
    private readonly budget = Infinity,
  ) {}

  get(key: K): V | undefined {
    const e = this.map.get(key);
    if (e !== undefined) {
      this.map.delete(key);
      this.map.set(key, e);
    }
    return e?.value;
  }

  /** The value without marking it used. */
  peek(key: K): V | undefined {
    return this.map.get(key)?.value;
  }

  set(key: K, value: V, cost = 0): void {
    this.delete(key);
    if (cost > this.budget) return;
    this.map.set(key, { value, cost });
    this.total += cost;
    while (this.map.size > this.capacity || this.total > this.budget)
      this.delete(this.map.keys().next().value as K);
  }

  /** The entries' costs added up. */
  get cost(): number {
    return this.total;
  }

  get size(): number {
    return this.map.size;
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }

  private delete(key: K): void {
    const e = this.map.get(key);
    if (e === undefined) return;
    this.map.delete(key);
    this.total -= e.cost;
  }
}
