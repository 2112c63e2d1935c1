/**
 * Other agents' logs cost what they cost: every importer writes TokenUsage.inputTokens as the
 * uncached input (the native harness's convention, which `costOf` prices), so a cached token is
 * billed once, at its cache rate. Each sample's cost, as the app's header computes it (the
 * worker's usage totals per model, priced with the default table), is compared with the cost
 * the log itself records (pi) or with a hand computation from the log's raw usage.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLogFromBytes } from '../log/load';
import { stepModel } from '../metrics/steps';
import { totalInputTokens } from '../analysis/usage';
import type { TokenUsage } from '../types';
import { DEFAULT_PRICES, priceFor } from './prices';
import { priceUsage, usageTotals } from './usageTotals';

const path = (p: string) => `../shared/samples/other/${p}`;

/** The header's figure: usage per model over every step (what the worker sums), priced. */
function appCost(p: string) {
  const log = loadLogFromBytes(readFileSync(path(p)));
  const totals = usageTotals(log.structure.steps.map((s) => ({ model: stepModel(log, s), usage: s.usage })));
  return priceUsage(totals, DEFAULT_PRICES);
}

/** What pi recorded: the sum of usage.cost.total over its assistant messages with a priced model. */
function piRecordedCost(p: string): number {
  let total = 0;
  for (const line of readFileSync(path(p), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as { message?: { model?: string; usage?: { cost?: { total?: number } } } };
    const m = row.message;
    if (m?.usage?.cost?.total === undefined) continue;
    if (m.model && DEFAULT_PRICES.prices.some((x) => m.model?.startsWith(x.model)))
      total += m.usage.cost.total;
  }
  return total;
}

describe('the cost of an imported log', { timeout: 60_000 }, () => {
  it('pi large session: the cost pi recorded per call ($30.33), not $172.91', () => {
    const recorded = piRecordedCost('pi/pi-mono-v1-large-session.jsonl');
    expect(recorded).toBeCloseTo(30.33, 2);
    const cost = appCost('pi/pi-mono-v1-large-session.jsonl');
    expect(Math.abs(cost.total - recorded)).toBeLessThan(0.01);
    // Its one gpt-5.1-codex call has no price in the table: counted, never guessed.
    expect(cost.byModel.find((m) => m.model === 'gpt-5.1-codex')?.cost).toBeNull();
  });

  it('Claude Code fe869ecb (claude-sonnet-4): $0.70 from its raw usage, not $4.44', () => {
    // Its assistant messages hold 279 uncached input, 1,164,952 cache-read, 83,966 cache-write
    // and 2,201 output tokens; at claude-sonnet-4's $3 / $0.30 / $3.75 / $15 per million:
    // 279*3 + 1164952*0.3 + 83966*3.75 + 2201*15 = 837 + 349485.6 + 314872.5 + 33015 = 698210.1 -> $0.698.
    const cost = appCost('claude-code/fe869ecb-c176-478f-9734-7e4b8ef12cff.jsonl');
    expect(cost.unpricedSteps).toBe(0);
    expect(Math.abs(cost.total - 0.6982101)).toBeLessThan(0.01);
  });

  it('Codex rollout 11-26-55 (gpt-5.5): $8.37 from its token totals, not $33.02', () => {
    // Its last token_count's total_token_usage: input 6,055,836 of which cached 4,929,536, output
    // 9,118. OpenAI's input includes the cached part: uncached = 6,055,836 - 4,929,536 = 1,126,300.
    // At gpt-5.5's $5 input / $0.50 cached / $30 output per million:
    // 1126300*5 + 4929536*0.5 + 9118*30 = 5631500 + 2464768 + 273540 = 8369808 -> $8.37.
    const cost = appCost('codex/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl');
    expect(cost.unpricedSteps).toBe(0);
    expect(Math.abs(cost.total - 8.369808)).toBeLessThan(0.01);
  });

  it('Inspect AI browser (gpt-4o-mini, inspect_ai 0.3.95): cached input billed once', () => {
    // Its stats.model_usage: input 15,235 (OpenAI's prompt_tokens, the cache read inside it), cache read
    // 9,088, output 281, total 15,516 = input + output. Uncached: 15,235 - 9,088 = 6,147.
    const log = loadLogFromBytes(readFileSync(path('inspect/2025-05-12T20-27-36-04-00_browser.json')));
    const sum = (f: (u: TokenUsage) => number) =>
      log.structure.steps.reduce((a, s) => a + (s.usage ? f(s.usage) : 0), 0);
    expect(sum((u) => u.inputTokens)).toBe(6147);
    expect(sum((u) => u.cacheReadTokens ?? 0)).toBe(9088);
    expect(sum(totalInputTokens)).toBe(15235);
    expect(sum((u) => u.outputTokens)).toBe(281);
    // Its model is "openai/gpt-4o-mini": the price of "gpt-4o-mini" applies (it was unpriced: every
    // Inspect log names its provider). gpt-4o-mini is not in the default table: priced here at $0.15 input / $0.075 cached / $0.60 output.
    // 6147*0.15 + 9088*0.075 + 281*0.6 = 922.05 + 681.6 + 168.6 = 1772.25 -> $0.00177 (it was $0.00245).
    const prices = {
      asOf: '2026-12-01',
      prices: [{ model: 'gpt-4o-mini', input: 0.15, output: 0.6, cacheRead: 0.075 }],
    };
    const steps = log.structure.steps.map((s) => ({ model: stepModel(log, s), usage: s.usage }));
    expect(priceUsage(usageTotals(steps), prices).total).toBeCloseTo(0.00177225, 8);
  });

  it("Inspect AI's own convention (Anthropic, later OpenAI: total = input + output + cache) is kept", () => {
    const usage = {
      input_tokens: 300,
      output_tokens: 20,
      input_tokens_cache_read: 5000,
      input_tokens_cache_write: 40,
      total_tokens: 5360,
    };
    const doc = {
      version: 2,
      status: 'success',
      eval: { eval_id: 'E', task: 't', model: 'anthropic/claude-sonnet-4', created: '2026-01-01T00:00:00Z' },
      samples: [
        {
          id: 1,
          epoch: 1,
          attachments: {},
          messages: [],
          events: [
            {
              event: 'model',
              timestamp: '2026-01-01T00:00:01Z',
              model: 'anthropic/claude-sonnet-4',
              input: [{ role: 'user', content: 'hi' }],
              output: {
                choices: [{ message: { role: 'assistant', content: 'hello' }, stop_reason: 'stop' }],
                usage,
              },
            },
          ],
        },
      ],
    };
    const log = loadLogFromBytes(new TextEncoder().encode(JSON.stringify(doc)));
    expect(priceFor(DEFAULT_PRICES, 'anthropic/claude-sonnet-4')?.model).toBe('claude-sonnet-4');
    expect(log.structure.steps.map((s) => s.usage)).toEqual([
      { inputTokens: 300, outputTokens: 20, cacheReadTokens: 5000, cacheWriteTokens: 40 },
    ]);
  });
});
