import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import { DEFAULT_PRICES, costOf, parsePriceTable, priceFor } from '../cost/prices';
import { compactionPoints, stepMetrics } from '../metrics/steps';
import { toolStats } from '../metrics/tools';
import {
  alignSteps,
  compareProfiles,
  compareRuns,
  runProfile,
  type RunProfile,
  type RunSource,
} from './runs';
import type { RequestView } from './request';
import type { SessionLog } from '../log/sessionLog';

const T0 = 1_760_000_000_000;

interface RunSpec {
  /** The tool output of each step's call (one tool round per step), then a final answer step. */
  outputs: string[];
  /** Tool-call ids differ between runs: the comparison must not care. */
  idPrefix: string;
  model?: string;
  failTool?: number;
  /** Each step after the first prunes the last step's tool result (a replace per step). */
  prune?: boolean;
}

/** A run: a user message, then per output a step calling `bash` and getting it back, then a final step. */
function run(spec: RunSpec): string {
  const ev: Record<string, unknown>[] = [];
  let t = T0;
  const add = (type: string, data: Record<string, unknown>, dt = 10) => {
    t += dt;
    ev.push({ type, seq: ev.length, time: t, data });
  };
  add('turn/start', { turn: 1 });
  add('request/header', {
    header: {
      config: { provider: 'x', model: spec.model ?? 'deepseek-v4-flash' },
      system: 'S',
      tools: ['bash'],
    },
    reason: 'initial',
  });
  add('user/message', { role: 'user', content: [{ type: 'text', text: 'do it' }] });
  const usage = { inputTokens: 1000, outputTokens: 200, cacheReadTokens: 5000 };
  let lastResult: { seq: number; data: Record<string, unknown> } | null = null;
  spec.outputs.forEach((out, i) => {
    const step = i + 1;
    const id = `${spec.idPrefix}${step}`;
    add('step/start', { turn: 1, step });
    add(
      'assistant/chunk',
      { turn: 1, step, chunk: { type: 'tool-call-delta', index: 0, id, name: 'bash', argumentsDelta: '{}' } },
      100,
    );
    add('assistant/chunk', { turn: 1, step, chunk: { type: 'usage', usage } }, 400);
    add('assistant/chunk', { turn: 1, step, chunk: { type: 'finish', reason: { kind: 'tool-calls' } } }, 0);
    add(
      'assistant/message',
      {
        turn: 1,
        step,
        message: { role: 'assistant', content: [{ type: 'tool-call', id, name: 'bash', arguments: '{}' }] },
      },
      0,
    );
    add('tool/call', { turn: 1, step, callId: id, name: 'bash', arguments: '{}' });
    const result: Record<string, unknown> = {
      turn: 1,
      step,
      message: {
        role: 'user',
        content: [{ type: 'tool-result', toolCallId: id, content: [{ type: 'text', text: out }] }],
      },
    };
    if (spec.failTool === step) result.error = { code: 'EXIT_1' };
    add('tool/result', result, 1000 * step);
    const resultSeq = ev.length - 1;
    if (spec.prune && lastResult) {
      const pruned = structuredClone(lastResult.data) as { message: { content: { content: unknown }[] } };
      (pruned.message.content[0] as { content: unknown }).content = [{ type: 'text', text: '[pruned]' }];
      add('tool/result', pruned, 0);
      const at = ev[ev.length - 1] as Record<string, unknown>;
      at.surfaceOp = { op: 'replace', start: lastResult.seq, end: lastResult.seq };
      at.sourceEventSeqs = [lastResult.seq];
    }
    lastResult = { seq: resultSeq, data: result };
    add('step/end', { turn: 1, step });
  });
  const last = spec.outputs.length + 1;
  add('step/start', { turn: 1, step: last });
  add('assistant/chunk', { turn: 1, step: last, chunk: { type: 'text-delta', index: 0, text: 'done' } }, 50);
  add(
    'assistant/message',
    { turn: 1, step: last, message: { role: 'assistant', content: [{ type: 'text', text: 'done' }] }, usage },
    50,
  );
  add('step/end', { turn: 1, step: last });
  add('turn/end', { turn: 1, reason: { kind: 'completed' } });
  return ev.map((e) => JSON.stringify(e)).join('\n') + '\n';
}

