/**
 * Step input digests on a log that rewrites its FIRST message every step
 * (audit R9-5): each step lists and sums only what changed, and the digests
 * are those of the whole list.
 */
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import type { SessionLog } from '../log/sessionLog';
import { compareRuns, runProfile, type RunSource } from './runs';

/** One turn; a head user message; each step appends an assistant message and replaces the head. */
function headRewrites(steps: number, headText = (step: number) => `task v${step}`): string {
  const lines: string[] = [];
  const ev = (type: string, data: unknown, extra: Record<string, unknown> = {}): number => {
    lines.push(JSON.stringify({ type, seq: lines.length, data, ...extra }));
    return lines.length - 1;
  };
  const user = (text: string) => ({ role: 'user', content: [{ type: 'text', text }] });
  ev('request/header', { header: { config: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } });
  ev('turn/start', { turn: 1 });
  let head = ev('user/message', user('task'), { surfaceOp: 'append' });
  for (let i = 1; i <= steps; i++) {
    ev('step/start', { turn: 1, step: i });
    const message = { role: 'assistant', content: [{ type: 'text', text: `a${i}` }] };
    ev(
      'assistant/message',
      { turn: 1, step: i, message, usage: { inputTokens: 10, outputTokens: 1 } },
      { surfaceOp: 'append', sourceEventSeqs: [] },
    );
    head = ev('user/message', user(headText(i)), {
      surfaceOp: { op: 'replace', start: head, end: head },
      sourceEventSeqs: [head],
    });
    ev('step/end', { turn: 1, step: i });
  }
  ev('turn/end', { turn: 1, reason: { kind: 'completed' } });
  return lines.join('\n') + '\n';
}

/** The log, counting every message seq and message it hands out; `lists: false` hides messageSeqsAt. */
function counting(log: SessionLog, lists = true): { source: RunSource; listed: () => number } {
  let listed = 0;
  const source = new Proxy(log, {
    get(target, key) {
      if (key === 'messageSeqsAt') {
        if (!lists) return undefined;
        return (seq: number, from?: number, since?: number) => {
          const w = target.messageSeqsAt(seq, from, since);
          listed += w.seqs.length;
          return w;
        };
      }
      if (key === 'messagesAt')
        return (seq: number, from?: number, to?: number) => {
          const r = target.messagesAt(seq, from, to);
          listed += r.messages.length;
          return r;
        };
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { source, listed: () => listed };
}

describe('step input digests when every step rewrites the first message', () => {
  const steps = 300;
  const log = loadLogFromText(headRewrites(steps));

  it('lists a bounded number of messages per step', () => {
    expect(log.diagnostics.counts.error).toBe(0);
    const { source, listed } = counting(log);
    const profile = runProfile(source);
    expect(profile.steps).toHaveLength(steps);
    // Step i is sent the head and i - 1 assistant messages.
    expect(profile.steps.map((s) => s.inputMessages)).toEqual(profile.steps.map((_, i) => i + 1));
    expect(listed()).toBeLessThanOrEqual(4 * steps);
  });

  it('gives each step the digest of its whole list (as a full read of every step gives)', () => {
    const incremental = runProfile(counting(log).source).steps.map((s) => s.inputDigest);
    const full = runProfile(counting(loadLogFromText(headRewrites(steps)), false).source).steps.map(
      (s) => s.inputDigest,
    );
    expect(new Set(incremental).size).toBe(steps);
    expect(incremental).toEqual(full);
  });

  it('finds the first step whose rewritten head differs', () => {
    const other = loadLogFromText(
      headRewrites(steps, (i) => (i === 200 ? 'task v200 (edited)' : `task v${i}`)),
    );
    const d = compareRuns(log, other).firstDivergence;
    // The head written in step 200 is first sent in step 201, as message 1.
    expect(d).toMatchObject({ turn: 1, step: 201, messageIndex: 0, reason: 'message 1 differs' });
  });
});
