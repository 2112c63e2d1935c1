/**
 * Stream health per step: time to first token, streaming duration,
 * output tokens and tokens per second, chunk count, the longest stall between
 * chunks, a chunk-arrival histogram for a sparkline, and a `stalled` flag.
 *
 * Definitions (per step; its attempts come from the StructureIndex):
 *   - chunks: the step's `assistant/chunk` events, attempt by attempt;
 *   - first/last delta: the first and last text/reasoning/tool-call delta;
 *   - TTFT: from the last `request/header` between step/start and the first
 *     delta (the request start), else from step/start, to the first delta of
 *     the step (its first attempt with a delta);
 *   - streaming ms: per attempt, first delta to last delta; the step's is
 *     the sum over attempts (a retry's wait is not streaming);
 *   - tokens/s: output tokens of the attempts that carry usage, over those
 *     attempts' streaming time (null when that time is 0 or unknown);
 *     `outputTokens` is the step's usage (all attempts);
 *   - stall: the largest gap between consecutive chunks of one attempt (any
 *     chunk type; the wait between attempts is a retry, not a stall);
 *     `stalled` = that gap > `stallThresholdMs` (default 2000);
 *   - histogram: the step's chunks from its first to its last delta (by
 *     seq), counted into `buckets` (default 24) equal slices of
 *     [time(first delta), time(last delta)], times clamped into it.
 * Times that are missing make the figures that need them null, never NaN;
 * a time going backwards counts as a 0 ms gap.
 *
 * Cost: per step, O(its chunks) column reads (type id + time) and no parse:
 * the first and last delta are found by the delta flag (past block-start /
 * block-end / usage / finish unread) and a delta line's step read from its
 * bytes (parsed only for a delta the loading pass parsed too: another dialect;
 * before, about 6 parses an attempt on generated logs). Only when an attempt's seq range
 * holds more chunk events than the attempt counts (a stray stream naming
 * another step, already an `event-outside-step` diagnostic) is that range
 * scanned again, parsing its chunks to filter them. All steps of a generated
 * 1M-event log (7.4k steps) take ~210 ms and 4.2k parses (455 ms and 51k
 * parses before the delta flag): the worker asks for the steps on screen and caches.
 */
import { EventFlag, type SessionLog } from '../log/sessionLog';
import { looseData, type StreamChunk } from '../types';
import type { AttemptInfo, StepInfo } from '../analysis/structureIndex';

export type HealthLog = Pick<
  SessionLog,
  'eventCount' | 'types' | 'typeIdOf' | 'timeOf' | 'event' | 'structure' | 'flagsOf' | 'chunkDelta'
>;

export interface StreamHealthOptions {
  /** A step whose longest stall exceeds this is `stalled` (default 2000 ms). */
  stallThresholdMs?: number;
  /** Histogram buckets (default 24). */
  buckets?: number;
}

export interface Stall {
  ms: number;
  /** The chunk before the gap. */
  fromSeq: number;
  /** The chunk that ended it (where to mark the stall). */
  seq: number;
}

export interface AttemptHealth {
  firstChunkSeq: number;
  lastChunkSeq: number;
  chunkCount: number;
  failed: boolean;
  firstDeltaSeq: number | null;
  lastDeltaSeq: number | null;
  streamingMs: number | null;
  outputTokens: number | null;
  longestStall: Stall | null;
}

export interface StepHealth {
  stepIndex: number;
  turn: number;
  step: number;
  startSeq: number;
  attempts: AttemptHealth[];
  chunkCount: number;
  firstDeltaSeq: number | null;
  lastDeltaSeq: number | null;
  ttftMs: number | null;
  /** Where TTFT is measured from: the request/header's seq, or the step/start's. */
  ttftFromSeq: number | null;
  ttftFrom: 'request' | 'step' | null;
  streamingMs: number | null;
  outputTokens: number | null;
  tokensPerSecond: number | null;
  longestStall: Stall | null;
  stalled: boolean;
  /** Chunk counts per time slice of the streaming span; null without times. */
  histogram: number[] | null;
  /** The span the histogram covers (ms), or null. */
  histogramSpanMs: number | null;
}

const CHUNK = 'assistant/chunk';

interface Ctx {
  log: HealthLog;
  chunkId: number;
  requestId: number;
}

/** Stream health of one step (index into `log.structure.steps`); null if there is no such step. */
export function streamHealth(
  log: HealthLog,
  stepIndex: number,
  options: StreamHealthOptions = {},
): StepHealth | null {
  const step = log.structure.steps[stepIndex];
  if (!step) return null;
  return healthOf(ctxOf(log), step, stepIndex, options);
}

