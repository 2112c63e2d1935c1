/**
 * `costTotals` on a large log reads every step's model once (a parse of the step's message event
 * each; 1-2 s at 1-2 GB). That read is spread over slices, so a seek's `messages` sent while it
 * runs is answered before it, not after the whole read; a second costTotals shares the read; a
 * newly opened log stops it. Order of answers, never time.
 */
import { describe, expect, it, vi } from 'vitest';
import { generateLogText } from '../../scripts/gen/index';
import { AnswerQueries, COST_SLICE_STEPS } from './answerQueries';
import { LogHost } from './host';
import { OpenLog } from './openLog';
import type { ResponseMessage, WorkerMessage } from './protocol';

// About 210 steps: more than one slice of step reads.
const TEXT = generateLogText({ events: 30_000, seed: 5 });

async function opened() {
  const posted: WorkerMessage[] = [];
  const host = new LogHost((m) => posted.push(m));
  await host.receive({ id: 1, kind: 'open', loadId: 1, source: { kind: 'text', text: TEXT } });
  const answers = () => posted.filter((m): m is ResponseMessage => m.type === 'response' && m.id > 1);
  const c = host.current;
  if (!c) throw new Error('the log did not open');
  return { host, c, answers };
}

/** What a fresh reading of the same bytes sums (the synchronous path, the reference). */
function reference() {
  const s = new OpenLog(1, 'text', 'log.jsonl');
  s.push(new TextEncoder().encode(TEXT));
  s.end();
  return { steps: s.log.structure.steps.length, totals: new AnswerQueries(s).costTotals() };
}

describe('costTotals reads step models in slices', () => {
  it('a messages request sent while the totals are read is answered before them', async () => {
    const { host, c, answers } = await opened();
    const ref = reference();
    expect(ref.steps).toBeGreaterThan(COST_SLICE_STEPS);
    const reads = vi.spyOn(c.log.log, 'event');
    // The first slice runs at once; the seek arrives while the read is paused after it.
    const totals = host.receive({ id: 2, kind: 'costTotals' });
    const readBefore = reads.mock.calls.length;
    const last = c.log.eventCount - 1;
    const seek = host.receive({ id: 3, kind: 'messages', seq: last, from: -50, to: 0 });
    await Promise.all([totals, seek]);
    expect(readBefore).toBeGreaterThan(0);
    expect(readBefore).toBeLessThan(ref.steps);
    expect(answers().map((a) => a.kind)).toEqual(['messages', 'costTotals']);
    const [seekAnswer, totalsAnswer] = answers();
    expect(seekAnswer?.result.ok).toBe(true);
    expect(totalsAnswer?.result).toEqual({ ok: true, value: ref.totals });
  });

  it('two costTotals asked together share one read of the models and give one answer', async () => {
    const { host, c, answers } = await opened();
    const reads = vi.spyOn(c.log.log, 'event');
    await Promise.all([
      host.receive({ id: 2, kind: 'costTotals' }),
      host.receive({ id: 3, kind: 'costTotals' }),
    ]);
    const both = reads.mock.calls.length;
    const [a, b] = answers();
    expect(a?.result).toEqual(b?.result);
    expect(a?.result).toEqual({ ok: true, value: reference().totals });
    // Alone on a fresh host, the same read.
    const alone = await opened();
    const readsAlone = vi.spyOn(alone.c.log.log, 'event');
    await alone.host.receive({ id: 2, kind: 'costTotals' });
    expect(both).toBe(readsAlone.mock.calls.length);
  });

  it('opening another log stops the read: that costTotals is answered superseded', async () => {
    const { host, answers } = await opened();
    const totals = host.receive({ id: 2, kind: 'costTotals' });
    const reopen = host.receive({ id: 3, kind: 'open', loadId: 2, source: { kind: 'text', text: '' } });
    await Promise.all([totals, reopen]);
    const answer = answers().find((a) => a.kind === 'costTotals') as ResponseMessage;
    expect(answer.result).toMatchObject({ ok: false, error: { code: 'superseded' } });
  });
});
