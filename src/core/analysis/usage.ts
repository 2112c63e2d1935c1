/** Token usage arithmetic for per-step, per-turn and whole-log totals. */
import type { TokenUsage } from '../types';

const OPTIONAL = ['cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens'] as const;

/** a + b; an optional counter appears in the sum when either side has it. */
export function addUsage(a: TokenUsage | undefined, b: TokenUsage | undefined): TokenUsage | undefined {
  if (!b) return a;
  if (!a) return normalizeUsage(b);
  const out: TokenUsage = {
    inputTokens: a.inputTokens + count(b.inputTokens),
    outputTokens: a.outputTokens + count(b.outputTokens),
  };
  for (const k of OPTIONAL) {
    if (a[k] !== undefined || b[k] !== undefined) out[k] = count(a[k]) + count(b[k]);
  }
  return out;
}

/** A copy holding only the known counters, non-numbers read as 0 (usage comes from the log, unchecked). */
function normalizeUsage(u: TokenUsage): TokenUsage {
  const out: TokenUsage = { inputTokens: count(u.inputTokens), outputTokens: count(u.outputTokens) };
  for (const k of OPTIONAL) if (u[k] !== undefined) out[k] = count(u[k]);
  return out;
}

function count(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}