describe('compare two runs', () => {
  it('aligns steps by number and finds the first step whose input differs', () => {
    const a = loadLogFromText(run({ outputs: ['ok', 'same', 'x'], idPrefix: 'call_a' }));
    const b = loadLogFromText(run({ outputs: ['ok', 'DIFFERENT', 'x'], idPrefix: 'toolu_b' }));
    const cmp = compareRuns(a, b);
    expect(cmp.steps.map((s) => [s.turn, s.step, !!s.a, !!s.b])).toEqual([
      [1, 1, true, true],
      [1, 2, true, true],
      [1, 3, true, true],
      [1, 4, true, true],
    ]);
    // Step 3 is the first whose input holds step 2's tool result.
    expect(cmp.firstDivergence).toMatchObject({
      turn: 1,
      step: 3,
      messageIndex: 4,
      reason: 'message 5 differs',
    });
    const d = cmp.firstDivergence;
    expect(a.typeOf(d?.a?.inputSeq ?? -1)).toBe('step/start');
  });

  it('a content block holding a value 5,000 deep compares (audit R18-3): equal runs equal, a change deep inside found', () => {
    const deep = (n: number, leaf: string) => `${'['.repeat(n)}"${leaf}"${']'.repeat(n)}`;
    const pty = readFileSync('../shared/samples/dsh/pty-tools.jsonl', 'utf8').trimEnd().split('\n');
    const at = pty.findIndex((l) => l.includes('"type":"tool-call"') && l.includes('"assistant/message"'));
    expect(at).toBeGreaterThan(0);
    const withDeep = (leaf: string) =>
      [
        ...pty.slice(0, at),
        (pty[at] as string).replace('"type":"tool-call"', `"extra":${deep(5000, leaf)},"type":"tool-call"`),
        ...pty.slice(at + 1),
      ].join('\n') + '\n';
    const a = loadLogFromText(withDeep('x'));
    expect(compareRuns(a, loadLogFromText(withDeep('x'))).firstDivergence).toBeNull();
    expect(compareRuns(a, loadLogFromText(withDeep('y'))).firstDivergence).not.toBeNull();
  });

  it('finds no divergence when only tool-call ids differ', () => {
    const a = loadLogFromText(run({ outputs: ['ok'], idPrefix: 'call_' }));
    const b = loadLogFromText(run({ outputs: ['ok'], idPrefix: 'other_' }));
    expect(compareRuns(a, b).firstDivergence).toBeNull();
  });

  it('reports a request change (the model) as the divergence', () => {
    const a = loadLogFromText(run({ outputs: ['ok'], idPrefix: 'c' }));
    const b = loadLogFromText(run({ outputs: ['ok'], idPrefix: 'c', model: 'gpt-5.4' }));
    expect(compareRuns(a, b).firstDivergence).toMatchObject({
      step: 1,
      messageIndex: -1,
      request: { model: { from: 'deepseek-v4-flash', to: 'gpt-5.4' } },
    });
  });

  it('a run with more steps diverges at the first step the other lacks (same input, different answers before)', () => {
    const a = loadLogFromText(run({ outputs: ['ok'], idPrefix: 'c' }));
    const b = loadLogFromText(run({ outputs: ['ok', 'ok'], idPrefix: 'c' }));
    const cmp = compareRuns(a, b);
    expect(cmp.steps).toHaveLength(3);
    expect(cmp.firstDivergence).toMatchObject({ step: 3, a: null, reason: 'only run B has turn 1 step 3' });
    expect(alignSteps(stepMetrics(a), []).every((s) => s.b === undefined)).toBe(true);
  });
});

describe('compare runs whose steps share one request header (audit R19-4)', () => {
  const outputs = Array.from({ length: 300 }, (_, i) => `out ${i}`);
  /** The profile with each step's view's tools counted as they are read. */
  function countedTools(profile: RunProfile): { profile: RunProfile; reads: () => number } {
    let reads = 0;
    const views = new Map<object, RequestView>();
    const steps = profile.steps.map((s) => {
      if (s.request === null) return s;
      let view = views.get(s.request);
      if (view === undefined) {
        const tools = s.request.tools;
        view = Object.defineProperty({ ...s.request }, 'tools', {
          get: () => (reads++, tools),
          enumerable: true,
        });
        views.set(s.request, view);
      }
      return { ...s, request: view };
    });
    return { profile: { steps }, reads: () => reads };
  }

  it('compares a pair of views once, however many steps share it (was once a step: a 6.7 s freeze)', () => {
    const a = countedTools(runProfile(loadLogFromText(run({ outputs, idPrefix: 'c' }))));
    const b = countedTools(runProfile(loadLogFromText(run({ outputs, idPrefix: 'd' }))));
    expect(a.profile.steps).toHaveLength(301);
    expect(compareProfiles(a.profile, b.profile).firstDivergence).toBeNull();
    expect(a.reads() + b.reads()).toBeLessThanOrEqual(8); // one diffRequests: 2-4 reads each
  });

  it('still finds a request that differs after many equal steps', () => {
    const a = runProfile(loadLogFromText(run({ outputs, idPrefix: 'c' })));
    const b = runProfile(loadLogFromText(run({ outputs, idPrefix: 'c' })));
    const other = { ...(b.steps[250]?.request as RequestView), model: 'gpt-5.4' };
    const steps = b.steps.map((s, i) => (i >= 250 && s.request ? { ...s, request: other } : s));
    expect(compareProfiles(a, { steps }).firstDivergence).toMatchObject({
      step: 251,
      request: { model: { from: 'deepseek-v4-flash', to: 'gpt-5.4' } },
    });
  });
});

