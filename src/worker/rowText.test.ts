import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { generateLogText } from '../../scripts/gen/index';
import { promptText } from '../core/view/spanSummary';
import { summarize } from '../core/view/summary';
import type { TurnInfo } from '../core/analysis/structureIndex';
import { OpenLog } from './openLog';
import { PREVIEW_CHUNKS, PROMPT_SCAN, RowText, blockBody, chunkPreviewOf } from './rowText';
import { TimelineRows } from './timelineRows';
import { looseData, type StreamChunk } from '../core/types';
import { isDeltaChunk } from '../core/analysis/assemble';
import { EventFlag } from '../core/log/sessionLog';

const LOGS: [string, string][] = [
  ['demo', readFileSync(new URL('../../public/samples/demo.jsonl', import.meta.url), 'utf8')],
  ...['steering', 'pty-tools', 'compaction-recovery.stream', 'agent-instructions'].map(
    (name): [string, string] => [name, readFileSync(`../shared/samples/dsh/${name}.jsonl`, 'utf8')],
  ),
  ['generated', generateLogText({ events: 3000, seed: 11 })],
];

function opened(text: string): OpenLog {
  const session = new OpenLog(1, 'text', 'log.jsonl');
  session.push(new TextEncoder().encode(text));
  session.end();
  return session;
}

/** The prompt read from the events, as the row showed it before it was kept (no cache). */
function promptOf(session: OpenLog, t: TurnInfo): string | undefined {
  const log = session.log;
  const end = Math.min(t.lastSeq, t.startSeq + PROMPT_SCAN, log.eventCount - 1);
  for (let seq = t.startSeq; seq <= end; seq++) {
    if (log.typeOf(seq) !== 'user/message') continue;
    const text = promptText(log.event(seq));
    if (text !== null) return text;
  }
  return undefined;
}

/**
 * A run's preview by its rule, every chunk parsed as an event: what its delta chunks streamed
 * (text, reasoning; a tool call's name once, where it is first given, then its arguments), else
 * the bodies of the blocks it ended.
 */
function previewFromEvents(session: OpenLog, start: number, end: number): string {
  const pieces: string[] = [];
  const named = new Set<string>();
  let lastCall: string | undefined;
  let ended = '';
  for (let seq = start; seq <= Math.min(end, start + PREVIEW_CHUNKS); seq++) {
    const c = looseData(session.log.event(seq)).chunk as Record<string, unknown> | undefined;
    if (typeof c !== 'object' || c === null) continue;
    if (isDeltaChunk(c as unknown as StreamChunk)) {
      if (pieces.join('').length > 160) continue;
      if (typeof c.text === 'string') {
        pieces.push(c.text);
        lastCall = undefined;
      } else if (typeof c.argumentsDelta === 'string') {
        const call = `${typeof c.id === 'string' ? c.id : ''}`;
        if (call !== lastCall) named.delete(call); // a new call, even with an id seen before
        lastCall = call;
        if (!named.has(call) && typeof c.name === 'string' && c.name) {
          named.add(call);
          pieces.push(`${pieces.join('') ? ' ' : ''}${c.name} `);
        }
        pieces.push(c.argumentsDelta);
      }
    } else if (c.type === 'block-end') {
      const body = blockBody(c.block);
      if (body) ended += `${ended ? ' | ' : ''}${body}`;
    }
  }
  const text = pieces.join('');
  const shown = (text || ended).replace(/\s+/g, ' ').trim().slice(0, 160);
  return shown ? JSON.stringify(shown) : '';
}

