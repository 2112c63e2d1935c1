import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DiagnosticList } from '../diagnostics';
import type { FinishReason, SessionEvent, StreamChunk } from '../types';
import { assembleChunks, isFailure } from './assemble';
import { StructureBuilder, type StructureIndex } from './structure';
import { CHECKPOINT_EVERY } from './streamCheckpoints';
import { StreamIndex, type FailedAttemptSummary, type StreamState } from './streamIndex';
import { EventList, eventsFromJsonl } from './testing';

const SAMPLES = new URL('../../../../shared/samples/', import.meta.url);
const sample = (name: string) => eventsFromJsonl(readFileSync(new URL(name, SAMPLES), 'utf8'));

function built(events: readonly SessionEvent[], checkpointEvery?: number): StructureBuilder {
  const b = new StructureBuilder(new DiagnosticList(), checkpointEvery);
  for (const ev of events) b.event(ev);
  b.end();
  return b;
}

/**
 * A StreamIndex over `events`, counting the events it reads again. `recorded`:
 * with the checkpoints the loading pass (StructureBuilder) recorded, as
 * SessionLog wires it; else lazy checkpoints only.
 */
function streams(
  events: readonly SessionEvent[],
  options?: { checkpointEvery?: number; cachedAttempts?: number; recorded?: boolean },
) {
  const builder = built(events, options?.checkpointEvery);
  const structure = builder.index();
  let reads = 0;
  const { recorded, ...rest } = options ?? {};
  const index = new StreamIndex(
    (s) => {
      reads++;
      return events[s];
    },
    () => structure,
    recorded ? { ...rest, recorded: (first) => builder.streamCheckpoints.of(first) } : rest,
  );
  return { index, structure, builder, reads: () => reads };
}

/**
 * The oracle: spec 3.3 restated plainly. Attempts are re-derived from the
 * step's events (a chunk after a finish or a message starts a new one), and
 * the attempt at s is re-assembled from its start. Only the step spans come
 * from the structure.
 */
function naiveStreamAt(
  events: readonly SessionEvent[],
  structure: StructureIndex,
  seq: number,
  chunkOffset?: number,
): StreamState | null {
  const stepIndex = structure.steps.findIndex((s) => s.startSeq <= seq && seq <= s.lastSeq);
  const step = structure.steps[stepIndex];
  if (!step) return null;
  interface A {
    chunks: { chunk: StreamChunk; seq: number }[];
    finish?: FinishReason;
    messageSeq?: number;
  }
  const attempts: A[] = [];
  for (let s = step.startSeq; s <= step.lastSeq; s++) {
    const ev = events[s] as SessionEvent;
    const d = ev.data as { turn?: number; step?: number; chunk: StreamChunk };
    if (d.turn !== step.turn || d.step !== step.step) continue;
    const cur = attempts[attempts.length - 1];
    if (ev.type === 'assistant/chunk') {
      const a =
        !cur || cur.finish || cur.messageSeq !== undefined
          ? (attempts.push({ chunks: [] }), attempts[attempts.length - 1] as A)
          : cur;
      a.chunks.push({ chunk: d.chunk, seq: s });
      if (d.chunk.type === 'finish') a.finish = (d.chunk as { reason: FinishReason }).reason;
    } else if (ev.type === 'assistant/message' && cur && cur.messageSeq === undefined) {
      cur.messageSeq = s;
    }
  }
  const failed = (a: A) => isFailure(a.finish) && a.messageSeq === undefined;
  const first = (a: A) => (a.chunks[0] as { seq: number }).seq;
  const last = (a: A) => (a.chunks[a.chunks.length - 1] as { seq: number }).seq;
  let i = attempts.filter((a) => first(a) <= seq).length - 1;
  let cur = attempts[i];
  if (cur && failed(cur) && seq > last(cur)) {
    cur = undefined;
    i++;
  }
  const failedAttempts: FailedAttemptSummary[] = attempts.slice(0, Math.max(i, 0)).flatMap((a, k) =>
    failed(a)
      ? [
          {
            attempt: k,
            firstChunkSeq: first(a),
            lastChunkSeq: last(a),
            chunkCount: a.chunks.length,
            ...(a.finish ? { finish: a.finish } : {}),
          },
        ]
      : [],
  );
  const base = { turn: step.turn, step: step.step, stepIndex, failedAttempts };
  if (!cur) return { ...assembleChunks([]), ...base, attempt: Math.max(i, 0), attemptStartSeq: null };
  const upTo = cur.chunks.filter((c) => c.seq <= seq);
  const atSeq = upTo[upTo.length - 1]?.seq === seq;
  const state: StreamState = {
    ...assembleChunks(upTo, { truncateLastDeltaTo: atSeq ? chunkOffset : undefined }),
    ...base,
    attempt: i,
    attemptStartSeq: first(cur),
  };
  if (!atSeq) delete state.lastDelta;
  if (cur.messageSeq !== undefined && cur.messageSeq <= seq) state.messageSeq = cur.messageSeq;
  return state;
}

