import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DiagnosticList } from '../diagnostics';
import { normalizeTurnEndReason } from './endReason';
import { StructureBuilder, stepAt, stepIndexAt, turnAt, turnIndexAt } from './structure';
import { analyzeStructure as analyze, EventList, eventsFromJsonl, tokens as u } from './testing';

const SAMPLES = new URL('../../../../shared/samples/', import.meta.url);
const sample = (name: string) => eventsFromJsonl(readFileSync(new URL(name, SAMPLES), 'utf8'));

describe('StructureBuilder on the samples', () => {
  it('design-card-example: one turn, one step, exactly one chunk-mismatch', () => {
    const r = analyze(sample('design-card-example.jsonl'));
    expect(r.diags).toEqual([['chunk-mismatch', 'warning', 5]]);
    expect(r.messages[0]).toBe(
      'chunks (seq 3-4) differ from the message: block 1: text differs: chunks have "I\'ll " (5 chars), message has "I\'ll search" (11 chars)',
    );
    expect(r.turns).toEqual([[1, 0, 9, 'completed', 1]]);
    expect(r.steps).toEqual([[1, 1, 1, 8, 5, [[3, 4, 2, false, 5]]]]);
    expect(r.calls).toEqual([['call_1', 'bash', 6, 7, false]]);
    const turn = r.index.turns[0];
    expect(turn).toMatchObject({
      startTime: 1755000000000,
      endTime: 1755000000090,
      durationMs: 90,
      usage: u(12, 4),
      toolCalls: 1,
    });
    expect(r.index.steps[0]).toMatchObject({ durationMs: 70, usage: u(12, 4), toolCalls: 1 });
    expect(r.index.totals).toEqual({
      turns: 1,
      steps: 1,
      attempts: 1,
      failedAttempts: 0,
      toolCalls: 1,
      toolResults: 1,
      toolErrors: 0,
      errorTurns: 0,
      usage: u(12, 4),
    });
    expect(r.index.usage).toEqual(u(12, 4));
  });

  it('cordis-tool-round: 4 real mismatches (block-end differs from the message) and 3 orphan chunk runs', () => {
    // 7 finish chunks, 4 assistant/messages: the 4 steps of turn 1 each stream
    // block-ends whose reasoning and tool name differ from the stored message
    // (chunk-mismatch); the 3 other finishes belong to chunk runs naming
    // turn 2 step 1, turn 3 steps 1 and 2, for which no turn or step was ever
    // started (event-outside-step). None is a failed attempt: they finish
    // with stop / tool-calls.
    const r = analyze(sample('dsh/cordis-tool-round.jsonl'));
    expect(r.diags).toEqual([
      ['chunk-mismatch', 'warning', 11],
      ['chunk-mismatch', 'warning', 22],
      ['chunk-mismatch', 'warning', 33],
      ['chunk-mismatch', 'warning', 44],
      ['event-outside-step', 'warning', 48],
      ['event-outside-step', 'warning', 52],
      ['event-outside-step', 'warning', 56],
    ]);
    expect(r.messages[0]).toMatch(
      /^chunks \(seq 5-10\) differ from the message: block 1: reasoning differs: .* \(and 1 more block differs\)$/,
    );
    expect(r.messages[4]).toBe('4 events (seq 48-51) name turn 2 step 1, but no step is open');
    expect(r.turns).toEqual([[1, 0, 46, 'completed', 4]]);
    expect(r.steps).toEqual([
      [1, 1, 3, 14, 11, [[5, 10, 6, false, 11]]],
      [1, 2, 15, 25, 22, [[16, 21, 6, false, 22]]],
      [1, 3, 26, 36, 33, [[27, 32, 6, false, 33]]],
      [1, 4, 37, 45, 44, [[38, 43, 6, false, 44]]],
    ]);
    expect(r.calls).toEqual([
      ['call_00_KZk918WtlKan9pHMULIT8794', 'cordis_inspect', 12, 13, false],
      ['call_00_OyrlxqqpnvzTe11sN5Oy2361', 'cordis_mount', 23, 24, false],
      ['call_00_e38S6zeYdZGvbhecUCil6659', 'cordis_unmount', 34, 35, false],
    ]);
    expect(r.index.steps.map((s) => s.usage)).toEqual([
      u(15137, 128, 1280, 81),
      u(72, 82, 16512, 22),
      u(63, 72, 16640, 23),
      u(29, 30, 16768, 22),
    ]);
    expect(r.index.turns[0]?.usage).toEqual(u(15301, 312, 51200, 148));
    expect(r.index.usage).toEqual(u(15301, 312, 51200, 148));
    expect(r.index.totals).toMatchObject({
      turns: 1,
      steps: 4,
      attempts: 4,
      failedAttempts: 0,
      toolCalls: 3,
      toolResults: 3,
    });
    // Logs without time: no timing.
    expect(r.index.turns[0]?.durationMs).toBeUndefined();
  });

  it('steering: packed rows expand into the attempts; the interjection inside a step is fine', () => {
    const r = analyze(sample('dsh/steering.jsonl'));
    expect(r.diags).toEqual([]);
    expect(r.index.eventCount).toBe(143);
    expect(r.turns).toEqual([[1, 0, 142, 'completed', 2]]);
    expect(r.steps).toEqual([
      [1, 1, 3, 92, 88, [[5, 87, 83, false, 88]]],
      [1, 2, 93, 141, 140, [[94, 139, 46, false, 140]]],
    ]);
    expect(r.calls).toEqual([['call_00_sAvjivLShvnWVk0sPQPV7661', 'ask_user_question', 89, 90, false]]);
    expect(r.index.usage).toEqual(u(323, 156, 15488, 58));
  });

  it('agent-instructions: three steps, two reads, no findings', () => {
    const r = analyze(sample('dsh/agent-instructions.jsonl'));
    expect(r.diags).toEqual([]);
    expect(r.turns).toEqual([[1, 1, 44, 'completed', 3]]);
    expect(r.steps).toEqual([
      [1, 1, 3, 19, 15, [[10, 14, 5, false, 15]]],
      [1, 2, 22, 32, 29, [[24, 28, 5, false, 29]]],
      [1, 3, 35, 43, 42, [[37, 41, 5, false, 42]]],
    ]);
    expect(r.calls).toEqual([
      ['call_workspace_read', 'read', 16, 18, false],
      ['call_workspace_delimiter_read', 'read', 30, 31, false],
    ]);
    expect(r.index.usage).toEqual(u(30, 12));
  });

  it('compaction-recovery: a failed attempt (finish error) then a second attempt in the same step', () => {
    const r = analyze(sample('dsh/compaction-recovery.stream.jsonl'));
    expect(r.diags).toEqual([['failed-attempt', 'info', 18]]);
    expect(r.messages[0]).toBe(
      'attempt 1 of step 2 (turn 1) failed: finish error CONTEXT_WINDOW_EXCEEDED: snapshot request exceeded the model context window (1 chunk, no assistant/message)',
    );
    expect(r.turns).toEqual([[1, 1, 30, 'completed', 2]]);
    expect(r.steps).toEqual([
      [1, 1, 3, 16, 13, [[8, 12, 5, false, 13]]],
      [
        1,
        2,
        17,
        29,
        28,
        [
          [18, 18, 1, true, undefined],
          [23, 27, 5, false, 28],
        ],
      ],
    ]);
    expect(r.index.steps[1]?.attempts[0]?.finish).toEqual({
      kind: 'error',
      failure: {
        message: 'snapshot request exceeded the model context window',
        code: 'CONTEXT_WINDOW_EXCEEDED',
      },
    });
    expect(r.calls).toEqual([['call_compaction_marker', 'bash', 14, 15, false]]);
    // The same total as the runner's own `result` line.
    expect(r.index.totals).toMatchObject({ attempts: 3, failedAttempts: 1 });
    expect(r.index.usage).toEqual(u(44, 10));
  });

  it('pty-tools: seven steps, six tool calls, one tool error', () => {
    const r = analyze(sample('dsh/pty-tools.jsonl'));
    expect(r.diags).toEqual([]);
    expect(r.turns).toEqual([[1, 1, 76, 'completed', 7]]);
    expect(r.steps.map((s) => [s[2], s[3], s[4]])).toEqual([
      [3, 17, 14],
      [18, 27, 24],
      [28, 37, 34],
      [38, 47, 44],
      [48, 57, 54],
      [58, 67, 64],
      [68, 75, 74],
    ]);
    expect(r.calls).toEqual([
      ['pty-spawn', 'terminal_open', 15, 16, false],
      ['pty-send', 'terminal_send', 25, 26, false],
      ['pty-read', 'terminal_read', 35, 36, false],
      ['pty-signal', 'terminal_signal', 45, 46, true],
      ['pty-kill', 'terminal_close', 55, 56, false],
      ['pty-list', 'terminal_list', 65, 66, false],
    ]);
    expect(r.index.turns[0]).toMatchObject({ toolCalls: 6, toolErrors: 1, usage: u(70, 33) });
    expect(r.index.totals).toMatchObject({ toolCalls: 6, toolResults: 6, toolErrors: 1 });
  });
});

