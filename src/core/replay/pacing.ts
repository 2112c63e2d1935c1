/**
 * Playback clock maths (issue 4, "Playback"): when each event is due.
 *
 * Every event s > 0 is due `gap(s)` ms (at 1x) after event s-1:
 *   - uniform pacing: 1000 / eventsPerSecond;
 *   - real-time pacing: the recorded `time(s) - time(s-1)`; a gap going
 *     backwards plays as 0; an idle gap over `idleGapMs` (default 2 s) is
 *     skipped: it plays as `skippedGapMs` (default 250 ms, a beat for the
 *     "skipped 41 s idle" notice) and reports the recorded gap as skipped;
 *     where either event lacks a `time`, that gap falls back to uniform
 *     pacing at `untimedEventsPerSecond` (default 10), so a log without
 *     times plays uniformly.
 * At speed v, a gap takes gap / v wall ms. Speeds are clamped to 0.25x..16x.
 *
 * Drift-free playback: the player keeps a fixed origin (startSeq, wall time
 * when it started) and every frame asks `clock.seqAtElapsed(startSeq, now -
 * origin, speed)`, instead of accumulating per-event timeouts (timer lateness
 * then never adds up). `elapsedAt` is the inverse: when a seq becomes due,
 * for scheduling the next wake-up. Both are O(log n + n/4096) through a
 * PrefixWalk over the time column (no event is parsed).
 *
 * Inside a long delta, `revealCount` / `PlaybackClock.positionAtElapsed` give
 * how many code points of the delta to show between its chunk and the next
 * event, so streamed text appears at the recorded pace.
 */
import { PrefixWalk } from './prefixWalk';
import type { ReplayPosition } from './position';

/** What pacing reads: a SessionLog, or anything with its time column. */
export interface TimeColumn {
  readonly eventCount: number;
  /** Epoch ms, or undefined when the event has no time. */
  timeOf(seq: number): number | undefined;
}

export type Pacing =
  | {
      kind: 'real';
      /** Gaps longer than this are skipped (default 2000 ms). */
      idleGapMs?: number;
      /** How long a skipped gap plays, at 1x (default 250 ms). */
      skippedGapMs?: number;
      /** Pace across events without a time (default 10 events/s). */
      untimedEventsPerSecond?: number;
    }
  | { kind: 'uniform'; eventsPerSecond: number };

export const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, 16] as const;
export const MIN_SPEED = 0.25;
export const MAX_SPEED = 16;

export const DEFAULT_IDLE_GAP_MS = 2000;
export const DEFAULT_SKIPPED_GAP_MS = 250;
export const DEFAULT_UNTIMED_EVENTS_PER_SECOND = 10;

/** A speed within 0.25x..16x (non-finite: 1x). */
export function clampSpeed(speed: number): number {
  if (!Number.isFinite(speed)) return 1;
  return Math.min(MAX_SPEED, Math.max(MIN_SPEED, speed));
}

/** The next (faster: +1) or previous (-1) speed of `SPEEDS` from the current one. */
export function stepSpeed(speed: number, direction: 1 | -1): number {
  const v = clampSpeed(speed);
  if (direction > 0) return SPEEDS.find((s) => s > v) ?? MAX_SPEED;
  return [...SPEEDS].reverse().find((s) => s < v) ?? MIN_SPEED;
}

/** The gap before an event, at 1x. */
export interface Gap {
  /** Playback ms between the previous event and this one, at 1x. */
  playMs: number;
  /** The recorded idle gap skipped here (ms), or 0. */
  skippedMs: number;
  /** Paced uniformly because an event lacks a time. */
  untimed: boolean;
}

function rate(eventsPerSecond: number): number {
  return Number.isFinite(eventsPerSecond) && eventsPerSecond > 0 ? 1000 / eventsPerSecond : 1000;
}

/** The gap between seq-1 and seq (seq >= 1), at 1x. */
export function gapBefore(log: TimeColumn, seq: number, pacing: Pacing): Gap {
  if (pacing.kind === 'uniform')
    return { playMs: rate(pacing.eventsPerSecond), skippedMs: 0, untimed: false };
  const a = log.timeOf(seq - 1);
  const b = log.timeOf(seq);
  if (a === undefined || b === undefined)
    return {
      playMs: rate(pacing.untimedEventsPerSecond ?? DEFAULT_UNTIMED_EVENTS_PER_SECOND),
      skippedMs: 0,
      untimed: true,
    };
  const d = b - a;
  if (!(d > 0)) return { playMs: 0, skippedMs: 0, untimed: false };
  if (d > (pacing.idleGapMs ?? DEFAULT_IDLE_GAP_MS))
    return { playMs: pacing.skippedGapMs ?? DEFAULT_SKIPPED_GAP_MS, skippedMs: d, untimed: false };
  return { playMs: d, skippedMs: 0, untimed: false };
}

export interface Due {
  /** The next event (currentSeq + 1). */
  seq: number;
  /** Wall ms from showing currentSeq to showing seq, at the given speed. */
  delayMs: number;
  /** The recorded idle gap skipped before seq (show "skipped 41 s idle"), or 0. */
  skippedMs: number;
  untimed: boolean;
}

