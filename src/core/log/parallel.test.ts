import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateLogText } from '../../../scripts/gen/index';
import { loadLogFromBytes } from './load';
import {
  bytesSource,
  canSplit,
  forEachRange,
  localPool,
  planRanges,
  prescanAlignedRange,
  prescanWithoutBytes,
  readAlignedRange,
  type RangePool,
  type RangeScratch,
  withHead,
} from './parallel';
import { SessionLog } from './sessionLog';
import { roughLog, snapshot } from './testing';

const enc = new TextEncoder();

/**
 * Loads through the range path: ranges prescanned by `pool`, each pushed in `slice`-byte pieces
 * (a range that came back without its bytes is read by forEachRange in `piece`-byte pieces).
 */
async function loadInRanges(
  bytes: Uint8Array,
  pool: (src: ReturnType<typeof bytesSource>) => RangePool,
  first: number,
  rest: number,
  slice: number,
  piece?: number,
): Promise<SessionLog> {
  const src = bytesSource(bytes);
  const log = new SessionLog();
  await forEachRange(
    src,
    pool(src),
    (r) => {
      for (let i = 0; i < r.bytes.length; i += slice) log.push(r.bytes.subarray(i, i + slice), r.prescan);
    },
    { first, rest, ...(piece !== undefined ? { piece } : {}) },
  );
  log.end();
  return log;
}

describe('forEachRange read order', () => {
  it("reads the owner's first range before any range job reads (the first rows wait for that read only)", async () => {
    const lines = Array.from({ length: 400 }, (_, i) => `{"type":"x","seq":${i},"data":{}}\n`).join('');
    const bytes = enc.encode(lines);
    const inner = bytesSource(bytes);
    const reads: number[] = [];
    const src = {
      size: inner.size,
      read: (offset: number, length: number) => (reads.push(offset), inner.read(offset, length)),
    };
    const starts: number[] = [];
    await forEachRange(src, { ...localPool(src), size: 2 }, (r) => void starts.push(r.start), {
      first: 1000,
      rest: 1000,
    });
    expect(reads[0]).toBe(0);
    expect(reads.slice(1).every((o) => o > 0)).toBe(true);
    // The ranges still come in order and cover the file.
    expect(starts[0]).toBe(0);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(reads.length).toBeGreaterThan(3);
  });
});

describe('withHead: the first range and the split check share one read', () => {
  const lines = Array.from({ length: 400 }, (_, i) => `{"type":"x","seq":${i},"data":{}}\n`).join('');
  const bytes = enc.encode(lines);
  const counting = (inner = bytesSource(bytes)) => {
    const reads: [number, number][] = [];
    return {
      reads,
      src: {
        size: inner.size,
        read: (offset: number, length: number) => (reads.push([offset, length]), inner.read(offset, length)),
      },
    };
  };

  it('reads the head once, at once; reads within it are views of it; reads past it go to the source', async () => {
    const { reads, src } = counting();
    const headed = withHead(src, 1000);
    expect(reads).toEqual([[0, 1000 + 64 * 1024 > bytes.length ? bytes.length : 1000 + 64 * 1024]]);
    expect(await canSplit(headed)).toBe(true);
    const first = await readAlignedRange(headed, 0, 1000);
    expect(reads).toHaveLength(1);
    expect(first.bytes).toEqual(bytes.subarray(0, first.bytes.length));
    expect(await headed.read(3, 10)).toEqual(bytes.subarray(3, 13));
    expect(reads).toHaveLength(1);
    const big = enc.encode(lines.repeat(400)); // past the head's 65 KiB
    const { reads: bigReads, src: bigSrc } = counting(bytesSource(big));
    const headedBig = withHead(bigSrc, 1000);
    expect(await headedBig.read(70_000, 100)).toEqual(big.subarray(70_000, 70_100));
    expect(bigReads.map(([o]) => o)).toEqual([0, 70_000]);
  });

  it('a head read that fails or comes back short is read again where it is asked for', async () => {
    const inner = bytesSource(bytes);
    let calls = 0;
    const flaky = {
      size: inner.size,
      read: (offset: number, length: number) =>
        ++calls === 1 ? Promise.reject(new Error('not readable')) : inner.read(offset, length),
    };
    expect(await withHead(flaky, 1000).read(5, 20)).toEqual(bytes.subarray(5, 25));
    const short = {
      size: inner.size,
      read: async (o: number, l: number) => (await inner.read(o, l)).subarray(0, 7),
    };
    // Not a cut view of the short head (2 bytes): the source's own answer to this read.
    expect(await withHead(short, 1000).read(5, 20)).toEqual(bytes.subarray(5, 12));
  });

  it('a log loaded through it equals the single pass', async () => {
    const text = generateLogText({ events: 2000, seed: 4 });
    const all = enc.encode(text);
    const log = new SessionLog();
    const src = withHead(bytesSource(all), 4096);
    await forEachRange(src, { ...localPool(src), size: 2 }, (r) => void log.push(r.bytes, r.prescan), {
      first: 4096,
      rest: 16384,
    });
    log.end();
    const one = loadLogFromBytes(all);
    const seqs = [0, 1, 500, 1999];
    expect(snapshot(log, seqs)).toEqual(snapshot(one, seqs));
  });
});

