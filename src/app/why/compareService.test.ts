import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inputDigests, runProfile } from '../../core/diff/runs';
import { loadLogFromText } from '../../core/log/load';
import type { SessionLog } from '../../core/log/sessionLog';
import type { LogClient } from '../../worker/client';
import { CompareService, useCompare } from './compareService';

const sample = (name: string) =>
  loadLogFromText(readFileSync(resolve(__dirname, '../../../../shared/samples/dsh', name), 'utf8'));

/** A fake worker client over a log held in-process: answers the requests a comparison makes. */
function clientOf(log: () => SessionLog) {
  return {
    request: (req: { kind: string; seq?: number }) => {
      if (req.kind === 'open') return Promise.resolve({ ok: true, value: {} });
      if (req.kind === 'runProfile') return Promise.resolve({ ok: true, value: runProfile(log()) });
      if (req.kind === 'messages') {
        const seq = req.seq ?? 0;
        const count = log().messagesAt(seq).messages.length;
        const from = Math.max(0, count - 60);
        const w = log().messagesAt(seq, from, count);
        const messages = w.messages.map((m) => ({ index: m.index, seq: m.seq, message: m.message }));
        return Promise.resolve({ ok: true, value: { seq, count, nodeCount: 0, from, messages } });
      }
      if (req.kind === 'inputDigests')
        return Promise.resolve({ ok: true, value: inputDigests(log(), req.seq ?? 0) });
      return Promise.resolve({ ok: false, error: { code: 'bad-request', message: req.kind } });
    },
  } as unknown as Pick<LogClient, 'request'>;
}

describe('CompareService', () => {
  it('opens run B in its own client and finds the first differing message', async () => {
    const a = sample('agent-instructions.jsonl');
    const b = sample('steering.jsonl');
    let made = 0;
    const svc = new CompareService(
      clientOf(() => a),
      () => {
        made++;
        return clientOf(() => b);
      },
    );
    await svc.open({ kind: 'text', text: '' }, 'steering.jsonl');
    const s = useCompare.getState();
    expect(made).toBe(1);
    expect(s.status).toBe('ready');
    expect(s.comparison?.steps.map((x) => `${x.turn}.${x.step}`)).toEqual(['1.1', '1.2', '1.3']);
    expect(s.comparison?.firstDivergence).toMatchObject({
      turn: 1,
      step: 1,
      messageIndex: 0,
      reason: 'message 1 differs',
    });
  });

  it('a run against itself has no divergence', async () => {
    const a = sample('agent-instructions.jsonl');
    const svc = new CompareService(
      clientOf(() => a),
      () => clientOf(() => sample('agent-instructions.jsonl')),
    );
    await svc.open({ kind: 'text', text: '' }, 'same');
    expect(useCompare.getState().comparison?.firstDivergence).toBeNull();
    svc.close();
    expect(useCompare.getState().status).toBe('idle');
  });

  it("shows run B's derived messages at a seq in its own pane", async () => {
    const a = sample('agent-instructions.jsonl');
    const b = sample('steering.jsonl');
    const svc = new CompareService(
      clientOf(() => a),
      () => clientOf(() => b),
    );
    await svc.showB(3, 'nothing open yet');
    expect(useCompare.getState().runB).toBeNull();
    await svc.open({ kind: 'text', text: '' }, 'steering.jsonl');
    const seq = useCompare.getState().comparison?.firstDivergence?.b?.inputSeq ?? -1;
    expect(seq).toBeGreaterThanOrEqual(0);
    await svc.showB(seq, 'turn 1 step 1 input');
    const shown = useCompare.getState().runB;
    expect(shown).toMatchObject({
      seq,
      label: 'turn 1 step 1 input',
      count: b.messagesAt(seq).messages.length,
    });
    expect(shown?.messages.map((m) => m.seq)).toEqual(b.messagesAt(seq).messages.map((m) => m.seq));
    svc.close();
    expect(useCompare.getState().runB).toBeNull();
  });
});
