import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { Queries } from './queries';
import { OpenLog } from './openLog';
import { TimelineRows } from './timelineRows';
import { seqRuns } from '../core/view/seqRuns';
import { RunRows } from '../core/view/rowMap';
import { NAME_MAX_CHARS, NAME_TIP_CHARS } from '../core/view/bidiControls';

/** The bundled demo log, loaded the way the worker loads it (in slices). */
function demo(slice = 4096): { session: OpenLog; timeline: TimelineRows; queries: Queries } {
  const bytes = readFileSync(new URL('../../public/samples/demo.jsonl', import.meta.url));
  const session = new OpenLog(1, 'sample', 'demo.jsonl');
  for (let i = 0; i < bytes.length; i += slice) session.push(bytes.subarray(i, i + slice));
  session.end();
  return { session, timeline: new TimelineRows(session), queries: new Queries(session) };
}

describe('TimelineRows (worker row model over a real log)', () => {
  it('folds chunk runs by default and every row names a loaded seq', () => {
    const { session, timeline } = demo();
    const rows = timeline.rows();
    expect(rows.rowCount).toBeLessThan(session.eventCount);
    const all = timeline.window(0, rows.rowCount);
    expect(all.map((r) => r.row)).toEqual([...Array(rows.rowCount).keys()]);
    // Rows cover every seq exactly once, in order.
    let next = 0;
    for (const r of all) {
      expect(r.seq).toBe(next);
      next = r.coverEnd + 1;
    }
    expect(next).toBe(session.eventCount);
    const chunks = all.filter((r) => r.kind === 'chunks');
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks[0]!.summary).toMatch(/^\d+ chunks, /);
  });

  it("a fold toggled or a reveal changes the rows' shape only; a filter or Fold all changes their basis too", () => {
    const { session, timeline } = demo();
    const at = () => {
      const { rowsShape, rowsBasis } = timeline.info();
      return { rowsShape, rowsBasis };
    };
    const start = at();
    const turn2 = session.log.structure.turns[1]!;
    timeline.toggle(turn2.startSeq);
    expect(at()).toEqual({ rowsShape: start.rowsShape! + 1, rowsBasis: start.rowsBasis });
    timeline.reveal(turn2.startSeq + 3);
    expect(at()).toEqual({ rowsShape: start.rowsShape! + 2, rowsBasis: start.rowsBasis });
    let before = at();
    timeline.setFilter({ types: null, errorsOnly: true, text: '' });
    expect(at().rowsShape).toBeGreaterThan(before.rowsShape!);
    expect(at().rowsBasis).toBeGreaterThan(before.rowsBasis!);
    before = at();
    timeline.collapseAll('turns');
    expect(at().rowsShape).toBeGreaterThan(before.rowsShape!);
    expect(at().rowsBasis).toBeGreaterThan(before.rowsBasis!);
  });

  it('turn rows carry number, end reason, duration and tokens', () => {
    const { timeline } = demo();
    const turns = timeline.window(0, timeline.rows().rowCount).filter((r) => r.kind === 'turn');
    expect(turns.map((t) => [t.turn?.turn, t.turn?.endReason?.kind])).toEqual([
      [1, 'completed'],
      [2, 'completed'],
      [3, 'aborted'],
    ]);
    expect(turns[0]!.turn!.durationMs).toBeGreaterThan(0);
    expect(turns[0]!.turn!.usage!.inputTokens).toBeGreaterThan(0);
  });

  it('folds a turn, reveals a seq hidden inside it, and navigates turns and steps', () => {
    const { session, timeline } = demo();
    const before = timeline.rows().rowCount;
    const turn2 = session.log.structure.turns[1]!;
    expect(timeline.toggle(turn2.startSeq)).toBe(true);
    expect(timeline.rows().rowCount).toBeLessThan(before);
    expect(timeline.rows().isVisible(turn2.startSeq + 3)).toBe(false);
    expect(timeline.reveal(turn2.startSeq + 3)).toBe(true);
    expect(timeline.navigate(0, 'turn', 1)).toBe(turn2.startSeq);
    expect(timeline.navigate(turn2.startSeq, 'turn', -1)).toBe(0);
    expect(timeline.navigate(0, 'step', 1)).toBe(session.log.structure.steps[0]!.startSeq);
    timeline.collapseAll('turns');
    expect(timeline.rows().rowCount).toBe(3);
  });

  it('a toggle or a reveal splices the fold into the rows, and they equal a full rebuild', () => {
    const { session, timeline } = demo();
    // The same operations, each followed by a rebuild of every span (an empty filter rebuilds).
    const rebuilt = new TimelineRows(session);
    const structure = session.log.structure;
    const headers = [
      ...structure.turns.map((t) => t.startSeq),
      ...structure.steps.map((st) => st.startSeq),
      ...session.chunkRuns.all().map((r) => r.start),
    ];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const versions = new Set<number>();
    const builds = vi.spyOn(RunRows, 'build');
    timeline.rows();
    let fullBuilds = 0;
    for (let i = 0; i < 60; i++) {
      const before = builds.mock.calls.length;
      if (i % 3 === 0) {
        const seq = next(session.eventCount);
        expect(timeline.reveal(seq)).toBe(true);
        fullBuilds += builds.mock.calls.length - before;
        rebuilt.reveal(seq);
      } else {
        const seq = headers[next(headers.length)]!;
        timeline.toggle(seq);
        fullBuilds += builds.mock.calls.length - before;
        rebuilt.toggle(seq);
      }
      rebuilt.setFilter({ types: null, errorsOnly: false, text: '' });
      const count = rebuilt.rows().rowCount;
      expect(timeline.rows().rowCount).toBe(count);
      expect(timeline.window(0, count)).toEqual(rebuilt.window(0, count));
      versions.add(timeline.version);
    }
    // Each change is a new version the client sees, and none rebuilt every span (a toggle of a
    // header hidden under a folded turn may: none of these was).
    expect(versions.size).toBeGreaterThan(50);
    expect(fullBuilds).toBe(0);
    builds.mockRestore();
  });

  it('filters by type, errors and text', () => {
    const { session, timeline } = demo();
    timeline.setFilter({ types: ['tool/result'], errorsOnly: false, text: '' })!.advance(1000);
    const results = timeline.window(0, timeline.rows().rowCount);
    expect(results.length).toBe(session.log.structure.toolCalls.length);
    expect(results.every((r) => r.type === 'tool/result')).toBe(true);
    timeline.setFilter({ types: null, errorsOnly: true, text: '' })!.advance(1000);
    const errors = timeline.window(0, timeline.rows().rowCount).map((r) => r.seq);
    const failedResult = session.log.structure.toolCalls.find((c) => c.isError)!.resultSeq!;
    expect(errors).toContain(failedResult);
    timeline.setFilter({ types: null, errorsOnly: false, text: 'DEPLOY.SH' })!.advance(1000);
    const text = timeline.window(0, timeline.rows().rowCount);
    expect(text.length).toBeGreaterThan(0);
    for (const r of text) expect(session.log.rawLine(r.seq).toLowerCase()).toContain('deploy.sh');
    timeline.setFilter({ types: null, errorsOnly: false, text: '' });
    expect(timeline.filtered).toBe(false);
  });

  it('filters by excluded types, which keeps every other type', () => {
    const { session, timeline } = demo();
    timeline
      .setFilter({ types: ['assistant/chunk'], excludeTypes: true, errorsOnly: false, text: '' })!
      .advance(1000);
    const rows = timeline.window(0, timeline.rows().rowCount);
    const chunks = session.log.types.indexOf('assistant/chunk');
    let expected = 0;
    for (let s = 0; s < session.eventCount; s++) if (session.log.typeIdOf(s) !== chunks) expected++;
    expect(rows.length).toBe(expected);
    expect(rows.some((r) => r.type === 'assistant/chunk')).toBe(false);
  });

  it('errors only keeps error diagnostics and leaves warning-only rows out', () => {
    const lines = [
      '{"type":"turn/start","seq":0,"time":1000,"data":{"turn":1}}',
      '{"type":"user/message","seq":1,"time":2000,"data":{"role":"user","content":[{"type":"text","text":"hi"}],"source":{"kind":"user"}},"surfaceOp":"append"}',
      // time going backwards: a warning
      '{"type":"user/message","seq":2,"time":1500,"data":{"role":"user","content":[{"type":"text","text":"again"}],"source":{"kind":"user"}},"surfaceOp":"append"}',
      // an invalid surface op: an error
      '{"type":"user/message","seq":3,"time":3000,"data":{"role":"user","content":[{"type":"text","text":"x"}],"source":{"kind":"user"}},"surfaceOp":"bogus"}',
    ];
    const session = new OpenLog(1, 'text', 'mixed.jsonl');
    session.push(new TextEncoder().encode(lines.join('\n') + '\n'));
    session.end();
    const severities = [0, 1, 2, 3].map((s) => session.diag.at(s)?.severity);
    expect(severities[2]).toBe('warning');
    expect(severities).toContain('error');
    const timeline = new TimelineRows(session);
    timeline.setFilter({ types: null, errorsOnly: true, text: '' })!.advance(1000);
    const shown = timeline.window(0, timeline.rows().rowCount).map((r) => r.seq);
    expect(shown).not.toContain(2);
    for (const seq of shown) expect(session.diag.at(seq)?.severity).toBe('error');
    expect(shown).toEqual([0, 1, 2, 3].filter((s) => severities[s] === 'error'));
  });
});

