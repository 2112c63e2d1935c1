/**
 * Where the tokens and the time went, per step: the numbers the charts, the
 * run comparison and the CLI read. One pass over the structure index plus a
 * few column reads per step (no event is parsed except each step's
 * assistant/message, for its model, and each request/header once, for the
 * model of the steps whose message names none).
 *
 * Times: `streamMs` is the model's streaming (first to last chunk of the
 * step's attempts, or nothing without chunks); `toolMs` the wall time during
 * which at least one of the step's tool calls ran (overlapping calls count
 * once); `durationMs` the whole step.
 */
import type { StepInfo, StructureIndex } from '../analysis/structureIndex';
import { answeredBy } from '../log/message';
import type { ReplaceRecord } from '../log/surface';
import type { SessionEvent, TokenUsage } from '../types';
import { stepInputSeq } from '../diff/calls';
import { costOf, priceFor, type PriceTable } from '../cost/prices';
import { totalInputTokens } from '../analysis/usage';
import { modelInForceAt, type RequestSource } from '../harness/requestInForce';

export interface MetricsSource extends RequestSource {
  readonly eventCount: number;
  readonly structure: StructureIndex;
  typeOf(seq: number): string;
  timeOf(seq: number): number | undefined;
  event(seq: number): SessionEvent;
  replacesUpTo(seq: number): ReplaceRecord[];
}

export interface StepMetrics {
  /** Index into `structure.steps`. */
  index: number;
  turn: number;
  step: number;
  startSeq: number;
  /** The seq whose derived history the step's first model call was sent (null: no call). */
  inputSeq: number | null;
  model?: string;
  usage?: TokenUsage;
  /** Tokens the model read: input + cache read + cache write (undefined without usage). */
  contextTokens?: number;
  durationMs?: number;
  streamMs?: number;
  toolMs?: number;
  toolCalls: number;
  /** USD, null when the model has no price (or the step no usage). */
  cost: number | null;
}

export interface CompactionPoint {
  seq: number;
  /** `prune`: one tool result rewritten; `compaction`: anything else replaced. */
  kind: 'prune' | 'compaction';
  hidden: number;
  /** The step it happened in, or the next step when between steps (-1 after the last). */
  stepIndex: number;
}

export function stepMetrics(log: MetricsSource, prices?: PriceTable): StepMetrics[] {
  const st = log.structure;
  const toolSpans = toolIntervalsByStep(log, st);
  return st.steps.map((step, index) => {
    const inputSeq = stepInputSeq(step);
    const model = stepModel(log, step);
    const m: StepMetrics = {
      index,
      turn: step.turn,
      step: step.step,
      startSeq: step.startSeq,
      inputSeq,
      toolCalls: step.toolCalls,
      cost: null,
    };
    if (model !== undefined) m.model = model;
    if (step.usage) {
      m.usage = step.usage;
      m.contextTokens = totalInputTokens(step.usage);
      if (prices) m.cost = costOf(step.usage, priceFor(prices, model));
    }
    if (step.durationMs !== undefined) m.durationMs = step.durationMs;
    const stream = streamSpan(log, step);
    if (stream !== undefined) m.streamMs = stream;
    const tools = toolSpans.get(index);
    if (tools) m.toolMs = unionLength(tools);
    return m;
  });
}

export function compactionPoints(log: MetricsSource): CompactionPoint[] {
  const stepAt = firstStepEndingAtOrAfter(log.structure.steps);
  return log.replacesUpTo(log.eventCount - 1).map((r) => {
    const stepIndex = stepAt(r.seq);
    const prune = r.hidden.length === 1 && log.typeOf(r.seq) === 'tool/result';
    return { seq: r.seq, kind: prune ? 'prune' : 'compaction', hidden: r.hidden.length, stepIndex };
  });
}

/**
 * The index of the first step whose lastSeq is at or after a seq (-1: none),
 * by binary search over the running maximum of lastSeq: a scan from step 0 per
 * replace was O(replaces x steps) (R9-3). The running maximum gives the same
 * answer as that scan even if a step's lastSeq passed the next step's.
 */
function firstStepEndingAtOrAfter(steps: readonly StepInfo[]): (seq: number) => number {
  const reach = new Float64Array(steps.length);
  let max = -Infinity;
  steps.forEach((s, i) => {
    max = Math.max(max, s.lastSeq);
    reach[i] = max;
  });
  return (seq) => {
    let lo = 0;
    let hi = steps.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((reach[mid] as number) >= seq) hi = mid;
      else lo = mid + 1;
    }
    return lo < steps.length ? lo : -1;
  };
}

/** The model that answered: the assistant/message's source, else the request header in force. */
export function stepModel(log: MetricsSource, step: StepInfo): string | undefined {
  const inputSeq = stepInputSeq(step);
  if (step.messageSeq !== undefined) {
    const { model } = answeredBy(log.event(step.messageSeq));
    if (model !== null) return model;
  }
  // only the header's model: its view would serialize every tool schema, per step (R9-4)
  return modelInForceAt(log, inputSeq ?? step.lastSeq);
}

function streamSpan(log: MetricsSource, step: StepInfo): number | undefined {
  let total: number | undefined;
  for (const a of step.attempts) {
    const t0 = log.timeOf(a.firstChunkSeq);
    const t1 = log.timeOf(a.messageSeq ?? a.lastChunkSeq);
    if (t0 !== undefined && t1 !== undefined) total = (total ?? 0) + Math.max(0, t1 - t0);
  }
  return total;
}

function toolIntervalsByStep(log: MetricsSource, st: StructureIndex): Map<number, [number, number][]> {
  const out = new Map<number, [number, number][]>();
  for (const c of st.toolCalls) {
    if (c.callSeq === null || c.resultSeq === null || c.stepIndex < 0) continue;
    const t0 = log.timeOf(c.callSeq);
    const t1 = log.timeOf(c.resultSeq);
    if (t0 === undefined || t1 === undefined) continue;
    let list = out.get(c.stepIndex);
    if (!list) out.set(c.stepIndex, (list = []));
    list.push([t0, Math.max(t0, t1)]);
  }
  return out;
}

function unionLength(spans: [number, number][]): number {
  spans.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let [start, end] = spans[0] as [number, number];
  for (const [s, e] of spans) {
    if (s > end) {
      total += end - start;
      start = s;
      end = e;
    } else end = Math.max(end, e);
  }
  return total + end - start;
}
