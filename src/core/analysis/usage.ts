/** Token usage arithmetic for per-step, per-turn and whole-log totals, and its validation. */
import { jsonExcerpt } from '../deepJson';
import type { DiagnosticSink } from '../diagnostics';
import type { TokenUsage } from '../types';

const OPTIONAL = ['cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens'] as const;
const COUNTERS = ['inputTokens', 'outputTokens', ...OPTIONAL] as const;

/**
 * All the input the model read: the uncached input plus the cache reads and writes (TokenUsage's
 * `inputTokens` is the uncached part only; OTel's gen_ai.usage.input_tokens is this total).
 */
export function totalInputTokens(u: TokenUsage): number {
  // Counted, never converted: a raw value may be "12" (concatenates) or an object whose toString throws.
  return count(u.inputTokens) + count(u.cacheReadTokens) + count(u.cacheWriteTokens);
}

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

/**
 * A copy holding only the known counters, anything but a token count read as 0 (usage comes from
 * the log, unchecked; never converted). Undefined when `raw` is not an object.
 */
export function normalizeUsage(raw: unknown): TokenUsage | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const u = raw as Partial<Record<(typeof COUNTERS)[number], unknown>>;
  const out: TokenUsage = { inputTokens: count(u.inputTokens), outputTokens: count(u.outputTokens) };
  for (const k of OPTIONAL) if (u[k] !== undefined) out[k] = count(u[k]);
  return out;
}

function count(v: unknown): number {
  return isTokenCount(v) ? v : 0;
}

/** A token count: a number from 0 to 2^53 (1e308 or -5e6 in a log would price as $Infinity or a refund). */
function isTokenCount(v: unknown): v is number {
  return typeof v === 'number' && v >= 0 && v <= Number.MAX_SAFE_INTEGER;
}

/**
 * The usage a log records, as counted: each counter that is not a token count is named in a
 * `bad-usage` warning at seq and left out of every total and cost (never read as a number it
 * is not). Undefined when raw is not an object.
 */
export function checkedUsage(
  raw: unknown,
  where: string,
  seq: number,
  sink: DiagnosticSink,
): TokenUsage | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const u = raw as Record<string, unknown>;
  const out: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  for (const k of COUNTERS) {
    const v = u[k];
    if (v === undefined) continue;
    if (isTokenCount(v)) out[k] = v;
    else
      sink.report(
        'bad-usage',
        `${where}.${k} ${jsonExcerpt(v)} is not a token count (a number from 0 to 2^53); not counted`,
        { seq },
      );
  }
  return out;
}