describe('compare two long runs (audit R7-12)', () => {
  /** The log, counting the messages its messagesAt hands out (read) and the seqs messageSeqsAt lists. */
  function counted(log: SessionLog): { source: RunSource; read: () => number; listed: () => number } {
    let n = 0;
    let listed = 0;
    const source = Object.create(log) as SessionLog;
    source.messagesAt = (seq: number, from?: number, to?: number) => {
      const r = log.messagesAt(seq, from, to);
      n += r.messages.length;
      return r;
    };
    source.messageSeqsAt = (seq: number, from?: number, since?: number) => {
      const r = log.messageSeqsAt(seq, from, since);
      listed += r.seqs.length;
      return r;
    };
    return { source, read: () => n, listed: () => listed };
  }
  const outputs = Array.from({ length: 300 }, (_, i) => `out ${i}`);

  it('reads each message once, however many steps share it (was every step reading its whole history)', () => {
    const a = counted(loadLogFromText(run({ outputs, idPrefix: 'call_a' })));
    const changed = outputs.map((o, i) => (i === 249 ? 'CHANGED' : o));
    const b = counted(loadLogFromText(run({ outputs: changed, idPrefix: 'toolu_b' })));
    const cmp = compareRuns(a.source, b.source);
    expect(cmp.firstDivergence).toMatchObject({ turn: 1, step: 251, reason: 'message 501 differs' });
    // 301 steps; the last input holds 1 + 2 x 300 messages. Each is read once, plus the divergence's lookups.
    const last = loadLogFromText(run({ outputs, idPrefix: 'c' }));
    const messages = last.messagesAt(last.eventCount - 1).messages.length;
    expect(a.read()).toBeLessThan(messages + 4 * 501);
    expect(b.read()).toBeLessThan(messages + 4 * 501);
  });

  it('digests equal those of a source that can only list whole histories', () => {
    const log = loadLogFromText(run({ outputs: outputs.slice(0, 40), idPrefix: 'c' }));
    const whole: RunSource = Object.create(log) as SessionLog;
    Object.defineProperty(whole, 'messageSeqsAt', { value: undefined });
    const digests = (p: ReturnType<typeof runProfile>) =>
      p.steps.map((s) => [s.inputDigest, s.inputMessages]);
    expect(digests(runProfile(log))).toEqual(digests(runProfile(whole)));
    expect(new Set(runProfile(log).steps.map((s) => s.inputDigest)).size).toBe(41);
  });

  describe('a run pruning a tool result every step (audit R7-14)', () => {
    const pruning = (steps: number) =>
      loadLogFromText(run({ outputs: outputs.concat(outputs).slice(0, steps), idPrefix: 'c', prune: true }));
    const work = (steps: number) => {
      const c = counted(pruning(steps));
      runProfile(c.source);
      return c.read() + c.listed();
    };

    it('lists and reads work linear in the steps (was every replace listing the whole history again)', () => {
      const log = pruning(300);
      expect(log.replacesUpTo(log.eventCount).length).toBe(299);
      const w300 = work(300);
      const w600 = work(600);
      // 600 steps' inputs hold up to 1,201 messages: listing each step's whole list was ~360,000.
      expect(w600).toBeLessThan(10 * 600);
      expect(w600 / w300).toBeLessThan(2.2);
    });

    it('digests equal those of a source that can only list whole histories', () => {
      const log = pruning(60);
      const whole: RunSource = Object.create(pruning(60)) as SessionLog;
      Object.defineProperty(whole, 'messageSeqsAt', { value: undefined });
      const digests = (p: ReturnType<typeof runProfile>) =>
        p.steps.map((s) => [s.inputDigest, s.inputMessages]);
      expect(digests(runProfile(log))).toEqual(digests(runProfile(whole)));
      expect(new Set(runProfile(log).steps.map((s) => s.inputDigest)).size).toBe(61);
    });
  });

  it('the same digests on the real logs with replaces (a replace starts a new surface: the list is read again)', () => {
    const root = fileURLToPath(new URL('../../../../shared/samples/', import.meta.url));
    const logs: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.jsonl') && /"op": *"replace"/.test(readFileSync(path, 'utf8')))
          logs.push(path);
      }
    };
    walk(root);
    expect(logs.length).toBeGreaterThanOrEqual(4);
    let steps = 0;
    for (const path of logs) {
      const text = readFileSync(path, 'utf8');
      const log = loadLogFromText(text);
      const whole: RunSource = Object.create(loadLogFromText(text)) as SessionLog;
      Object.defineProperty(whole, 'messageSeqsAt', { value: undefined });
      const digests = (p: ReturnType<typeof runProfile>) =>
        p.steps.map((s) => [s.inputDigest, s.inputMessages]);
      expect(digests(runProfile(log)), path).toEqual(digests(runProfile(whole)));
      steps += runProfile(log).steps.length;
    }
    expect(steps).toBeGreaterThan(10);
  });
});