describe('Queries', () => {
  it('messages: tail windows, replace marks and the hidden originals', () => {
    const { session, queries } = demo();
    const last = session.eventCount - 1;
    const all = session.log.messagesAt(last);
    const tail = queries.messages(last, -3, 0);
    expect(tail.count).toBe(all.count);
    expect(tail.messages.map((m) => m.seq)).toEqual(all.messages.slice(-3).map((m) => m.seq));
    const replace = session.log.replacesUpTo(last)[0]!;
    const marked = queries.messages(last, 0, all.count).messages.find((m) => m.seq === replace.seq)!;
    expect(marked.replaces).toEqual(seqRuns(replace.hidden));
    expect(queries.replaced(replace.seq).messages.map((m) => m.seq)).toEqual(replace.hidden);
  });

  it('event detail: raw line, tool pair and diagnostics', () => {
    const { session, queries } = demo();
    const call = session.log.structure.toolCalls[0]!;
    const d = queries.event(call.resultSeq!);
    expect(d.pair).toMatchObject({ callSeq: call.callSeq, resultSeq: call.resultSeq, name: call.name });
    expect(JSON.parse(d.raw)).toMatchObject({ seq: call.resultSeq });
    const diag = session.log.diagnostics.items.find((x) => x.seq !== undefined)!;
    expect(queries.event(diag.seq!).diagnostics.map((x) => x.code)).toContain(diag.code);
    // Every call's two events name that call (the first one listed with the seq), and no other event has a pair.
    const calls = session.log.structure.toolCalls;
    for (let seq = 0; seq < session.eventCount; seq++) {
      const type = session.log.typeOf(seq);
      const want = calls.find((c) => c.callSeq === seq || c.resultSeq === seq);
      const pair = queries.event(seq).pair;
      if (type !== 'tool/call' && type !== 'tool/result') expect(pair).toBeUndefined();
      else expect(pair?.callId).toBe(want?.callId);
    }
  });

  it('stream: pending only inside a step whose message is not appended yet', () => {
    const { session, queries } = demo();
    const step = session.log.structure.steps[0]!;
    const attempt = step.attempts[0]!;
    expect(queries.stream(attempt.firstChunkSeq + 2)!.pending).toBe(true);
    expect(queries.stream(attempt.messageSeq!)!.pending).toBe(false);
  });

  it('summary: fingerprint, counts and types', () => {
    const { session, queries } = demo();
    const s = queries.summary({ rowCount: 0, rowsVersion: 0 });
    const bytes = readFileSync(new URL('../../public/samples/demo.jsonl', import.meta.url));
    expect(s.fingerprint).toBe(createHash('sha256').update(bytes).digest('hex').slice(0, 16));
    expect(s.events).toBe(session.eventCount);
    expect(s.turns).toBe(3);
    expect(s.types.reduce((n, t) => n + t.count, 0)).toBe(session.eventCount);
  });
});

