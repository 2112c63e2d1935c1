/**
 * Loading one log with every core (engine.md, "Using every core"): the file
 * is cut into byte ranges at line boundaries; range workers each read their
 * own range (`File.slice` in the browser, a positioned read in Node: nothing
 * is shared) and prescan it (reader/prescan.ts); the owner pushes the ranges
 * into its SessionLog in order, with their prescans, and runs the sequential
 * passes. The result does not depend on the split nor on the number of
 * workers (parallel.test.ts).
 *
 * Where a range starts and ends is decided by one rule both neighbours apply
 * alike, so the ranges tile the file with no line lost or read twice: a
 * range's lines are those whose first byte lies in [a, b), its nominal
 * bounds. It starts after the first newline at or after a-1 (at 0 for the
 * first range) and ends after the first newline at or after b-1 (at the end
 * of the file for the last).
 *
 * Only plain (uncompressed) input is split: a compressed stream can only be
 * decoded from its start, so it loads in one pass.
 */
import { prescanRange, type Prescan } from '../reader/prescan';
import { sniffFormat } from '../reader/decompress';
import { InputChanged } from '../reader/byteStore';

/** Random access to the source's bytes. */
export interface RangeSource {
  readonly size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
  /**
   * Fills `into` from `offset` and says how many bytes it read (fewer at the source's end). Where
   * present, a range worker answering without bytes reads each range into one buffer it keeps.
   */
  readInto?(into: Uint8Array, offset: number): Promise<number>;
}

/** One range, read and (by a range worker) prescanned. */
export interface RangeResult {
  /** Where its bytes start in the file. */
  start: number;
  bytes: Uint8Array;
  /** Undefined for the first range, which the owner reads itself (see `forEachRange`). */
  prescan?: Prescan;
}

/**
 * A range prescanned without its bytes coming back: the owner reads them itself (`forEachRange`).
 * The CLI asks for these when it reads the file again anyway (core/log/sessionLog.ts `rereadFrom`):
 * a range's 16 MiB would otherwise be fresh memory on both threads, each page faulted in, where
 * the owner reads it in 1 MiB pieces that it lets go as it goes.
 */
export interface PrescannedRange {
  start: number;
  length: number;
  prescan: Prescan;
}

export type RangeAnswer = RangeResult | PrescannedRange;

/** Runs range jobs (in workers, or here). */
export interface RangePool {
  /** Jobs that run at once. */
  readonly size: number;
  run(a: number, b: number): Promise<RangeAnswer>;
  close(): void;
}

/** The piece the owner reads of a range that came back without its bytes. */
export const PIECE_BYTES = 1024 * 1024;

/** The first range is small, so the first rows show early; the rest are large, so there are few of them. */
export const FIRST_RANGE_BYTES = 2 * 1024 * 1024;
export const RANGE_BYTES = 16 * 1024 * 1024;

/**
 * Nominal [a, b) bounds covering `size` bytes: `first`, then ranges doubling from twice that up
 * to `rest`. The owner parses the first range itself while the range workers prescan the next
 * ones; a small second range is ready soon after it (a 16 MiB one kept the owner waiting about
 * 200 ms at the start of a 100 MB load).
 */
export function planRanges(size: number, first = FIRST_RANGE_BYTES, rest = RANGE_BYTES): [number, number][] {
  const out: [number, number][] = [];
  let a = 0;
  let len = first;
  while (a < size) {
    const b = Math.min(size, a + len);
    out.push([a, b]);
    a = b;
    len = Math.min(rest, Math.max(len * 2, 1));
  }
  return out;
}

const LF = 10;
const PROBE = 64 * 1024;

/**
 * The bytes of the lines whose first byte lies in [a, b) (see the rule above). The read goes
 * `probe` bytes past b at once: the range's last line nearly always ends there, and the range
 * is then a view of that one read. (Reading to b and then its last line's tail would copy the
 * whole range, 16 MiB, to append a few hundred bytes.) Only a last line longer than the probe
 * is read on and joined.
 */
