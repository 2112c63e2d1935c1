/** One row whose summary throws is shown with why; the rest of its window is drawn (audit R17-4). */
import { describe, expect, it, vi } from 'vitest';
import type * as Summary from '../core/view/summary';
import { OpenLog } from './openLog';
import { TimelineRows } from './timelineRows';

vi.mock('../core/view/summary', async (importOriginal) => {
  const real = await importOriginal<typeof Summary>();
  return {
    ...real,
    summarize: (ev: Parameters<typeof real.summarize>[0]) => {
      if (ev.type === 'session/title') throw new Error('boom');
      return real.summarize(ev);
    },
  };
});

describe('a row whose summary throws', () => {
  it('is shown as an error row with the reason; every other row of the window is there', () => {
    const text = [
      '{"type":"turn/start","seq":0,"data":{"turn":1}}',
      '{"type":"session/title","seq":1,"data":{"title":"t"}}',
      '{"type":"turn/end","seq":2,"data":{"turn":1,"reason":{"kind":"completed"}}}',
    ].join('\n');
    const session = new OpenLog(1, 'text', 'log.jsonl');
    session.push(new TextEncoder().encode(text + '\n'));
    session.end();
    const timeline = new TimelineRows(session);
    const rows = timeline.window(0, timeline.rows().rowCount);
    expect(rows.map((r) => r.seq)).toEqual([0, 1, 2]);
    expect(rows[1]).toMatchObject({
      seq: 1,
      type: 'session/title',
      tone: 'error',
      summary: '(this row could not be summarized: boom)',
    });
    expect(rows[2]?.summary).toMatch(/^Turn 1 completed/);
  });
});
