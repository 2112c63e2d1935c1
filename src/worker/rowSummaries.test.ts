import { describe, expect, it } from 'vitest';
import { badRunLog } from '../core/testing/badRun';
import { OpenLog } from './openLog';
import { TimelineRows } from './timelineRows';

function rowsOf(text: string, slice = 997) {
  const bytes = new TextEncoder().encode(text);
  const session = new OpenLog(1, 'text', 'run.jsonl');
  for (let i = 0; i < bytes.length; i += slice) session.push(bytes.subarray(i, i + slice));
  session.end();
  const timeline = new TimelineRows(session);
  return timeline.window(0, timeline.rows().rowCount);
}

describe('row summaries: what a turn or step did', () => {
  const run = badRunLog({ turns: 2, stepsPerTurn: 3, toolErrors: 2, failedAttempts: 1, lastTurnError: true });
  const rows = rowsOf(run.text);

  it('a turn row shows the start of its user prompt', () => {
    const turns = rows.filter((r) => r.kind === 'turn');
    expect(turns.map((t) => t.turn?.prompt)).toEqual(run.prompts);
  });

  it('a step row lists the tools it called, repeats counted, and its outcome', () => {
    const steps = rows.filter((r) => r.kind === 'step').map((r) => r.step!);
    expect(steps.map((s) => s.tools)).toEqual([
      'bash, read x2',
      'bash',
      'bash',
      'bash, read x2',
      'bash',
      'bash',
    ]);
    // Two tool errors in the first step (bash and the first read), a failed-and-retried call in step 1.2.
    expect(steps.map((s) => s.outcomes)).toEqual([
      ['tool error'],
      ['failed attempt'],
      ['ok'],
      ['ok'],
      ['ok'],
      ['ok'],
    ]);
  });

  it('a step that never ended says so: open at the tail, cut short when its turn ended', () => {
    const lines = run.text.trimEnd().split('\n');
    // Drop the last step's step/end and the turn/end after it: the step is open at the tail.
    const open = rowsOf(lines.slice(0, -2).join('\n') + '\n').filter((r) => r.kind === 'step');
    expect(open.at(-1)?.step?.outcomes).toEqual(['open']);
    // Drop only the step/end: the turn ended (in an error) around a step that never did.
    const cut = rowsOf([...lines.slice(0, -2), lines.at(-1)].join('\n') + '\n').filter(
      (r) => r.kind === 'step',
    );
    expect(cut.at(-1)?.step?.outcomes).toEqual(['cut short']);
  });
});

describe('a log without timestamps (every time 0)', () => {
  it('has no relative times or durations on its rows, and the summary no start or end time', () => {
    const run = badRunLog({ turns: 2, stepsPerTurn: 2, toolErrors: 1, failedAttempts: 1, untimed: true });
    const rows = rowsOf(run.text);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => r.relTime !== undefined)).toEqual([]);
    expect(rows.filter((r) => r.turn?.durationMs !== undefined || r.step?.durationMs !== undefined)).toEqual(
      [],
    );
    expect(rows.filter((r) => r.step?.health !== undefined || r.chunks?.durationMs !== undefined)).toEqual(
      [],
    );
    const session = new OpenLog(1, 'text', 'untimed.jsonl');
    session.push(new TextEncoder().encode(run.text));
    session.end();
    expect([session.startTime, session.endTime]).toEqual([undefined, undefined]);
  });

  it('a timed log keeps them', () => {
    const rows = rowsOf(badRunLog({ turns: 1, stepsPerTurn: 2, toolErrors: 0, failedAttempts: 0 }).text);
    expect(rows.filter((r) => r.relTime !== undefined).length).toBe(rows.length);
    expect(rows.find((r) => r.kind === 'turn')?.turn?.durationMs).toBeGreaterThan(0);
  });
});
