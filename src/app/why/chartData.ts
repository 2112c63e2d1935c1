/**
 * Chart series from per-step metrics (pure, tested in Node): tokens per step
 * and cumulative, context size with compaction points, wall time split into
 * streaming and tool execution. x is the step's position (1-based) in the
 * log; a missing value is null (a gap, never 0). The cost is not here: the
 * worker sums it (useSessionCost.ts).
 */
import type { CompactionPoint, StepMetrics } from '../../worker/protocol';

export type Series = (number | null)[];

export interface ChartSeries {
  x: number[];
  input: Series;
  output: Series;
  cacheRead: Series;
  reasoning: Series;
  cumInput: Series;
  cumOutput: Series;
  cumCacheRead: Series;
  cumReasoning: Series;
  context: Series;
  streamS: Series;
  toolS: Series;
  /** Step positions (x) where a compaction or prune happened. */
  compactionX: number[];
}

export function chartSeries(steps: StepMetrics[], compactions: CompactionPoint[]): ChartSeries {
  const x = steps.map((_, i) => i + 1);
  const pick = (f: (m: StepMetrics) => number | undefined): Series => steps.map((m) => f(m) ?? null);
  const input = pick((m) => m.usage?.inputTokens);
  const output = pick((m) => m.usage?.outputTokens);
  const cacheRead = pick((m) => m.usage?.cacheReadTokens);
  const reasoning = pick((m) => m.usage?.reasoningTokens);
  return {
    x,
    input,
    output,
    cacheRead,
    reasoning,
    cumInput: cumulative(input),
    cumOutput: cumulative(output),
    cumCacheRead: cumulative(cacheRead),
    cumReasoning: cumulative(reasoning),
    context: pick((m) => m.contextTokens),
    streamS: pick((m) => (m.streamMs === undefined ? undefined : m.streamMs / 1000)),
    toolS: pick((m) => (m.toolMs === undefined ? undefined : m.toolMs / 1000)),
    compactionX: compactions.filter((c) => c.stepIndex >= 0).map((c) => c.stepIndex + 1),
  };
}

/** Running sums; a step without a value keeps the sum (null only before the first value). */
export function cumulative(s: Series): Series {
  let sum: number | null = null;
  return s.map((v) => (v === null ? sum : (sum = (sum ?? 0) + v)));
}

/** The step whose span holds `seq` (by start seq), as an index into `steps`, or -1 before the first. */
export function stepIndexForSeq(steps: StepMetrics[], seq: number): number {
  let lo = 0;
  let hi = steps.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((steps[mid] as StepMetrics).startSeq <= seq) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