const SAMPLE_NAMES = [
  'design-card-example.jsonl',
  'dsh/cordis-tool-round.jsonl',
  'dsh/steering.jsonl',
  'dsh/agent-instructions.jsonl',
  'dsh/compaction-recovery.stream.jsonl',
  'dsh/pty-tools.jsonl',
];

describe('StreamIndex on the samples', () => {
  it.each(SAMPLE_NAMES.flatMap((name) => [false, true].map((recorded) => [name, recorded] as const)))(
    '%s (recorded checkpoints: %s): streamAt at every seq (any order, any offset) equals the naive re-assembly',
    (name, recorded) => {
      const events = sample(name);
      const { index, structure } = streams(events, { checkpointEvery: 4, recorded });
      const seqs = events.map((e) => e.seq);
      const shuffled = seqs.map((s) => (s * 7919) % seqs.length);
      for (const order of [seqs, [...seqs].reverse(), shuffled]) {
        for (const s of order) {
          for (const offset of [undefined, 0, 1, 3]) {
            expect(index.streamAt(s, offset)).toEqual(naiveStreamAt(events, structure, s, offset));
          }
        }
      }
    },
  );

  it('design card: the stream grows "I\'ll " then the tool call; complete at the message', () => {
    const { index } = streams(sample('design-card-example.jsonl'));
    expect(index.streamAt(0)).toBeNull(); // turn/start: not inside a step
    expect(index.streamAt(2)).toMatchObject({
      turn: 1,
      step: 1,
      attempt: 0,
      attemptStartSeq: null,
      blocks: [],
      chunkCount: 0,
    });
    expect(index.streamAt(3)).toMatchObject({
      attemptStartSeq: 3,
      blocks: [{ type: 'text', text: "I'll " }],
      open: [true],
      lastDelta: { block: 0, length: 5, shown: 5 },
    });
    expect(index.streamAt(3, 2)?.blocks).toEqual([{ type: 'text', text: "I'" }]);
    expect(index.streamAt(4, 12)?.blocks).toEqual([
      { type: 'text', text: "I'll " },
      { type: 'tool-call', id: '', name: 'bash', arguments: '{"command":"' },
    ]);
    expect(index.streamAt(4)?.messageSeq).toBeUndefined();
    expect(index.streamAt(5)).toMatchObject({ messageSeq: 5, chunkCount: 2, lastChunkSeq: 4 });
    expect(index.streamAt(5)?.lastDelta).toBeUndefined(); // the delta is at seq 4, not 5
    expect(index.streamAt(5, 1)?.blocks[1]).toMatchObject({
      arguments: '{"command":"grep runoob README.md"}',
    }); // no delta at 5
    expect(index.streamAt(9)).toBeNull();
  });

  it('compaction-recovery: the failed attempt is shown as such, never as part of the next one', () => {
    const { index } = streams(sample('dsh/compaction-recovery.stream.jsonl'));
    const failure = {
      kind: 'error',
      failure: {
        message: 'snapshot request exceeded the model context window',
        code: 'CONTEXT_WINDOW_EXCEEDED',
      },
    };
    expect(index.streamAt(17)).toMatchObject({
      step: 2,
      attempt: 0,
      attemptStartSeq: null,
      failedAttempts: [],
    });
    expect(index.streamAt(18)).toMatchObject({
      step: 2,
      attempt: 0,
      attemptStartSeq: 18,
      failed: true,
      finish: failure,
      blocks: [],
      failedAttempts: [],
    });
    const between = index.streamAt(21);
    expect(between).toMatchObject({ attempt: 1, attemptStartSeq: null, failed: false, blocks: [] });
    expect(between?.failedAttempts).toEqual([
      { attempt: 0, firstChunkSeq: 18, lastChunkSeq: 18, chunkCount: 1, finish: failure },
    ]);
    expect(index.streamAt(24, 10)).toMatchObject({
      attempt: 1,
      attemptStartSeq: 23,
      blocks: [{ type: 'text', text: 'COMPACTION' }],
      open: [true],
    });
    expect(index.streamAt(25)).toMatchObject({
      blocks: [{ type: 'text', text: 'COMPACTION RECOVERED' }],
      open: [false],
    });
    expect(index.streamAt(28)).toMatchObject({
      attempt: 1,
      messageSeq: 28,
      finish: { kind: 'stop' },
      usage: { inputTokens: 20, outputTokens: 4 },
    });
  });

  it('steering: packed deltas stream one by one', () => {
    const { index } = streams(sample('dsh/steering.jsonl'));
    expect(index.streamAt(8)?.blocks).toEqual([{ type: 'reasoning', text: 'The user wants' }]);
    expect(index.streamAt(40)?.blocks[1]).toMatchObject({
      type: 'tool-call',
      id: 'call_00_sAvjivLShvnWVk0sPQPV7661',
      name: 'ask_user_question',
    });
    expect(index.streamAt(91)?.messageSeq).toBe(88); // the interjection after the tool result: still step 1, complete
  });

  it('cordis-tool-round: orphan chunks outside any step have no stream', () => {
    const { index } = streams(sample('dsh/cordis-tool-round.jsonl'));
    for (let s = 46; s < 60; s++) expect(index.streamAt(s)).toBeNull();
  });
});

