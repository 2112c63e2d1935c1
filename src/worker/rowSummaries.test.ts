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

describe('a number field holding a value that cannot be converted (audit R17-4)', () => {
  const deep = '['.repeat(20_000) + ']'.repeat(20_000);
  const trap = '{"toString":1}';
  const lines = (v: string) => [
    '{"type":"request/context","seq":0,"data":{"provider":"p","model":"m","contextWindow":' + v + '}}',
    '{"type":"turn/start","seq":1,"data":{"turn":1}}',
    '{"type":"step/start","seq":2,"data":{"turn":1,"step":1}}',
    '{"type":"llm/retry","seq":3,"data":{"attempt":1,"delayMs":' + v + '}}',
    '{"type":"assistant/message","seq":4,"data":{"turn":1,"step":1,"message":{"role":"assistant","content":[{"type":"text","text":"x"}]},"usage":{"inputTokens":' +
      v +
      ',"outputTokens":5}},"surfaceOp":"append"}',
    '{"type":"step/end","seq":5,"data":{"turn":1,"step":1}}',
    '{"type":"user/message","seq":6,"data":{"role":"user","content":[{"type":"text","text":"y"}]},"surfaceOp":{"op":"replace","start":' +
      v +
      ',"end":1}}',
    '{"type":"turn/end","seq":7,"data":{"turn":1,"reason":{"kind":"completed"}}}',
  ];

  it.each([
    ['toString trap', trap],
    ['array 20,000 deep', deep],
  ])('%s: every row is there, the bad values shown as invalid', (_, v) => {
    const rows = rowsOf(lines(v).join('\n') + '\n', 1 << 20);
    expect(rows.map((r) => r.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const seq of [0, 3, 4, 6]) expect(rows[seq]?.summary, `seq ${seq}`).toContain('(invalid)');
  });
});
