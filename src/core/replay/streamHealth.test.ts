import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateLogText } from '../../../scripts/gen/index';
import { loadLogFromBytes, loadLogFromText } from '../log/load';
import type { SessionLog } from '../log/sessionLog';
import type { StreamChunk } from '../types';
import { stepStall, streamHealth, type StepHealth, type StreamHealthOptions } from './streamHealth';

/** Every step's health, in `structure.steps` order. */
function allStreamHealth(
  log: Parameters<typeof streamHealth>[0],
  options?: StreamHealthOptions,
): StepHealth[] {
  return log.structure.steps.map((_, i) => streamHealth(log, i, options)!);
}
import { logOfRows, rows as r, type Row } from './testing';

const SAMPLES = new URL('../../../../shared/samples/', import.meta.url);
const sample = (name: string) => loadLogFromBytes(readFileSync(new URL(name, SAMPLES)));

const T = 1_760_000_000_000;

/** Two steps with known times (ms after T). */
function handLog(): SessionLog {
  const list: Row[] = [
    r.turnStart(1, T),
    r.stepStart(1, 1, T + 100), // seq 1
    r.user('hi', T + 110),
    { type: 'request/header', t: T + 200, data: { header: { config: {} }, reason: 'initial' } }, // seq 3
    r.chunk(1, 1, { type: 'block-start', index: 0, blockType: 'text' }, T + 900), // 4
    r.text(1, 1, 'Hello', T + 1000), // 5: first delta
    r.text(1, 1, ' wor', T + 1050),
    r.text(1, 1, 'ld', T + 1100), // 7
    r.text(1, 1, '!', T + 4100), // 8: after a 3 s stall
    r.text(1, 1, ' ok', T + 4200), // 9: last delta
    r.chunk(
      1,
      1,
      { type: 'block-end', index: 0, block: { type: 'text', text: 'Hello world! ok' } },
      T + 4210,
    ),
    r.chunk(1, 1, { type: 'usage', usage: { inputTokens: 5, outputTokens: 40 } }, T + 4220),
    r.chunk(1, 1, { type: 'finish', reason: { kind: 'stop' } }, T + 4230), // 12
    r.message(1, 1, 'Hello world! ok', T + 4240),
    r.stepEnd(1, 1, T + 4250), // 14
    r.stepStart(1, 2, T + 5000), // 15
    r.text(1, 2, 'par', T + 5500), // 16: attempt 1
    r.text(1, 2, 'tial', T + 5600),
    r.text(1, 7, 'stray', T + 5650), // 18: names another step
    r.chunk(1, 2, { type: 'finish', reason: { kind: 'error', failure: { message: 'reset' } } }, T + 5700),
    { type: 'llm/retry', t: T + 5710, data: { turn: 1, step: 2, attempt: 1 } },
    r.text(1, 2, 'Done', T + 9000), // 21: attempt 2, after a 3.3 s retry wait
    r.text(1, 2, '.', T + 9100), // 22
    r.chunk(1, 2, { type: 'usage', usage: { inputTokens: 5, outputTokens: 10 } }, T + 9150),
    r.chunk(1, 2, { type: 'finish', reason: { kind: 'stop' } }, T + 9160),
    r.message(1, 2, 'Done.', T + 9170),
    r.stepEnd(1, 2, T + 9180),
    r.stepStart(1, 3, T + 9200), // 27: no deltas at all
    r.chunk(1, 3, { type: 'usage', usage: { inputTokens: 5, outputTokens: 0 } }, T + 9300),
    r.chunk(1, 3, { type: 'finish', reason: { kind: 'max-tokens' } }, T + 9310),
    r.stepEnd(1, 3, T + 9320),
    r.turnEnd(1, T + 9330),
  ];
  return logOfRows(list);
}

