/**
 * The one duration formatter: timeline rows (turn, step, folded chunk run),
 * the header, the scrubber's gap markers and step health, retries, the CLI.
 * Durations next to each other must read the same.
 */

import { NO_VALUE } from './noValue';

/** `850 ms`, `1.8 s`, `2 m 05 s`, `1 h 02 m`, `3 d 04 h`, `12 y`. Non-finite input gives `—`. */
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
  if (mins < 48 * 60) return `${s}${Math.floor(mins / 60)} h ${String(mins % 60).padStart(2, '0')} m`;
  const far = yearsText(abs);
  if (far !== undefined) return s + far;
  const hours = Math.round(abs / 3_600_000);
  return `${s}${Math.floor(hours / 24)} d ${String(hours % 24).padStart(2, '0')} h`;
}

const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;

/**
 * A span of 1,000 days or more in whole years (`3 y`, `274 y`), and past 9,999 years only that
 * (`10k+ y`): times that far apart are a writer's error (a far-future or a 0 time), and the
 * digits of `-2400000000 h 00 m` said nothing more (audit R18-6). Undefined below 1,000 days.
 */
export function yearsText(absMs: number): string | undefined {
  if (!(absMs >= 1000 * DAY_MS)) return undefined;
  const years = Math.round(absMs / YEAR_MS);
  return years > 9999 ? '10k+ y' : `${years} y`;
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
