/**
 * The session's cost is summed in the worker (`costTotals`: tokens per model) and priced on the
 * page (core/cost/usageTotals.ts `priceUsage`). Checked against the per-step reading the Charts
 * tab's series come from (`metrics`): each priced step's cost summed, on every sample, under the
 * default table and under one that prices every model; and while a log grows, against a fresh
 * reading of the same bytes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { costOf, DEFAULT_PRICES, priceFor, type PriceTable } from '../core/cost/prices';
import { priceUsage, UNKNOWN_MODEL, type UsageTotals } from '../core/cost/usageTotals';
import { AnswerQueries } from './answerQueries';
import { LogHost } from './host';
import { OpenLog } from './openLog';
import type { MetricsAnswer, ResponseMessage, StepMetrics, WorkerMessage } from './protocol';
import { longHeaderNamesLog } from '../core/testing/longHeaderNames';
import { NAME_MAX_CHARS } from '../core/view/bidiControls';

const SAMPLES = resolve(__dirname, '../../../shared/samples');
const LOGS: [string, string][] = [
  ...readdirSync(resolve(SAMPLES, 'dsh')).map((f) => `dsh/${f}`),
  'other/claude-code/fe869ecb-c176-478f-9734-7e4b8ef12cff.jsonl',
  'other/claude-code/agentlogs-compact.jsonl',
  'other/codex/rollout-2026-02-23T12-54-34-019c8a59-e9dd-71f0-9ae3-4079fe9726a9.jsonl',
  'other/pi/pi-mono-v1-large-session.jsonl',
  'other/pi/agentlogs-v3-branched.jsonl',
].map((p): [string, string] => [p, readFileSync(resolve(SAMPLES, p), 'utf8')]);

async function answers(text: string): Promise<{ metrics: MetricsAnswer; totals: UsageTotals }> {
  const posted: WorkerMessage[] = [];
  const host = new LogHost((m) => posted.push(m));
  let id = 0;
  const ask = async (
    req:
      | { kind: 'open'; loadId: number; source: { kind: 'text'; text: string } }
      | { kind: 'metrics' }
      | { kind: 'costTotals' },
  ) => {
    const env = { id: ++id, ...req };
    await host.receive(env);
    const r = posted.find((m): m is ResponseMessage => m.type === 'response' && m.id === env.id);
    if (!r?.result.ok) throw new Error(`${req.kind}: ${JSON.stringify(r?.result)}`);
    return r.result.value;
  };
  await ask({ kind: 'open', loadId: 1, source: { kind: 'text', text } });
  return {
    metrics: (await ask({ kind: 'metrics' })) as MetricsAnswer,
    totals: (await ask({ kind: 'costTotals' })) as UsageTotals,
  };
}

/** The reference: every step's cost under `prices`, summed; per model its steps and tokens. */
function perStep(steps: StepMetrics[], prices: PriceTable) {
  let total = 0;
  let unpriced = 0;
  const models = new Map<string, { steps: number; tokens: number; cost: number | null }>();
  for (const s of steps) {
    if (!s.usage) continue;
    const cost = costOf(s.usage, priceFor(prices, s.model));
    const key = s.model ?? UNKNOWN_MODEL;
    const row = models.get(key) ?? { steps: 0, tokens: 0, cost: null };
    models.set(key, row);
    row.steps++;
    const u = s.usage;
    row.tokens += u.inputTokens + u.outputTokens + (u.cacheReadTokens ?? 0) + (u.cacheWriteTokens ?? 0);
    if (cost === null) unpriced++;
    else {
      total += cost;
      row.cost = (row.cost ?? 0) + cost;
    }
  }
  return { total, unpriced, models };
}

/** A table that prices every model the steps name (so no sample is all "no price"). */
function pricingAll(steps: StepMetrics[]): PriceTable {
  const names = [...new Set(steps.flatMap((s) => (s.model ? [s.model] : [])))];
  return {
    asOf: 'edited',
    prices: names.map((model, i) => ({ model, input: 1 + i, output: 7 + i, cacheRead: 0.25, cacheWrite: 2 })),
  };
}

describe('costTotals: the session cost summed in the worker', () => {
  it.each(LOGS)('%s: priced totals equal the per-step costs the charts read', async (_, text) => {
    const { metrics, totals } = await answers(text);
    const withUsage = metrics.steps.filter((s) => s.usage).length;
    expect(totals.stepsWithoutUsage).toBe(metrics.steps.length - withUsage);
    expect(totals.byModel.reduce((n, m) => n + m.steps, 0)).toBe(withUsage);
    for (const prices of [DEFAULT_PRICES, pricingAll(metrics.steps)]) {
      const want = perStep(metrics.steps, prices);
      const got = priceUsage(totals, prices);
      expect(got.total).toBeCloseTo(want.total, 9);
      expect(got.unpricedSteps).toBe(want.unpriced);
      expect(got.byModel.map((m) => m.model).sort()).toEqual([...want.models.keys()].sort());
      for (const m of got.byModel) {
        const w = want.models.get(m.model);
        expect(m.steps).toBe(w?.steps);
        expect(m.tokens).toBe(w?.tokens);
        if (w?.cost === null) expect(m.cost).toBeNull();
        else expect(m.cost).toBeCloseTo(w?.cost ?? NaN, 9);
      }
    }
  });

  it('the Claude Code sample has a cost under the default prices (the header shows it)', async () => {
    const [, text] = LOGS.find(([p]) => p.includes('fe869ecb')) as [string, string];
    const { totals } = await answers(text);
    const s = priceUsage(totals, DEFAULT_PRICES);
    expect(s.byModel.some((m) => m.model.startsWith('claude-sonnet-4') && m.cost !== null)).toBe(true);
    expect(s.total).toBeGreaterThan(0.01);
  });

  it.each(LOGS.slice(0, 6))(
    '%s: while the log grows, totals equal a fresh reading; steps read once',
    (_, text) => {
      const bytes = new TextEncoder().encode(text);
      const session = new OpenLog(1, 'text', 'log.jsonl');
      const kept = new AnswerQueries(session);
      const piece = Math.max(1, Math.floor(bytes.length / 23));
      for (let off = 0; off <= bytes.length; off += piece) {
        if (off < bytes.length) session.push(bytes.subarray(off, off + piece));
        else session.end();
        expect(kept.costTotals()).toEqual(new AnswerQueries(session).costTotals());
      }
      // Asked again with nothing new: no event is parsed again.
      const reads = vi.spyOn(session.log, 'event');
      kept.costTotals();
      expect(reads).not.toHaveBeenCalled();
    },
  );
});

describe("a request header's long model (audit R23-3)", () => {
  it('is posted cut like a name in every step of the metrics answer and in the cost totals', async () => {
    const { metrics, totals } = await answers(longHeaderNamesLog(300, 200_000));
    expect(metrics.steps).toHaveLength(300);
    // the Charts tab's answer is structured-cloned whole: 300 x 200 KB before the cut
    expect(JSON.stringify(metrics).length).toBeLessThan(300 * 2 * NAME_MAX_CHARS + 200_000);
    for (const s of metrics.steps) {
      expect(Array.from(s.model ?? '')).toHaveLength(NAME_MAX_CHARS + 1);
      expect(s.model?.endsWith('…')).toBe(true);
    }
    expect(totals.byModel.map((m) => m.model)).toEqual([metrics.steps[0]?.model]);
  });
});
