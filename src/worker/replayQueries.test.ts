import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { timeAxis } from '../core/replay/axis';
import { deltaLengthAt, describePosition, nextChar } from '../core/replay/position';
import { streamHealth } from '../core/replay/streamHealth';
import { ReplayQueries, STALL_THRESHOLD_MS, stepHealthView } from './replayQueries';
import { OpenLog } from './openLog';

function demo(): OpenLog {
  const bytes = readFileSync(new URL('../../public/samples/demo.jsonl', import.meta.url));
  const session = new OpenLog(1, 'sample', 'demo.jsonl');
  for (let i = 0; i < bytes.length; i += 4096) session.push(bytes.subarray(i, i + 4096));
  session.end();
  return session;
}

const noMatches = { matchSeqs: () => null };

describe('ReplayQueries', () => {
  it('sends every event as a knot of a small log, matching the core wall-clock axis', () => {
    const session = demo();
    const r = new ReplayQueries(session, noMatches);
    const v = r.axis('time', 800);
    const axis = timeAxis(session.log)!;
    expect(v.axis).toBe('time');
    expect(v.timeAvailable).toBe(true);
    expect(v.knotSeqs.length).toBe(session.eventCount);
    for (const s of [0, 50, 150, session.eventCount - 1]) expect(v.knotXs[s]).toBe(axis.xOf(s));
    expect(v.markers.map((m) => m.seq)).toEqual(axis.markers.map((m) => m.seq));
    const st = session.log.structure;
    expect(Array.from(v.turnSeqs.filter((_, i) => i % 2 === 0))).toEqual(st.turns.map((t) => t.startSeq));
    expect(v.stepFlags.length).toBe(st.steps.length);
    // Steps with a failed attempt are flagged.
    st.steps.forEach((s, i) =>
      expect(((v.stepFlags[i] as number) & 2) !== 0).toBe(s.attempts.some((a) => a.failed)),
    );
    // Info diagnostics at seqs become ticks.
    expect(v.diagnostics.reduce((a, t) => a + t.count, 0)).toBe(
      session.log.diagnostics.items.filter((d) => d.seq !== undefined).length,
    );
    expect(v.matches).toBeNull();
  });

  it('marks stalled and streaming steps as the log grows, as a fresh computation does at the end', () => {
    const bytes = readFileSync(new URL('../../public/samples/demo.jsonl', import.meta.url));
    const session = new OpenLog(1, 'sample', 'demo.jsonl');
    const r = new ReplayQueries(session, noMatches);
    for (let i = 0; i < bytes.length; i += 2048) {
      session.push(bytes.subarray(i, i + 2048));
      session.log.checkpoint();
      r.axis('seq', 400); // the cache keeps steps across calls while they grow
    }
    session.end();
    const grown = r.axis('time', 400);
    const fresh = new ReplayQueries(session, noMatches).axis('time', 400);
    expect(Array.from(grown.stepFlags)).toEqual(Array.from(fresh.stepFlags));
    session.log.structure.steps.forEach((_, i) => {
      const h = streamHealth(session.log, i, { stallThresholdMs: STALL_THRESHOLD_MS })!;
      const flags = grown.stepFlags[i] as number;
      expect((flags & 1) !== 0).toBe(h.stalled);
      expect((flags & 4) !== 0).toBe(h.chunkCount > 0);
    });
    expect(grown.stalls).toEqual(fresh.stalls);
    expect(Array.from(grown.stepFlags).filter((f) => (f & 4) !== 0).length).toBeGreaterThan(5);
  });

  it('a stall that arrives late in a step marks it, however often the axis was asked before', () => {
    const T = 1_760_000_000_000;
    const chunk = (seq: number, t: number, text: string) =>
      JSON.stringify({
        type: 'assistant/chunk',
        seq,
        time: T + t,
        data: { turn: 1, step: 1, chunk: { type: 'text-delta', index: 0, text } },
      });
    const lines = [
      JSON.stringify({ type: 'turn/start', seq: 0, time: T, data: { turn: 1 } }),
      JSON.stringify({ type: 'step/start', seq: 1, time: T + 10, data: { turn: 1, step: 1 } }),
      chunk(2, 100, 'a'),
      chunk(3, 200, 'b'),
      chunk(4, 300, 'c'),
      chunk(5, 300 + STALL_THRESHOLD_MS + 500, 'd'), // the stall
      chunk(6, 300 + STALL_THRESHOLD_MS + 600, 'e'),
    ];
    const session = new OpenLog(1, 'text', 'stall.jsonl');
    const r = new ReplayQueries(session, noMatches);
    const flags: number[] = [];
    for (const line of lines) {
      session.push(new TextEncoder().encode(line + '\n'));
      session.log.checkpoint();
      flags.push(r.axis('seq', 400).stepFlags[0] ?? -1);
    }
    // No step until step/start; streaming from the first chunk; stalled from seq 5 on.
    expect(flags).toEqual([-1, 0, 4, 4, 4, 5, 5]);
    expect(r.axis('seq', 400).stalls.map((t) => t.firstSeq)).toEqual([5]);
  });

  it('the seq axis is two knots; filter matches become ticks per pixel', () => {
    const session = demo();
    const r = new ReplayQueries(session, { matchSeqs: () => Int32Array.from([0, 1, 100]) });
    const v = r.axis('seq', 100);
    expect(Array.from(v.knotSeqs)).toEqual([0, session.eventCount - 1]);
    expect(v.matches?.map((t) => [t.px, t.count])).toEqual([
      [0, 2],
      [Math.floor(((100 + 0.5) / session.eventCount) * 100), 1],
    ]);
  });

  it('the seq axis says whether a time axis exists without building it, as the log grows', () => {
    // Times: none, then equal ones, then one going backwards, then one that rises.
    const times = [undefined, 5, 5, 3, 4];
    const lines = times.map((t, seq) =>
      JSON.stringify({
        type: 'plugin/note',
        seq,
        ...(t === undefined ? {} : { time: t }),
        data: {},
        ignorable: true,
      }),
    );
    const session = new OpenLog(1, 'text', 'times.jsonl');
    const r = new ReplayQueries(session, noMatches);
    lines.forEach((line, i) => {
      session.push(new TextEncoder().encode(line + '\n'));
      session.log.checkpoint();
      const expected = timeAxis(session.log) !== null;
      expect(session.eventCount).toBe(i + 1);
      expect(r.axis('seq', 100).timeAvailable).toBe(expected);
      expect(expected).toBe(i === 4);
    });
    expect(new ReplayQueries(demo(), noMatches).axis('seq', 100).timeAvailable).toBe(true);
  });

  it('moves by event, chunk, character, step, turn and edge, describing the result', () => {
    const session = demo();
    const log = session.log;
    const r = new ReplayQueries(session, noMatches);
    expect(r.move(10, undefined, 'event', 1)).toMatchObject({ seq: 11, type: 'assistant/chunk' });
    expect(r.move(0, undefined, 'event', -1).seq).toBe(0);
    const step2 = log.structure.steps[1]!.startSeq;
    expect(r.move(10, undefined, 'step', 1).seq).toBe(step2);
    expect(r.move(10, undefined, 'turn', 1).seq).toBe(log.structure.turns[1]!.startSeq);
    expect(r.move(10, undefined, 'edge', 1).seq).toBe(log.eventCount - 1);
    // Character steps agree with the core, and say where they are.
    let pos = { seq: 6 } as { seq: number; chunk?: number };
    for (let i = 0; i < 12; i++) {
      const v = r.move(pos.seq, pos.chunk, 'char', 1);
      pos = nextChar(log, pos);
      expect({ seq: v.seq, chunk: v.chunk }).toEqual({ seq: pos.seq, chunk: pos.chunk });
      expect(v.valuetext).toBe(describePosition(log, pos));
      expect(v.deltaLength).toBe(deltaLengthAt(log, pos.seq));
    }
    expect(r.move(20, 999, 'none').chunk).toBeUndefined(); // an impossible offset is dropped
  });

  it('plans playback: gaps at 1x, skipped idle gaps, delta lengths', () => {
    const session = demo();
    const log = session.log;
    const r = new ReplayQueries(session, noMatches);
    const w = r.plan(0, 1000, { kind: 'real' });
    expect(w.from).toBe(0);
    expect(w.playMs.length).toBe(log.eventCount);
    expect(w.playMs[0]).toBe(0);
    expect(w.playMs[5]).toBe(log.timeOf(5)! - log.timeOf(4)!);
    // The demo's 45 s pause before seq 150 is skipped (a 250 ms beat).
    expect(w.skippedMs[150]).toBe(log.timeOf(150)! - log.timeOf(149)!);
    expect(w.playMs[150]).toBe(250);
    expect(w.deltaLength[20]).toBe(deltaLengthAt(log, 20));
    const u = r.plan(100, 10, { kind: 'uniform', eventsPerSecond: 50 });
    expect(u.from).toBe(100);
    expect(Array.from(u.playMs)).toEqual(new Array(10).fill(20));
  });

  it('step health for timeline rows matches the core', () => {
    const session = demo();
    const h = stepHealthView(session, 0)!;
    const core = streamHealth(session.log, 0, { stallThresholdMs: 2000 })!;
    expect(h.chunkCount).toBe(core.chunkCount);
    expect(h.ttftMs).toBe(core.ttftMs);
    expect(h.tokensPerSecond).toBe(core.tokensPerSecond);
    expect(h.longestStallMs).toBe(core.longestStall?.ms ?? null);
    expect(h.histogram).toEqual(core.histogram);
  });
});
