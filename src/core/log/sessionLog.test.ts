import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { naiveMessages } from '../testing/naiveFold';
import type { Message, SessionEvent } from '../types';
import { loadLogFromBytes } from './load';
import { EventFlag, MESSAGE_CACHED_FROM_BYTES, SessionLog } from './sessionLog';

const SAMPLES = resolve(__dirname, '../../../../shared/samples');
const sample = (name: string) => readFileSync(resolve(SAMPLES, name));
const load = (name: string) => loadLogFromBytes(sample(name));

const text = (m: Message | undefined) =>
  (m?.content ?? []).map((b) => ('text' in b ? b.text : b.type)).join('|');
const allEvents = (log: SessionLog): SessionEvent[] =>
  Array.from({ length: log.eventCount }, (_, s) => log.event(s));
const codes = (log: SessionLog) => log.diagnostics.items.map((d) => `${d.code}@${d.seq ?? `line ${d.line}`}`);

describe('the design card worked example (spec section 4)', () => {
  const log = load('design-card-example.jsonl');

  it('derives one user message at seq 2', () => {
    expect(log.messagesAt(2).messages.map((m) => m.message)).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Fix the typo in the runoob README.' }] },
    ]);
  });

  it('derives user + assistant (text + tool_use) at seq 5', () => {
    const at5 = log.messagesAt(5).messages;
    expect(at5.map((m) => [m.seq, m.message.role])).toEqual([
      [2, 'user'],
      [5, 'assistant'],
    ]);
    expect(at5[1]?.message.content).toEqual([
      { type: 'text', text: "I'll search" },
      { type: 'tool_use', id: 'call_1', name: 'bash', input: { command: 'grep runoob README.md' } },
    ]);
  });

  it('derives user + assistant + the tool result in the user role at seq 7, and the same at 9', () => {
    const at7 = log.messagesAt(7);
    expect(at7.count).toBe(3);
    expect(at7.messages[2]?.message).toEqual({
      role: 'user',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_1',
          content: [{ type: 'text', text: 'runoob' }],
          isError: false,
        },
      ],
      source: { kind: 'tool', callId: 'call_1', toolName: 'bash' },
    });
    expect(log.messagesAt(9)).toEqual({ ...at7, seq: 9 });
  });

  it('reports exactly the one chunk-mismatch the abridged example has', () => {
    expect(codes(log)).toEqual(['chunk-mismatch@5']);
  });
});