const sized = (size: number) => (src: ReturnType<typeof bytesSource>) => ({ ...localPool(src), size });

/** A pool on this thread whose jobs come back without their bytes, read into one scratch buffer. */
const withoutBytes =
  (size: number, scratch: RangeScratch = { buffer: new Uint8Array(0), busy: false }) =>
  (src: ReturnType<typeof bytesSource>): RangePool => ({
    size,
    run: (a, b) => prescanWithoutBytes(src, a, b, scratch),
    close: () => {},
  });

describe('parallel loading (ranges prescanned, then the sequential passes)', () => {
  it('gives the single pass result, whatever the split, the slices and the number of workers', async () => {
    await fc.assert(
      fc.asyncProperty(
        roughLog,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 4000 }),
        fc.integer({ min: 1, max: 30000 }),
        fc.integer({ min: 1, max: 70000 }),
        fc.option(fc.integer({ min: 1, max: 50000 })),
        async (bytes, workers, first, rest, slice, piece) => {
          const single = loadLogFromBytes(bytes);
          const n = single.eventCount;
          const seqs = [0, 1, Math.floor(n / 3), Math.floor(n / 2), n - 2, n - 1].filter((s) => s >= 0);
          const want = snapshot(single, seqs);
          // A piece size: the range workers send back their prescans alone (the CLI reading a file again).
          const pool = piece === null ? sized(workers) : withoutBytes(workers);
          const parallel = await loadInRanges(bytes, pool, first, rest, slice, piece ?? undefined);
          expect(snapshot(parallel, seqs)).toStrictEqual(want);
          if (n > 200 && bytes.length > first) expect(parallel.prescannedLines).toBeGreaterThan(0);
        },
      ),
      { numRuns: 40 },
    );
  }, 300_000); // 40 loads in 1-3 workers: 30-60 s alone, 4 minutes on a machine shared by eight sessions

  it('a generated log read in 1, 2 and 3 workers equals the single pass at every seq', async () => {
    const bytes = enc.encode(generateLogText({ events: 3000, seed: 11 }));
    const single = loadLogFromBytes(bytes);
    expect(single.elidedLines).toBeGreaterThan(10);
    const all = Array.from({ length: single.eventCount }, (_, s) => s);
    const want = snapshot(single, all);
    for (const workers of [1, 2, 3]) {
      const log = await loadInRanges(bytes, sized(workers), 7000, 20000, 4096);
      expect(snapshot(log, all), `${workers} workers`).toStrictEqual(want);
      // Most lines are chunk deltas and packed rows: the owner parsed few of them itself.
      expect(log.prescannedLines).toBeGreaterThan(single.eventCount / 2);
      // Tool/results come from the range workers as copies without their result texts
      // (elidedResults.ts): as many read so as in one pass.
      expect(log.elidedLines).toBe(single.elidedLines);
    }
  }, 120_000);

  it('ranges sent back without their bytes are read here in pieces: the same log, each piece pushed with its range prescan', async () => {
    const bytes = enc.encode(generateLogText({ events: 3000, seed: 12 }));
    const single = loadLogFromBytes(bytes);
    const all = Array.from({ length: single.eventCount }, (_, s) => s);
    const src = bytesSource(bytes);
    const scratch: RangeScratch = { buffer: new Uint8Array(0), busy: false };
    const pieces: { start: number; length: number; prescanned: boolean }[] = [];
    const log = new SessionLog();
    await forEachRange(
      src,
      withoutBytes(2, scratch)(src),
      (r) => {
        pieces.push({ start: r.start, length: r.bytes.length, prescanned: r.prescan !== undefined });
        log.push(r.bytes, r.prescan);
      },
      { first: 7000, rest: 40_000, piece: 5000 },
    );
    log.end();
    expect(snapshot(log, all)).toStrictEqual(snapshot(single, all));
    expect(log.prescannedLines).toBeGreaterThan(single.eventCount / 2);
    // The first range is the owner's own read, whole; every later one comes in pieces of at most 5000 bytes.
    expect(pieces[0]).toMatchObject({ start: 0, prescanned: false });
    expect(pieces.slice(1).every((p) => p.prescanned && p.length <= 5000)).toBe(true);
    expect(pieces.length).toBeGreaterThan(bytes.length / 5000);
    let at = 0;
    for (const p of pieces) {
      expect(p.start).toBe(at);
      at += p.length;
    }
    expect(at).toBe(bytes.length);
    // The worker's buffer was kept: it holds a range (40 KB and the probe), not the file.
    expect(scratch.buffer.length).toBeGreaterThanOrEqual(40_000);
    expect(scratch.buffer.length).toBeLessThan(bytes.length / 2);
    expect(scratch.busy).toBe(false);
  });

  it('a range job without bytes reads into the kept buffer, or into fresh memory while another job holds it', async () => {
    const bytes = enc.encode(generateLogText({ events: 2000, seed: 13 }));
    const src = bytesSource(bytes);
    const scratch: RangeScratch = { buffer: new Uint8Array(0), busy: false };
    const bounds: [number, number][] = [
      [60_000, 140_000],
      [1000, 60_000],
      [140_000, bytes.length],
    ];
    // One after the other: each reads into the same buffer (the largest range first, so it never grows).
    const kept: Uint8Array[] = [];
    for (const [a, b] of bounds) {
      await prescanWithoutBytes(src, a, b, scratch);
      kept.push(scratch.buffer);
    }
    expect(kept[0]?.length).toBeGreaterThan(80_000);
    expect(kept.every((k) => k === kept[0])).toBe(true);
    // All three at once: one reads into the buffer, the others do not wait for it.
    const answers = await Promise.all(bounds.map(([a, b]) => prescanWithoutBytes(src, a, b, scratch)));
    expect(scratch.busy).toBe(false);
    for (const [i, [a, b]] of bounds.entries()) {
      const whole = await prescanAlignedRange(src, a, b);
      expect(answers[i]).toStrictEqual({
        start: whole.start,
        length: whole.bytes.length,
        prescan: whole.prescan,
      });
    }
  });

  it('a file cut after a range worker read a range fails the load with where it ends', async () => {
    const bytes = enc.encode(generateLogText({ events: 2000, seed: 14 }));
    const whole = bytesSource(bytes);
    let cut = false;
    // The owner's reads see the file cut at 100 KB once the workers have read their ranges.
    const src = {
      size: whole.size,
      read: (offset: number, length: number) =>
        cut
          ? whole.read(offset, Math.max(0, Math.min(length, 100_000 - offset)))
          : whole.read(offset, length),
    };
    const pool = withoutBytes(1)(whole);
    const run = pool.run.bind(pool);
    pool.run = async (a, b) => {
      const answer = await run(a, b);
      cut = true;
      return answer;
    };
    const log = new SessionLog();
    await expect(
      forEachRange(src, pool, (r) => log.push(r.bytes, r.prescan), {
        first: 20_000,
        rest: 200_000,
        piece: 30_000,
      }),
    ).rejects.toThrow(
      /^the input changed while it was read: it now ends at byte 100000, inside a range read to byte \d+ \(a log is only ever appended to\)$/,
    );
  });

  it('a load stopped inside a range sent back without bytes reads no more of it than the piece ahead', async () => {
    const bytes = enc.encode(generateLogText({ events: 3000, seed: 15 }));
    const inner = bytesSource(bytes);
    const reads: number[] = [];
    const src = {
      ...inner,
      read: (offset: number, length: number) => (reads.push(offset), inner.read(offset, length)),
    };
    const stop = new AbortController();
    const taken: number[] = [];
    await forEachRange(
      src,
      withoutBytes(1)(inner),
      (r) => {
        taken.push(r.start);
        // A read limit hit in the second range's first piece: the load stops there.
        if (r.start > 0) stop.abort();
      },
      { first: 10_000, rest: 200_000, piece: 2000, signal: stop.signal },
    );
    // The owner's first range, the piece taken and the one read ahead: not the range's other 100.
    expect(taken).toHaveLength(2);
    expect(reads.length).toBeLessThanOrEqual(3);
  });

  it('plans a small first range, then ranges doubling up to the full size, tiling the file', () => {
    const MiB = 1024 * 1024;
    const plan = planRanges(100 * MiB);
    expect(plan.slice(0, 5).map(([a, b]) => (b - a) / MiB)).toEqual([2, 4, 8, 16, 16]);
    expect(plan[0]?.[0]).toBe(0);
    expect(plan.at(-1)?.[1]).toBe(100 * MiB);
    plan.slice(1).forEach(([a], i) => expect(a).toBe(plan[i]?.[1]));
    expect(planRanges(10, 1, 3)).toEqual([
      [0, 1],
      [1, 3],
      [3, 6],
      [6, 9],
      [9, 10],
    ]);
  });

  it('ranges tile the file at line boundaries, whatever the nominal bounds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('a', 'bb', '\n', '\r\n', 'ccccccc'), { maxLength: 60 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 12 }),
        async (parts, first, rest, probe) => {
          const bytes = enc.encode(parts.join(''));
          const src = bytesSource(bytes);
          const pieces: Uint8Array[] = [];
          let at = 0;
          for (const [a, b] of planRanges(bytes.length, first, rest)) {
            // A small probe past b: last lines longer than it are read on and joined.
            const r = await readAlignedRange(src, a, b, probe);
            if (r.bytes.length === 0) continue;
            expect(r.start).toBe(at);
            // Every range but the last ends with a newline; every one but the first starts after one.
            if (r.start > 0) expect(bytes[r.start - 1]).toBe(10);
            if (r.start + r.bytes.length < bytes.length) expect(r.bytes[r.bytes.length - 1]).toBe(10);
            pieces.push(r.bytes);
            at += r.bytes.length;
          }
          expect(at).toBe(bytes.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads a range in one read, its bytes a view of it, when its last line ends within the probe', async () => {
    const bytes = enc.encode(Array.from({ length: 100 }, (_, i) => `{"seq":${i}}\n`).join(''));
    const reads: [number, number][] = [];
    const inner = bytesSource(bytes);
    const src = { size: inner.size, read: (o: number, n: number) => (reads.push([o, n]), inner.read(o, n)) };
    // Bounds in the middle of lines: the range starts after the line at 50 and ends after the one at 500.
    const r = await readAlignedRange(src, 50, 500, 64);
    expect(reads).toEqual([[49, 515]]);
    // No copy: the range is the read's own bytes (bytesSource reads are views of `bytes`).
    expect(r.bytes.buffer).toBe(bytes.buffer);
    expect(bytes[r.start - 1]).toBe(10);
    expect(r.bytes[r.bytes.length - 1]).toBe(10);
    expect(r.start + r.bytes.length).toBe(bytes.indexOf(10, 499) + 1);
    // A last line longer than the probe is read on (and joined).
    reads.length = 0;
    const long = await readAlignedRange(src, 50, 500, 1);
    expect(long.bytes).toEqual(r.bytes);
    expect(reads.length).toBeGreaterThan(1);
  });

  it('a cancel does not wait for a range worker to finish its range', async () => {
    const bytes = enc.encode(generateLogText({ events: 2000, seed: 2 }));
    const stuck: RangePool = { size: 2, run: () => new Promise(() => {}), close: () => {} };
    const abort = new AbortController();
    const taken: number[] = [];
    const done = forEachRange(bytesSource(bytes), stuck, (r) => void taken.push(r.start), {
      signal: abort.signal,
      first: 1000,
      rest: 5000,
    });
    await new Promise((r) => setTimeout(r, 20));
    abort.abort();
    await done; // resolves: never waits on the stuck jobs
    expect(taken).toEqual([0]); // the first range, read here, was taken before the cancel
  });

  it('a compressed log is not split (the owner reads it in one pass)', async () => {
    const { canSplit } = await import('./parallel');
    expect(await canSplit(bytesSource(new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0])))).toBe(false);
    expect(await canSplit(bytesSource(enc.encode('{"type":"turn/start"}\n')))).toBe(true);
  });
});