describe('StreamIndex cost', () => {
  function longStep(n: number) {
    const l = new EventList();
    l.turnStart(1);
    l.stepStart(1, 1);
    l.chunk(1, 1, { type: 'block-start', index: 0, blockType: 'text' });
    for (let i = 0; i < n; i++) l.chunk(1, 1, { type: 'text-delta', index: 0, text: `${i} ` });
    return l.events;
  }

  it('scrubbing forward by one chunk reads one event; a random seek reads at most K after the first pass', () => {
    const events = longStep(3000);
    const { index, reads } = streams(events);
    index.streamAt(events.length - 1); // first pass over the attempt leaves checkpoints
    const r0 = reads();
    index.streamAt(1000);
    expect(reads() - r0).toBeLessThanOrEqual(CHECKPOINT_EVERY);
    const r1 = reads();
    index.streamAt(1001);
    expect(reads() - r1).toBe(1);
    const r2 = reads();
    index.streamAt(2999, 1);
    expect(reads() - r2).toBeLessThanOrEqual(CHECKPOINT_EVERY);
    expect(index.streamAt(2500)?.blocks[0]).toEqual({
      type: 'text',
      text: Array.from({ length: 2498 }, (_, i) => `${i} `).join(''),
    });
  });

  it("with the loading pass's checkpoints, the first query at the end of a 200k-delta stream reads at most K events", () => {
    // One stream of 200,000 text deltas, then the step/end: selecting the step/end used to
    // re-read every chunk of the stream on first visit (seconds at 1M deltas; the worker died).
    const n = 200_000;
    const l = new EventList();
    l.turnStart(1);
    l.stepStart(1, 1);
    l.chunk(1, 1, { type: 'block-start', index: 0, blockType: 'text' });
    for (let i = 0; i < n; i++) l.chunk(1, 1, { type: 'text-delta', index: 0, text: `${i % 10}` });
    l.chunk(1, 1, { type: 'block-end', index: 0 });
    l.chunk(1, 1, { type: 'finish', reason: { kind: 'stop' } });
    l.stepEnd(1, 1);
    const events = l.events;
    const stepEnd = events.length - 1;
    const { index, builder, reads } = streams(events, { recorded: true });
    // Checkpoints every K = CHECKPOINT_EVERY chunks, recorded while loading.
    expect(builder.streamCheckpoints.count).toBe(Math.floor((n + 3) / CHECKPOINT_EVERY));
    const atEnd = index.streamAt(stepEnd);
    expect(reads()).toBeLessThanOrEqual(CHECKPOINT_EVERY);
    const text = (atEnd?.blocks[0] as { text: string }).text;
    expect(text.length).toBe(n);
    expect(text.slice(-12)).toBe('890123456789');
    expect(atEnd?.finish).toEqual({ kind: 'stop' });
    // Any seek into the stream: at most K reads, and the same text as assembling from scratch.
    for (const s of [150_001, 3, 99_999, 199_000]) {
      const r0 = reads();
      const got = index.streamAt(s);
      expect(reads() - r0, `seq ${s}`).toBeLessThanOrEqual(CHECKPOINT_EVERY);
      const expected = Array.from({ length: s - 2 }, (_, i) => `${i % 10}`).join('');
      expect((got?.blocks[0] as { text: string }).text, `seq ${s}`).toBe(expected);
    }
  });

  it('an attempt of 100,000 blocks: the checkpoints copy O(chunks) blocks in all, not O(blocks) per K chunks', () => {
    const n = 100_000;
    const l = new EventList();
    l.turnStart(1);
    l.stepStart(1, 1);
    for (let i = 0; i < n; i++) l.chunk(1, 1, { type: 'block-start', index: i, blockType: 'text' });
    l.chunk(1, 1, { type: 'text-delta', index: n - 1, text: 'last' });
    l.stepEnd(1, 1);
    const events = l.events;
    const { index, builder, reads } = streams(events, { recorded: true });
    // Every 256 chunks this copied up to 100,000 blocks: 390 copies, ~20 billion block copies and GBs.
    expect(builder.streamCheckpoints.clonedBlocks).toBeLessThanOrEqual(n + 1);
    const atEnd = index.streamAt(events.length - 1);
    expect(atEnd?.blocks).toHaveLength(n);
    expect(atEnd?.blocks[n - 1]).toEqual({ type: 'text', text: 'last' });
    // A query reads at most max(K, blocks) events: the order of the snapshot it answers with.
    expect(reads()).toBeLessThanOrEqual(n + 2);
    const mid = index.streamAt(50_000);
    expect(mid?.blocks).toHaveLength(50_000 - 1);
  });

  it('without them, the first visit to the end of a long stream reads it all (what the recorded ones avoid)', () => {
    const events = longStep(3000);
    const { index, reads } = streams(events);
    index.streamAt(events.length - 1);
    expect(reads()).toBeGreaterThan(3000);
  });

  it('checkpoints are lazy: a query near the start of a long attempt reads only up to it', () => {
    const events = longStep(3000);
    const { index, reads } = streams(events);
    index.streamAt(10);
    expect(reads()).toBeLessThanOrEqual(12);
  });
});

