/**
 * The CLI reads a large plain log again from its file instead of holding its bytes (fileBytes.ts):
 * what it answers is what a log holding them answers, and a file cut short since is said so.
 */
import { appendFileSync, createReadStream, mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateLogText } from '../../scripts/gen/index';
import { snapshot } from '../core/log/testing';
import { InputChanged } from '../core/reader/byteStore';
import { REREAD_FROM_FILE_BYTES, fileByteSource } from './fileBytes';
import { loadFile, loadStream } from './readInput';

const dir = mkdtempSync(join(tmpdir(), 'seqscope-file-bytes-'));

function logFile(name: string, events: number): string {
  const path = join(dir, name);
  writeFileSync(path, generateLogText({ events, seed: 7 }));
  return path;
}

describe('a large log file is read again, not held', () => {
  it('answers as a log holding its bytes, and holds about one read of them', async () => {
    const path = logFile('large.jsonl', 40_000);
    const viaFile = await loadFile(path);
    const held = await loadStream(createReadStream(path, { highWaterMark: 1 << 20 }), path);
    if (!viaFile.ok || !held.ok) throw new Error('not loaded');
    const log = viaFile.log;
    expect(log.bytesDecoded).toBeGreaterThan(REREAD_FROM_FILE_BYTES);
    expect(held.log.bytesHeld).toBe(held.log.bytesDecoded);
    // The 1 MiB read holding the line being read when the file ended, and the one before it at most.
    expect(log.bytesHeld).toBeLessThanOrEqual(2 << 20);
    const n = log.eventCount;
    const seqs = [0, 1, Math.floor(n / 3), Math.floor(n / 2) + 7, n - 2, n - 1];
    expect(snapshot(log, seqs)).toStrictEqual(snapshot(held.log, seqs));
  });

  it('says the file changed when a line it read is no longer there', async () => {
    const path = logFile('cut.jsonl', 40_000);
    const loaded = await loadFile(path);
    if (!loaded.ok) throw new Error(loaded.message);
    truncateSync(path, 1000);
    // An event of the file's middle: its bytes were let go once read.
    const middle = Math.floor(loaded.log.eventCount / 2);
    expect(() => loaded.log.rawLine(middle)).toThrow(InputChanged);
    // Not taken for a line that does not parse (an unreadable event), wherever it is read.
    expect(() => loaded.log.event(middle + 1)).toThrow(InputChanged);
    expect(() => loaded.log.messagesAt(middle + 2)).toThrow(InputChanged);
    expect(() => loaded.log.rawLine(middle)).toThrow(
      /cut\.jsonl changed while it was read: it now ends before byte \d+, which was read from it/,
    );
  });

  it('reads the bytes at any offset, and nothing once closed', () => {
    const path = join(dir, 'bytes.bin');
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 13) & 0xff);
    writeFileSync(path, bytes);
    const source = fileByteSource(path);
    expect(Uint8Array.from(source.readAt(0, 10))).toEqual(bytes.subarray(0, 10));
    expect(Uint8Array.from(source.readAt(65_530, 4470))).toEqual(bytes.subarray(65_530));
    expect(() => source.readAt(69_999, 2)).toThrow(InputChanged);
    source.close();
    expect(() => source.readAt(0, 1)).toThrow(/closed/);
  });

  it('gives the same bytes whatever the order and size of the reads (through its kept windows)', () => {
    const path = join(dir, 'random.bin');
    const bytes = Uint8Array.from({ length: 1_500_000 }, (_, i) => (i * 7 + (i >> 9)) & 0xff);
    writeFileSync(path, bytes);
    const source = fileByteSource(path);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: bytes.length - 1 }), fc.integer({ min: 1, max: 90_000 })), {
          minLength: 1,
          maxLength: 60,
        }),
        (reads) => {
          for (const [offset, size] of reads) {
            const length = Math.min(size, bytes.length - offset);
            const got = Buffer.from(source.readAt(offset, length));
            // Compared as buffers: a deep equality of 90 KB arrays took seconds per run.
            expect(got.equals(bytes.subarray(offset, offset + length)), `${offset}+${length}`).toBe(true);
          }
        },
      ),
      { numRuns: 50 },
    );
    // A handed-out copy stays as it was while the windows are reused.
    const first = source.readAt(10, 100);
    for (let i = 0; i < 40; i++) source.readAt(i * 37_000, 500);
    expect(Uint8Array.from(first)).toEqual(bytes.subarray(10, 110));
    // Bytes appended since a window was read at the end are read too.
    const more = Uint8Array.from({ length: 1000 }, (_, i) => i & 0xff);
    appendFileSync(path, more);
    expect(Uint8Array.from(source.readAt(bytes.length - 10, 20))).toEqual(
      Uint8Array.from([...bytes.subarray(bytes.length - 10), ...more.subarray(0, 10)]),
    );
    source.close();
  });
});
