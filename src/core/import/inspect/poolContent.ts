/**
 * The Inspect message pool by content, so that two model calls' inputs are compared run by run,
 * not message by message (audit NEW-1: a pool holding the same 40,000 messages twice and 8,000
 * calls alternating between the copies compared 40,000 messages per call, 50 s for 12 MB).
 *
 * Each pool entry is keyed once (role and content as JSON). An entry whose content is new is a
 * root; any other entry points at an earlier entry with the same content: it continues the copy
 * the entry before it makes when it can (an LZ77-style parse), else it points at the first entry
 * with its content (or the latest one, when only that one's next entry matches). A copy run [s, e] with offset d (every entry k in it points at k - d) means
 * entries s - d .. e repeat with period d, so a position in it stands for a position d, 2d, ...
 * earlier for the rest of the run: the common length of two positions is found by moving the
 * later one back along its run until both meet (equal from there to the end of a run) or the
 * later one is a root (whose content no earlier entry has: they differ).
 *
 * A pool can be built so that its copies never continue a run (every entry of two copies of a
 * history points at the entries of a third, interleaved one): then each position moves once per
 * message, and calls that alternate between the copies cost one move per message per call
 * (quadratic). The moves are bounded by a budget: once it is spent, `exhausted` is set and
 * commonLength answers what it proved so far (never more than the truth: the caller compares
 * the rest itself, or stops comparing and says so; inspect.ts).
 */
import type { Message } from '../../types';

/** Moves PoolContent may make in all: this many, plus POOL_MOVES_PER_ITEM per pool entry and event. */
export const POOL_MOVES_FLOOR = 1_000_000;
export const POOL_MOVES_PER_ITEM = 16;

export class PoolContent {
  /** role -> content key -> the first pool index with it. */
  private readonly firstOf = new Map<string, Map<string, number>>();
  /** Per keyed pool index: the earlier index it stands for, or itself for a root. */
  private readonly source: number[] = [];
  /** Per keyed pool index: the first index of its copy run (itself for a root). */
  private readonly runStart: number[] = [];
  /** Per copy run's first index: its last index so far. */
  private readonly runLast = new Map<number, number>();
  /** Per keyed pool index: the first pool index with its content. */
  private readonly root: number[] = [];
  /** Per root: the last pool index keyed so far with its content. */
  private readonly latest = new Map<number, number>();
  /** Common lengths found, by pair of positions: [length, the limit it was found under]. */
  private readonly memo = new Map<number, [number, number]>();
  /** Positions moved back so far (the work of commonLength, at most `budget`). */
  moves = 0;
  /** The budget ran out: later answers are 0 past the positions that are the same. */
  exhausted = false;

  private readonly keys = new WeakMap<Message, string>();

  constructor(
    private readonly size: number,
    private readonly messageAt: (k: number) => Message,
    /** Moves allowed in all (POOL_MOVES_FLOOR + POOL_MOVES_PER_ITEM per pool entry and event). */
    private readonly budget = Infinity,
  ) {}

  /** A message's content as JSON, computed once per message. */
  keyOf(m: Message): string {
    let key = this.keys.get(m);
    if (key === undefined) {
      key = JSON.stringify(m.content);
      this.keys.set(m, key);
    }
    return key;
  }

  /** Keys the pool up to index `end` (exclusive), in pool order, each entry once: its root. */
  private rootTo(end: number): void {
    for (let k = this.root.length; k < Math.min(end, this.size); k++) {
      const m = this.messageAt(k);
      let byKey = this.firstOf.get(m.role);
      if (!byKey) this.firstOf.set(m.role, (byKey = new Map<string, number>()));
      const key = this.keyOf(m);
      const first = byKey.get(key);
      if (first === undefined) byKey.set(key, k);
      this.root.push(first ?? k);
    }
  }

  /** The copy runs up to index `end` (exclusive); each entry's root is known one entry ahead. */
  private keyTo(end: number): void {
    const last = Math.min(end, this.size);
    this.rootTo(last + 1);
    for (let k = this.source.length; k < last; k++) {
      const root = this.root[k] as number;
      const prev = k - 1;
      const prevSource = prev >= 0 ? (this.source[prev] as number) : prev;
      if (prevSource < prev && this.root[prevSource + 1] === root) {
        // continues the copy run of the entry before it
        const start = this.runStart[prev] as number;
        this.source.push(prevSource + 1);
        this.runStart.push(start);
        this.runLast.set(start, k);
      } else {
        // a new run copies the first entry with this content, or else the latest one, whichever
        // the next entry continues (a history duplicated again repeats its newest copy; the first
        // copy may hold it only in pieces, interleaved with other messages)
        const next = this.root[k + 1];
        const latest = this.latest.get(root) ?? k;
        const source =
          root !== k && this.root[root + 1] !== next && this.root[latest + 1] === next ? latest : root;
        this.source.push(source);
        this.runStart.push(k);
        if (source !== k) this.runLast.set(k, k);
      }
      this.latest.set(root, k);
    }
  }

  /**
   * How many leading messages the pool entries from `i` and from `j` have equal (by role and
   * content), at most `limit` (which must stay inside the pool from both).
   */
  commonLength(i: number, j: number, limit: number): number {
    if (limit <= 0 || i === j) return Math.max(0, limit);
    if (this.exhausted) return 0;
    const id = Math.min(i, j) * (this.size + 1) + Math.max(i, j);
    const known = this.memo.get(id);
    if (known && (known[0] < known[1] || limit <= known[1])) return Math.min(known[0], limit);
    this.keyTo(Math.max(i, j) + limit);
    const found = this.walk(i, j, limit);
    if (!this.exhausted) this.memo.set(id, [found, limit]); // a cut walk proved less than it says
    return found;
  }

  /**
   * The common length by moving positions back: `a` and `b` are the positions compared after
   * `n` equal messages; each side's moves are a stack of [offset, n where the run ends].
   */
  private walk(i: number, j: number, limit: number): number {
    let n = 0;
    let a = i;
    let b = j;
    const movesA: number[] = [];
    const movesB: number[] = [];
    const until = (moves: number[]) => (moves.length > 0 ? (moves[moves.length - 1] as number) : limit);
    while (n < limit) {
      while (movesA.length > 0 && until(movesA) <= n) a += (movesA.pop(), movesA.pop() as number);
      while (movesB.length > 0 && until(movesB) <= n) b += (movesB.pop(), movesB.pop() as number);
      if (a === b) {
        const to = Math.min(limit, until(movesA), until(movesB));
        a += to - n;
        b += to - n;
        n = to;
        continue;
      }
      const later = Math.max(a, b);
      const source = this.source[later] as number;
      if (source === later) return n; // a root: no earlier entry has its content
      const offset = later - source;
      const start = this.runStart[later] as number;
      const last = this.runLast.get(start) as number;
      // the run repeats with period `offset` from start - offset on: go back as far as it allows
      const back = offset * Math.floor((later - (start - offset)) / offset);
      if (this.moves >= this.budget) {
        this.exhausted = true;
        return n;
      }
      const moves = later === a ? movesA : movesB;
      const end = Math.min(n + last - later + 1, until(moves));
      moves.push(back, end);
      this.moves++;
      if (later === a) a -= back;
      else b -= back;
    }
    return n;
  }
}
