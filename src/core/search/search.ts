/**
 * Search over every event of a log, in batches, over the raw bytes.
 *
 * Each batch scans the raw bytes of a run of events for the query's
 * prefilter (query.ts) without decoding them: no per-line work for lines
 * that cannot match. Only candidate lines are parsed (packed rows expanded:
 * every member of a candidate row is an event of its own) and their string
 * values matched exactly, so the prefilter only has to never miss. An event
 * counts once, with the first string that matches.
 *
 * The caller drives the batches (`step`), so the worker can post results with
 * a running count and stop between batches when a newer query arrives.
 */
import type { SessionEvent } from '../types';
import type { CompiledQuery } from './query';
import { formatSeq } from '../view/seqText';
import { ESCAPE_MARK, FOLD_TRAP_MARKS, scanMark, scanNeedle } from './bytes';
import { firstMatch, RememberingMatcher, snippetOf } from './strings';

/** What the search reads: a SessionLog satisfies it. */
export interface SearchSource {
  readonly eventCount: number;
  /** Byte offset of the event's line (packed-row members share one line, so one offset). */
  lineOffset(seq: number): number;
  lineByteLength(seq: number): number;
  /** Raw (decompressed) bytes. */
  rawBytes(offset: number, length: number): Uint8Array;
  event(seq: number): SessionEvent;
  /** 1-based line number of the event's line (the text prefilter counts newlines). */
  lineOf(seq: number): number;
}

export interface SearchHit {
  seq: number;
  type: string;
  /** The matching string's path in the event, e.g. `data.message.content[0].text`. */
  path: string;
  /** The text around the match; `start`..`end` is the match in it. */
  snippet: string;
  start: number;
  end: number;
}

export interface SearchRange {
  /** First seq searched (default 0). */
  from?: number;
  /** Last seq searched, inclusive (default: the last event when the search starts). */
  to?: number;
  /** Events the caller filters out before any parsing (types, errors only, turn range, tool). */
  accept?: (seq: number) => boolean;
  /** Raw bytes per batch (default 8 MiB): smaller batches yield more often. */
  batchBytes?: number;
  /** Characters of strings searched per batch (default 32 Mi): a batch ends at the event past it. */
  batchChars?: number;
  /**
   * Characters' work (RememberingMatcher.work) the whole search may do (default: searchWorkLimit
   * of the log's bytes); a string that would overdraw it, or cost more than STRING_WORK alone, is
   * not searched: the search stops there and `stoppedAt` says where. A plain search costs a
   * character's work per character and never reaches it.
   */
  workLimit?: number;
  /**
   * Milliseconds the whole search may take (default: no limit): past it the search stops at the
   * next event and `stoppedAt` says where. Some small patterns defeat RE2's DFA (`[eo].{60}#`: 3 µs
   * a character, audit R26-N2) and no static cost says so; the CLI bounds the wait instead.
   */
  timeLimitMs?: number;
  /** The clock (tests pass their own); default performance.now. */
  now?: () => number;
}

/** A batch ends after this many milliseconds too: a slow pattern's batch yields like a fast one's. */
const BATCH_MS = 50;

/** Why a search stopped early: its pattern's work ran out, or its time did. */
export type StoppedBy = 'work' | 'time';

/** What a search stopped at `seq` says (the CLI and the app). */
export function stoppedSearchMessage(seq: number, query: CompiledQuery, by: StoppedBy): string {
  const cost = query.matcher.costPerChar ?? 1;
  const why =
    by === 'work'
      ? `this pattern costs about ${cost.toLocaleString('en-US')} times a plain search per character (its counted repetitions make a large program)`
      : 'the search ran out of time (this pattern is slow on this text: counted repetitions of wide classes, like .{60}, defeat the fast engine)';
  return `stopped searching at ${formatSeq(seq)}: ${why}; hits before it are shown`;
}

