/**
 * Per-model token prices and the cost of a step's usage.
 *
 * Usage convention (TokenUsage's, the harness's and every importer's): `inputTokens`
 * are the input tokens not read from or written to the cache, `cacheReadTokens` / `cacheWriteTokens` are
 * billed at their own rates, and `outputTokens` include reasoning tokens.
 * A model without a price has no cost: `costOf` returns null, never a guess.
 *
 * The defaults are dated: they are what the providers' pricing pages listed
 * when they were written down (USD per million tokens, standard tier, no
 * batch or peak/off-peak discounts). Users edit them in the app.
 */
import type { TokenUsage } from '../types';

export interface ModelPrice {
  /** Matches a model id equal to it or starting with it followed by `-`, `.`, `:`, `@` or `/` (case-insensitive). */
  model: string;
  /** USD per million tokens. */
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
}

export interface PriceTable {
  /** When the prices were looked up (YYYY-MM-DD). */
  asOf: string;
  prices: ModelPrice[];
}

/**
 * Looked up 2026-12-01 from: api-docs.deepseek.com/quick_start/pricing (V4
 * Flash and Pro, before the peak/off-peak split), platform.claude.com/docs/en/
 * about-claude/pricing (cache writes at the 5-minute rate), and OpenAI's
 * pricing page as quoted in June 2026.
 */
export const DEFAULT_PRICES: PriceTable = {
  asOf: '2026-12-01',
  prices: [
    { model: 'deepseek-v4-flash', input: 0.14, cacheRead: 0.0028, output: 0.28 },
    { model: 'deepseek-v4-pro', input: 0.435, cacheRead: 0.003625, output: 0.87 },
    { model: 'claude-opus-4-5', input: 5, cacheWrite: 6.25, cacheRead: 0.5, output: 25 },
    { model: 'claude-opus-4-6', input: 5, cacheWrite: 6.25, cacheRead: 0.5, output: 25 },
    { model: 'claude-sonnet-4', input: 3, cacheWrite: 3.75, cacheRead: 0.3, output: 15 },
    { model: 'claude-haiku-4-5', input: 1, cacheWrite: 1.25, cacheRead: 0.1, output: 5 },
    { model: 'gpt-5.5', input: 5, cacheRead: 0.5, output: 30 },
    { model: 'gpt-5.4', input: 2.5, cacheRead: 0.25, output: 15 },
    { model: 'gpt-5.4-mini', input: 0.75, cacheRead: 0.075, output: 4.5 },
  ],
};

/**
 * The price for `model`: the entry whose `model` is the longest matching prefix, or undefined.
 * Callers price every step with it; the models they pass are cut to a name's length where they
 * are read (requestNames, answeredBy, importedNames.ts), so lowercasing one per step is cheap
 * (a megabyte's model lowercased per step made `stats` quadratic: audit R23-1).
 */
export function priceFor(table: PriceTable, model: string | undefined): ModelPrice | undefined {
  if (!model) return undefined;
  const id = model.toLowerCase();
  // Inspect AI and routers name a model by its provider too ("openai/gpt-4o-mini",
  // "openrouter/anthropic/claude-sonnet-4"): the part after the last `/` is the model.
  const bare = id.slice(id.lastIndexOf('/') + 1);
  const fits = (id: string, key: string) =>
    id === key || (id.startsWith(key) && /[-.:@/]/.test(id.charAt(key.length)));
  let best: ModelPrice | undefined;
  for (const p of table.prices) {
    const key = p.model.toLowerCase();
    if ((fits(id, key) || fits(bare, key)) && (!best || key.length > best.model.length)) best = p;
  }
  return best;
}

/** USD for one usage at one price; null when there is no price. */
export function costOf(usage: TokenUsage | undefined, price: ModelPrice | undefined): number | null {
  if (!usage || !price) return null;
  const m = 1e6;
  return (
    (usage.inputTokens * price.input +
      usage.outputTokens * price.output +
      (usage.cacheReadTokens ?? 0) * (price.cacheRead ?? price.input) +
      (usage.cacheWriteTokens ?? 0) * (price.cacheWrite ?? price.input)) /
    m
  );
}

/** Checks a price table read back from storage (anything malformed is dropped, the rest kept). */
export function parsePriceTable(value: unknown): PriceTable | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as { asOf?: unknown; prices?: unknown };
  if (!Array.isArray(v.prices)) return null;
  const prices: ModelPrice[] = [];
  for (const p of v.prices as unknown[]) {
    if (typeof p !== 'object' || p === null) continue;
    const r = p as Record<string, unknown>;
    const n = (k: string) =>
      typeof r[k] === 'number' && Number.isFinite(r[k]) && r[k] >= 0 ? r[k] : undefined;
    const input = n('input');
    const output = n('output');
    if (typeof r.model !== 'string' || !r.model || input === undefined || output === undefined) continue;
    const price: ModelPrice = { model: r.model, input, output };
    const read = n('cacheRead');
    const write = n('cacheWrite');
    if (read !== undefined) price.cacheRead = read;
    if (write !== undefined) price.cacheWrite = write;
    prices.push(price);
  }
  return { asOf: typeof v.asOf === 'string' ? v.asOf : 'edited', prices };
}