/** What the scrubber marks per step: its chunks and its longest stall, from the columns alone. */
export interface StepStall {
  chunkCount: number;
  longestStall: Stall | null;
  stalled: boolean;
}

/**
 * The part of `streamHealth` the scrubber's bands need (chunk count, longest stall, `stalled`),
 * the same figures, at a fraction of the cost: no event is parsed (no first/last delta, no
 * TTFT, no histogram) unless an attempt's range holds another step's stray chunks.
 */
export function stepStall(
  log: HealthLog,
  stepIndex: number,
  options: Pick<StreamHealthOptions, 'stallThresholdMs'> = {},
): StepStall | null {
  const step = log.structure.steps[stepIndex];
  if (!step) return null;
  const ctx = ctxOf(log);
  let chunkCount = 0;
  let longestStall: Stall | null = null;
  for (const a of step.attempts) {
    const scanned = attemptStall(ctx, step, a);
    chunkCount += scanned.chunkCount;
    if (scanned.longestStall && (!longestStall || scanned.longestStall.ms > longestStall.ms))
      longestStall = scanned.longestStall;
  }
  const threshold = options.stallThresholdMs ?? 2000;
  return { chunkCount, longestStall, stalled: longestStall !== null && longestStall.ms > threshold };
}

function ctxOf(log: HealthLog): Ctx {
  return { log, chunkId: log.types.indexOf(CHUNK), requestId: log.types.indexOf('request/header') };
}

function healthOf(ctx: Ctx, step: StepInfo, stepIndex: number, options: StreamHealthOptions): StepHealth {
  const { log } = ctx;
  const threshold = options.stallThresholdMs ?? 2000;
  const buckets = Math.max(1, Math.floor(options.buckets ?? 24));
  const scanned = step.attempts.map((a) => attemptHealth(ctx, step, a));
  const attempts = scanned.map((x) => x.health);

  let chunkCount = 0;
  let streamingMs: number | null = null;
  let longestStall: Stall | null = null;
  let usageTokens = 0;
  let usageMs = 0;
  for (const a of attempts) {
    chunkCount += a.chunkCount;
    if (a.streamingMs !== null) streamingMs = (streamingMs ?? 0) + a.streamingMs;
    if (a.longestStall && (!longestStall || a.longestStall.ms > longestStall.ms))
      longestStall = a.longestStall;
    if (a.outputTokens !== null && a.streamingMs !== null) {
      usageTokens += a.outputTokens;
      usageMs += a.streamingMs;
    }
  }
  const firstDeltaSeq = attempts.find((a) => a.firstDeltaSeq !== null)?.firstDeltaSeq ?? null;
  let lastDeltaSeq: number | null = null;
  for (const a of attempts) if (a.lastDeltaSeq !== null) lastDeltaSeq = a.lastDeltaSeq;

  // TTFT origin: the last request/header before the first delta, else step/start.
  let ttftFromSeq: number | null = null;
  let ttftFrom: StepHealth['ttftFrom'] = null;
  let ttftMs: number | null = null;
  if (firstDeltaSeq !== null) {
    ttftFromSeq = step.startSeq;
    ttftFrom = 'step';
    if (ctx.requestId >= 0) {
      for (let s = firstDeltaSeq - 1; s > step.startSeq; s--) {
        if (log.typeIdOf(s) === ctx.requestId) {
          ttftFromSeq = s;
          ttftFrom = 'request';
          break;
        }
      }
    }
    ttftMs = diff(log.timeOf(ttftFromSeq), log.timeOf(firstDeltaSeq));
  }

  const outputTokens = tokens(step.usage?.outputTokens);
  const tokensPerSecond = usageMs > 0 ? usageTokens / (usageMs / 1000) : null;

  let histogram: number[] | null = null;
  let histogramSpanMs: number | null = null;
  const t0 = firstDeltaSeq === null ? undefined : log.timeOf(firstDeltaSeq);
  const t1 = lastDeltaSeq === null ? undefined : log.timeOf(lastDeltaSeq);
  if (firstDeltaSeq !== null && lastDeltaSeq !== null && t0 !== undefined && t1 !== undefined) {
    const span = Math.max(0, t1 - t0);
    const h = new Array<number>(buckets).fill(0);
    step.attempts.forEach((a, i) => {
      const from = Math.max(a.firstChunkSeq, firstDeltaSeq);
      const to = Math.min(a.lastChunkSeq, lastDeltaSeq);
      forEachChunk(ctx, step, scanned[i]?.strays === true, from, to, (s) => {
        const t = log.timeOf(s);
        if (t === undefined) return;
        const b = span > 0 ? Math.floor(((Math.min(t1, Math.max(t0, t)) - t0) / span) * buckets) : 0;
        const i = Math.min(buckets - 1, b);
        h[i] = (h[i] as number) + 1;
      });
    });
    histogram = h;
    histogramSpanMs = span;
  }

  return {
    stepIndex,
    turn: step.turn,
    step: step.step,
    startSeq: step.startSeq,
    attempts,
    chunkCount,
    firstDeltaSeq,
    lastDeltaSeq,
    ttftMs,
    ttftFromSeq,
    ttftFrom,
    streamingMs,
    outputTokens,
    tokensPerSecond,
    longestStall,
    stalled: longestStall !== null && longestStall.ms > threshold,
    histogram,
    histogramSpanMs,
  };
}