// ---------------------------------------------------------------- property

type Op =
  | { t: 'start'; index: number; blockType: string }
  | { t: 'text' | 'reasoning'; index: number; text: string }
  | { t: 'tool'; index: number; name: string | null; args: string }
  | { t: 'end'; index: number; text: string }
  | { t: 'usage'; n: number }
  | { t: 'finish'; kind: string }
  | { t: 'message' | 'retry' | 'foreign' | 'nextStep' };

const idx = fc.integer({ min: 0, max: 3 });
const piece = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('你好', '😀', 'a😀b', '🎉🎉', '{"a":', '1}'),
);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('start' as const),
      index: idx,
      blockType: fc.constantFrom('text', 'reasoning', 'tool-call'),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constantFrom('text' as const, 'reasoning' as const),
      index: idx,
      text: piece,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('tool' as const),
      index: idx,
      name: fc.option(fc.constantFrom('ls', 'grep')),
      args: piece,
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('end' as const), index: idx, text: piece }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('usage' as const), n: fc.nat(50) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('finish' as const),
      kind: fc.constantFrom('stop', 'tool-calls', 'max-tokens', 'error', 'aborted'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      { t: 'message' as const },
      { t: 'retry' as const },
      { t: 'foreign' as const },
      { t: 'nextStep' as const },
    ),
  },
);

