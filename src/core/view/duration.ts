/**
 * The one duration formatter: timeline rows (turn, step, folded chunk run),
 * the header, the scrubber's gap markers and step health, retries, the CLI.
 * Durations next to each other must read the same.
 */

import { NO_VALUE } from './noValue';

/** `850 ms`, `1.8 s`, `2 m 05 s`, `1 h 02 m`. Non-finite input gives `—`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return NO_VALUE;
  const s = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  if (Math.round(abs) < 1000) return `${s}${Math.round(abs)} ms`;
  const tenths = Math.round(abs / 100); // duration in 0.1 s
  if (tenths < 600) return `${s}${(tenths / 10).toFixed(1)} s`;
  const secs = Math.round(abs / 1000);
  if (secs < 3600) return `${s}${Math.floor(secs / 60)} m ${String(secs % 60).padStart(2, '0')} s`;
  const mins = Math.round(abs / 60_000);
  return `${s}${Math.floor(mins / 60)} h ${String(mins % 60).padStart(2, '0')} m`;
}

/**
 * An event's time as a viewer shows it: undefined when missing, and when 0 (or
 * less), which writers put in logs that record no time (the epoch is no
 * time an agent ran at). A log none of whose events has one shows positions
 * (seq, event N of M) instead of dates and offsets, and plays uniformly.
 */
export function recordedTime(t: number | undefined): number | undefined {
  return t !== undefined && t > 0 ? t : undefined;
}