export async function readAlignedRange(
  src: RangeSource,
  a: number,
  b: number,
  probe = PROBE,
): Promise<{ start: number; bytes: Uint8Array }> {
  const from = a === 0 ? 0 : a - 1;
  const head = await src.read(from, Math.min(src.size, b + probe) - from);
  let startIn = 0;
  if (a > 0) {
    const nl = head.indexOf(LF);
    // No line starts in [a, b): one long line crosses it.
    if (nl < 0 || from + nl >= b) return { start: b, bytes: new Uint8Array(0) };
    startIn = nl + 1;
  }
  const start = from + startIn;
  if (b >= src.size) return { start, bytes: head.subarray(startIn) };
  // The range ends after the first newline at or after b - 1.
  const end = head.indexOf(LF, b - 1 - from);
  if (end >= 0) return { start, bytes: head.subarray(startIn, end + 1) };
  // The range's last line goes on past the probe: read on to its newline.
  const parts: Uint8Array[] = [head.subarray(startIn)];
  let at = from + head.length;
  let more = probe;
  while (head.length > 0 && at < src.size) {
    more *= 2;
    const next = await src.read(at, Math.min(more, src.size - at));
    const nl = next.indexOf(LF);
    if (nl >= 0) {
      parts.push(next.subarray(0, nl + 1));
      break;
    }
    parts.push(next);
    at += next.length;
    if (next.length === 0) break;
  }
  return { start, bytes: concat(parts) };
}

/** A range worker's whole job. */
export async function prescanAlignedRange(src: RangeSource, a: number, b: number): Promise<RangeResult> {
  const { start, bytes } = await readAlignedRange(src, a, b);
  return { start, bytes, prescan: prescanRange(bytes) };
}

/** The buffer a range worker reads ranges into when their bytes are not wanted back; `busy` while a job reads or prescans it. */
export interface RangeScratch {
  buffer: Uint8Array;
  busy: boolean;
}

/**
 * A range worker's job when its bytes are not wanted back: the range is read into `scratch` (grown
 * when too small). A job that finds it busy (jobs overlap while their reads are in flight), or a
 * last line past the probe, is read into fresh memory, as ever.
 */
export async function prescanWithoutBytes(
  src: RangeSource,
  a: number,
  b: number,
  scratch: RangeScratch,
): Promise<PrescannedRange> {
  let mine = false;
  const reusing: RangeSource = {
    size: src.size,
    async read(offset, length) {
      if (mine || scratch.busy || !src.readInto) return src.read(offset, length);
      mine = scratch.busy = true;
      if (scratch.buffer.length < length) scratch.buffer = new Uint8Array(length);
      const into = scratch.buffer.subarray(0, length);
      return into.subarray(0, await src.readInto(into, offset));
    },
  };
  try {
    const { start, bytes } = await readAlignedRange(reusing, a, b);
    return { start, length: bytes.length, prescan: prescanRange(bytes) };
  } finally {
    if (mine) scratch.busy = false;
  }
}

/** A pool that runs range jobs on this thread (tests; and where no worker can be started). */
export function localPool(src: RangeSource): RangePool {
  return { size: 1, run: (a, b) => prescanAlignedRange(src, a, b), close: () => {} };
}

/**
 * `src` with its head, the bytes the first range reads (probe included), read at once in one
 * read that every read within them shares: deciding whether the file splits (`canSplit`) and
 * reading the first range then cost one read's wait before the first rows, not two. (A compressed
 * file, which does not split, has read 2 MiB for nothing: it is then read in one pass.)
 */
export function withHead(src: RangeSource, first = FIRST_RANGE_BYTES): RangeSource {
  const n = Math.min(src.size, first + PROBE);
  const head = src.read(0, n);
  head.catch(() => {}); // a failed head is read again, and fails, where it is asked for
  return {
    ...src,
    read: async (offset, length) => {
      if (offset + length > n) return src.read(offset, length);
      const bytes = await head.catch(() => undefined);
      return bytes && bytes.length === n ? bytes.subarray(offset, offset + length) : src.read(offset, length);
    },
  };
}

/** True when the source is plain text and so can be split (compressed input loads in one pass). */
export async function canSplit(src: RangeSource): Promise<boolean> {
  if (src.size === 0) return false;
  return sniffFormat(await src.read(0, Math.min(16, src.size))) === 'plain';
}

