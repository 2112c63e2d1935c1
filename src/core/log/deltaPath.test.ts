/**
 * The loading pass's delta path (RecordSink.delta: a delta line's fields go
 * into the columns and the stream assembler without an event object) against
 * the event path every other line takes: on random logs, with misplaced,
 * mis-sequenced and malformed chunks among them, both give the same events,
 * the same structure (turns, steps, attempts, usage, stream checkpoints) and
 * the same diagnostics, and a SessionLog answers the same either way.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { generateLog } from '../../../scripts/gen/index';
import { DiagnosticList } from '../diagnostics';
import type { RecordSink } from '../pipeline';
import { looseData, type SessionEvent } from '../types';
import { ByteStore } from '../reader/byteStore';
import { createLogReader } from '../reader/logReader';
import { StructureBuilder } from '../analysis/structure';
import { EventFlag, SessionLog } from './sessionLog';
import { isDeltaChunkEvent } from '../analysis/assemble';

/** Reads `text` through a reader and a StructureBuilder; `fields` gives the sink a `delta`. */
function load(text: string, fields: boolean, checkpointEvery: number) {
  const readerDiags = new DiagnosticList();
  const structureDiags = new DiagnosticList();
  const structure = new StructureBuilder(structureDiags, checkpointEvery);
  const events: SessionEvent[] = [];
  let deltas = 0;
  const sink: RecordSink = {
    header: () => {},
    meta: () => {},
    event: (ev, loc) => {
      events.push(ev);
      structure.event(ev, loc);
    },
  };
  if (fields)
    sink.delta = (d, seq) => {
      deltas++;
      // The event the event path would have built: the line's value, normalized (seq = position).
      events.push({ ...d.value(), seq } as unknown as SessionEvent);
      structure.delta(d, seq);
    };
  const reader = createLogReader(sink, readerDiags, new ByteStore());
  reader.push(new TextEncoder().encode(text));
  reader.end();
  structure.end();
  const index = structure.index();
  // Every checkpoint's assembled stream (blocks, their types and texts, the last delta).
  const streams = index.steps.flatMap((s) =>
    s.attempts.flatMap((a) => structure.streamCheckpoints.of(a.firstChunkSeq).map((c) => c.asm.snapshot())),
  );
  return {
    events,
    deltas,
    index,
    streams,
    checkpoints: structure.streamCheckpoints.count,
    diagnostics: [...readerDiags.items, ...structureDiags.items],
  };
}

const delta = (seq: number, turn: number, step: number, kind: string, index: number, text: string) =>
  JSON.stringify({
    type: 'assistant/chunk',
    seq,
    time: 1760000000000 + seq,
    data: {
      turn,
      step,
      chunk:
        kind === 'tool-call-delta'
          ? { type: kind, index, id: 'call_1', argumentsDelta: text }
          : { type: kind, index, text },
    },
  });

/** A packed row of deltas (the members expand through the delta path); times may overflow to Infinity. */
function packedRow(s: {
  kind: string;
  seq: number;
  turn: number;
  step: number;
  index: number;
  text: string;
  shape: string;
  dt: number[];
}) {
  const items = [s.text, ...s.dt.map((_, i) => `${s.text}${i}`)];
  const type =
    s.kind === 'text-delta'
      ? 'text-chunks'
      : s.kind === 'reasoning-delta'
        ? 'reasoning-chunks'
        : 'tool-call-chunks';
  const base = { turn: s.turn, step: s.step, index: s.index, dt: s.dt };
  const data =
    type === 'tool-call-chunks'
      ? { ...base, id: 'call_2', name: s.text || undefined, args: items }
      : { ...base, texts: items };
  return JSON.stringify({
    type,
    seq0: s.seq,
    time0: s.shape === 'packed-huge-time' ? 1e308 : 1760000000000 + s.seq,
    data,
  });
}

/** A generated log with random lines spliced in: stray, reordered and malformed deltas among them. */
const randomLog = fc
  .record({
    seed: fc.integer({ min: 1, max: 1_000_000 }),
    events: fc.integer({ min: 50, max: 1500 }),
    splices: fc.array(
      fc.record({
        at: fc.nat(),
        kind: fc.constantFrom('text-delta', 'reasoning-delta', 'tool-call-delta'),
        seq: fc.integer({ min: -5, max: 3000 }),
        turn: fc.integer({ min: 0, max: 4 }),
        step: fc.integer({ min: 0, max: 4 }),
        index: fc.integer({ min: 0, max: 3 }),
        text: fc.oneof(fc.string(), fc.constantFrom('\ud83c', '"', '\\', '🎉', '')),
        shape: fc.constantFrom(
          'plain',
          'spaced',
          'extra-field',
          'float-index',
          'torn',
          'packed',
          'packed-huge-time',
        ),
        dt: fc.array(fc.oneof(fc.integer({ min: -50, max: 500 }), fc.constant(1e308)), { maxLength: 4 }),
      }),
      { maxLength: 12 },
    ),
  })
  .map(({ seed, events, splices }) => {
    const lines = [...generateLog({ events, seed })];
    for (const s of splices) {
      let line = delta(s.seq, s.turn, s.step, s.kind, s.index, s.text);
      if (s.shape === 'spaced') line = line.replace('"data":', '"data": ');
      if (s.shape === 'extra-field') line = line.slice(0, -1) + ',"ignorable":true}';
      if (s.shape === 'float-index') line = line.replace(`"index":${s.index}`, `"index":${s.index}.5`);
      if (s.shape === 'torn') line = line.slice(0, line.length >> 1);
      if (s.shape.startsWith('packed')) line = packedRow(s);
      lines.splice(s.at % (lines.length + 1), 0, line);
    }
    return lines.join('\n') + '\n';
  });

