/** Per-step metrics: a step's model from the header in force, each header read once (audit R9-4). */
import { describe, expect, it, vi } from 'vitest';
import { loadLogFromText } from '../log/load';
import { stepMetrics, stepModel } from './steps';

/** Headers at the given step numbers (before that step), then `steps` steps whose messages name no model. */
function logOf(steps: number, headers: Record<number, string>): string {
  const lines: string[] = [];
  let seq = 0;
  const ev = (type: string, data: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    lines.push(JSON.stringify({ type, seq: seq++, time: 1755000000000 + seq, data, ...extra }));
  const tools = Array.from({ length: 50 }, (_, i) => ({ name: `tool_${i}`, description: 'x'.repeat(200) }));
  ev('turn/start', { turn: 1 });
  ev('user/message', { role: 'user', content: [{ type: 'text', text: 'go' }] }, { surfaceOp: 'append' });
  for (let i = 1; i <= steps; i++) {
    const model = headers[i];
    if (model !== undefined)
      ev('request/header', { header: { config: { model }, system: 'be brief', tools } });
    ev('step/start', { turn: 1, step: i });
    const message = { role: 'assistant', content: [{ type: 'text', text: `ok ${i}` }] };
    ev(
      'assistant/message',
      { turn: 1, step: i, message, usage: { inputTokens: 10, outputTokens: 1 } },
      { surfaceOp: 'append' },
    );
    ev('step/end', { turn: 1, step: i });
  }
  ev('turn/end', { turn: 1, reason: { kind: 'completed' } });
  return lines.join('\n') + '\n';
}

describe('the model of a step whose message names none (R9-4)', () => {
  it('comes from the header in force, and each header is read once for all its steps', () => {
    const log = loadLogFromText(logOf(300, { 1: 'model-a', 151: 'model-b' }));
    const headerSeqs = new Set(
      Array.from({ length: log.eventCount }, (_, s) => s).filter((s) => log.typeOf(s) === 'request/header'),
    );
    expect(headerSeqs.size).toBe(2);
    const event = vi.spyOn(log, 'event');
    const metrics = stepMetrics(log);
    expect(metrics.map((m) => m.model)).toEqual([
      ...Array<string>(150).fill('model-a'),
      ...Array<string>(150).fill('model-b'),
    ]);
    const headerReads = () => event.mock.calls.filter(([s]) => headerSeqs.has(s)).length;
    expect(headerReads()).toBe(2);
    // a step asked alone later (the worker's cost figure) reads no header again
    expect(stepModel(log, log.structure.steps[200]!)).toBe('model-b');
    expect(headerReads()).toBe(2);
  });
});
