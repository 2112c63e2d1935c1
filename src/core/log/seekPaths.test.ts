/**
 * The two reads every seek makes, on their fast paths, against paths that share nothing with
 * them: messagesAt (messages read without their line's sourceEventSeqs) against the naive fold
 * of the full events, and streamAt (deltas read as fields from their bytes or packed row)
 * against a StreamIndex over the parsed events with no recorded checkpoints. At every seq of
 * the real samples and of generated logs (packed rows, compactions, prunes, failed attempts,
 * long outputs), asked in a shuffled order.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateLogText } from '../../../scripts/gen/index';
import { StreamIndex } from '../analysis/streamIndex';
import { naiveMessages } from '../testing/naiveFold';
import type { SessionEvent } from '../types';
import { loadLogFromText } from './load';
import { messageOf } from './message';
import type { ParsedEvents } from './parsedEvents';
import { EventFlag, MESSAGE_CACHED_FROM_BYTES, MESSAGES_KEPT_PER_BYTE, type SessionLog } from './sessionLog';

const SAMPLES = new URL('../../../../shared/samples/', import.meta.url);
const LOGS: [string, () => string][] = [
  ...[
    'dsh/agent-instructions.jsonl',
    'dsh/compaction-recovery.stream.jsonl',
    'dsh/cordis-tool-round.jsonl',
    'dsh/pty-tools.jsonl',
    'dsh/steering.jsonl',
    'design-card-example.jsonl',
  ].map((name): [string, () => string] => [name, () => readFileSync(new URL(name, SAMPLES), 'utf8')]),
  ['generated, 3000 events, seed 7', () => generateLogText({ events: 3000, seed: 7 })],
  [
    'generated, 3000 events, seed 8, all packed',
    () => generateLogText({ events: 3000, seed: 8, packedRatio: 1 }),
  ],
  ['generated card dialect, 1500 events', () => generateLogText({ events: 1500, seed: 9, dialect: 'card' })],
];

/** Seqs 0..n-1 in a shuffled order (deterministic). */
function shuffled(n: number, seed: number): number[] {
  const out = Array.from({ length: n }, (_, i) => i);
  let x = seed;
  for (let i = n - 1; i > 0; i--) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const j = x % (i + 1);
    [out[i], out[j]] = [out[j] as number, out[i] as number];
  }
  return out;
}

const parsedOf = (log: SessionLog) => (log as unknown as { parsed: ParsedEvents }).parsed;

describe.each(LOGS)('seek paths on %s', (name, text) => {
  const source = text();
  const log = loadLogFromText(source, { chunkSize: 4096 });
  const events: SessionEvent[] = Array.from({ length: log.eventCount }, (_, s) => log.event(s));

  it('messagesAt at every seq equals the naive fold of the full events', () => {
    expect(log.eventCount).toBeGreaterThan(0);
    for (const s of shuffled(log.eventCount, 1)) {
      const expected = naiveMessages(events, s).map((m) => ({
        seq: m.seq,
        message: messageOf(events[m.seq] as SessionEvent),
      }));
      const got = log.messagesAt(s);
      expect(got.count).toBe(expected.length);
      expect(got.messages.map((m) => ({ seq: m.seq, message: m.message }))).toEqual(expected);
      // The newest 50 (what a seek asks), as a window.
      const from = Math.max(0, got.count - 50);
      expect(log.messagesAt(s, from).messages.map((m) => m.message)).toEqual(
        expected.slice(from).map((m) => m.message),
      );
    }
  });

  it('streamAt at every seq (and chunk offsets) equals a StreamIndex over the parsed events', () => {
    const oracle = new StreamIndex(
      (s) => events[s],
      () => log.structure,
    );
    for (const s of shuffled(log.eventCount, 2)) {
      for (const offset of [undefined, 0, 2])
        expect(log.streamAt(s, offset)).toEqual(oracle.streamAt(s, offset));
    }
  });

  it("a delta's fields, read without its event, are its event's chunk; other events have none", () => {
    // A log none of whose events were read yet (none is in its cache).
    const fresh = loadLogFromText(source);
    const parsed = parsedOf(fresh);
    let read = 0;
    let deltas = 0;
    for (let s = 0; s < log.eventCount; s++) {
      const ev = events[s] as SessionEvent;
      const data = ev.data as { turn?: unknown; step?: unknown; chunk?: Record<string, unknown> };
      const chunk = ev.type === 'assistant/chunk' ? data.chunk : undefined;
      if (['text-delta', 'reasoning-delta', 'tool-call-delta'].includes(chunk?.type as string)) deltas++;
      // A packed row's members are read from the row re-read last: read the row first (uncached).
      if (parsed.delta(s) === undefined) parsed.pass(s);
      const d = parsed.delta(s);
      if (d === undefined) continue;
      read++;
      expect(ev.type).toBe('assistant/chunk');
      expect({ turn: d.turn, step: d.step }).toEqual({ turn: data.turn, step: data.step });
      const asChunk: Record<string, unknown> =
        d.chunkType === 'tool-call-delta'
          ? {
              type: d.chunkType,
              index: d.index,
              id: d.id,
              ...(d.name === undefined ? {} : { name: d.name }),
              argumentsDelta: d.text,
            }
          : { type: d.chunkType, index: d.index, text: d.text };
      expect(asChunk).toEqual(chunk);
    }
    // The harness's generated deltas are all read as fields (the card dialect's get their index on reading).
    if (name.startsWith('generated, ')) {
      expect(deltas).toBeGreaterThan(log.eventCount / 2);
      expect(read).toBe(deltas);
    }
  });
});