describe('the DSH sample logs', () => {
  it('compaction-recovery: the replace over seq 4 swaps the first message for the checkpoint', () => {
    const log = load('dsh/compaction-recovery.stream.jsonl');
    expect(log.eventCount).toBe(31);
    expect(log.metas.map((m) => m.value.type)).toEqual(['result']);
    expect(log.nodesAt(20)).toEqual([4, 13, 15]);
    expect(text(log.messagesAt(20).messages[0]?.message)).toMatch(/^Establish a durable compaction premise/);
    expect(log.nodesAt(21)).toEqual([21, 13, 15]);
    expect(text(log.messagesAt(21).messages[0]?.message)).toMatch(
      /^This is an automatically generated checkpoint/,
    );
    const end = log.messagesAt(30);
    expect(end.messages.map((m) => [m.seq, m.message.role])).toEqual([
      [21, 'user'],
      [13, 'assistant'],
      [15, 'user'],
      [28, 'assistant'],
    ]);
    expect(text(end.messages[3]?.message)).toBe('COMPACTION RECOVERED');
    expect(log.replacesUpTo(30)).toEqual([{ seq: 21, hidden: [4] }]);
    expect(codes(log)).toEqual(['failed-attempt@18']);
  });

  it('agent-instructions: the replace at 17 hides the workspace instructions (5) in place', () => {
    const log = load('dsh/agent-instructions.jsonl');
    expect(log.nodesAt(16)).toEqual([4, 5, 6, 15]);
    expect(log.nodesAt(17)).toEqual([4, 17, 6, 15]);
    expect(text(log.messagesAt(17).messages[1]?.message)).toBe(
      'Earlier context was compacted for this snapshot.',
    );
    expect(log.messagesAt(44).messages.map((m) => m.seq)).toEqual([4, 17, 6, 15, 18, 23, 29, 31, 36, 42]);
    expect(text(log.messagesAt(44).messages[9]?.message)).toBe('DONE');
    expect(codes(log)).toEqual(['seq-assigned@0']);
  });

  it('steering: packed rows expand to events, and the steering message joins mid-turn', () => {
    const log = load('dsh/steering.jsonl');
    expect(log.eventCount).toBe(143);
    const types = allEvents(log).map((e) => e.type);
    expect(types.filter((t) => t === 'assistant/chunk').length).toBeGreaterThan(100);
    const last = log.messagesAt(log.eventCount - 1).messages;
    expect(last.map((m) => m.message.role)).toEqual(['user', 'assistant', 'user', 'user', 'assistant']);
    // Its header predates delegationDepth: the current harness would not resume it.
    expect(codes(log)).toEqual(['seq-assigned@0', 'resume-refused@line 1']);
  });

  it('cordis-tool-round: legacy shapes normalize; the stale source seqs and orphan chunks are reported', () => {
    const log = load('dsh/cordis-tool-round.jsonl');
    const last = log.messagesAt(log.eventCount - 1).messages;
    // Four tool rounds, then the second prompt (its turn's events are orphaned in the snapshot).
    expect(last.map((m) => m.message.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(last[1]?.message.source).toEqual({
      kind: 'model',
      provider: 'deepseek-official',
      model: 'deepseek-v4-flash',
    });
    expect(last[2]?.message.content[0]).toMatchObject({ type: 'tool-result' });
    const byCode = new Map<string, number>();
    for (const d of log.diagnostics.items) byCode.set(d.code, (byCode.get(d.code) ?? 0) + 1);
    expect(Object.fromEntries(byCode)).toEqual({
      'seq-assigned': 1,
      'source-seq-invalid': 7,
      'chunk-mismatch': 4,
      'event-outside-step': 3,
      // A header without delegationDepth, and the source-seq-invalid errors.
      'resume-refused': 2,
    });
  });

  it('pty-tools: a longer tool session loads clean', () => {
    const log = load('dsh/pty-tools.jsonl');
    expect(codes(log)).toEqual(['seq-assigned@0']);
    expect(log.structure.steps.length).toBe(7);
    expect(log.messagesAt(log.eventCount - 1).count).toBe(2 + 7 + 6);
  });

  it.each([
    'design-card-example.jsonl',
    'dsh/agent-instructions.jsonl',
    'dsh/compaction-recovery.stream.jsonl',
    'dsh/cordis-tool-round.jsonl',
    'dsh/pty-tools.jsonl',
    'dsh/steering.jsonl',
  ])(
    '%s: messagesAt equals the naive fold at every seq, and gzip or 7-byte chunks change nothing',
    (name) => {
      const log = load(name);
      const events = allEvents(log);
      for (let s = 0; s < log.eventCount; s++) {
        const expected = naiveMessages(events, s);
        const got = log.messagesAt(s);
        expect(got.count).toBe(expected.length);
        expect(got.messages.map((m) => m.seq)).toEqual(expected.map((m) => m.seq));
      }
      const gz = loadLogFromBytes(gzipSync(sample(name)), { chunkSize: 7, blockSize: 64 });
      expect(gz.eventCount).toBe(log.eventCount);
      expect(gz.diagnostics.items).toEqual(log.diagnostics.items);
      expect(gz.messagesAt(log.eventCount - 1)).toEqual(log.messagesAt(log.eventCount - 1));
    },
  );
});

describe('generated logs (both dialects)', () => {
  it.each(['dsh', 'card'] as const)(
    '%s: re-read events keep what the first pass learnt, and the projection matches the naive fold',
    async (dialect) => {
      const { generateLogText } = await import('../../../scripts/gen/index');
      const text = generateLogText({ events: 4000, seed: 7, dialect });
      const log = loadLogFromBytes(new TextEncoder().encode(text), { chunkSize: 4096 });
      expect(log.eventCount).toBe(4000);
      expect(log.diagnostics.items.filter((d) => d.severity !== 'info')).toEqual([]);
      // 4000 events > the 2048-event cache: the early ones are parsed again from bytes here.
      const events = allEvents(log);
      const deltas = events.filter(
        (e) =>
          e.type === 'assistant/chunk' && /-delta$/.test((e.data as { chunk: { type: string } }).chunk.type),
      );
      expect(deltas.length).toBeGreaterThan(100);
      for (const d of deltas)
        expect(Number.isInteger((d.data as { chunk: { index?: unknown } }).chunk.index)).toBe(true);
      for (let s = 0; s < log.eventCount; s += 37) {
        expect(log.messagesAt(s).messages.map((m) => m.seq)).toEqual(
          naiveMessages(events, s).map((m) => m.seq),
        );
      }
      const last = log.messagesAt(log.eventCount - 1);
      expect(last.messages.map((m) => m.message)).toEqual(
        naiveMessages(events, log.eventCount - 1).map((m) => m.message),
      );
    },
  );
});

describe('chunks handed over (ownsChunks: kept uncopied)', () => {
  it('loads the same events, diagnostics and messages as a log that copies them, chunks spanning lines included', async () => {
    const { generateLogText } = await import('../../../scripts/gen/index');
    const bytes = new TextEncoder().encode(generateLogText({ events: 6000, seed: 3 }));
    const copied = new SessionLog();
    const adopted = new SessionLog({ ownsChunks: true });
    // Chunks of 64-100 KiB, cut anywhere (mid-line): each a fresh copy, as a file read gives.
    for (let at = 0, k = 0; at < bytes.length; k++) {
      const n = 65536 + ((k * 7919) % 36000);
      const chunk = bytes.slice(at, at + n);
      copied.push(chunk);
      adopted.push(chunk);
      at += n;
    }
    copied.end();
    adopted.end();
    expect(adopted.eventCount).toBe(6000);
    expect(allEvents(adopted)).toEqual(allEvents(copied));
    expect(codes(adopted)).toEqual(codes(copied));
    for (let s = 0; s < 6000; s += 250)
      expect(adopted.messagesAt(s).messages).toEqual(copied.messagesAt(s).messages);
  });
});

describe('event type ids (audit R10-3)', () => {
  it('past 65,536 distinct type strings, the events after them keep their own types', () => {
    // The audit's shape: 65,536 junk types, then a real session. 16-bit ids wrapped here, so
    // the session's chunks and step ends read as junk/5, junk/9...
    const JUNK = 65_536;
    const [header, ...rest] = sample('dsh/steering.jsonl').toString('utf8').split('\n').filter(Boolean);
    const junk = Array.from({ length: JUNK }, (_, i) => JSON.stringify({ type: `junk/${i}`, data: {} }));
    const log = loadLogFromBytes(Buffer.from([header, ...junk, ...rest, ''].join('\n')));
    const real = load('dsh/steering.jsonl');
    expect(log.eventCount).toBe(JUNK + real.eventCount);
    const types = Array.from({ length: real.eventCount }, (_, s) => log.typeOf(JUNK + s));
    expect(types).toEqual(allEvents(real).map((e) => e.type));
    expect(types.filter((t) => t === 'assistant/chunk').length).toBeGreaterThan(100);
    // The id column names them too (the worker's Types filter and counts read it).
    expect(log.types[log.typeIdOf(log.eventCount - 1)]).toBe(real.typeOf(real.eventCount - 1));
    expect(log.types.length).toBe(JUNK + real.types.length);
  });
});

describe('messagesAt leaves the parsed-event cache as it found it, bar large events', () => {
  it('a window read on every seq adds no small parsed event to the cache, and still equals the naive fold', async () => {
    const { generateLogText } = await import('../../../scripts/gen/index');
    const text = generateLogText({ events: 3000, seed: 11, dialect: 'dsh' });
    const log = loadLogFromBytes(new TextEncoder().encode(text), { chunkSize: 4096 });
    const held = log.parsedEventsHeld;
    let read = 0;
    for (let s = 0; s < log.eventCount; s += 13) {
      const count = log.messagesAt(s, 0, 0).count;
      read += log.messagesAt(s, Math.max(0, count - 50)).messages.length;
    }
    expect(read).toBeGreaterThan(1000);
    // Cached message windows churned the GC (their events outlived scavenges, then were dropped);
    // only the large ones (long tool outputs) are kept.
    let large = 0;
    for (let s = 0; s < log.eventCount; s++)
      if (log.flagsOf(s) & EventFlag.surface && log.lineByteLength(s) >= MESSAGE_CACHED_FROM_BYTES) large++;
    expect(log.parsedEventsHeld - held).toBeLessThanOrEqual(large);
    // An event asked on its own is still cached (the inspector's reads).
    const before = log.parsedEventsHeld;
    log.event(log.eventCount - 1);
    expect(log.parsedEventsHeld).toBe(before + 1);
    expect(large).toBeLessThan(20);
    const events = Array.from({ length: log.eventCount }, (_, s) => log.event(s));
    for (let s = 0; s < log.eventCount; s += 101)
      expect(log.messagesAt(s).messages.map((m) => [m.seq, m.message])).toEqual(
        naiveMessages(events, s).map((m) => [m.seq, m.message]),
      );
  });
  it('a large surface event (a long tool output) stays parsed once a window read it', () => {
    const line = (seq: number, text: string) =>
      JSON.stringify({
        type: 'user/message',
        seq,
        data: { role: 'user', content: [{ type: 'text', text }] },
        surfaceOp: 'append',
      });
    const big = 'y'.repeat(MESSAGE_CACHED_FROM_BYTES);
    const log = loadLogFromBytes(
      new TextEncoder().encode([line(0, 'a'), line(1, big), line(2, 'b')].join('\n') + '\n'),
    );
    const held = log.parsedEventsHeld;
    const first = log.messagesAt(2);
    expect(log.parsedEventsHeld).toBe(held + 1);
    expect(log.messagesAt(2)).toEqual(first);
    expect(first.messages.map((m) => m.seq)).toEqual([0, 1, 2]);
  });
});
