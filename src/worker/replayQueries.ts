/**
 * The worker's answers for token-level replay: the scrubber's axis
 * (downsampled knots of the seq -> x mapping, turn and step bands, gap
 * markers, per-pixel ticks of diagnostics, stalls and filter matches),
 * position stepping (event, chunk, character, step, turn) with the slider's
 * aria-valuetext, and playback timing windows. The maths is the core's
 * (src/core/replay/); this file only sizes the answers for the main thread,
 * which never holds per-event data.
 *
 * Caches live per session (a WeakMap, so a new load starts afresh): the two
 * axes (rebuilt when the log grows) and stream health per step (recomputed
 * only for steps that changed since, i.e. the open one while a log grows).
 */
import type { StepInfo } from '../core/analysis/structureIndex';
import type { SessionLog } from '../core/log/sessionLog';
import { bucketTicks, seqAxis, timeAxis, type Axis } from '../core/replay/axis';
import { gapBefore, type Pacing } from '../core/replay/pacing';
import {
  clampPosition,
  deltaLengthAt,
  describePosition,
  nextChar,
  nextChunk,
  nextEvent,
  nextStep,
  nextTurn,
  prevChar,
  prevChunk,
  prevEvent,
  prevStep,
  prevTurn,
  type ReplayPosition,
} from '../core/replay/position';
import { stepStall, streamHealth, type StepHealth, type StepStall } from '../core/replay/streamHealth';
import type { Severity } from '../core/types';
import type {
  PlaybackWindow,
  ReplayAxisKind,
  ReplayAxisView,
  ReplayMove,
  ReplayPositionView,
  StepHealthView,
  TickView,
} from './protocol';
import { shownGapMarkers } from './gapMarkers';
import { turnColumns } from './turnColumns';
import type { OpenLog } from './openLog';

/** Knots of the time axis sent to the main thread (plus every gap's two ends). */
const MAX_KNOTS = 4096;
/** Upper bound on one playback window. */
const MAX_PLAN = 8192;
/** A step whose longest stall between chunks exceeds this is marked (ms). */
export const STALL_THRESHOLD_MS = 2000;

// ---------------------------------------------------------------- stream health per step

/** Stream health per step, recomputed only for steps whose extent changed (the open one while loading). */
class HealthCache {
  private readonly entries: (StepHealth | null)[] = [];
  private readonly keys: string[] = [];

  constructor(private readonly log: SessionLog) {}

  get(index: number): StepHealth | null {
    const step = this.log.structure.steps[index];
    if (!step) return null;
    const key = keyOf(step);
    if (this.keys[index] !== key) {
      this.entries[index] = streamHealth(this.log, index, { stallThresholdMs: STALL_THRESHOLD_MS });
      this.keys[index] = key;
    }
    return this.entries[index] ?? null;
  }
}

function keyOf(step: StepInfo): string {
  const last = step.attempts[step.attempts.length - 1];
  return `${step.lastSeq}:${step.attempts.length}:${last?.lastChunkSeq ?? -1}:${step.usage?.outputTokens ?? ''}`;
}

/**
 * Each step's stall and chunk count (the scrubber's bands), recomputed only for steps whose
 * extent changed: while a log loads, the open one. Keyed by numbers, not strings: the scrubber
 * asks for every step each time the log grows.
 */
class StallCache {
  private readonly entries: (StepStall | null)[] = [];
  /** Per step: lastSeq, attempts, the last attempt's last chunk seq. */
  private keys = new Float64Array(0);

  constructor(private readonly log: SessionLog) {}

  all(): (StepStall | null)[] {
    const steps = this.log.structure.steps;
    if (this.keys.length < steps.length * 3) {
      const grown = new Float64Array(Math.max(steps.length * 3, this.keys.length * 2)).fill(NaN);
      grown.set(this.keys);
      this.keys = grown;
    }
    const k = this.keys;
    for (let i = 0; i < steps.length; i++) {
      const st = steps[i] as StepInfo;
      const lastChunk = st.attempts[st.attempts.length - 1]?.lastChunkSeq ?? -1;
      if (k[3 * i] === st.lastSeq && k[3 * i + 1] === st.attempts.length && k[3 * i + 2] === lastChunk)
        continue;
      this.entries[i] = stepStall(this.log, i, { stallThresholdMs: STALL_THRESHOLD_MS });
      k[3 * i] = st.lastSeq;
      k[3 * i + 1] = st.attempts.length;
      k[3 * i + 2] = lastChunk;
    }
    return this.entries.slice(0, steps.length);
  }
}

const stallCaches = new WeakMap<OpenLog, StallCache>();

function stallCache(session: OpenLog): StallCache {
  let c = stallCaches.get(session);
  if (!c) {
    c = new StallCache(session.log);
    stallCaches.set(session, c);
  }
  return c;
}

const healthCaches = new WeakMap<OpenLog, HealthCache>();

function healthCache(session: OpenLog): HealthCache {
  let c = healthCaches.get(session);
  if (!c) {
    c = new HealthCache(session.log);
    healthCaches.set(session, c);
  }
  return c;
}