// The card dialect's tool results (role "tool", the text blocks as the message's content) are read
// whole at load, so their large lines are kept; the harness's are read without their text (below).
const KEPT_LOG = { events: 20000, seed: 11, dialect: 'card' } as const;

describe('messages of large surface lines kept by the loading pass', () => {
  const log = loadLogFromText(generateLogText(KEPT_LOG));
  const events: SessionEvent[] = Array.from({ length: log.eventCount }, (_, s) => log.event(s));

  it('are the messages read again from their lines, at every seq a window shows them', () => {
    expect(log.keptMessages).toBeGreaterThan(0);
    let large = 0;
    // The seqs from the newest large node on (it is kept), then others, shuffled.
    const newest =
      log.eventCount -
      1 -
      [...events]
        .reverse()
        .findIndex(
          (e) => log.lineByteLength(e.seq) >= MESSAGE_CACHED_FROM_BYTES && e.type !== 'assistant/chunk',
        );
    const seqs = shuffled(log.eventCount, 3).filter((s) => s >= newest - 50 || s % 16 === 0);
    for (const s of seqs) {
      const count = log.messagesAt(s, 0, 0).count;
      for (const m of log.messagesAt(s, Math.max(0, count - 50)).messages) {
        if (log.lineByteLength(m.seq) >= MESSAGE_CACHED_FROM_BYTES) large++;
        expect(m.message).toEqual(messageOf(events[m.seq] as SessionEvent));
      }
    }
    expect(large).toBeGreaterThan(100);
  });

  it('within their budget, newest first; a kept one is never parsed again, an older one is', () => {
    const fresh = loadLogFromText(generateLogText(KEPT_LOG));
    const big = Array.from({ length: fresh.eventCount }, (_, s) => s)
      .filter(
        (s) =>
          fresh.flagsOf(s) & EventFlag.surface &&
          fresh.lineByteLength(s) >= MESSAGE_CACHED_FROM_BYTES &&
          messageOf(events[s] as SessionEvent) !== null,
      )
      .reverse();
    const k = fresh.keptMessages;
    expect(k).toBeGreaterThan(0);
    expect(k).toBeLessThan(big.length);
    const keptBytes = big.slice(0, k).reduce((n, s) => n + fresh.lineByteLength(s), 0);
    expect(keptBytes).toBeLessThanOrEqual(fresh.bytesDecoded * MESSAGES_KEPT_PER_BYTE);
    // Each shown at its own seq (it is the newest message there).
    const held = fresh.parsedEventsHeld;
    for (const s of big.slice(0, k)) expect(fresh.messagesAt(s).messages.at(-1)?.seq).toBe(s);
    expect(fresh.parsedEventsHeld).toBe(held);
    const older = big[k] as number;
    expect(fresh.messagesAt(older).messages.at(-1)?.seq).toBe(older);
    expect(fresh.parsedEventsHeld).toBe(held + 1);
  });
});