/** When the event after currentSeq is due; null at the last event. */
export function nextDue(log: TimeColumn, currentSeq: number, pacing: Pacing, speed: number): Due | null {
  const seq = Math.max(0, Math.floor(currentSeq) + 1);
  if (seq >= log.eventCount) return null;
  const g = gapBefore(log, seq, pacing);
  return { seq, delayMs: g.playMs / clampSpeed(speed), skippedMs: g.skippedMs, untimed: g.untimed };
}

/**
 * Code points of a delta to show `sinceMs` after its chunk became due, when
 * the next event is due `spanMs` after it: one at once, then evenly until the
 * whole delta shows at the last 1/length of the span. A zero span shows it all.
 */
export function revealCount(length: number, sinceMs: number, spanMs: number): number {
  const n = Math.max(0, Math.floor(length));
  if (n === 0) return 0;
  if (!(spanMs > 0) || !(sinceMs < spanMs)) return n;
  const f = Math.max(0, sinceMs) / spanMs;
  return Math.min(n, Math.floor(f * n) + 1);
}

/** Half a nanosecond: keeps `seqAtElapsed(elapsedAt(s))` at s despite float rounding. */
const EPS_MS = 1e-6;

/** Playback offsets of a whole log under one pacing (rebuild when the pacing or eventCount changes: O(n)). */
export class PlaybackClock {
  readonly eventCount: number;
  private readonly walk: PrefixWalk;

  constructor(
    log: TimeColumn,
    readonly pacing: Pacing,
    options: { maxKnots?: number } = {},
  ) {
    this.eventCount = log.eventCount;
    // State: [offset ms at 1x, recorded idle ms skipped so far].
    this.walk = new PrefixWalk(
      this.eventCount,
      2,
      (st, s) => {
        if (s === 0) return;
        const g = gapBefore(log, s, pacing);
        st[0] = (st[0] as number) + g.playMs;
        st[1] = (st[1] as number) + g.skippedMs;
      },
      options,
    );
  }

  private clampSeq(seq: number): number {
    return Math.min(this.eventCount - 1, Math.max(0, Math.floor(seq)));
  }

  /** Ms at 1x from seq 0 to seq (0 for an empty log). */
  offsetOf(seq: number): number {
    if (this.eventCount === 0) return 0;
    return this.walk.stateAt(this.clampSeq(seq))[0] as number;
  }

  /** Ms at 1x to play the whole log. */
  get durationMs(): number {
    return this.offsetOf(this.eventCount - 1);
  }

  /** Recorded idle ms skipped between the events after fromSeq up to toSeq. */
  skippedBetween(fromSeq: number, toSeq: number): number {
    if (this.eventCount === 0) return 0;
    const b = this.walk.stateAt(this.clampSeq(toSeq))[1] as number;
    const a = this.walk.stateAt(this.clampSeq(fromSeq))[1] as number;
    return Math.max(0, b - a);
  }

  /** The last event due at 1x offset ms (seq 0 before the start). */
  seqAtOffset(offsetMs: number): number {
    if (this.eventCount === 0) return 0;
    return Math.max(
      0,
      this.walk.lastAtOrBelow((st) => st[0] as number, offsetMs + EPS_MS),
    );
  }

  /**
   * The seq that should be showing `elapsedMs` wall ms after playback started
   * at startSeq at this speed: non-decreasing in elapsedMs, from startSeq to
   * the last seq.
   */
  seqAtElapsed(startSeq: number, elapsedMs: number, speed: number): number {
    if (this.eventCount === 0) return 0;
    const start = this.clampSeq(startSeq);
    const e = Math.max(0, Number.isFinite(elapsedMs) ? elapsedMs : elapsedMs > 0 ? Infinity : 0);
    const seq = this.seqAtOffset(this.offsetOf(start) + e * clampSpeed(speed));
    return Math.max(start, seq);
  }

  /** The inverse: wall ms after starting at startSeq when seq becomes due (0 for seq <= startSeq). */
  elapsedAt(startSeq: number, seq: number, speed: number): number {
    if (this.eventCount === 0) return 0;
    const d = this.offsetOf(seq) - this.offsetOf(startSeq);
    return d > 0 ? d / clampSpeed(speed) : 0;
  }

  /**
   * The position to show at elapsedMs: `seqAtElapsed`, plus, when that event
   * is a delta (`deltaLength(seq)` > 0, e.g. streamAt's `lastDelta.length`),
   * how many of its code points to reveal so far (`chunk`, omitted once the
   * whole delta shows).
   */
  positionAtElapsed(
    startSeq: number,
    elapsedMs: number,
    speed: number,
    deltaLength: (seq: number) => number,
  ): ReplayPosition {
    const seq = this.seqAtElapsed(startSeq, elapsedMs, speed);
    if (seq + 1 >= this.eventCount) return { seq };
    const length = deltaLength(seq);
    if (!(length > 1)) return { seq };
    const v = clampSpeed(speed);
    const since = Math.max(0, elapsedMs) - this.elapsedAt(startSeq, seq, v);
    const span = (this.offsetOf(seq + 1) - this.offsetOf(seq)) / v;
    const k = revealCount(length, since, span);
    return k < length ? { seq, chunk: k } : { seq };
  }
}