describe('usage, spans and queries', () => {
  it('takes usage from usage chunks, else from the message, and sums per step, turn and log', () => {
    const l = new EventList();
    l.turnStart(1);
    l.stepStart(1, 1);
    l.chunk(1, 1, { type: 'text-delta', index: 0, text: 'x' });
    l.chunk(1, 1, { type: 'usage', usage: u(10, 2, 5) });
    l.chunk(1, 1, { type: 'finish', reason: { kind: 'stop' } });
    l.message(1, 1, [{ type: 'text', text: 'x' }], { usage: u(999, 999) }); // the chunk wins
    l.stepEnd(1, 1);
    l.stepStart(1, 2);
    l.textStream(1, 2, 'y');
    l.message(1, 2, [{ type: 'text', text: 'y' }], { usage: u(1, 1, undefined, 3) });
    l.stepEnd(1, 2);
    l.turnEnd(1);
    l.turnStart(2);
    l.stepStart(2, 1);
    l.message(2, 1, [{ type: 'text', text: 'z' }], { usage: u(100, 0) }); // no chunks: message usage
    l.stepEnd(2, 1);
    l.turnEnd(2);
    const r = analyze(l.events);
    expect(r.index.steps.map((s) => s.usage)).toEqual([u(10, 2, 5), u(1, 1, undefined, 3), u(100, 0)]);
    expect(r.index.turns.map((t) => t.usage)).toEqual([
      { inputTokens: 11, outputTokens: 3, cacheReadTokens: 5, reasoningTokens: 3 },
      u(100, 0),
    ]);
    expect(r.index.usage).toEqual({
      inputTokens: 111,
      outputTokens: 3,
      cacheReadTokens: 5,
      reasoningTokens: 3,
    });
  });

  it('stepAt / turnAt find spans by binary search, and nothing between them', () => {
    const r = analyze(sample('dsh/cordis-tool-round.jsonl'));
    const ix = r.index;
    expect(stepIndexAt(ix, 2)).toBe(-1); // before step 1
    expect(stepAt(ix, 3)?.step).toBe(1);
    expect(stepAt(ix, 14)?.step).toBe(1);
    expect(stepAt(ix, 15)?.step).toBe(2);
    expect(stepAt(ix, 45)?.step).toBe(4);
    expect(stepIndexAt(ix, 46)).toBe(-1); // the turn/end
    expect(stepIndexAt(ix, 50)).toBe(-1); // orphan chunks
    expect(turnIndexAt(ix, 0)).toBe(0);
    expect(turnAt(ix, 46)?.turn).toBe(1);
    expect(turnIndexAt(ix, 47)).toBe(-1);
    expect(turnIndexAt(ix, -1)).toBe(-1);
    // Against a linear scan at every seq.
    for (let s = 0; s < ix.eventCount; s++) {
      expect(stepIndexAt(ix, s)).toBe(ix.steps.findIndex((x) => x.startSeq <= s && s <= x.lastSeq));
      expect(turnIndexAt(ix, s)).toBe(ix.turns.findIndex((x) => x.startSeq <= s && s <= x.lastSeq));
    }
  });

  it('is queryable while loading: open spans reach the newest event', () => {
    const events = sample('dsh/compaction-recovery.stream.jsonl');
    const builder = new StructureBuilder(new DiagnosticList());
    for (const ev of events.slice(0, 26)) builder.event(ev);
    const mid = builder.index();
    expect(mid.eventCount).toBe(26);
    expect(mid.turns[0]).toMatchObject({ endSeq: null, lastSeq: 25 });
    expect(mid.steps[1]).toMatchObject({ endSeq: null, lastSeq: 25 });
    expect(mid.steps[1]?.attempts.map((a) => [a.firstChunkSeq, a.lastChunkSeq])).toEqual([
      [18, 18],
      [23, 25],
    ]);
    expect(mid.totals).toMatchObject({ turns: 1, steps: 2 });
    expect(mid.usage).toEqual(u(24, 6));
    expect(stepAt(mid, 25)?.step).toBe(2);
    for (const ev of events.slice(26)) builder.event(ev);
    builder.end();
    expect(builder.index().usage).toEqual(u(44, 10));
  });
});

