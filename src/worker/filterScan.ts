/**
 * The timeline filter's scan (types, errors only, text): which seqs match,
 * found incrementally so a big or growing log never blocks the worker.
 */
import { int32s, upperBound, type Growable } from '../core/log/growable';
import { EventFlag, type SessionLog } from '../core/log/sessionLog';
import { looseData } from '../core/types';
import { isObject } from '../core/validate';
import type { ProblemSnapshot } from '../core/view/problems';
import type { OpenLog } from './openLog';
import type { TimelineFilter } from './protocol';
import { ChunkTextTest } from './chunkText';
import { ESCAPE_MARK, holdsMark, scanNeedle, skipTable } from '../core/search/bytes';

/**
 * A filter's matches, found incrementally: `advance(budgetMs)` scans more
 * events; the worker loops it with yields so a newer request can supersede
 * it, and extends it as a loading log grows.
 */
export class FilterScan {
  readonly matches: Growable<Int32Array> = int32s(1024);
  private scanned = 0;
  private readonly needle: string;
  private readonly chunkText: ChunkTextTest;
  /** A line the needle can be in holds this (lineMayMatch); null: every line is read. */
  private readonly mayHold: LinePrefilter | null;
  /** The same for a chunk's own line (chunkPrefilter); null: every chunk is read. */
  private readonly chunkMayHold: LinePrefilter | null;
  /** Characters of text read since the clock was last looked at. */
  private readSinceClock = 0;
  private typeOk: Uint8Array = new Uint8Array(0);
  /** The problem sets the scan has read so far (errors only). */
  private seen: ProblemSnapshot | null = null;
  /** Bumped when matches already found were taken back: the row map must be rebuilt even if the count is the same. */
  generation = 0;

  constructor(
    private readonly session: OpenLog,
    private readonly filter: TimelineFilter,
  ) {
    // As typed, spaces and all (isFiltered: a text of spaces alone filters nothing).
    this.needle = filter.text.trim() === '' ? '' : filter.text.toLowerCase();
    this.chunkText = new ChunkTextTest(this.needle, readable);
    this.mayHold = linePrefilter(this.needle);
    // An imported log's chunks are made from its records, with keys and values they may not spell.
    const native = (session.log.sourceFormat ?? 'seqscope') === 'seqscope';
    this.chunkMayHold = native ? chunkPrefilter(this.needle) : null;
  }

  get done(): boolean {
    return this.session.done && this.scanned >= this.session.eventCount;
  }

  /** Events read so far (seqs 0..scannedCount-1). */
  get scannedCount(): number {
    return this.scanned;
  }

  /** Scans for up to budgetMs; returns true when caught up with the loaded events. */
  advance(budgetMs: number): boolean {
    const log = this.session.log;
    const n = log.eventCount;
    if (this.filter.errorsOnly) this.recheckErrors();
    if (this.scanned >= n) return true;
    const deadline = performance.now() + budgetMs;
    this.refreshTypes();
    while (this.scanned < n) {
      const seq = this.scanned++;
      if (this.matchesSeq(seq)) this.matches.push(seq);
      // the clock every 256 events, or sooner when they were long to read
      if ((seq & 255) === 0 || this.readSinceClock > CHARS_BETWEEN_CLOCKS) {
        this.readSinceClock = 0;
        if (performance.now() > deadline) break;
      }
    }
    return this.scanned >= n;
  }

  private matchesSeq(seq: number): boolean {
    const log = this.session.log;
    if (this.filter.types !== null && this.typeOk[log.typeIdOf(seq)] !== 1) return false;
    // Errors only (core/view/problems.ts): a warning is not an error.
    if (this.seen && !this.session.problems.isError(seq, this.seen)) return false;
    if (this.needle) {
      // Packed chunk rows share one line: search the member's own chunk, not the whole row.
      if (log.typeOf(seq) === 'assistant/chunk') {
        // A chunk alone on its line: a line without the needle's letters holds no match (most do not).
        if (this.chunkMayHold !== null && !log.isPackedMember(seq)) {
          if (!lineMayMatch(this.lineBytes(seq), this.chunkMayHold)) return false;
        }
        const before = this.chunkText.read;
        const found = this.chunkText.matches(chunkOf(log, seq));
        this.readSinceClock += this.chunkText.read - before;
        if (!found) return false;
      } else {
        const line = this.lineBytes(seq);
        if (this.mayHold !== null && !lineMayMatch(line, this.mayHold)) return false;
        if (!readable(UTF8.decode(line)).includes(this.needle)) return false;
      }
    }
    return true;
  }

  /** The line's bytes as written, counted as read (decoded here, not by `rawLine`, which slices again). */
  private lineBytes(seq: number): Uint8Array {
    const log = this.session.log;
    const line = log.rawBytes(log.lineOffset(seq), log.lineByteLength(seq));
    this.readSinceClock += line.length;
    return line;
  }

  private refreshTypes(): void {
    const names = this.session.log.types;
    if (this.typeOk.length === names.length || this.filter.types === null) return;
    const listed = new Set(this.filter.types);
    const exclude = this.filter.excludeTypes === true;
    this.typeOk = Uint8Array.from(names, (t) => (listed.has(t) !== exclude ? 1 : 0));
  }

