import { describe, expect, it } from 'vitest';
import { OpenLog } from './openLog';
import { TURN_REASON_OTHER, turnReasonAt } from './protocol';
import { Queries } from './queries';
import { ReplayQueries } from './replayQueries';

/** A log of `turns` turns, each a turn/start and a turn/end with `reason(t)` (audit 28 N2's payload). */
function turnsLog(turns: number, reason: (t: number) => string = () => 'completed'): OpenLog {
  const lines: string[] = [];
  for (let t = 1; t <= turns; t++) {
    const seq = 2 * (t - 1);
    lines.push(
      `{"type":"turn/start","seq":${seq},"time":${seq},"data":{"turn":${t},"trigger":{"kind":"message"}}}`,
    );
    lines.push(
      `{"type":"turn/end","seq":${seq + 1},"time":${seq + 1},"data":{"turn":${t},"reason":{"kind":"${reason(t)}"}}}`,
    );
  }
  const session = new OpenLog(1, 'sample', 'turns.jsonl');
  session.push(new TextEncoder().encode(lines.join('\n') + '\n'));
  session.end();
  return session;
}

/** Objects and array elements in a posted value, not counting typed arrays' contents. */
function plainValues(value: unknown): number {
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.reduce((sum: number, v) => sum + 1 + plainValues(v), 0);
}

describe('turns posted as columns (audit 28 N2)', () => {
  const turns = 20_000;
  const session = turnsLog(turns, (t) => (t % 1000 === 0 ? 'error' : 'completed'));

  it('the replay axis of 20,000 turns holds no object per turn: its plain part is sized by the bar', () => {
    const v = new ReplayQueries(session, { matchSeqs: () => null }).axis('time', 800);
    // One object per turn (the old shape) is 20,000 objects of 5-6 fields.
    expect(plainValues(v)).toBeLessThan(2_000);
    expect(v.turnNums.length).toBe(turns);
    expect(v.turnNums[4]).toBe(5);
    expect(Array.from(v.turnSeqs.subarray(8, 10))).toEqual([8, 9]);
    expect(v.turnXs[2 * (turns - 1) + 1]).toBe(1);
    expect(turnReasonAt(v, 998)).toBe('completed');
    expect(turnReasonAt(v, 999)).toBe('error');
  });

  it('the structure answer of 20,000 turns holds no object per turn either', () => {
    const s = new Queries(session).structure();
    expect(plainValues(s)).toBeLessThan(100);
    expect(s.turnNums.length).toBe(turns);
    expect(Array.from(s.turnSeqs.subarray(0, 2))).toEqual([0, 1]);
    expect(s.turnSteps[0]).toBe(0);
    expect(s.turnDurations[0]).toBe(1);
    expect(turnReasonAt(s, turns - 1)).toBe('error');
  });

  it('names at most 255 end reasons: the harness kinds stay, further unknown kinds are "other"', () => {
    const log = turnsLog(600, (t) => (t % 2 === 0 ? `kind-${t}` : t % 3 === 0 ? 'error' : 'aborted'));
    const v = new ReplayQueries(log, { matchSeqs: () => null }).axis('seq', 400);
    expect(v.turnReasonNames.length).toBe(255);
    expect(turnReasonAt(v, 1)).toBe('kind-2');
    expect(turnReasonAt(v, 599)).toBe(TURN_REASON_OTHER);
    expect(turnReasonAt(v, 598)).toBe('aborted');
    expect(turnReasonAt(v, 596)).toBe('error');
  });
});