describe('streamHealth on a hand-built log with known times', () => {
  const log = handLog();

  it('measures TTFT from the request/header, streaming, tokens/s, the stall and the histogram', () => {
    const h = streamHealth(log, 0, { buckets: 4 });
    expect(h).toMatchObject({
      stepIndex: 0,
      turn: 1,
      step: 1,
      startSeq: 1,
      chunkCount: 9,
      firstDeltaSeq: 5,
      lastDeltaSeq: 9,
      ttftFrom: 'request',
      ttftFromSeq: 3,
      ttftMs: 800,
      streamingMs: 3200,
      outputTokens: 40,
      tokensPerSecond: 12.5,
      longestStall: { ms: 3000, fromSeq: 7, seq: 8 },
      stalled: true,
      histogram: [3, 0, 0, 2],
      histogramSpanMs: 3200,
    });
    const h24 = streamHealth(log, 0);
    expect(h24?.histogram).toHaveLength(24);
    expect(h24?.histogram?.[0]).toBe(3);
    expect(h24?.histogram?.[23]).toBe(2);
    expect(h24?.histogram?.reduce((a, b) => a + b, 0)).toBe(5);
  });

  it('takes the stall threshold from the options', () => {
    expect(streamHealth(log, 0, { stallThresholdMs: 3000 })?.stalled).toBe(false);
    expect(streamHealth(log, 0, { stallThresholdMs: 2999 })?.stalled).toBe(true);
  });

  it('keeps attempts apart: the retry wait is no stall, tokens/s over the attempt with usage, strays ignored', () => {
    const h = streamHealth(log, 1);
    expect(h).toMatchObject({
      startSeq: 15,
      chunkCount: 7,
      firstDeltaSeq: 16,
      lastDeltaSeq: 22,
      ttftFrom: 'step',
      ttftFromSeq: 15,
      ttftMs: 500,
      streamingMs: 200,
      outputTokens: 10,
      tokensPerSecond: 100,
      longestStall: { ms: 100, fromSeq: 16, seq: 17 },
      stalled: false,
      histogramSpanMs: 3600,
    });
    expect(
      h?.attempts.map((a) => [a.failed, a.chunkCount, a.firstDeltaSeq, a.lastDeltaSeq, a.streamingMs]),
    ).toEqual([
      [true, 3, 16, 17, 100],
      [false, 4, 21, 22, 100],
    ]);
    // 5500, 5600 | 5700 | ... | 9000, 9100 (the stray at seq 18 is not counted).
    const hist = h?.histogram ?? [];
    expect([hist[0], hist[1], hist[23]]).toEqual([2, 1, 2]);
    expect(hist.reduce((a, b) => a + b, 0)).toBe(5);
  });

  it('gives null timings to a step without deltas', () => {
    expect(streamHealth(log, 2)).toMatchObject({
      chunkCount: 2,
      firstDeltaSeq: null,
      ttftMs: null,
      streamingMs: null,
      tokensPerSecond: null,
      histogram: null,
      outputTokens: 0,
      longestStall: { ms: 10, fromSeq: 28, seq: 29 },
      stalled: false,
    });
  });

  it('answers null for a step that does not exist', () => {
    expect(streamHealth(log, 3)).toBeNull();
    expect(streamHealth(log, -1)).toBeNull();
    expect(streamHealth(log, 2)).not.toBeNull();
  });
});

describe('streamHealth on the samples', () => {
  it('gives null timings, never NaN, for logs without time', () => {
    for (const name of ['dsh/cordis-tool-round.jsonl', 'dsh/steering.jsonl', 'dsh/pty-tools.jsonl']) {
      const log = sample(name);
      const all = allStreamHealth(log);
      expect(all.length).toBe(log.structure.steps.length);
      for (const [i, h] of all.entries()) {
        const step = log.structure.steps[i];
        expect(h).toMatchObject({
          ttftMs: null,
          streamingMs: null,
          tokensPerSecond: null,
          longestStall: null,
          stalled: false,
          histogram: null,
          histogramSpanMs: null,
        });
        expect(h.chunkCount).toBe(step?.attempts.reduce((n, a) => n + a.chunkCount, 0));
        expect(h.outputTokens).toBe(step?.usage?.outputTokens);
        // cordis streams no deltas (block-start / block-end only); the others do.
        expect(h.firstDeltaSeq === null).toBe(name.includes('cordis'));
        expect(JSON.stringify(h)).not.toMatch(/NaN/);
      }
    }
  });

  it('finds the deltas of the steering sample run (packed rows) and the failed attempt of compaction-recovery', () => {
    const steering = sample('dsh/steering.jsonl');
    const h = streamHealth(steering, 0);
    const deltaSeqs: number[] = [];
    for (let s = 0; s < steering.eventCount; s++) {
      if (steering.typeOf(s) !== 'assistant/chunk') continue;
      const c = (steering.event(s).data as { step: number; chunk: StreamChunk }).chunk;
      if (c.type.endsWith('-delta') && s <= (steering.structure.steps[0]?.lastSeq ?? -1)) deltaSeqs.push(s);
    }
    expect([h?.firstDeltaSeq, h?.lastDeltaSeq]).toEqual([deltaSeqs[0], deltaSeqs[deltaSeqs.length - 1]]);

    // Times present but all 0: zero durations, no tokens/s, the whole histogram in one bucket.
    const cr = sample('dsh/compaction-recovery.stream.jsonl');
    const [s1, s2] = allStreamHealth(cr);
    expect(s1).toMatchObject({ ttftMs: 0, ttftFrom: 'request', streamingMs: 0, tokensPerSecond: null });
    expect(s1?.histogram?.[0]).toBe(1);
    expect(s2?.attempts.map((a) => a.failed)).toEqual([true, false]);
    expect(s2?.attempts[0]?.firstDeltaSeq).toBeNull();
  });
});

