import { describe, expect, it } from 'vitest';
import { problemSummary } from '../view/problems';
import { analyzeStructure as analyze, EventList } from './testing';

describe('structure diagnostics (one small log each)', () => {
  it('turn-unbalanced: nested turns, reported at the turn that never ended', () => {
    const l = new EventList();
    const t1 = l.turnStart(1);
    l.turnStart(2);
    l.turnEnd(2);
    const r = analyze(l.events);
    expect(r.diags).toEqual([['turn-unbalanced', 'error', t1]]);
    expect(r.messages[0]).toBe('turn 1 (seq 0) has no turn/end: turn 2 starts at seq 1 inside it');
    expect(r.turns).toEqual([
      [1, 0, null, undefined, 0],
      [2, 1, 2, 'completed', 0],
    ]);
    expect(r.index.turns[0]?.lastSeq).toBe(0);
  });

  it('turn-unbalanced: turn/end without turn/start, a turn/end naming another turn, numbers out of order', () => {
    const l = new EventList();
    const lone = l.turnEnd(7);
    l.turnStart(3);
    const other = l.turnEnd(4);
    const back = l.turnStart(2);
    l.turnEnd(2);
    const r = analyze(l.events);
    expect(r.diags).toEqual([
      ['turn-unbalanced', 'error', lone],
      ['turn-unbalanced', 'error', other],
      ['turn-unbalanced', 'error', back],
    ]);
    expect(r.messages).toEqual([
      'turn/end for turn 7 without a turn/start',
      'turn/end names turn 4, but turn 3 (seq 1) is open',
      'turn numbers out of order: turn 2 starts after turn 3',
    ]);
  });

  it('a turn/end with an error and no valid turn number: named plainly, and counted as a turn error', () => {
    const error = { kind: 'error', error: { message: 'provider down' } };
    // No turn open: a stray turn/end whose data.turn is missing (a crashed harness's last line).
    const l = new EventList();
    l.turnStart(1);
    l.turnEnd(1);
    const stray = l.add('turn/end', { reason: error });
    // A turn open, ended by a turn/end with a turn number that is not a number.
    l.turnStart(2);
    const odd = l.add('turn/end', { turn: 'two', reason: { kind: 'aborted' } });
    const r = analyze(l.events);
    expect(r.messages).toEqual([
      `turn/end for a turn with no valid number (seq ${stray}) without a turn/start`,
      `turn/end names a turn with no valid number (seq ${odd}), but turn 2 (seq 3) is open`,
    ]);
    expect(r.messages.join('\n')).not.toContain('NaN');
    expect(r.index.totals.errorTurns).toBe(1);
    const summary = problemSummary(r.index);
    expect(summary.errorTurns).toEqual({ count: 1, firstSeq: stray });
    expect(summary.abortedTurns).toEqual({ count: 1, firstSeq: odd });
  });

  it('turn-open-at-tail: a warning at the open turn, and its unanswered calls are not reported', () => {
    const l = new EventList();
    const t = l.turnStart(1);
    l.stepStart(1, 1);
    l.toolCall(1, 1, 'running');
    const r = analyze(l.events);
    expect(r.diags).toEqual([['turn-open-at-tail', 'warning', t]]);
    expect(r.turns).toEqual([[1, 0, null, undefined, 1]]);
    expect(r.index.turns[0]?.lastSeq).toBe(2);
    expect(r.index.steps[0]).toMatchObject({ endSeq: null, lastSeq: 2 });
  });

  it('step-unbalanced: step outside a turn, nested steps, end without start, end naming another step, turn/end with a step open', () => {
    const l = new EventList();
    const outside = l.stepStart(1, 1);
    l.stepEnd(1, 1);
    l.turnStart(1);
    const nested = l.stepStart(1, 1);
    l.stepStart(1, 2);
    const wrongEnd = l.stepEnd(1, 3);
    const lone = l.stepEnd(1, 4);
    const open = l.stepStart(1, 5);
    l.turnEnd(1);
    const r = analyze(l.events);
    expect(r.diags).toEqual([
      ['step-unbalanced', 'error', outside],
      ['step-unbalanced', 'error', nested],
      ['step-unbalanced', 'error', wrongEnd],
      ['step-unbalanced', 'error', lone],
      ['step-unbalanced', 'error', open],
    ]);
    expect(r.messages).toEqual([
      'step/start (turn 1 step 1) outside any turn',
      'step 1 of turn 1 (seq 3) has no step/end: step 2 starts at seq 4',
      'step/end names turn 1 step 3, but step 2 of turn 1 (seq 4) is open',
      'step/end (turn 1 step 4) without a step/start',
      'step 5 of turn 1 (seq 7) has no step/end before turn/end at seq 8',
    ]);
    expect(r.index.steps.map((s) => [s.step, s.turnIndex, s.startSeq, s.endSeq, s.lastSeq])).toEqual([
      [1, -1, 0, 1, 1],
      [1, 0, 3, null, 3],
      [2, 0, 4, 5, 5],
      [5, 0, 7, null, 7],
    ]);
  });

  it('step-unbalanced: step numbers out of order, and a step naming another turn', () => {
    const l = new EventList();
    l.turnStart(1);
    l.stepStart(1, 2);
    l.stepEnd(1, 2);
    const back = l.stepStart(1, 1);
    l.stepEnd(1, 1);
    const other = l.stepStart(9, 3);
    l.stepEnd(9, 3);
    l.turnEnd(1);
    expect(analyze(l.events).diags).toEqual([
      ['step-unbalanced', 'error', back],
      ['step-unbalanced', 'error', other],
    ]);
  });

  it('event-outside-step: one warning per run; user messages may sit outside steps; replaces are exempt', () => {
    const l = new EventList();
    l.user('hello');
    const run = l.chunk(1, 1, { type: 'text-delta', index: 0, text: 'a' });
    l.chunk(1, 1, { type: 'text-delta', index: 0, text: 'b' });
    l.add('llm/retry', {});
    l.chunk(1, 1, { type: 'finish', reason: { kind: 'stop' } });
    l.turnStart(1);
    l.stepStart(1, 1);
    const call = l.toolCall(1, 2, 'c1');
    l.toolResult(1, 1, 'c1'); // pairs even though its call named another step
    l.toolResult(1, 9, 'c1', {
      extra: { surfaceOp: { op: 'replace', start: 8, end: 8 }, sourceEventSeqs: [8] },
    });
    l.stepEnd(1, 1);
    l.turnEnd(1);
    const r = analyze(l.events);
    expect(r.diags).toEqual([
      ['event-outside-step', 'warning', run],
      ['event-outside-step', 'warning', call],
    ]);
    expect(r.messages).toEqual([
      '3 events (seq 1-4) name turn 1 step 1, but no step is open',
      'tool/call at seq 7 names turn 1 step 2, but the open step is step 1 of turn 1 (seq 6)',
    ]);
    expect(r.calls).toEqual([['c1', 'bash', 7, 8, false]]);
    expect(r.index.steps[0]?.attempts).toEqual([]); // chunks outside the step are not its stream
  });

  it('tool-call-without-result (warning at the call) and tool-result-without-call (error at the result)', () => {
    const l = new EventList();
    l.turnStart(1);
    l.stepStart(1, 1);
    const call = l.toolCall(1, 1, 'lost', 'grep');
    const result = l.toolResult(1, 1, 'ghost', { isError: true });
    l.stepEnd(1, 1);
    l.turnEnd(1);
    const r = analyze(l.events);
    expect(r.diags).toEqual([
      ['tool-result-without-call', 'error', result],
      ['tool-call-without-result', 'warning', call],
    ]);
    expect(r.messages).toEqual([
      'tool/result for call id "ghost", which no tool/call made',
      'tool call "grep" (lost) never got a tool/result',
    ]);
    expect(r.calls).toEqual([
      ['lost', 'grep', call, null, false],
      ['ghost', '', null, result, true],
    ]);
  });

  it('chunk-mismatch: at the message; not when the message has no chunks or sourceEventSeqs: []', () => {
    const l = new EventList();
    l.turnStart(1);
    l.stepStart(1, 1);
    l.textStream(1, 1, 'streamed');
    const mismatch = l.message(1, 1, [{ type: 'text', text: 'stored' }]);
    l.stepEnd(1, 1);
    l.stepStart(1, 2);
    l.message(1, 2, [{ type: 'text', text: 'no chunks at all' }]);
    l.stepEnd(1, 2);
    l.stepStart(1, 3);
    l.textStream(1, 3, 'streamed');
    l.message(1, 3, [{ type: 'text', text: 'known empty stream' }], {}, { sourceEventSeqs: [] });
    l.stepEnd(1, 3);
    l.turnEnd(1);
    const r = analyze(l.events);
    expect(r.diags).toEqual([['chunk-mismatch', 'warning', mismatch]]);
    expect(r.messages[0]).toBe(
      'chunks (seq 2-5) differ from the message: block 1: text differs: chunks have "streamed" (8 chars), message has "stored" (6 chars)',
    );
  });

  it('failed-attempt: info at the failing finish; the next attempt starts fresh; an error followed by a message is not failed', () => {
    const l = new EventList();
    l.turnStart(1);
    l.stepStart(1, 1);
    l.chunk(1, 1, { type: 'text-delta', index: 0, text: 'partial' });
    const finish = l.chunk(1, 1, {
      type: 'finish',
      reason: { kind: 'aborted', failure: { message: 'stream reset', code: 'RESET' } },
    });
    l.add('llm/retry', { attempt: 2 });
    l.textStream(1, 1, 'whole');
    const msg = l.message(1, 1, [{ type: 'text', text: 'whole' }]);
    l.stepEnd(1, 1);
    l.stepStart(1, 2);
    l.chunk(1, 2, { type: 'text-delta', index: 0, text: 'cut' });
    l.chunk(1, 2, { type: 'finish', reason: { kind: 'aborted', failure: { message: 'user' } } });
    const interrupted = l.message(1, 2, [{ type: 'text', text: 'cut' }], { interrupted: true });
    l.stepEnd(1, 2);
    l.turnEnd(1, { kind: 'aborted', reason: { kind: 'user' } });
    const r = analyze(l.events);
    expect(r.diags).toEqual([
      ['failed-attempt', 'info', finish],
      ['interrupted-message', 'info', interrupted],
    ]);
    expect(r.messages[0]).toBe(
      'attempt 1 of step 1 (turn 1) failed: finish aborted RESET: stream reset (2 chunks, no assistant/message)',
    );
    expect(r.steps).toEqual([
      [
        1,
        1,
        1,
        10,
        msg,
        [
          [2, 3, 2, true, undefined],
          [5, 8, 4, false, msg],
        ],
      ],
      [1, 2, 11, 15, interrupted, [[12, 13, 2, false, interrupted]]],
    ]);
    expect(r.index.turns[0]?.endReason).toEqual({
      kind: 'aborted',
      detail: 'user',
      raw: { kind: 'aborted', reason: { kind: 'user' } },
    });
  });

  it('a failed attempt at the end of a step (no retry) is still reported', () => {
    const l = new EventList();
    l.turnStart(1);
    l.stepStart(1, 1);
    const finish = l.chunk(1, 1, {
      type: 'finish',
      reason: { kind: 'error', failure: { message: 'rate limited', code: 'RATE' } },
    });
    l.stepEnd(1, 1);
    l.turnEnd(1, { kind: 'error', error: { message: 'rate limited', code: 'RATE' } });
    const r = analyze(l.events);
    expect(r.diags).toEqual([['failed-attempt', 'info', finish]]);
    expect(r.index.totals).toMatchObject({ failedAttempts: 1, errorTurns: 1 });
  });

  it('empty-assistant-message and interrupted-message (info)', () => {
    const l = new EventList();
    l.turnStart(1);
    l.stepStart(1, 1);
    l.chunk(1, 1, { type: 'reasoning-delta', index: 0, text: 'thinking' });
    l.chunk(1, 1, { type: 'finish', reason: { kind: 'max-tokens' } });
    const empty = l.message(1, 1, []);
    l.stepEnd(1, 1);
    l.stepStart(1, 2);
    const cut = l.message(
      1,
      2,
      [{ type: 'text', text: 'half' }],
      { interrupted: true },
      { sourceEventSeqs: [] },
    );
    l.stepEnd(1, 2);
    l.turnEnd(1, { kind: 'max-tokens' });
    const r = analyze(l.events);
    expect(r.diags).toEqual([
      ['empty-assistant-message', 'info', empty],
      ['interrupted-message', 'info', cut],
    ]);
    expect(r.messages[0]).toBe(
      'assistant/message with empty content: the projector skips it (its stream had 1 block(s))',
    );
  });

  it('repair-placeholder: crash-repair tool results (warning)', () => {
    const l = new EventList();
    l.turnStart(1);
    l.stepStart(1, 1);
    l.toolCall(1, 1, 'a');
    l.toolCall(1, 1, 'b');
    const unknown = l.toolResult(1, 1, 'a', { error: { name: 'ToolError', code: 'TOOL_OUTCOME_UNKNOWN' } });
    const notStarted = l.toolResult(1, 1, 'b', { error: { name: 'ToolError', code: 'TOOL_NOT_STARTED' } });
    l.stepEnd(1, 1);
    l.turnEnd(1, { kind: 'interrupted' });
    const r = analyze(l.events);
    expect(r.diags).toEqual([
      ['repair-placeholder', 'warning', unknown],
      ['repair-placeholder', 'warning', notStarted],
    ]);
    expect(r.index.toolCalls.map((c) => [c.isError, c.errorCode])).toEqual([
      [true, 'TOOL_OUTCOME_UNKNOWN'],
      [true, 'TOOL_NOT_STARTED'],
    ]);
    expect(r.index.turns[0]).toMatchObject({ toolErrors: 2, endReason: { kind: 'interrupted' } });
  });
});