/** The work one string may cost: a second or two where a costly pattern runs slowest. */
const STRING_WORK = 1 << 27;

/** The work a search of a log of `bytes` may do: 64 per byte, and at least 2^30. */
function searchWorkLimit(bytes: number): number {
  return Math.max(2 ** 30, 64 * bytes);
}

const decoder = new TextDecoder();

/** Bytes decoded per batch: big enough that per-batch costs vanish, small enough to stay responsive. */
const BATCH_BYTES = 8 << 20;
/** Events per batch at most (a batch of tiny events still yields regularly). */
const BATCH_EVENTS = 200_000;
/**
 * Characters searched per batch at most: the bytes of a batch bound what it parses, not what it
 * searches (a packed row's members each carry the row's name: audit R23-6).
 */
const BATCH_CHARS = 32 << 20;

export class EventSearch {
  /** Events matched so far. */
  count = 0;
  /** The next seq to search. */
  private next: number;
  private readonly last: number;
  private readonly matcher: RememberingMatcher;

  constructor(
    private readonly source: SearchSource,
    private readonly query: CompiledQuery,
    private readonly range: SearchRange = {},
  ) {
    this.next = Math.max(0, range.from ?? 0);
    this.last = Math.min(range.to ?? source.eventCount - 1, source.eventCount - 1);
    this.matcher = new RememberingMatcher(query.matcher);
    const lastSeq = source.eventCount - 1;
    const bytes = lastSeq < 0 ? 0 : source.lineOffset(lastSeq) + source.lineByteLength(lastSeq);
    this.matcher.limit = range.workLimit ?? searchWorkLimit(bytes);
    this.matcher.stringLimit = STRING_WORK;
  }

  /** Characters of strings searched so far (each long string once while it is among the last few). */
  get charsSearched(): number {
    return this.matcher.searched;
  }

  /** The first seq not searched when the work or time limit stopped the search, else null. */
  stoppedAt: number | null = null;
  /** Which limit stopped it (null while stoppedAt is). */
  stoppedBy: StoppedBy | null = null;
  /** When the first batch began (the time limit counts from it). */
  private startedAt: number | undefined;

  get done(): boolean {
    return this.query.empty || this.next > this.last;
  }

  /** Seqs searched so far (for a progress figure). */
  get searched(): number {
    return Math.max(0, Math.min(this.next, this.last + 1) - Math.max(0, this.range.from ?? 0));
  }

  /** Searches one batch; returns its hits in seq order (none when done). */
  step(): SearchHit[] {
    if (this.done) return [];
    const from = this.next;
    const to = this.batchEnd(from);
    this.next = to + 1;
    const hits: SearchHit[] = [];
    // charged as work: a costly pattern's batch is as short in time as a plain search's
    const budget = this.matcher.work + (this.range.batchChars ?? BATCH_CHARS);
    const now = this.range.now ?? (() => performance.now());
    const started = now();
    this.startedAt ??= started;
    const deadline = this.startedAt + (this.range.timeLimitMs ?? Infinity);
    for (const seq of this.candidates(from, to)) {
      const hit = this.check(seq);
      if (hit) hits.push(hit);
      const t = now();
      if (this.matcher.overdrawn || (t > deadline && seq < this.last)) {
        this.stoppedBy = this.matcher.overdrawn ? 'work' : 'time';
        this.stoppedAt = this.matcher.overdrawn ? seq : seq + 1;
        this.next = this.last + 1;
        break;
      }
      if ((this.matcher.work >= budget || t - started > BATCH_MS) && seq < to) {
        this.next = seq + 1; // the rest of the batch is the next one's
        break;
      }
    }
    this.count += hits.length;
    return hits;
  }

  /** Runs to the end; `limit` caps the hits kept (the count still counts them all). */
  all(limit = Infinity): SearchHit[] {
    const out: SearchHit[] = [];
    while (!this.done) {
      for (const hit of this.step()) if (out.length < limit) out.push(hit);
    }
    return out;
  }

