import { describe, expect, it } from 'vitest';
import { badRunLog } from '../core/testing/badRun';
import { OpenLog } from './openLog';
import { describeProblem, nextProblem } from './problemNav';

const run = badRunLog({ turns: 2, stepsPerTurn: 3, toolErrors: 2, failedAttempts: 2, lastTurnError: true });

function open(): OpenLog {
  const session = new OpenLog(1, 'text', 'run.jsonl');
  session.push(new TextEncoder().encode(run.text));
  session.end();
  return session;
}

describe('navigation by problem', () => {
  it('next/previous error walks every failed outcome in seq order, both ways', () => {
    const s = open();
    const errors = [...run.toolErrorSeqs, ...run.failedAttemptSeqs, run.errorTurnSeq as number].sort(
      (a, b) => a - b,
    );
    const forward: number[] = [];
    for (let seq: number | null = -1; ;) {
      seq = nextProblem(s, seq, 1, 'error').seq;
      if (seq === null) break;
      forward.push(seq);
    }
    expect(forward).toEqual(errors);
    const back: number[] = [];
    for (let seq: number | null = s.eventCount; ;) {
      seq = nextProblem(s, seq, -1, 'error').seq;
      if (seq === null) break;
      back.push(seq);
    }
    expect(back).toEqual([...errors].reverse());
  });

  it('next diagnostic lands on events with one (the failed attempts carry a failed-attempt diagnostic)', () => {
    const s = open();
    const first = nextProblem(s, -1, 1, 'diagnostic');
    expect(first.seq).toBe(run.failedAttemptSeqs[0]);
    expect(first.what).toContain('failed-attempt');
    expect(nextProblem(s, s.eventCount, 1, 'diagnostic').seq).toBeNull();
  });

  it('says what the problem is', () => {
    const s = open();
    expect(describeProblem(s, run.toolErrorSeqs[0]!)).toBe('tool error in bash (exit-1)');
    // The diagnostic's code in parentheses after the outcome (it was glued on after a semicolon).
    expect(describeProblem(s, run.failedAttemptSeqs[0]!)).toBe(
      'failed model call in step 1.2 (failed-attempt)',
    );
    expect(describeProblem(s, run.errorTurnSeq!)).toBe('turn 2 error');
    expect(describeProblem(s, 0)).toBeNull();
  });
});