/**
 * Reads every range through `pool` (keeping every pool slot busy, plus one
 * range ahead) and hands them to `take` in file order. `take` may be async
 * (the worker pushes in slices and yields). Stops early when `signal` aborts.
 *
 * The first range is read here, without a prescan, and parsed by the owner
 * as in a one-pass load: its rows show while the range workers are still
 * starting (their first answer would come later than parsing 2 MB here).
 */
export async function forEachRange(
  src: RangeSource,
  pool: RangePool,
  take: (range: RangeResult) => void | Promise<void>,
  options: { signal?: AbortSignal; first?: number; rest?: number; piece?: number } = {},
): Promise<void> {
  const plan = planRanges(src.size, options.first, options.rest);
  const pending: Promise<RangeAnswer>[] = [];
  let next = 0;
  const fill = () => {
    while (next < plan.length && pending.length < pool.size + 1) {
      const [a, b] = plan[next++] as [number, number];
      const job = pool.run(a, b);
      job.catch(() => {}); // awaited in order below; do not report it twice
      pending.push(job);
    }
  };
  let expected = 0;
  const first = plan.length > 1 ? plan[next++] : undefined;
  // The owner's own first read goes out before the range jobs' reads: the first rows wait for it
  // alone, not behind the ranges queued on the same file.
  const firstRead = first ? readAlignedRange(src, first[0], first[1]) : undefined;
  fill();
  if (firstRead) pending.unshift(firstRead);
  // A cancel must not wait for a range worker to finish its range.
  const signal = options.signal;
  const aborted = new Promise<null>((resolve) => signal?.addEventListener('abort', () => resolve(null)));
  while (pending.length > 0) {
    if (signal?.aborted) return;
    const range = await Promise.race([pending.shift() as Promise<RangeAnswer>, aborted]);
    if (range === null || signal?.aborted) return;
    fill();
    const length = 'bytes' in range ? range.bytes.length : range.length;
    if (length === 0) continue;
    if (range.start !== expected)
      throw new Error(`range at ${range.start} does not follow the previous one (expected ${expected})`);
    expected = range.start + length;
    if ('bytes' in range) await take(range);
    else await takeInPieces(src, range, take, options.piece ?? PIECE_BYTES, signal);
  }
  if (expected !== src.size && !options.signal?.aborted)
    throw new Error(`the ranges cover ${expected} of ${src.size} bytes`);
}

/**
 * A range that came back without its bytes, read here in pieces and handed on with its prescan
 * (a range may be pushed in slices: core/reader/logReader.ts). The next piece is read while this
 * one is taken.
 */
async function takeInPieces(
  src: RangeSource,
  range: PrescannedRange,
  take: (range: RangeResult) => void | Promise<void>,
  piece: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  const end = range.start + range.length;
  const readFrom = (at: number) => src.read(at, Math.min(piece, end - at));
  let at = range.start;
  let next = readFrom(at);
  while (at < end) {
    const bytes = await next;
    // The range worker read these bytes: a source cut since then is no longer the log it read. (A
    // file's source says so itself, naming the file: cli/rangeWorkers.ts fileSource.)
    if (bytes.length === 0)
      throw new InputChanged(
        `the input changed while it was read: it now ends at byte ${at}, inside a range read to byte ${end} (a log is only ever appended to)`,
      );
    const after = at + bytes.length;
    if (after < end) {
      next = readFrom(after);
      next.catch(() => {}); // awaited on the next turn, unless the load stops first
    }
    await take({ start: at, bytes, prescan: range.prescan });
    at = after;
    if (signal?.aborted) return;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const n = parts.reduce((sum, p) => sum + p.length, 0);
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A RangeSource over bytes in memory (tests, pasted text). */
export function bytesSource(bytes: Uint8Array): RangeSource {
  return {
    size: bytes.length,
    read: (offset, length) => Promise.resolve(bytes.subarray(offset, offset + length)),
    readInto(into, offset) {
      const part = bytes.subarray(offset, offset + into.length);
      into.set(part);
      return Promise.resolve(part.length);
    },
  };
}