describe('step metrics, tools table and cost', () => {
  const log = loadLogFromText(run({ outputs: ['a', 'b'], idPrefix: 'c', failTool: 2 }));
  const steps = stepMetrics(log, DEFAULT_PRICES);

  it('per step: tokens, context, streaming and tool time, model and cost', () => {
    expect(steps).toHaveLength(3);
    const s = steps[0];
    expect(s).toMatchObject({
      turn: 1,
      step: 1,
      model: 'deepseek-v4-flash',
      contextTokens: 6000,
      streamMs: 400,
      toolMs: 1000,
    });
    expect(steps[1]?.toolMs).toBe(2000);
    expect(steps[2]?.toolMs).toBeUndefined();
    expect(s?.cost).toBeCloseTo((1000 * 0.14 + 200 * 0.28 + 5000 * 0.0028) / 1e6, 12);
  });

  it('a model without a price has tokens and no cost', () => {
    const other = loadLogFromText(run({ outputs: ['a'], idPrefix: 'c', model: 'unpriced-model-9' }));
    const m = stepMetrics(other, DEFAULT_PRICES)[0];
    expect(m?.usage?.inputTokens).toBe(1000);
    expect(m?.cost).toBeNull();
  });

  it('tools table: calls, errors, median and max durations', () => {
    expect(toolStats(log.structure, (s) => log.timeOf(s))).toEqual([
      { name: 'bash', calls: 2, errors: 1, errorRate: 0.5, medianMs: 1500, maxMs: 2000 },
    ]);
  });

  it('no compaction points in a log without replaces', () => {
    expect(compactionPoints(log)).toEqual([]);
  });
});

describe('prices', () => {
  it('matches model ids by the longest prefix at a separator', () => {
    expect(priceFor(DEFAULT_PRICES, 'claude-sonnet-4-5-20250929')?.model).toBe('claude-sonnet-4');
    expect(priceFor(DEFAULT_PRICES, 'gpt-5.4-mini-2026-03-01')?.model).toBe('gpt-5.4-mini');
    expect(priceFor(DEFAULT_PRICES, 'gpt-5.45')).toBeUndefined();
    expect(priceFor(DEFAULT_PRICES, undefined)).toBeUndefined();
  });

  it('costs nothing without a price or usage', () => {
    expect(costOf({ inputTokens: 1, outputTokens: 1 }, undefined)).toBeNull();
    expect(costOf(undefined, { model: 'm', input: 1, output: 1 })).toBeNull();
    expect(costOf({ inputTokens: 1e6, outputTokens: 1e6 }, { model: 'm', input: 2, output: 3 })).toBe(5);
  });

  it('reads back an edited table, dropping malformed rows only', () => {
    expect(
      parsePriceTable({
        asOf: 'x',
        prices: [
          { model: 'a', input: 1, output: 2, cacheRead: 0.1 },
          { model: 'b', input: -1, output: 2 },
          7,
        ],
      }),
    ).toEqual({ asOf: 'x', prices: [{ model: 'a', input: 1, output: 2, cacheRead: 0.1 }] });
    expect(parsePriceTable('nope')).toBeNull();
  });
});
