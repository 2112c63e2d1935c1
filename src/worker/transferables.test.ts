import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OpenLog } from './openLog';
import type { WorkerMessage } from './protocol';
import { ReplayQueries } from './replayQueries';
import { transferablesOf } from './transferables';

function demo(): OpenLog {
  const bytes = readFileSync(new URL('../../public/samples/demo.jsonl', import.meta.url));
  const session = new OpenLog(1, 'sample', 'demo.jsonl');
  session.push(bytes);
  session.end();
  return session;
}

describe('transferablesOf', () => {
  it("hands over a replay axis answer's arrays: the page gets the same values, the worker keeps none", () => {
    const r = new ReplayQueries(demo(), { matchSeqs: () => null });
    const value = r.axis('time', 800);
    const again = r.axis('time', 800); // the same answer built again: the worker's copies are fresh
    const msg: WorkerMessage = { type: 'response', id: 1, kind: 'replayAxis', result: { ok: true, value } };
    const transfer = transferablesOf(msg);
    expect(transfer.length).toBe(11);
    const sent = structuredClone(msg, { transfer });
    // Transferred: the worker's arrays are detached, the page's hold the values.
    expect(value.knotSeqs.length).toBe(0);
    expect(value.stepXs.length).toBe(0);
    expect(sent).toEqual({ ...msg, result: { ok: true, value: again } });
    expect(again.knotSeqs.length).toBeGreaterThan(0);
  });

  it('transfers nothing of other answers and of errors', () => {
    expect(
      transferablesOf({
        type: 'response',
        id: 1,
        kind: 'ping',
        result: { ok: true, value: { loadId: 0 } },
      }),
    ).toEqual([]);
    expect(
      transferablesOf({
        type: 'response',
        id: 1,
        kind: 'replayAxis',
        result: { ok: false, error: { code: 'internal', message: 'x' } },
      }),
    ).toEqual([]);
  });
});