describe('a turn end reason from the log, posted bounded (audit R21-5)', () => {
  it('cuts the kind to NAME_MAX_CHARS and the detail to NAME_TIP_CHARS', () => {
    const lines = [
      '{"type":"session","version":0,"id":"r21-5"}',
      '{"type":"turn/start","seq":0,"time":1,"data":{"turn":1}}',
      JSON.stringify({
        type: 'turn/end',
        seq: 1,
        time: 2,
        data: { turn: 1, reason: { kind: 'k\n'.repeat(500_000) } },
      }),
      '{"type":"turn/start","seq":2,"time":3,"data":{"turn":2}}',
      JSON.stringify({
        type: 'turn/end',
        seq: 3,
        time: 4,
        data: { turn: 2, reason: { kind: 'error', error: { message: 'm'.repeat(1_000_000) } } },
      }),
    ];
    const session = new OpenLog(1, 'file', 'r21-5.jsonl');
    session.push(new TextEncoder().encode(`${lines.join('\n')}\n`));
    session.end();
    const timeline = new TimelineRows(session);
    const turns = timeline.window(0, timeline.rows().rowCount).filter((r) => r.kind === 'turn');
    const [first, second] = turns.map((t) => t.turn!.endReason!);
    expect(first!.kind).toBe(`${'k\n'.repeat(NAME_MAX_CHARS / 2)}…`);
    expect(second!.kind).toBe('error');
    expect(second!.detail).toBe(`${'m'.repeat(NAME_TIP_CHARS)}…`);
  });
});