describe('normalizeTurnEndReason (spec 3.2)', () => {
  it.each([
    [{ kind: 'completed' }, { kind: 'completed' }],
    [{ kind: 'blocked' }, { kind: 'blocked' }],
    [{ kind: 'max-tokens' }, { kind: 'max-tokens' }],
    [{ kind: 'interrupted' }, { kind: 'interrupted' }],
    [
      { kind: 'aborted', reason: { kind: 'parent' } },
      { kind: 'aborted', detail: 'parent' },
    ],
    [
      { kind: 'aborted', reason: { kind: 'hook', message: 'denied' } },
      { kind: 'aborted', detail: 'hook: denied' },
    ],
    [{ kind: 'aborted' }, { kind: 'aborted', detail: 'legacy' }],
    [{ kind: 'disposed' }, { kind: 'aborted', detail: 'disposed' }],
    [
      { kind: 'error', error: { message: 'boom', code: 'E1', status: 500 } },
      { kind: 'error', detail: 'E1: boom' },
    ],
    [
      { kind: 'error', step: 2, message: 'old', code: 'E2' },
      { kind: 'error', detail: 'E2: old (step 2)' },
    ],
    [
      { kind: 'error', step: 3, failure: { message: 'older' } },
      { kind: 'error', detail: 'older (step 3)' },
    ],
    [{ kind: 'error' }, { kind: 'error' }],
    [{ kind: 'teleported', where: 'mars' }, { kind: 'teleported' }],
    [null, { kind: 'unknown', detail: 'null' }],
    [undefined, { kind: 'unknown', detail: 'missing' }],
  ])('%j', (raw, expected) => {
    expect(normalizeTurnEndReason(raw)).toEqual({ ...expected, raw });
  });
});

describe('empty logs', () => {
  it('an empty log has an empty index with zero usage', () => {
    const r = analyze([]);
    expect(r.diags).toEqual([]);
    expect(r.index).toMatchObject({ eventCount: 0, turns: [], steps: [], toolCalls: [], usage: u(0, 0) });
    expect(r.index.totals.usage).toBeUndefined();
  });
});