/** A step's stream health as a timeline row shows it (undefined when it streamed nothing). */
export function stepHealthView(session: OpenLog, stepIndex: number): StepHealthView | undefined {
  const h = healthCache(session).get(stepIndex);
  if (!h || h.chunkCount === 0) return undefined;
  const out: StepHealthView = {
    chunkCount: h.chunkCount,
    ttftMs: h.ttftMs,
    ttftFrom: h.ttftFrom,
    streamingMs: h.streamingMs,
    outputTokens: h.outputTokens,
    tokensPerSecond: h.tokensPerSecond,
    longestStallMs: h.longestStall?.ms ?? null,
    stalled: h.stalled,
    histogram: h.histogram,
    histogramSpanMs: h.histogramSpanMs,
  };
  if (h.longestStall) out.stallSeq = h.longestStall.seq;
  return out;
}

// ---------------------------------------------------------------- queries

export interface MatchSource {
  /** The active filter's matching seqs (ascending), or null without a filter. */
  matchSeqs(): ArrayLike<number> | null;
}

export class ReplayQueries {
  private axes: { events: number; seq: Axis; time: Axis | null | undefined } | null = null;
  /** Whether a time axis exists (timeAxis is not null), scanned incrementally: see timeRises. */
  private rise = { scanned: 0, last: NaN, rises: false };

  constructor(
    private readonly session: OpenLog,
    private readonly matches: MatchSource,
  ) {}

  private get log(): SessionLog {
    return this.session.log;
  }

  private axisOf(kind: ReplayAxisKind): Axis {
    const n = this.log.eventCount;
    if (!this.axes || this.axes.events !== n) this.axes = { events: n, seq: seqAxis(n), time: undefined };
    if (kind === 'seq') return this.axes.seq;
    if (this.axes.time === undefined) this.axes.time = timeAxis(this.log);
    return this.axes.time ?? this.axes.seq;
  }

  axis(kind: ReplayAxisKind, widthPx: number): ReplayAxisView {
    const log = this.log;
    const n = log.eventCount;
    const width = Math.max(1, Math.min(16384, Math.round(widthPx) || 1));
    const axis = this.axisOf(kind);
    // On the seq axis (a log still loading is shown so), whether a time axis exists without building it.
    const timeAvailable = kind === 'time' ? axis.kind === 'time' : this.timeRises();

    const markers = shownGapMarkers(axis.markers);
    // Knots: every event of a small log; evenly spaced ones plus both ends of every gap shown otherwise.
    let knots: number[];
    if (n === 0) knots = [];
    else if (axis.kind === 'seq') knots = n === 1 ? [0] : [0, n - 1];
    else if (n <= MAX_KNOTS) knots = Array.from({ length: n }, (_, i) => i);
    else {
      const set = new Set<number>();
      for (let i = 0; i < MAX_KNOTS; i++) set.add(Math.round((i * (n - 1)) / (MAX_KNOTS - 1)));
      for (const m of markers) {
        if (m.beforeSeq >= 0) set.add(m.beforeSeq);
        set.add(m.seq);
      }
      knots = [...set].sort((a, b) => a - b);
    }
    const knotSeqs = Int32Array.from(knots);
    const knotXs = new Float64Array(knots.length);
    const knotTimes = new Float64Array(knots.length);
    for (let i = 0; i < knots.length; i++) {
      knotXs[i] = axis.xOf(knots[i] as number);
      knotTimes[i] = log.timeOf(knots[i] as number) ?? NaN;
    }

    const structure = log.structure;
    const turns = turnColumns(structure.turns);
    const turnXs = new Float64Array(structure.turns.length * 2);
    structure.turns.forEach((t, i) => {
      const [x0, x1] = axis.span(t.startSeq, t.lastSeq);
      turnXs[2 * i] = x0;
      turnXs[2 * i + 1] = x1;
    });
    const steps = structure.steps;
    const stepXs = new Float64Array(steps.length * 2);
    const stepSeqs = new Int32Array(steps.length * 2);
    const stepNums = new Int32Array(steps.length * 2);
    const stepFlags = new Uint8Array(steps.length);
    const health = n > 0 ? stallCache(this.session).all() : [];
    const stallSeqs: number[] = [];
    steps.forEach((st, i) => {
      const [x0, x1] = axis.span(st.startSeq, st.lastSeq);
      stepXs[2 * i] = x0;
      stepXs[2 * i + 1] = x1;
      stepSeqs[2 * i] = st.startSeq;
      stepSeqs[2 * i + 1] = st.lastSeq;
      stepNums[2 * i] = st.turn;
      stepNums[2 * i + 1] = st.step;
      const h = health[i];
      let flags = 0;
      if (h?.stalled) {
        flags |= 1;
        if (h.longestStall) stallSeqs.push(h.longestStall.seq);
      }
      if (st.attempts.some((a) => a.failed)) flags |= 2;
      if (h && h.chunkCount > 0) flags |= 4;
      stepFlags[i] = flags;
    });

    const view: ReplayAxisView = {
      axis: axis.kind,
      timeAvailable,
      eventCount: n,
      width,
      knotSeqs,
      knotXs,
      knotTimes,
      markers: markers.map((m) => ({
        beforeSeq: m.beforeSeq,
        seq: m.seq,
        ms: m.ms,
        x0: m.x0,
        x1: m.x1,
        label: m.label,
      })),
      ...turns,
      turnXs,
      stepXs,
      stepSeqs,
      stepNums,
      stepFlags,
      diagnostics: this.diagnosticTicks(axis, width),
      stalls: bucketTicks(axis, stallSeqs, width),
      matches: null,
    };
    const matches = this.matches.matchSeqs();
    if (matches) view.matches = bucketTicks(axis, matches, width);
    if (this.session.startTime !== undefined) view.startTime = this.session.startTime;
    if (this.session.endTime !== undefined) view.endTime = this.session.endTime;
    return view;
  }

