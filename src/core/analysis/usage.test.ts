/** Usage a log records is counted only where it is a token count (audit R5-10: 1e308 priced as $Infinity, -5e6 as a refund). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICES } from '../cost/prices';
import { priceUsage, usageTotals } from '../cost/usageTotals';
import { loadLogFromText } from '../log/load';

const text = readFileSync(new URL('../../../fixtures/diagnostics/bad-usage.jsonl', import.meta.url), 'utf8');

describe('usage validation', () => {
  it('names each bad counter and leaves it out of the step, the totals and the cost', () => {
    const log = loadLogFromText(text);
    expect(log.diagnostics.items.filter((d) => d.code === 'bad-usage').map((d) => d.message)).toEqual([
      'data.usage.inputTokens 1e+308 is not a token count (a number from 0 to 2^53); not counted',
      'data.usage.outputTokens -1 is not a token count (a number from 0 to 2^53); not counted',
      'data.usage.cacheReadTokens "100" is not a token count (a number from 0 to 2^53); not counted',
    ]);
    const steps = log.structure.steps;
    expect(steps.map((s) => s.usage)).toEqual([{ inputTokens: 0, outputTokens: 0 }]);
    const cost = priceUsage(
      usageTotals(steps.map((s) => ({ model: 'claude-sonnet-4-5', usage: s.usage }))),
      DEFAULT_PRICES,
    );
    expect(cost.total).toBe(0);
    expect(Number.isFinite(cost.total)).toBe(true);
  });

  it('keeps the valid counters of the same usage', () => {
    const good = text.replace('"outputTokens":-1', '"outputTokens":250');
    const log = loadLogFromText(good);
    expect(log.structure.steps[0]?.usage).toEqual({ inputTokens: 0, outputTokens: 250 });
    expect(log.diagnostics.items.filter((d) => d.code === 'bad-usage')).toHaveLength(2);
  });
});