describe('RowText: what rows show of their events, read once', () => {
  it.each(LOGS)(
    '%s: a run previews what its events say, its delta chunks read without parsing them',
    (name, text) => {
      const session = opened(text);
      const runs = session.chunkRuns.runs;
      const expected = runs.map((r) => previewFromEvents(session, r.start, r.end));
      const fresh = opened(text);
      const parsed = vi.spyOn(fresh.log, 'event');
      expect(runs.map((r) => chunkPreviewOf(fresh.log, r.start, r.end))).toEqual(expected);
      // A delta line is read from its bytes, never parsed as an event (a packed row is parsed once for its members).
      let deltaLines = 0;
      for (const r of runs)
        for (let seq = r.start; seq <= Math.min(r.end, r.start + PREVIEW_CHUNKS); seq++)
          if (fresh.log.rawLine(seq).startsWith('{"type":"assistant/chunk"') && fresh.log.chunkDelta(seq))
            deltaLines++;
      const parsedDeltaLines = parsed.mock.calls.filter(
        ([seq]) =>
          fresh.log.rawLine(seq).startsWith('{"type":"assistant/chunk"') && fresh.log.chunkDelta(seq),
      );
      expect(parsedDeltaLines).toEqual([]);
      // The other chunks (block starts and ends, usage, finish) are read only for a run that streamed no delta.
      const noDeltas = (r: { start: number; end: number }) => {
        for (let seq = r.start; seq <= Math.min(r.end, r.start + PREVIEW_CHUNKS); seq++)
          if (fresh.log.flagsOf(seq) & EventFlag.delta) return false;
        return true;
      };
      for (const [seq] of parsed.mock.calls) {
        if (fresh.log.flagsOf(seq) & EventFlag.delta) continue;
        const run = runs.find((r) => r.start <= seq && seq <= r.end);
        expect(run && noDeltas(run)).toBe(true);
      }
      if (name === 'generated' || name === 'demo') expect(deltaLines).toBeGreaterThan(100);
    },
  );

  it.each(LOGS)('%s: gives what the events say, first and every later time', (_, text) => {
    const session = opened(text);
    const log = session.log;
    const rowText = new RowText(log);
    for (let pass = 0; pass < 2; pass++) {
      for (let seq = 0; seq < log.eventCount; seq++)
        expect(rowText.summary(seq)).toEqual(summarize(log.event(seq)));
      for (const t of log.structure.turns) expect(rowText.prompt(t)).toBe(promptOf(session, t));
      for (const run of session.chunkRuns.runs)
        expect(rowText.chunkPreview(run.start, run.end)).toBe(chunkPreviewOf(log, run.start, run.end));
    }
    expect(log.structure.turns.some((t) => rowText.prompt(t) !== undefined)).toBe(true);
  });

  it("names a tool call once in its run's preview, though every delta of a packed tool row carries the name", () => {
    const lines = [
      '{"type":"turn/start","seq":0,"data":{"turn":1}}',
      '{"type":"step/start","seq":1,"data":{"turn":1,"step":1}}',
      '{"type":"assistant/chunk","seq":2,"data":{"turn":1,"step":1,"chunk":{"type":"block-start","index":0,"blockType":"text"}}}',
      '{"type":"assistant/chunk","seq":3,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"Listing now:"}}}',
      '{"type":"assistant/chunk","seq":4,"data":{"turn":1,"step":1,"chunk":{"type":"block-start","index":1,"blockType":"tool-call"}}}',
      '{"type":"tool-call-chunks","seq0":5,"data":{"turn":1,"step":1,"index":1,"dt":[0,0],"id":"c1","name":"bash","args":["{\\"com","mand\\":","\\"ls\\"}"]}}',
      '{"type":"assistant/chunk","seq":8,"data":{"turn":1,"step":1,"chunk":{"type":"tool-call-delta","index":2,"id":"c2","name":"read","argumentsDelta":"{}"}}}',
    ];
    const session = opened(lines.join('\n') + '\n');
    expect(session.log.eventCount).toBe(9);
    expect(chunkPreviewOf(session.log, 2, 8)).toBe(
      JSON.stringify('Listing now: bash {"command":"ls"} read {}'),
    );
  });

  it('a window asked again reads no event (summaries, prompts and previews are kept)', () => {
    const session = opened(LOGS[5]![1]);
    const timeline = new TimelineRows(session);
    const count = timeline.rows().rowCount;
    const first = timeline.window(0, count);
    expect(first.some((r) => r.kind === 'chunks' && r.summary.includes('·'))).toBe(true);
    expect(first.some((r) => r.turn?.prompt !== undefined)).toBe(true);
    const reads = vi.spyOn(session.log, 'event');
    const again = timeline.window(0, count);
    expect(again).toEqual(first);
    expect(reads).not.toHaveBeenCalled();
  });

  it.each(LOGS)('%s: while loading, rows equal rows read afresh after every piece', (_, text) => {
    // A prompt not arrived yet, or a chunk run still growing, must not be kept as it was.
    const bytes = new TextEncoder().encode(text);
    const session = new OpenLog(1, 'text', 'log.jsonl');
    const kept = new TimelineRows(session);
    kept.collapseAll('none', 'folded');
    const piece = Math.max(1, Math.floor(bytes.length / 37));
    for (let off = 0; off <= bytes.length; off += piece) {
      if (off < bytes.length) session.push(bytes.subarray(off, off + piece));
      else session.end();
      const fresh = new TimelineRows(session);
      fresh.collapseAll('none', 'folded');
      const n = kept.rows().rowCount;
      expect(fresh.rows().rowCount).toBe(n);
      expect(kept.window(0, n)).toEqual(fresh.window(0, n));
    }
  });
});