  /**
   * Whether `timeAxis(log)` would be an axis (not null): some timed event is later than the timed
   * event before it (core/replay/axis.ts: the total of active time and gaps is then positive).
   * O(new events) per call, where building the axis is O(all events) each time the log grows.
   */
  private timeRises(): boolean {
    const r = this.rise;
    const log = this.log;
    const n = log.eventCount;
    for (; !r.rises && r.scanned < n; r.scanned++) {
      const t = log.timeOf(r.scanned);
      if (t === undefined) continue;
      if (t > r.last) r.rises = true;
      r.last = t;
    }
    return r.rises;
  }

  /** Diagnostics about a seq, merged per pixel column with the worst severity. */
  private diagnosticTicks(axis: Axis, width: number): TickView[] {
    const seqs: number[] = [];
    const severities: Severity[] = [];
    for (const d of this.log.diagnostics.items) {
      if (d.seq === undefined) continue;
      seqs.push(d.seq);
      severities.push(d.severity);
    }
    return bucketTicks(axis, seqs, width, severities);
  }

  /** The position one unit away (clamped at the ends), described for the slider. */
  move(seq: number, chunk: number | undefined, move: ReplayMove, dir: 1 | -1 = 1): ReplayPositionView {
    const log = this.log;
    const n = log.eventCount;
    const from: ReplayPosition = chunk === undefined ? { seq } : { seq, chunk };
    const fwd = dir > 0;
    let to: ReplayPosition;
    switch (move) {
      case 'event':
        to = fwd ? nextEvent(log, from) : prevEvent(log, from);
        break;
      case 'chunk':
        to = fwd ? nextChunk(log, from) : prevChunk(log, from);
        break;
      case 'char':
        to = fwd ? nextChar(log, from) : prevChar(log, from);
        break;
      case 'step':
        to = fwd ? nextStep(log, from) : prevStep(log, from);
        break;
      case 'turn':
        to = fwd ? nextTurn(log, from) : prevTurn(log, from);
        break;
      case 'edge':
        to = { seq: fwd ? Math.max(0, n - 1) : 0 };
        break;
      case 'none':
        to = from;
        break;
    }
    const p = clampPosition(log, to);
    const out: ReplayPositionView = {
      seq: p.seq,
      valuetext: describePosition(log, p),
      deltaLength: n > 0 ? deltaLengthAt(log, p.seq) : 0,
      type: n > 0 ? log.typeOf(p.seq) : '',
    };
    if (p.chunk !== undefined) out.chunk = p.chunk;
    return out;
  }

  /** Playback timing of events [from, from + count) at 1x (the player stitches windows together). */
  plan(from: number, count: number, pacing: Pacing): PlaybackWindow {
    const log = this.log;
    const n = log.eventCount;
    const start = Math.max(0, Math.min(n, Math.floor(from)));
    const end = Math.min(n, start + Math.max(0, Math.min(MAX_PLAN, Math.floor(count))));
    const len = end - start;
    const playMs = new Float64Array(len);
    const skippedMs = new Float64Array(len);
    const deltaLength = new Uint32Array(len);
    const problem = new Uint8Array(len);
    const problems = this.session.problems;
    const snap = problems.snapshot();
    for (let i = 0; i < len; i++) {
      const s = start + i;
      if (s > 0) {
        const g = gapBefore(log, s, pacing);
        playMs[i] = g.playMs;
        skippedMs[i] = g.skippedMs;
      }
      deltaLength[i] = deltaLengthAt(log, s);
      if (problems.isProblem(s, snap)) problem[i] = 1;
    }
    return { from: start, eventCount: n, playMs, skippedMs, deltaLength, problem };
  }
}

const replays = new WeakMap<OpenLog, ReplayQueries>();

/** The session's replay queries (one per load). */
export function replayFor(session: OpenLog, matches: MatchSource): ReplayQueries {
  let r = replays.get(session);
  if (!r) {
    r = new ReplayQueries(session, matches);
    replays.set(session, r);
  }
  return r;
}