  private batchEnd(from: number): number {
    const src = this.source;
    let to = Math.min(this.last, from + BATCH_EVENTS - 1);
    const start = src.lineOffset(from);
    const budget = this.range.batchBytes ?? BATCH_BYTES;
    while (to > from && src.lineOffset(to) + src.lineByteLength(to) - start > budget)
      to = from + ((to - from) >> 1);
    return to;
  }

  private check(seq: number): SearchHit | null {
    const accept = this.range.accept;
    if (accept && !accept(seq)) return null;
    const ev = this.source.event(seq);
    if (ev.type === 'seqscope/unreadable') return null;
    const m = firstMatch(ev.data, this.matcher);
    if (!m) return null;
    const s = snippetOf(m);
    return { seq, type: ev.type, path: m.path, snippet: s.text, start: s.start, end: s.end };
  }

  /** Seqs in from..to whose line may hold a match, ascending. */
  private candidates(from: number, to: number): Iterable<number> {
    const filter = this.query.prefilter;
    if (!filter) return range(from, to);
    const src = this.source;
    const base = src.lineOffset(from);
    const bytes = src.rawBytes(base, src.lineOffset(to) + src.lineByteLength(to) - base);
    const lines = new Set<number>(); // first seq of each candidate line
    const mark = (pos: number) => {
      const seq = this.seqAtOffset(base + pos, from, to);
      lines.add(seq);
      return src.lineOffset(seq) + src.lineByteLength(seq) - base;
    };
    if (filter.kind === 'bytes') scanNeedle(bytes, filter.needle, filter.fold, mark);
    else if (!this.scanText(bytes, filter.pattern, from, to, lines)) return range(from, to);
    const marks = [
      ...(filter.escapes ? [ESCAPE_MARK] : []),
      ...(filter.kind === 'bytes' && filter.foldTraps ? FOLD_TRAP_MARKS : []),
    ];
    for (const m of marks) scanMark(bytes, m, mark);
    const out: number[] = [];
    for (const first of [...lines].sort((a, b) => a - b)) {
      const offset = src.lineOffset(first);
      for (let s = first; s <= to && src.lineOffset(s) === offset; s++) out.push(s);
    }
    return out;
  }

  /**
   * The text prefilter: decodes the batch and adds the first seq of each line
   * `pattern` matches in (lines found by counting newlines from the batch's
   * first line). False when the batch is too large to become one string.
   */
  private scanText(
    bytes: Uint8Array,
    pattern: RegExp,
    from: number,
    to: number,
    lines: Set<number>,
  ): boolean {
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      return false;
    }
    const src = this.source;
    let line = src.lineOf(from);
    let at = 0;
    let seq = from;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      for (let nl = text.indexOf('\n', at); nl !== -1 && nl < m.index; nl = text.indexOf('\n', nl + 1)) {
        line++;
        at = nl + 1;
      }
      while (seq < to && src.lineOf(seq) < line) seq++;
      if (src.lineOf(seq) === line) lines.add(seq);
      const end = text.indexOf('\n', m.index + Math.max(1, m[0].length));
      if (end === -1) break;
      pattern.lastIndex = end;
    }
    return true;
  }

  /** The first seq in from..to whose line starts at or before `offset` (the line holding it). */
  private seqAtOffset(offset: number, from: number, to: number): number {
    const src = this.source;
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = lo + ((hi - lo + 1) >> 1);
      if (src.lineOffset(mid) <= offset) lo = mid;
      else hi = mid - 1;
    }
    // Packed-row members share the line: step back to its first member.
    const line = src.lineOffset(lo);
    while (lo > from && src.lineOffset(lo - 1) === line) lo--;
    return lo;
  }
}

function* range(from: number, to: number): Iterable<number> {
  for (let s = from; s <= to; s++) yield s;
}