  /**
   * Following or loading, an earlier seq can become an error (a call gets its
   * error result, an open turn ends in an error, a diagnostic arrives about
   * it): take back the matches from the first changed seq and scan again.
   */
  private recheckErrors(): void {
    const problems = this.session.problems;
    const now = problems.snapshot();
    if (this.seen) {
      const first = problems.firstErrorChange(this.seen, now);
      if (first < this.scanned) {
        this.matches.length = upperBound(this.matches.view(), this.matches.length, first - 1); // keep matches < first
        this.scanned = first;
        this.generation++;
      }
    }
    this.seen = now;
  }
}

/** Characters read between looks at the clock at most (one event may take more). */
const CHARS_BETWEEN_CLOCKS = 1 << 20;

/**
 * What a raw line holds whenever its readable text (`readable`) holds the needle: `run`, the
 * needle's longest run of ASCII characters other than `"`, `\` and `/`, found ignoring ASCII
 * case; else a `\u` escape (it may spell any character), or a character whose lower case is an
 * ASCII letter of the run (KELVIN SIGN: k; I WITH DOT ABOVE: i followed by a combining dot).
 * Why: a one-letter escape spells only `"`, `\`, `/` or a control character, which the run
 * lacks, and no decoding removes a character, so the run's characters stand side by side in the
 * raw line too. Lower-casing and decoding a whole line to find nothing was most of a filter's
 * scan of the lines that are not chunks (tool results are long); the test reads the line's bytes,
 * so a line without the run is not even decoded.
 */
export interface LinePrefilter {
  /** The run, lower-cased ASCII bytes, and its Horspool table (folding ASCII case). */
  run: Uint8Array;
  skip: Int32Array;
  /** UTF-8 bytes of the traps whose lower case is a letter of the run. */
  traps: number[][];
}

const RUN_CHARS = /[\x20-\x7e]/;
const TRAPS: readonly [string, number[]][] = [
  ['k', [0xe2, 0x84, 0xaa]], // U+212A KELVIN SIGN
  ['i', [0xc4, 0xb0]], // U+0130 LATIN CAPITAL LETTER I WITH DOT ABOVE
];
const UTF8 = new TextDecoder();

export function linePrefilter(needle: string): LinePrefilter | null {
  let best = '';
  let run = '';
  for (const ch of needle) {
    if (RUN_CHARS.test(ch) && ch !== '"' && ch !== '\\' && ch !== '/') {
      if ((run += ch).length > best.length) best = run;
    } else run = '';
  }
  if (best.length < 2) return null;
  const bytes = Uint8Array.from(best.toLowerCase(), (ch) => ch.charCodeAt(0));
  return {
    run: bytes,
    skip: skipTable(bytes, true),
    traps: TRAPS.filter(([letter]) => best.includes(letter)).map(([, trap]) => trap),
  };
}

/**
 * The prefilter of a chunk alone on its line (not a packed row's member), whose text the filter
 * reads as the chunk's fields written again (chunkText.ts), not as the line spells them: writers
 * put spaces between tokens (Python's `": "`), and numbers are written again (`1e2` as `100`,
 * `1e999` as `null`). So the run is the needle's longest run of ASCII letters and `_` alone: no
 * token written again makes letters the line lacks (an exponent's `e` stands alone; `null`, which
 * an overflowing number becomes, is why a run inside "null" is no run), and spaces never stood
 * between two letters of one token.
 */
export function chunkPrefilter(needle: string): LinePrefilter | null {
  let best = '';
  let run = '';
  for (const ch of needle) {
    if ((ch >= 'a' && ch <= 'z') || ch === '_') {
      if ((run += ch).length > best.length) best = run;
    } else run = '';
  }
  return best.length < 2 || 'null'.includes(best) ? null : linePrefilter(best);
}

export function lineMayMatch(line: Uint8Array, p: LinePrefilter): boolean {
  let held = false;
  scanNeedle(line, p.run, true, () => ((held = true), -1), p.skip);
  return held || holdsMark(line, ESCAPE_MARK) || p.traps.some((t) => holdsMark(line, t));
}

/** JSON text as the filter compares it: escapes decoded, lower-cased. */
export function readable(jsonText: string): string {
  return unescaped(jsonText).toLowerCase();
}

/** A JSON escape: `\uXXXX` or a one-letter one (`\"`, `\\`, `\n`...). */
const JSON_ESCAPE = /\\(?:u([0-9a-fA-F]{4})|(["\\/bfnrt]))/g;
const ONE_LETTER: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * The raw line with its JSON escapes decoded: the filter's text is the text the user reads
 * (audit R11-5: `\u003cdiv\u003e` as Go writes `<div>`, `caf\u00e9`, `qu\"ote` were missed).
 */
function unescaped(line: string): string {
  if (!line.includes('\\')) return line;
  return line.replace(JSON_ESCAPE, (_, hex: string | undefined, ch: string | undefined) =>
    hex !== undefined ? String.fromCharCode(parseInt(hex, 16)) : (ONE_LETTER[ch as string] ?? (ch as string)),
  );
}

/**
 * The chunk of the chunk event at seq. A delta (most of a log's events) is built from its fields
 * read from its bytes (`chunkDelta`), the value JSON.parse gives its line: parsing every chunk
 * as an event was most of a filter's scan (and churned the log's small event cache).
 */
function chunkOf(log: SessionLog, seq: number): unknown {
  const delta = (log.flagsOf(seq) & EventFlag.delta) !== 0 ? log.chunkDelta(seq) : undefined;
  if (delta === undefined) return looseData(log.event(seq)).chunk;
  const data = delta.value().data;
  return isObject(data) ? data.chunk : undefined;
}
