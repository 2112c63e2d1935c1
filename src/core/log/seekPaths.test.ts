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
import type { SessionLog } from './sessionLog';

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
