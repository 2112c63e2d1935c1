/**
 * Playback pacing maths: when each event is due.
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
 * The worker answers playback plans with these gaps (`replayPlan`); the app's
 * player schedules from them, and `revealCount` says how many code points of
 * a long delta to show between its chunk and the next event, so streamed
 * text appears at the recorded pace.
 */

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