function attemptHealth(ctx: Ctx, step: StepInfo, a: AttemptInfo): { health: AttemptHealth; strays: boolean } {
  const { log } = ctx;
  const { chunkCount, longestStall, strays } = attemptStall(ctx, step, a);
  const firstDeltaSeq = findDelta(ctx, step, a.firstChunkSeq, a.lastChunkSeq, 1);
  const lastDeltaSeq =
    firstDeltaSeq === null ? null : findDelta(ctx, step, a.lastChunkSeq, firstDeltaSeq, -1);
  const streamingMs =
    firstDeltaSeq === null || lastDeltaSeq === null
      ? null
      : diff(log.timeOf(firstDeltaSeq), log.timeOf(lastDeltaSeq));
  const health: AttemptHealth = {
    firstChunkSeq: a.firstChunkSeq,
    lastChunkSeq: a.lastChunkSeq,
    chunkCount,
    failed: a.failed,
    firstDeltaSeq,
    lastDeltaSeq,
    streamingMs,
    outputTokens: tokens(a.usage?.outputTokens),
    longestStall,
  };
  return { health, strays };
}

/** An attempt's chunks and longest gap between them, by the columns (parsing only to drop strays). */
function attemptStall(
  ctx: Ctx,
  step: StepInfo,
  a: AttemptInfo,
): { chunkCount: number; longestStall: Stall | null; strays: boolean } {
  const { log } = ctx;
  let chunkCount = 0;
  let prevSeq = -1;
  let prevTime: number | undefined;
  let longestStall: Stall | null = null;
  const scan = (strays: boolean) => {
    chunkCount = 0;
    prevTime = undefined;
    longestStall = null;
    forEachChunk(ctx, step, strays, a.firstChunkSeq, a.lastChunkSeq, (s) => {
      chunkCount++;
      const t = log.timeOf(s);
      if (t === undefined) return;
      if (prevTime !== undefined) {
        const gap = Math.max(0, t - prevTime);
        if (!longestStall || gap > longestStall.ms) longestStall = { ms: gap, fromSeq: prevSeq, seq: s };
      }
      prevSeq = s;
      prevTime = t;
    });
  };
  // By the type column alone; more chunk events in the range than the attempt
  // counts means a stray stream (another step's chunks): scan again, parsing.
  scan(false);
  const strays = chunkCount !== a.chunkCount;
  if (strays) scan(true);
  return { chunkCount, longestStall, strays };
}

/** Calls fn for each of the step's chunks in from..to, by the type column; parses only to drop strays. */
function forEachChunk(
  ctx: Ctx,
  step: StepInfo,
  strays: boolean,
  from: number,
  to: number,
  fn: (seq: number) => void,
): void {
  const { log, chunkId } = ctx;
  if (chunkId < 0) return;
  for (let s = from; s <= to; s++) {
    if (log.typeIdOf(s) !== chunkId) continue;
    if (strays && chunkOf(log, step, s) === null) continue;
    fn(s);
  }
}

/**
 * The first delta of the step walking from `from` towards `to` (dir +1 or -1). The delta flag
 * passes over the other chunks unread (a block-end carries its whole block); a delta line's step
 * is read from its bytes, unparsed (`chunkDelta`).
 */
function findDelta(ctx: Ctx, step: StepInfo, from: number, to: number, dir: 1 | -1): number | null {
  const { log } = ctx;
  for (let s = from; dir > 0 ? s <= to : s >= to; s += dir) {
    if ((log.flagsOf(s) & EventFlag.delta) === 0) continue;
    const d = log.chunkDelta(s);
    if (d ? d.turn === step.turn && d.step === step.step : chunkOf(log, step, s) !== null) return s;
  }
  return null;
}

/** The chunk at seq if it names this step, else null. */
function chunkOf(log: HealthLog, step: StepInfo, seq: number): StreamChunk | null {
  const d = looseData(log.event(seq));
  return d.turn === step.turn && d.step === step.step && d.chunk ? (d.chunk as StreamChunk) : null;
}

function diff(a: number | undefined, b: number | undefined): number | null {
  return a === undefined || b === undefined ? null : Math.max(0, b - a);
}

function tokens(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}
