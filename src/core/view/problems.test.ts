import { describe, expect, it } from 'vitest';
import { SessionLog } from '../log/sessionLog';
import type { Diagnostic } from '../types';
import { DiagnosticIndex } from './diagIndex';
import { ProblemIndex, errorOutcomeSeqs, problemSummary } from './problems';
import { badRunLog } from '../testing/badRun';

const line = (v: object) => JSON.stringify(v) + '\n';
const msg = (role: string, text: string, extra: object = {}) => ({
  role,
  content: [{ type: 'text', text }],
  ...extra,
});

/** A log with one of each kind of problem, in two turns. */
const first =
  line({ type: 'turn/start', seq: 0, time: 1000, data: { turn: 1 } }) +
  line({
    type: 'user/message',
    seq: 1,
    time: 1010,
    data: msg('user', 'go', { source: { kind: 'user' } }),
    surfaceOp: 'append',
  }) +
  line({ type: 'step/start', seq: 2, time: 1020, data: { turn: 1, step: 1 } }) +
  line({
    type: 'tool/call',
    seq: 3,
    time: 1030,
    data: { turn: 1, step: 1, callId: 'c1', name: 'bash', arguments: '{}' },
  }) +
  line({
    type: 'tool/result',
    seq: 4,
    time: 1040,
    data: {
      turn: 1,
      step: 1,
      message: {
        role: 'user',
        content: [{ type: 'tool-result', toolCallId: 'c1', content: [], isError: true }],
        source: { kind: 'tool', callId: 'c1' },
      },
      error: { code: 'exit-1' },
    },
    surfaceOp: 'append',
  }) +
  line({
    type: 'assistant/message',
    seq: 5,
    time: 1050,
    data: { turn: 1, step: 1, interrupted: true, message: msg('assistant', 'cut') },
    surfaceOp: 'append',
  }) +
  line({ type: 'step/end', seq: 6, time: 1060, data: { turn: 1, step: 1 } }) +
  line({ type: 'turn/end', seq: 7, time: 1070, data: { turn: 1, reason: { kind: 'interrupted' } } }) +
  // time going backwards: a warning, not an error
  line({ type: 'turn/start', seq: 8, time: 900, data: { turn: 2 } });

function indexed(text: string) {
  const log = new SessionLog();
  const diag = new DiagnosticIndex();
  const problems = new ProblemIndex({
    structure: () => log.structure,
    diagnostics: () => log.diagnostics.items,
    eventCount: () => log.eventCount,
    severityAt: (seq) => {
      diag.sync(log.diagnostics.items);
      return diag.at(seq)?.severity;
    },
  });
  const push = (t: string) => log.push(new TextEncoder().encode(t));
  push(text);
  const sets = () => {
    const all = Array.from({ length: log.eventCount }, (_, s) => s);
    return {
      errors: all.filter((s) => problems.isError(s)),
      problems: all.filter((s) => problems.isProblem(s)),
    };
  };
  return { log, problems, push, sets };
}

describe('the problem rule (errors only, stop at problems)', () => {
  it('errors are failed outcomes and error diagnostics; problems add warnings and interruptions', () => {
    const { sets } = indexed(first);
    const { errors, problems } = sets();
    expect(errors).toEqual([4]); // the failed tool result
    expect(problems).toEqual([4, 5, 7, 8]); // + interrupted message, interrupted turn end, time going backwards
  });

  it('an open turn ending in an error becomes an error, and firstErrorChange says where', () => {
    const { problems, push, sets } = indexed(first);
    const before = problems.snapshot();
    push(
      line({
        type: 'turn/end',
        seq: 9,
        time: 1100,
        data: { turn: 2, reason: { kind: 'error', error: { message: 'overloaded' } } },
      }),
    );
    const after = problems.snapshot();
    expect(after.version).toBeGreaterThan(before.version);
    expect(problems.firstErrorChange(before, after)).toBe(9);
    expect(sets().errors).toEqual([4, 9]);
    expect(problems.firstErrorChange(after, problems.snapshot())).toBe(Infinity);
  });

  it('an error diagnostic reported later about an earlier seq is a change at that seq; a warning is not', () => {
    const { log } = indexed(first);
    const items: Diagnostic[] = [];
    const problems = new ProblemIndex({
      structure: () => log.structure,
      diagnostics: () => items,
      eventCount: () => log.eventCount,
      severityAt: (seq) => items.find((d) => d.seq === seq)?.severity,
    });
    const before = problems.snapshot();
    items.push({ code: 'turn-open-at-tail', severity: 'warning', seq: 1, message: 'w' });
    const warned = problems.snapshot();
    expect(problems.firstErrorChange(before, warned)).toBe(Infinity);
    items.push({ code: 'surface-op-invalid', severity: 'error', seq: 2, message: 'e' });
    expect(problems.firstErrorChange(before, problems.snapshot())).toBe(2);
    expect(problems.isError(2)).toBe(true);
  });
});

describe('problemSummary (the header counts)', () => {
  it('counts tool errors, failed attempts and error-ended turns, each with its first seq', () => {
    const run = badRunLog({
      turns: 4,
      stepsPerTurn: 4,
      toolErrors: 17,
      failedAttempts: 12,
      lastTurnError: true,
    });
    const log = new SessionLog();
    log.push(new TextEncoder().encode(run.text));
    log.end();
    expect(log.diagnostics.items.filter((d) => d.severity === 'error')).toEqual([]);
    const s = problemSummary(log.structure);
    expect(s.toolErrors).toEqual({ count: 17, firstSeq: run.toolErrorSeqs[0] });
    expect(s.failedAttempts).toEqual({ count: 12, firstSeq: run.failedAttemptSeqs[0] });
    expect(s.errorTurns).toEqual({ count: 1, firstSeq: run.errorTurnSeq });
    expect(s.abortedTurns).toEqual({ count: 0, firstSeq: null });
    // The same rule as "errors only": every counted seq is an error outcome.
    const outcomes = errorOutcomeSeqs(log.structure);
    for (const seq of [...run.toolErrorSeqs, ...run.failedAttemptSeqs, run.errorTurnSeq as number])
      expect(outcomes.has(seq)).toBe(true);
    expect(outcomes.size).toBe(17 + 12 + 1);
  });

  it('a clean log has nothing to count', () => {
    const run = badRunLog({ turns: 2, stepsPerTurn: 2, toolErrors: 0, failedAttempts: 0 });
    const log = new SessionLog();
    log.push(new TextEncoder().encode(run.text));
    log.end();
    const s = problemSummary(log.structure);
    expect([s.toolErrors.count, s.failedAttempts.count, s.errorTurns.count, s.abortedTurns.count]).toEqual([
      0, 0, 0, 0,
    ]);
  });
});
