/**
 * Audit R5-1: an attempt with a million other events between two of its chunks made every
 * stream query there re-read (re-parse) all of them: 4-10 s per seek in the worker. Only
 * chunks are read now; the type column says which seqs they are.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLogFromText } from '../log/load';
import { SessionLog } from '../log/sessionLog';
import type { ParsedEvents } from '../log/parsedEvents';
import { StructureBuilder } from './structure';
import { DiagnosticList } from '../diagnostics';
import { StreamIndex } from './streamIndex';
import { EventList } from './testing';

const FILLER = 100_000;

/** A step with one chunk, FILLER log-only events, then the rest of the stream. */
function fillerLog() {
  const l = new EventList();
  l.turnStart(1);
  l.user('go');
  l.stepStart(1, 1);
  l.chunk(1, 1, { type: 'text-delta', index: 0, text: 'a' });
  for (let i = 0; i < FILLER; i++) l.add('progress/tick', { i });
  l.chunk(1, 1, { type: 'text-delta', index: 0, text: 'b' });
  l.chunk(1, 1, { type: 'finish', reason: { kind: 'stop' } });
  l.stepEnd(1, 1);
  l.turnEnd(1);
  return l.events;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a stream query across many events that are not chunks', () => {
  const events = fillerLog();
  const lastChunk = 4 + FILLER; // the "b" delta
  const queries = [lastChunk, 4 + FILLER / 2, lastChunk + 1, 10, lastChunk];

  it("reads only the attempt's chunks when the type of each seq is known", () => {
    const builder = new StructureBuilder(new DiagnosticList());
    for (const ev of events) builder.event(ev);
    builder.end();
    const structure = builder.index();
    let reads = 0;
    const index = new StreamIndex(
      (s) => {
        reads++;
        return events[s];
      },
      () => structure,
      { isChunk: (s) => events[s]?.type === 'assistant/chunk' },
    );
    for (const s of queries) {
      const r0 = reads;
      const state = index.streamAt(s);
      expect(reads - r0, `seq ${s}`).toBeLessThanOrEqual(3);
      const text = (state?.blocks[0] as { text: string }).text;
      expect(text, `seq ${s}`).toBe(s >= lastChunk ? 'ab' : 'a');
    }
  });

  it('SessionLog wires its type column: a seek re-parses no filler event', () => {
    const text = events.map((e) => JSON.stringify(e)).join('\n') + '\n';
    const log = loadLogFromText(text);
    const parsed = vi.spyOn((log as unknown as { parsed: ParsedEvents }).parsed, 'pass');
    for (const s of queries) {
      parsed.mockClear();
      const state = log.streamAt(s);
      expect(parsed.mock.calls.length, `seq ${s}`).toBeLessThanOrEqual(3);
      expect((state?.blocks[0] as { text: string }).text, `seq ${s}`).toBe(s >= lastChunk ? 'ab' : 'a');
    }
    expect(log).toBeInstanceOf(SessionLog);
  });
});

/**
 * Audit R6-9: the filler made of ANOTHER step's chunks, which the type column cannot skip: the
 * loading pass leaves a checkpoint that says the attempt is quiet across them, so a query reads
 * at most max(4K, blocks) events from any checkpoint (K = 1024).
 */
describe("a stream query across many other steps' chunks", () => {
  const READ_BOUND = 4 * 1024 + 8;

  function readsPerQuery(
    events: ReturnType<typeof fillerLog>,
    queries: number[],
    text: (s: number) => string,
  ) {
    const log = loadLogFromText(events.map((e) => JSON.stringify(e)).join('\n') + '\n');
    const parsed = vi.spyOn((log as unknown as { parsed: ParsedEvents }).parsed, 'pass');
    for (const s of queries) {
      parsed.mockClear();
      const state = log.streamAt(s);
      expect(parsed.mock.calls.length, `seq ${s}`).toBeLessThanOrEqual(READ_BOUND);
      expect((state?.blocks[0] as { text: string }).text, `seq ${s}`).toBe(text(s));
    }
  }

  it('one long run of them between two chunks', () => {
    const l = new EventList();
    l.turnStart(1);
    l.user('go');
    l.stepStart(1, 1);
    l.chunk(1, 1, { type: 'text-delta', index: 0, text: 'a' });
    for (let i = 0; i < FILLER; i++) l.chunk(1, 2, { type: 'text-delta', index: 0, text: 'z' });
    l.chunk(1, 1, { type: 'text-delta', index: 0, text: 'b' });
    l.chunk(1, 1, { type: 'finish', reason: { kind: 'stop' } });
    l.stepEnd(1, 1);
    l.turnEnd(1);
    const b = 4 + FILLER;
    readsPerQuery(l.events, [b, 4 + FILLER / 2, b + 1, 10, b], (s) => (s >= b ? 'ab' : 'a'));
  });

  it('a thousand of them between each two of 300 chunks (no run alone is long)', () => {
    const l = new EventList();
    l.turnStart(1);
    l.user('go');
    l.stepStart(1, 1);
    const own: number[] = [];
    for (let k = 0; k < 300; k++) {
      own.push(l.events.length);
      l.chunk(1, 1, { type: 'text-delta', index: 0, text: 'x' });
      for (let i = 0; i < 1000; i++) l.chunk(1, 2, { type: 'text-delta', index: 0, text: 'z' });
    }
    l.stepEnd(1, 1);
    l.turnEnd(1);
    const upTo = (s: number) => 'x'.repeat(own.filter((o) => o <= s).length);
    const last = own.at(-1) as number;
    readsPerQuery(l.events, [last, last + 500, (own[150] as number) + 3, own[10] as number, last], upTo);
  });
});
