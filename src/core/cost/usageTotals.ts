/**
 * A session's tokens summed per model, and their cost under a price table.
 *
 * The worker sums the tokens (one pass over the steps, sized by steps); the page prices the
 * few per-model totals with the user's table in microseconds, so the header and the Charts tab
 * show one figure without the page ever holding every step. `costOf` is linear in the tokens,
 * so the cost of a model's totals is the sum of its steps' costs (to rounding).
 */
import type { TokenUsage } from '../types';
import { costOf, priceFor, type PriceTable } from './prices';

/** One model's tokens over the steps it answered (`model` null: no model recorded). */
export interface ModelUsage {
  model: string | null;
  steps: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export interface UsageTotals {
  /** Steps that recorded usage, by model, in order of first appearance. */
  byModel: ModelUsage[];
  /** Steps that recorded no usage (not counted in any cost). */
  stepsWithoutUsage: number;
}

/** Sums usage per model over steps, in one pass. */
export function usageTotals(
  steps: Iterable<{ model?: string | undefined; usage?: TokenUsage | undefined }>,
): UsageTotals {
  const by = new Map<string | null, ModelUsage>();
  let stepsWithoutUsage = 0;
  for (const { model, usage } of steps) {
    if (!usage) {
      stepsWithoutUsage++;
      continue;
    }
    const key = model ?? null;
    let row = by.get(key);
    if (!row) {
      row = {
        model: key,
        steps: 0,
        inputTokens: 0,
        outputTokens: 0,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
      };
      by.set(key, row);
    }
    row.steps++;
    row.inputTokens += usage.inputTokens;
    row.outputTokens += usage.outputTokens;
    row.cacheReadTokens += usage.cacheReadTokens ?? 0;
    row.cacheWriteTokens += usage.cacheWriteTokens ?? 0;
  }
  return { byModel: [...by.values()], stepsWithoutUsage };
}

export interface CostSummary {
  /** USD over priced steps. */
  total: number;
  /** Per model: its steps, all its tokens (input, output, cache read and write) and its cost (null: no price). */
  byModel: { model: string; steps: number; tokens: number; cost: number | null }[];
  /** Steps whose model has no price (their tokens are shown, never a guessed cost). */
  unpricedSteps: number;
}

/** The name shown for steps whose model was not recorded. */
export const UNKNOWN_MODEL = '(unknown model)';

/** Prices each model's totals under `prices`. */
export function priceUsage(totals: UsageTotals, prices: PriceTable): CostSummary {
  let total = 0;
  let unpricedSteps = 0;
  const byModel = totals.byModel.map((m) => {
    const cost = costOf(m, priceFor(prices, m.model ?? undefined));
    if (cost === null) unpricedSteps += m.steps;
    else total += cost;
    return {
      model: m.model ?? UNKNOWN_MODEL,
      steps: m.steps,
      tokens: m.inputTokens + m.outputTokens + m.cacheReadTokens + m.cacheWriteTokens,
      cost,
    };
  });
  return { total, byModel, unpricedSteps };
}

/**
 * Why a cost leaves steps out, said where the cost would be ("no price known for model gpt-9",
 * "... for models a and b", "... for models a, b and 3 more", the models with most steps first);
 * null when every step is priced. Steps whose model was not recorded cannot be priced either.
 */
export function unpricedNote(summary: CostSummary): string | null {
  const unpriced = summary.byModel.filter((m) => m.cost === null).sort((a, b) => b.steps - a.steps);
  if (unpriced.length === 0) return null;
  const named = unpriced.filter((m) => m.model !== UNKNOWN_MODEL).map((m) => m.model);
  const unnamedSteps = unpriced.find((m) => m.model === UNKNOWN_MODEL)?.steps ?? 0;
  const parts: string[] = [];
  if (named.length > 0)
    parts.push(`no price known for model${named.length === 1 ? '' : 's'} ${listOf(named)}`);
  if (unnamedSteps > 0)
    parts.push(`no model recorded for ${unnamedSteps} step${unnamedSteps === 1 ? '' : 's'}, so no price`);
  return parts.join('; ');
}

/** "a", "a and b", "a, b and 3 more". */
function listOf(names: readonly string[]): string {
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
}
