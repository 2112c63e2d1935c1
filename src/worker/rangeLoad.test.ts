/**
 * A large file loaded in ranges in the log worker: a read limit stops the range workers (no
 * range is asked for after the refusal, the pool is closed), and a file that changed on disk
 * after it was picked is named as such, whichever thread's read failed.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_READ_LIMITS } from '../core/reader/readLimits';
import { SessionLog } from '../core/log/sessionLog';
import { prescanAlignedRange, type RangePool } from '../core/log/parallel';
import { LogHost } from './host';
import { LoadError } from './loader';
import { PARALLEL_MIN_BYTES, loadFileInRanges } from './rangeLoad';
import { fileRangeSource } from './rangePool';
import type { ResponseMessage, WorkerMessage } from './protocol';

const line = (seq: number, text = 'x'.repeat(60)) =>
  `{"type":"user/message","seq":${seq},"data":{"role":"user","content":[{"type":"text","text":"${text}"}]},"surfaceOp":"append"}\n`;

/** A pool on this thread that records the ranges it was asked for and whether it was closed. */
function countingPool(file: File, size = 2) {
  const asked: number[] = [];
  let closed = false;
  const pool: RangePool = {
    size,
    run: (a, b) => {
      asked.push(a);
      return prescanAlignedRange(fileRangeSource(file), a, b);
    },
    close: () => {
      closed = true;
    },
  };
  return { pool, asked, closed: () => closed };
}

/** A File whose reads fail the way Chromium's do once the file on disk changed, from the `failFrom`th read on. */
function changingFile(text: string, name: string, failFrom: number): File {
  const file = new File([text], name);
  let reads = 0;
  const slice = file.slice.bind(file);
  Object.defineProperty(file, 'slice', {
    value: (start?: number, end?: number) => {
      const part = slice(start, end);
      if (++reads < failFrom) return part;
      return {
        arrayBuffer: () =>
          Promise.reject(
            new DOMException(
              'The requested file could not be read, typically due to permission problems that have occurred after a reference to a file was acquired.',
              'NotReadableError',
            ),
          ),
      };
    },
  });
  return file;
}

describe('a file in ranges: a read limit stops the range workers', () => {
  const RANGE = 2048;
  const lines = Array.from({ length: 400 }, (_, i) => line(i));
  // A line over the limit in the third range: the ranges after it must not be read.
  lines[100] = line(100, 'y'.repeat(3000));
  const text = lines.join('');
  const limits = { ...DEFAULT_READ_LIMITS, maxLineBytes: 2000 };

  it('asks for no range after the refusal, closes the pool, and keeps the lines before it', async () => {
    const file = new File([text], 'long-line.jsonl');
    const { pool, asked, closed } = countingPool(file);
    const log = new SessionLog({ limits });
    const inRanges = await loadFileInRanges({
      file,
      makePool: () => pool,
      signal: new AbortController().signal,
      take: (range) => Promise.resolve(log.push(range.bytes, range.prescan)),
      refused: () => log.limitHit !== undefined,
      sizes: { first: RANGE, rest: RANGE },
    });
    log.end();
    expect(inRanges).toBe(true);
    expect(log.limitHit?.kind).toBe('line-length');
    expect(log.eventCount).toBe(100);
    const ranges = Math.ceil(text.length / RANGE);
    expect(ranges).toBeGreaterThan(20);
    // The range holding the long line, plus those already in flight (pool size + 1 ahead): no more.
    const refusedAt = Math.floor(text.indexOf('yyy') / RANGE);
    expect(Math.max(...asked) / RANGE).toBeLessThanOrEqual(refusedAt + pool.size + 1);
    expect(asked.length).toBeLessThan(ranges / 2);
    expect(closed()).toBe(true);
  });

  it('a log within the limits reads every range', async () => {
    const file = new File([lines.filter((_, i) => i !== 100).join('')], 'ok.jsonl');
    const { pool, asked } = countingPool(file);
    const log = new SessionLog({ limits });
    await loadFileInRanges({
      file,
      makePool: () => pool,
      signal: new AbortController().signal,
      take: (range) => Promise.resolve(log.push(range.bytes, range.prescan)),
      refused: () => log.limitHit !== undefined,
      sizes: { first: RANGE, rest: RANGE },
    });
    log.end();
    expect(log.eventCount).toBe(399);
    expect(asked.length).toBe(Math.ceil(file.size / RANGE) - 1); // the first range is read by the owner
  });
});