describe('streamHealth against a naive oracle on a generated log', () => {
  it('agrees with a full-parse computation on every step', () => {
    for (const dialect of ['dsh', 'card'] as const) {
      const log = loadLogFromText(generateLogText({ events: 4000, seed: 11, dialect }));
      const all = allStreamHealth(log, { buckets: 12 });
      for (const [i, step] of log.structure.steps.entries()) {
        const h = all[i];
        // Oracle: parse every event of the step.
        const chunks: { seq: number; t: number; delta: boolean; attempt: number }[] = [];
        for (let s = step.startSeq; s <= step.lastSeq; s++) {
          const ev = log.event(s);
          if (ev.type !== 'assistant/chunk') continue;
          const d = ev.data as { turn: number; step: number; chunk: StreamChunk };
          if (d.turn !== step.turn || d.step !== step.step) continue;
          const attempt = step.attempts.findIndex((a) => a.firstChunkSeq <= s && s <= a.lastChunkSeq);
          chunks.push({ seq: s, t: ev.time as number, delta: d.chunk.type.endsWith('-delta'), attempt });
        }
        const deltas = chunks.filter((c) => c.delta);
        expect(h?.chunkCount).toBe(chunks.length);
        expect(h?.firstDeltaSeq ?? null).toBe(deltas[0]?.seq ?? null);
        expect(h?.lastDeltaSeq ?? null).toBe(deltas[deltas.length - 1]?.seq ?? null);
        let stall = 0;
        for (let k = 1; k < chunks.length; k++) {
          const [a, b] = [chunks[k - 1], chunks[k]];
          if (a && b && a.attempt === b.attempt) stall = Math.max(stall, b.t - a.t);
        }
        expect(h?.longestStall?.ms ?? 0).toBe(stall);
        expect(h?.stalled).toBe(stall > 2000);
        if (deltas.length > 0) {
          const first = deltas[0]?.seq ?? 0;
          const last = deltas[deltas.length - 1]?.seq ?? 0;
          const inSpan = chunks.filter((c) => c.seq >= first && c.seq <= last).length;
          expect(h?.histogram?.reduce((x, y) => x + y, 0)).toBe(inSpan);
          expect(h?.ttftMs).toBeGreaterThanOrEqual(0);
        }
        expect(JSON.stringify(h)).not.toMatch(/NaN|null,null,null/);
      }
    }
  });
});

describe('stepStall (the scrubber bands: no parse)', () => {
  it('gives the chunk count and longest stall of streamHealth on every step, strays included', () => {
    const logs = [
      handLog(),
      loadLogFromText(generateLogText({ events: 4000, seed: 11, dialect: 'dsh' })),
      sample('dsh/compaction-recovery.stream.jsonl'),
      sample('dsh/steering.jsonl'),
    ];
    for (const log of logs)
      for (const [i, h] of allStreamHealth(log, { stallThresholdMs: 1000 }).entries())
        expect(stepStall(log, i, { stallThresholdMs: 1000 })).toEqual({
          chunkCount: h.chunkCount,
          longestStall: h.longestStall,
          stalled: h.stalled,
        });
    // The hand-built log's second step has a stray chunk of another step in its range: not counted.
    const hand = handLog();
    expect(stepStall(hand, 1)?.chunkCount).toBe(streamHealth(hand, 1)?.chunkCount);
    expect(stepStall(hand, 99)).toBeNull();
  });
});
