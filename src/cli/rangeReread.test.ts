/**
 * A large plain file loaded in ranges and read again (fileBytes.ts): the range workers send back
 * their prescans alone and the owner reads the bytes itself, in pieces it lets go (readInput.ts
 * loadInRanges, core/log/parallel.ts PrescannedRange). The log answers as a one-pass load does;
 * a file cut between a worker's read and the owner's is said so, naming the file.
 */
import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateLogText } from '../../scripts/gen/index';
import {
  prescanAlignedRange,
  prescanWithoutBytes,
  type RangePool,
  type RangeScratch,
} from '../core/log/parallel';
import { snapshot } from '../core/log/testing';
import { InputChanged } from '../core/reader/byteStore';
import { fileByteSource } from './fileBytes';
import { fileSource } from './rangeWorkers';
import { loadFile, loadInRanges } from './readInput';

const dir = mkdtempSync(join(tmpdir(), 'seqscope-range-reread-'));
const text = generateLogText({ events: 60_000, seed: 21 });

function logFile(name: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** A pool on this thread over the file, as the CLI's worker threads answer; records what it was asked. */
function inThreadPool(onAnswer?: () => void) {
  const asked = { withoutBytes: [] as boolean[], jobs: 0, bytesBack: 0 };
  const make = (path: string, _workers: number, withoutBytes: boolean): RangePool => {
    asked.withoutBytes.push(withoutBytes);
    const src = fileSource(path);
    const scratch: RangeScratch = { buffer: new Uint8Array(0), busy: false };
    return {
      size: 2,
      async run(a, b) {
        asked.jobs++;
        const answer = withoutBytes
          ? await prescanWithoutBytes(await src, a, b, scratch)
          : await prescanAlignedRange(await src, a, b);
        if ('bytes' in answer) asked.bytesBack += answer.bytes.length;
        onAnswer?.();
        return answer;
      },
      close: () => void src.then((s) => s.close()),
    };
  };
  return { asked, make };
}

describe('a file read again, loaded in ranges', () => {
  it('asks its range workers for prescans alone, holds little, and answers as a one-pass load', async () => {
    const path = logFile('reread.jsonl');
    const single = await loadFile(path); // below PARALLEL_MIN_BYTES workers or not: one pass here
    const pool = inThreadPool();
    const source = fileByteSource(path);
    const ranged = await loadInRanges(path, 2, { rereadFrom: source }, pool.make, {
      first: 1 << 20,
      rest: 2 << 20,
    });
    if (!single.ok || !ranged?.ok) throw new Error('not loaded');
    expect(pool.asked.withoutBytes).toEqual([true]);
    expect(pool.asked.jobs).toBeGreaterThan(3);
    expect(pool.asked.bytesBack).toBe(0);
    const log = ranged.log;
    expect(log.prescannedLines).toBeGreaterThan(log.eventCount / 2);
    // Pieces of 1 MiB are let go as they are read: far less than the file is held.
    expect(log.bytesHeld).toBeLessThan(log.bytesDecoded / 3);
    const n = log.eventCount;
    const seqs = [0, 1, Math.floor(n / 3), Math.floor(n / 2) + 7, n - 2, n - 1];
    expect(snapshot(log, seqs)).toStrictEqual(snapshot(single.log, seqs));
    source.close();
  });

  it('holds the bytes the workers send back when the file is not read again', async () => {
    const path = logFile('held.jsonl');
    const pool = inThreadPool();
    const ranged = await loadInRanges(path, 2, {}, pool.make, { first: 1 << 20, rest: 2 << 20 });
    if (!ranged?.ok) throw new Error('not loaded');
    expect(pool.asked.withoutBytes).toEqual([false]);
    expect(pool.asked.bytesBack).toBeGreaterThan(text.length / 2);
    expect(ranged.log.bytesHeld).toBe(ranged.log.bytesDecoded);
  });

  it('a file cut after a worker read its range fails the load, naming the file', async () => {
    const path = logFile('cut.jsonl');
    let cut = false;
    const pool = inThreadPool(() => {
      if (!cut) truncateSync(path, 1_500_000);
      cut = true;
    });
    const source = fileByteSource(path);
    const ranged = await loadInRanges(path, 2, { rereadFrom: source }, pool.make, {
      first: 1 << 20,
      rest: 2 << 20,
    });
    source.close();
    expect(ranged?.ok).toBe(false);
    const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const message = ranged && !ranged.ok ? ranged.message : '';
    expect(message).toMatch(
      new RegExp(
        `^${escaped} changed while it was read: it now ends before byte (\\d+), which was read from it \\(a log is only ever appended to\\)$`,
      ),
    );
    // The byte it names lies past the cut, within what the range worker read.
    const named = Number(/before byte (\d+)/.exec(message)?.[1]);
    expect(named).toBeGreaterThan(1_500_000);
    expect(named).toBeLessThanOrEqual(text.length);
  });
});

describe('the range source over a file (rangeWorkers.ts fileSource)', () => {
  it('reads into a buffer, short only at the end of the file', async () => {
    const path = logFile('source.jsonl');
    const src = await fileSource(path);
    const into = new Uint8Array(5000);
    expect(await src.readInto?.(into, 1000)).toBe(5000);
    expect(new TextDecoder().decode(into)).toBe(text.slice(1000, 6000));
    expect(await src.readInto?.(into, src.size - 10)).toBe(10);
    expect(new TextDecoder().decode(into.subarray(0, 10))).toBe(text.slice(-10));
    await src.close();
  });

  it('says a file cut since it was opened changed, where a read within its size comes back short', async () => {
    const path = logFile('shrunk.jsonl');
    const src = await fileSource(path);
    truncateSync(path, 4000);
    await expect(src.read(3000, 2000)).rejects.toThrow(InputChanged);
    await expect(src.readInto?.(new Uint8Array(100), 3950)).rejects.toThrow(
      `${path} changed while it was read: it now ends before byte 4050, which was read from it (a log is only ever appended to)`,
    );
    // What is still there reads as before.
    expect(new TextDecoder().decode(await src.read(0, 100))).toBe(text.slice(0, 100));
    await src.close();
  });
});