describe('a compressed file is not loaded in ranges', () => {
  it('a gzip file over the parallel size: no range worker is started, the caller reads it in one pass', async () => {
    const text = Array.from({ length: 60_000 }, (_, i) => line(i)).join('');
    const gz = new Uint8Array(gzipSync(text, { level: 0 }));
    expect(gz.length).toBeGreaterThan(PARALLEL_MIN_BYTES);
    let pools = 0;
    const loaded = await loadFileInRanges({
      file: new File([gz], 'session.jsonl.gz'),
      makePool: () => {
        pools++;
        throw new Error('no pool for a compressed file');
      },
      signal: new AbortController().signal,
      take: () => Promise.reject(new Error('nothing is pushed from ranges')),
      refused: () => false,
    });
    expect(loaded).toBe(false);
    expect(pools).toBe(0);
  });
});

describe('a file that changed on disk after it was picked', () => {
  const text = Array.from({ length: 40_000 }, (_, i) => line(i)).join(''); // ~4.4 MB: several 1 MiB slices

  it('in one pass: the load fails as file-changed, in plain words, not "permission problems"', async () => {
    const posted: WorkerMessage[] = [];
    const host = new LogHost((m) => posted.push(m));
    const file = changingFile(text, 'session.jsonl', 3);
    await host.receive({ id: 1, kind: 'open', loadId: 1, source: { kind: 'file', file } });
    const answer = posted.find((m): m is ResponseMessage => m.type === 'response');
    const result = answer?.result;
    if (!result || result.ok) throw new Error('the open should have failed');
    const error = result.error;
    expect(error.code).toBe('file-changed');
    expect(error.message).toBe(
      'session.jsonl changed on disk while it was being read (appended to, cut short, replaced or removed), so this browser will not read it further. Choose the file again to read it as it is now.',
    );
    expect(error.message).not.toMatch(/permission/);
    const fatal = posted.find((m) => m.type === 'push' && m.push.kind === 'fatal');
    expect(fatal).toMatchObject({ push: { error: { code: 'file-changed' } } });
  });

  it('in ranges: a range worker that reports the failure as text is recognized by a read here', async () => {
    // The owner's one read of the file's head (the split check and the first range) succeeds.
    const file = changingFile(text, 'session.jsonl', 2);
    const pool: RangePool = {
      size: 2,
      // What crosses from a range worker is only the message.
      run: () => Promise.reject(new Error('The requested file could not be read')),
      close: () => {},
    };
    const error = await loadFileInRanges({
      file,
      makePool: () => pool,
      signal: new AbortController().signal,
      take: () => Promise.resolve(),
      refused: () => false,
    }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(LoadError);
    expect((error as LoadError).code).toBe('file-changed');
  });

  it('another read failure keeps its own text', async () => {
    const file = new File([text], 'session.jsonl');
    const pool: RangePool = {
      size: 2,
      run: () => Promise.reject(new Error('a range worker failed: out of memory')),
      close: () => {},
    };
    const error = await loadFileInRanges({
      file,
      makePool: () => pool,
      signal: new AbortController().signal,
      take: () => Promise.resolve(),
      refused: () => false,
    }).catch((err: unknown) => err);
    expect((error as LoadError).code).toBe('load-failed');
    expect((error as LoadError).message).toBe(
      'Could not read session.jsonl: a range worker failed: out of memory',
    );
  });
});