function buildLog(ops: Op[], closed: boolean): SessionEvent[] {
  const l = new EventList();
  let step = 1;
  l.turnStart(1);
  l.stepStart(1, step);
  for (const o of ops) {
    const c = (chunk: Record<string, unknown>) => l.chunk(1, step, chunk);
    switch (o.t) {
      case 'start':
        c({ type: 'block-start', index: o.index, blockType: o.blockType });
        break;
      case 'text':
      case 'reasoning':
        c({ type: `${o.t}-delta`, index: o.index, text: o.text });
        break;
      case 'tool':
        c({
          type: 'tool-call-delta',
          index: o.index,
          id: `id${o.index}`,
          ...(o.name ? { name: o.name } : {}),
          argumentsDelta: o.args,
        });
        break;
      case 'end':
        c({ type: 'block-end', index: o.index, block: { type: 'text', text: o.text } });
        break;
      case 'usage':
        c({ type: 'usage', usage: { inputTokens: o.n, outputTokens: 1 } });
        break;
      case 'finish':
        c({
          type: 'finish',
          reason:
            o.kind === 'error' || o.kind === 'aborted'
              ? { kind: o.kind, failure: { message: 'x', code: 'X' } }
              : { kind: o.kind },
        });
        break;
      case 'message':
        l.message(1, step, [{ type: 'text', text: 'm' }]);
        break;
      case 'retry':
        l.add('llm/retry', {});
        break;
      case 'foreign':
        l.chunk(1, 99, { type: 'text-delta', index: 0, text: 'not mine' });
        break;
      case 'nextStep':
        l.stepEnd(1, step);
        step++;
        l.stepStart(1, step);
        break;
    }
  }
  if (closed) {
    l.stepEnd(1, step);
    l.turnEnd(1);
  }
  return l.events;
}

describe('StreamIndex property', () => {
  it('checkpointed streamAt equals naive assembly for random chunk sequences and query orders', () => {
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 60 }),
        fc.boolean(),
        fc.constantFrom(1, 2, 3, 256),
        fc.constantFrom(1, 2, 16),
        fc.array(fc.record({ s: fc.nat(), offset: fc.option(fc.nat(8), { nil: undefined }) }), {
          maxLength: 40,
        }),
        fc.boolean(),
        (ops, closed, checkpointEvery, cachedAttempts, queries, recorded) => {
          const events = buildLog(ops, closed);
          const { index, structure } = streams(events, { checkpointEvery, cachedAttempts, recorded });
          const all = events.map((e) => ({ s: e.seq, offset: undefined as number | undefined }));
          for (const q of [...queries, ...all, ...[...all].reverse()]) {
            const s = q.s % events.length;
            expect(index.streamAt(s, q.offset)).toEqual(naiveStreamAt(events, structure, s, q.offset));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
