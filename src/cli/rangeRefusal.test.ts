/**
 * Parallel loading stops at a refusal: a binary file (not text) or a read limit ends the range
 * jobs at once and closes the pool (the CLI's pool terminates its worker threads), instead of
 * letting the range workers read the rest of the file for nothing.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localPool, planRanges, type RangePool } from '../core/log/parallel';
import { DEFAULT_READ_LIMITS } from '../core/reader/readLimits';
import { fileSource } from './rangeWorkers';
import { loadInRanges } from './readInput';

const dir = mkdtempSync(join(tmpdir(), 'seqscope-range-refusal-'));
const MiB = 1024 * 1024;

/** A real in-thread pool over the file that records what it was asked and when it was closed. */
function recordingPool(size: number) {
  const seen = { started: [] as number[], closedAfter: -1 };
  let src: ReturnType<typeof fileSource> | undefined;
  const make = (path: string): RangePool => ({
    size,
    async run(a, b) {
      seen.started.push(a);
      src ??= fileSource(path);
      return localPool(await src).run(a, b);
    },
    close() {
      seen.closedAfter = seen.started.length;
      void src?.then((s) => s.close());
    },
  });
  return { seen, make };
}

describe('parallel loading in the CLI stops its range jobs at a refusal', () => {
  it('a 100 MB binary file: refused after the first range; no range asked for after it; the pool closed', async () => {
    const path = join(dir, 'zeros.jsonl');
    writeFileSync(path, Buffer.alloc(100 * MiB)); // NUL bytes: not text
    const ranges = planRanges(100 * MiB).length;
    expect(ranges).toBeGreaterThan(6);
    const pool = recordingPool(2);
    const result = await loadInRanges(path, 2, {}, pool.make);
    expect(result).toMatchObject({ ok: false });
    expect(result?.ok === false && result.message).toMatch(/zeros\.jsonl: this is not a text log/);
    // The jobs started before the first range was refused (one per worker and one ahead) and none after.
    expect(pool.seen.started.length).toBeLessThanOrEqual(3);
    expect(pool.seen.closedAfter).toBe(pool.seen.started.length);
  });

  it('a read limit (a line longer than the limit) stops the range jobs too, keeping the lines before it', async () => {
    const path = join(dir, 'long-line.jsonl');
    const ok = '{"type":"session","version":0,"id":"x"}\n';
    const text = ok + 'x'.repeat(3 * MiB) + '\n' + ok.repeat(2 * 1024 * 1024);
    writeFileSync(path, text);
    const pool = recordingPool(1);
    const limits = { ...DEFAULT_READ_LIMITS, maxLineBytes: MiB };
    const result = await loadInRanges(path, 1, { limits }, pool.make);
    expect(result?.ok).toBe(true);
    const log = result?.ok ? result.log : undefined;
    expect(log?.limitHit?.kind).toBe('line-length');
    expect(log?.limitHit?.line).toBe(2);
    expect(pool.seen.started.length).toBeLessThan(planRanges(text.length).length - 1);
    expect(pool.seen.closedAfter).toBe(pool.seen.started.length);
  });
});
