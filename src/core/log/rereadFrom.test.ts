import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateLogText } from '../../../scripts/gen/index';
import type { ByteSource } from '../reader/byteStore';
import { bytesSource, forEachRange, localPool } from './parallel';
import { SessionLog, type SessionLogOptions } from './sessionLog';
import { roughLog, snapshot } from './testing';

/** The input again, as a file would give it; counts the reads and keeps the longest. */
function sourceOver(bytes: Uint8Array): ByteSource & { reads: number; longest: number } {
  return {
    reads: 0,
    longest: 0,
    readAt(offset, length) {
      this.reads++;
      this.longest = Math.max(this.longest, length);
      return bytes.slice(offset, offset + length);
    },
  };
}

/** A source that must never be read: the input's bytes are not what the store holds. */
const unreadable: ByteSource = {
  readAt(offset) {
    throw new Error(`read at ${offset}: the store does not hold the input's own bytes`);
  },
};

/** Loads `bytes` pushed in `size`-byte pieces, each a fresh buffer handed over (as a file read gives). */
function load(bytes: Uint8Array, size: number, options: SessionLogOptions = {}): SessionLog {
  const log = new SessionLog({ ...options, ownsChunks: true });
  for (let i = 0; i < bytes.length; i += size) log.push(bytes.slice(i, i + size));
  log.end();
  return log;
}

const enc = new TextEncoder();

describe('a log read again from its input (rereadFrom): the bytes of lines read are let go', () => {
  it('answers every question as a log holding its bytes, whatever the pieces and the blocks', () => {
    let released = 0;
    fc.assert(
      fc.property(
        roughLog,
        fc.integer({ min: 1, max: 90_000 }),
        fc.constantFrom(4096, 262_144),
        fc.array(fc.nat(), { maxLength: 12 }),
        (bytes, size, blockSize, picks) => {
          const held = load(bytes, size, { blockSize });
          const source = sourceOver(bytes);
          const reread = load(bytes, size, { blockSize, rereadFrom: source });
          const n = held.eventCount;
          const seqs = n === 0 ? [] : [0, n - 1, ...picks.map((p) => p % n)];
          expect(snapshot(reread, seqs)).toStrictEqual(snapshot(held, seqs));
          expect(reread.bytesDecoded).toBe(held.bytesDecoded);
          expect(held.bytesHeld).toBe(held.bytesDecoded);
          expect(reread.bytesHeld).toBeLessThanOrEqual(reread.bytesDecoded);
          if (reread.bytesHeld < reread.bytesDecoded) released++;
        },
      ),
      { numRuns: 40 },
    );
    // Most runs let bytes go (the rest are logs of a block or two).
    expect(released).toBeGreaterThan(10);
  });

  it('holds about one piece of a large log, and reads its lines again from the input when asked', () => {
    const bytes = enc.encode(generateLogText({ events: 6000, seed: 3 }));
    const source = sourceOver(bytes);
    const log = load(bytes, 65_536, { rereadFrom: source });
    expect(bytes.length).toBeGreaterThan(10 * 65_536);
    // The piece holding the line being read when the input ended, and the one before it at most.
    expect(log.bytesHeld).toBeLessThanOrEqual(2 * 65_536);
    const held = load(bytes, 65_536);
    const before = source.reads;
    const seqs = [1, 2500, 4000, log.eventCount - 1];
    expect(snapshot(log, seqs)).toStrictEqual(snapshot(held, seqs));
    expect(source.reads).toBeGreaterThan(before);
  });

  it('reads a let-go line alone, never its whole block (stream assembly reads thousands of them)', () => {
    const bytes = enc.encode(generateLogText({ events: 6000, seed: 4 }));
    const source = sourceOver(bytes);
    const log = load(bytes, 65_536, { rereadFrom: source });
    const held = load(bytes, 65_536);
    const seqs = Array.from({ length: 40 }, (_, i) => 100 + i * 97);
    expect(seqs.map((s) => log.streamAt(s))).toStrictEqual(seqs.map((s) => held.streamAt(s)));
    expect(source.reads).toBeGreaterThan(0);
    expect(source.longest).toBeLessThan(16_384);
  });

  it('answers alike through the range path (prescanned ranges pushed in slices)', async () => {
    const bytes = enc.encode(generateLogText({ events: 4000, seed: 8, packedRatio: 0.3 }));
    const source = sourceOver(bytes);
    const src = bytesSource(bytes);
    const log = new SessionLog({ ownsChunks: true, blockSize: 65_536, rereadFrom: source });
    await forEachRange(
      src,
      { ...localPool(src), size: 2 },
      (r) => {
        for (let i = 0; i < r.bytes.length; i += 70_000) log.push(r.bytes.slice(i, i + 70_000), r.prescan);
      },
      { first: 50_000, rest: 120_000 },
    );
    log.end();
    const held = load(bytes, 65_536);
    const n = held.eventCount;
    const seqs = [0, 7, Math.floor(n / 3), Math.floor(n / 2), n - 1];
    expect(log.prescannedLines).toBeGreaterThan(0);
    expect(log.bytesHeld).toBeLessThan(log.bytesDecoded / 2);
    expect(snapshot(log, seqs)).toStrictEqual(snapshot(held, seqs));
  });

  it('never reads a compressed input again from its source (its stored bytes are the decompressed ones)', () => {
    const text = generateLogText({ events: 3000, seed: 5 });
    const log = load(gzipSync(text), 65_536, { blockSize: 4096, rereadFrom: unreadable });
    const held = load(enc.encode(text), 65_536);
    const seqs = [0, 1500, held.eventCount - 1];
    expect(log.bytesHeld).toBe(log.bytesDecoded);
    expect(snapshot(log, seqs)).toStrictEqual(snapshot(held, seqs));
  });

  it("never reads another agent's log again from its source (its events are re-told)", () => {
    const bytes = readFileSync('../shared/samples/other/claude-code/agentlogs-compact.jsonl');
    const log = load(bytes, 4096, { blockSize: 4096, rereadFrom: unreadable });
    const held = load(bytes, 4096);
    expect(log.sourceFormat).toBe('claude-code');
    expect(log.eventCount).toBeGreaterThan(0);
    expect(log.bytesHeld).toBe(log.bytesDecoded);
    const all = Array.from({ length: held.eventCount }, (_, s) => s);
    expect(snapshot(log, all)).toStrictEqual(snapshot(held, all));
  });
});
