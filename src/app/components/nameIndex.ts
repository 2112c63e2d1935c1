/**
 * A filter box's index over a long list of names: each name lower-cased once (not once per key),
 * built a slice at a time off the keystroke, and the last query's matches, which a query that
 * extends it searches instead of the whole list. Typing in the Types menu of a log with 100,000
 * distinct types lower-cased every name on every key: a 56-110 ms task per key (issue 9).
 *
 * The matches are exactly those of `boundedMatches`' plain path (`name.toLowerCase().includes(q)`):
 * a name not yet in the index is lower-cased on the spot.
 */

/** Names lower-cased per slice of the background build: bounded by a count, not by a clock. */
export const INDEX_SLICE = 5000;

export class NameIndex<T> {
  /** Lower-cased names [0, built); the rest are lower-cased when a query needs them. */
  private readonly lower: string[] = [];
  /** The last query (trimmed, lower-cased) and the indexes of the items that match it. */
  private last: { q: string; hits: number[] } | null = null;
  /** Names the last query tested (the work of a key, counted). */
  scanned = 0;

  constructor(
    readonly items: readonly T[],
    private readonly name: (item: T) => string,
  ) {}

  /** How many names are lower-cased so far. */
  get built(): number {
    return this.lower.length;
  }

  get complete(): boolean {
    return this.lower.length >= this.items.length;
  }

  /** Lower-cases up to `count` more names; true once every name is. */
  buildSome(count = INDEX_SLICE): boolean {
    const end = Math.min(this.items.length, this.lower.length + count);
    for (let i = this.lower.length; i < end; i++)
      this.lower.push(this.name(this.items[i] as T).toLowerCase());
    return this.complete;
  }

  private lowerAt(i: number): string {
    return this.lower[i] ?? this.name(this.items[i] as T).toLowerCase();
  }

  /**
   * The items whose name contains `q` (already trimmed and lower-cased; non-empty), in list order.
   * A query containing the last one only searches the last one's matches: every name that contains
   * the longer text contains the shorter.
   */
  matching(q: string): T[] {
    const prev = this.last;
    const hits: number[] = [];
    if (prev && q.includes(prev.q)) {
      for (const i of prev.hits) if (this.lowerAt(i).includes(q)) hits.push(i);
      this.scanned = prev.hits.length;
    } else {
      for (let i = 0; i < this.items.length; i++) if (this.lowerAt(i).includes(q)) hits.push(i);
      this.scanned = this.items.length;
    }
    this.last = { q, hits };
    return hits.map((i) => this.items[i] as T);
  }
}

/** The one index per list (the list a store holds is replaced, never changed, when the log grows). */
const indexes = new WeakMap<readonly unknown[], NameIndex<unknown>>();

export function nameIndexOf<T>(items: readonly T[], name: (item: T) => string): NameIndex<T> {
  let index = indexes.get(items) as NameIndex<T> | undefined;
  if (!index) {
    index = new NameIndex(items, name);
    indexes.set(items, index as NameIndex<unknown>);
  }
  return index;
}