describe('the delta path of the loading pass', () => {
  it('gives the events, structure and diagnostics of the event path on random logs', () => {
    let deltas = 0;
    fc.assert(
      fc.property(randomLog, fc.constantFrom(4, 64, 1024), (text, every) => {
        const slow = load(text, false, every);
        const fast = load(text, true, every);
        deltas += fast.deltas;
        expect(fast.events).toEqual(slow.events);
        expect(fast.index).toEqual(slow.index);
        expect(fast.checkpoints).toBe(slow.checkpoints);
        expect(fast.streams).toEqual(slow.streams);
        expect(fast.diagnostics).toEqual(slow.diagnostics);
      }),
      { numRuns: 60 },
    );
    expect(deltas).toBeGreaterThan(1000);
  }, 120_000);

  it('a SessionLog loaded through it answers like its events read back one by one', () => {
    const text = [...generateLog({ events: 3000, seed: 11 })].join('\n') + '\n';
    const log = new SessionLog();
    log.push(new TextEncoder().encode(text));
    log.end();
    const slow = load(text, false, 1024);
    expect(log.eventCount).toBe(slow.events.length);
    for (let s = 0; s < log.eventCount; s += 7) {
      expect(log.event(s)).toEqual(slow.events[s]);
      expect(log.timeOf(s)).toBe(slow.events[s]?.time);
      expect(log.typeOf(s)).toBe(slow.events[s]?.type);
    }
    expect(log.structure).toEqual(slow.index);
    for (let s = 0; s < log.eventCount; s += 97) expect(log.streamAt(s)).toBeDefined();
  });

  it('flags exactly the delta chunks, whichever path read them, and chunkDelta reads what the event says', () => {
    let flagged = 0;
    let unparsed = 0;
    fc.assert(
      fc.property(randomLog, (text) => {
        const log = new SessionLog();
        log.push(new TextEncoder().encode(text));
        log.end();
        for (let s = 0; s < log.eventCount; s++) {
          const ev = log.event(s);
          const isDelta = (log.flagsOf(s) & EventFlag.delta) !== 0;
          expect(isDelta).toBe(isDeltaChunkEvent(ev));
          if (isDelta) flagged++;
          const d = log.chunkDelta(s);
          if (d === undefined) continue;
          unparsed++;
          expect(isDelta).toBe(true);
          const data = looseData(ev);
          const chunk = data.chunk as Record<string, unknown>;
          const tool = chunk.type === 'tool-call-delta';
          expect([d.turn, d.step, d.chunkType, d.index, d.text, d.id, d.name, d.time]).toEqual([
            data.turn,
            data.step,
            chunk.type,
            chunk.index,
            chunk.text ?? chunk.argumentsDelta,
            tool ? chunk.id : '',
            tool ? chunk.name : undefined,
            ev.time,
          ]);
        }
      }),
      { numRuns: 30 },
    );
    expect(flagged).toBeGreaterThan(unparsed);
    expect(unparsed).toBeGreaterThan(500);
  }, 120_000);

  it("reads a packed row's members as fields in any order, each row read once for its members", () => {
    const text = [...generateLog({ events: 6000, seed: 3, packedRatio: 0.9 })].join('\n') + '\n';
    const log = new SessionLog();
    log.push(new TextEncoder().encode(text));
    log.end();
    const members: number[] = [];
    for (let s = 0; s < log.eventCount; s++)
      if (log.typeOf(s) === 'assistant/chunk' && !log.rawLine(s).startsWith('{"type":"assistant/chunk"'))
        members.push(s);
    expect(members.length).toBeGreaterThan(1000);
    // Scrambled: the row last read is rarely the member's own.
    const order = members
      .map((s, i) => [s, (i * 7919) % members.length] as const)
      .sort((a, b) => a[1] - b[1]);
    const parsed = vi.spyOn(log, 'event');
    for (const [s] of order) {
      const d = log.chunkDelta(s);
      expect(d).toBeDefined();
      expect(d?.value().seq).toBe(s);
      expect(d?.time).toBe(log.timeOf(s));
    }
    expect(parsed).not.toHaveBeenCalled();
  });
});
