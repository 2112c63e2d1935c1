import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ReplayQueries } from './replayQueries';
import { OpenLog } from './openLog';

function session(bytes: Uint8Array): OpenLog {
  const s = new OpenLog(1, 'file', 'test.jsonl');
  s.push(bytes);
  s.end();
  return s;
}

const noMatches = { matchSeqs: () => null };
const uniform = { kind: 'uniform', eventsPerSecond: 20 } as const;
const flagged = (w: { problem: Uint8Array }): number[] => [...w.problem].flatMap((p, i) => (p ? [i] : []));

describe('playback problem flags ("stop at problems")', () => {
  it('flag failed attempts, tool errors and failed turn ends, not only error/warning diagnostics', () => {
    const s = session(readFileSync(new URL('../../public/samples/demo.jsonl', import.meta.url)));
    const r = new ReplayQueries(s, noMatches);
    const st = s.log.structure;
    const failed = st.steps.flatMap((step) =>
      step.attempts.filter((a) => a.failed).map((a) => a.lastChunkSeq),
    );
    const toolErrors = st.toolCalls.flatMap((c) => (c.isError && c.resultSeq !== null ? [c.resultSeq] : []));
    expect(failed.length).toBeGreaterThan(0);
    expect(toolErrors.length).toBeGreaterThan(0);
    const got = flagged(r.plan(0, s.eventCount, uniform));
    for (const seq of [...failed, ...toolErrors]) expect(got).toContain(seq);
    // The demo's first problem is its first failed attempt (an info diagnostic only).
    expect(got[0]).toBe(Math.min(...failed));
    expect(s.diag.at(got[0]!)?.severity).toBe('info');
  });

  it('flags an interrupted message and the end of an aborted turn', () => {
    const rows = [
      { type: 'turn/start', seq: 0, time: 1000, data: { turn: 1 } },
      { type: 'step/start', seq: 1, time: 1010, data: { turn: 1, step: 1 } },
      {
        type: 'assistant/message',
        seq: 2,
        time: 1020,
        data: {
          turn: 1,
          step: 1,
          interrupted: true,
          message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }] },
        },
      },
      { type: 'step/end', seq: 3, time: 1030, data: { turn: 1, step: 1 } },
      { type: 'turn/end', seq: 4, time: 1040, data: { turn: 1, reason: { kind: 'aborted' } } },
    ];
    const s = session(new TextEncoder().encode(rows.map((r) => JSON.stringify(r)).join('\n') + '\n'));
    const got = flagged(new ReplayQueries(s, noMatches).plan(0, 10, uniform));
    expect(got).toContain(4);
    expect(got).toContain(2);
    expect(got).not.toContain(0);
  });
});
