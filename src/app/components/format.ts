/**
 * Small pure formatting helpers shared by the UI. No React, no store: strings in, strings out.
 *
 * Colour helpers return complete Tailwind class strings (written out literally so Tailwind's
 * source scanner generates them), tuned for a dark UI but readable on light backgrounds too.
 */

import { NO_VALUE } from '../../core/view/noValue';
import { totalInputTokens } from '../../core/analysis/usage';
import type { TokenUsage } from '../../core/types';

/** What every view shows for a missing value: one em dash, app-wide and in the CLI. */
export { NO_VALUE };

function sign(n: number): string {
  return n < 0 ? '-' : '';
}

/** One duration formatter for the app, the worker and the CLI. */
export { formatDuration } from '../../core/view/duration';
import { yearsText } from '../../core/view/duration';

function scaled(n: number, unit: number, suffix: string): string {
  const v = n / unit;
  return `${v < 99.95 ? v.toFixed(1) : Math.round(v).toString()}${suffix}`;
}

/** One cost formatter for the app and the CLI. */
export { formatUsd } from '../../core/view/usd';

/**
 * A usage's "in · out" figure: `in` is all the input the model read (uncached plus cache reads
 * and writes), one meaning for every format; `short` is the narrow `in→out tok`.
 */
export function formatInOut(u: TokenUsage, short = false): string {
  const input = formatTokens(totalInputTokens(u));
  const output = formatTokens(u.outputTokens);
  return short ? `${input}→${output} tok` : `${input} in · ${output} out`;
}

/** `950`, `12.3k`, `123k`, `1.2M`. Non-finite input gives `—`. */
export function formatTokens(n: number): string {
  if (!Number.isFinite(n)) return NO_VALUE;
  const s = sign(n);
  const abs = Math.abs(n);
  if (abs < 999.5) return `${s}${Math.round(abs)}`;
  if (abs < 999_950) return s + scaled(abs, 1000, 'k');
  return s + scaled(abs, 1_000_000, 'M');
}

/** One byte-size formatter for the app, the worker and the CLI. */
export { bytesSaid, formatBytes } from '../../core/view/byteSize';

/**
 * Time since the start of the session, with millisecond precision:
 * `+0.000 s`, `+12.345 s`, `+2 m 05.300 s`, `+1 h 02 m 05.300 s`.
 */
export function formatRelativeTime(ms: number): string {
  if (!Number.isFinite(ms)) return NO_VALUE;
  const s = ms < 0 ? '-' : '+';
  const totalMs = Math.round(Math.abs(ms));
  const secMs = totalMs % 60_000;
  const secStr = (secMs / 1000).toFixed(3);
  if (totalMs < 60_000) return `${s}${secStr} s`;
  const padSec = secStr.padStart(6, '0');
  const totalMin = Math.floor(totalMs / 60_000);
  if (totalMin < 60) return `${s}${totalMin} m ${padSec} s`;
  const far = yearsText(totalMs);
  if (far !== undefined) return s + far;
  return `${s}${Math.floor(totalMin / 60)} h ${String(totalMin % 60).padStart(2, '0')} m ${padSec} s`;
}

/**
 * Time since the session start for the timeline's narrow time column, in one clock notation:
 * `+0:09.740`, `+8:48.100`, `+20:44.000` (milliseconds under an hour), then `+1:00:00`,
 * `+12:03:07` (whole seconds), then `+4d 04h` and `+12 y`. At most 10 characters, right-aligned
 * in a tabular-figure column. Non-finite input gives `—`.
 */
export function formatClockOffset(ms: number): string {
  if (!Number.isFinite(ms)) return NO_VALUE;
  const s = ms < 0 ? '-' : '+';
  const totalMs = Math.round(Math.abs(ms));
  const totalSec = Math.floor(totalMs / 1000);
  if (totalSec < 3600) {
    const min = Math.floor(totalSec / 60);
    const sec = String(totalSec % 60).padStart(2, '0');
    return `${s}${min}:${sec}.${String(totalMs % 1000).padStart(3, '0')}`;
  }
  const h = Math.floor(totalSec / 3600);
  const m = String(Math.floor((totalSec % 3600) / 60)).padStart(2, '0');
  if (h < 100) return `${s}${h}:${m}:${String(totalSec % 60).padStart(2, '0')}`;
  // Days, then years: a far-off time must not widen the column past its 10 characters (R18-6).
  const far = yearsText(totalMs);
  if (far !== undefined) return s + far;
  return `${s}${Math.floor(h / 24)}d ${String(h % 24).padStart(2, '0')}h`;
}

// ---------------------------------------------------------------- colours

/** Chip classes (text + background + border) per colour tone. */
const TONE = {
  green: 'text-green-300 bg-green-500/15 border-green-500/30',
  amber: 'text-amber-300 bg-amber-500/15 border-amber-500/30',
  orange: 'text-orange-300 bg-orange-500/15 border-orange-500/30',
  red: 'text-red-300 bg-red-500/15 border-red-500/30',
  purple: 'text-purple-300 bg-purple-500/15 border-purple-500/30',
  grey: 'text-fg-soft bg-tint/15 border-line-strong',
  slate: 'text-slate-300 bg-slate-500/15 border-slate-500/30',
  sky: 'text-sky-300 bg-sky-500/15 border-sky-500/30',
  emerald: 'text-emerald-300 bg-emerald-500/15 border-emerald-500/30',
  teal: 'text-teal-300 bg-teal-500/15 border-teal-500/30',
  indigo: 'text-indigo-300 bg-indigo-500/15 border-indigo-500/30',
  fuchsia: 'text-fuchsia-300 bg-fuchsia-500/15 border-fuchsia-500/30',
  yellow: 'text-yellow-300 bg-yellow-500/15 border-yellow-500/30',
  pink: 'text-pink-300 bg-pink-500/15 border-pink-500/30',
  cyan: 'text-cyan-300 bg-cyan-500/15 border-cyan-500/30',
} as const;
export type Tone = keyof typeof TONE;

export function toneClass(tone: Tone): string {
  return TONE[tone];
}

const TURN_END_TONE: Record<string, Tone> = {
  completed: 'green',
  aborted: 'amber',
  disposed: 'amber', // legacy spelling of aborted (disposed)
  blocked: 'orange',
  error: 'red',
  'max-tokens': 'purple',
  interrupted: 'grey',
};

/** Chip classes for a turn-end reason kind; unknown kinds are slate. */
export function turnEndReasonClass(kind: string): string {
  return TONE[TURN_END_TONE[kind] ?? 'slate'];
}

export type EventFamily =
  'user' | 'assistant' | 'tool' | 'turn' | 'step' | 'compaction' | 'request' | 'llm' | 'unknown';

const FAMILIES: readonly EventFamily[] = [
  'user',
  'assistant',
  'tool',
  'turn',
  'step',
  'compaction',
  'request',
  'llm',
];

/** The family of an event type: the part before the first `/`, when it is a known family. */
export function eventTypeFamily(type: string): EventFamily {
  const slash = type.indexOf('/');
  const head = slash < 0 ? type : type.slice(0, slash);
  return (FAMILIES as readonly string[]).includes(head) ? (head as EventFamily) : 'unknown';
}

const FAMILY_TONE: Record<EventFamily, Tone> = {
  user: 'sky',
  assistant: 'emerald',
  tool: 'amber',
  turn: 'indigo',
  step: 'cyan',
  compaction: 'fuchsia',
  request: 'teal',
  llm: 'pink',
  unknown: 'slate',
};

/** Badge classes for an event type, by family (`user/*`, `assistant/*`, ...). */
export function eventTypeBadgeClass(type: string): string {
  return TONE[FAMILY_TONE[eventTypeFamily(type)]];
}

const ROLE_TONE: Record<string, Tone> = {
  user: 'sky',
  assistant: 'emerald',
  system: 'purple',
  tool: 'amber',
};

/** Chip classes for a message role. */
export function roleClass(role: string): string {
  return TONE[ROLE_TONE[role] ?? 'slate'];
}

/** The one count of a log's diagnostics every view shows (the header, the panel, the unreadable-log note). */
export function diagnosticsTotal(counts: { error: number; warning: number; info: number }): number {
  return counts.error + counts.warning + counts.info;
}

/** `3 (1 error, 2 warnings)`: the total, then each severity that has any. */
export function formatDiagnosticCounts(counts: { error: number; warning: number; info: number }): string {
  const parts = [
    counts.error ? `${counts.error.toLocaleString('en-US')} error${counts.error === 1 ? '' : 's'}` : '',
    counts.warning
      ? `${counts.warning.toLocaleString('en-US')} warning${counts.warning === 1 ? '' : 's'}`
      : '',
    counts.info ? `${counts.info.toLocaleString('en-US')} info` : '',
  ].filter((p) => p !== '');
  const total = diagnosticsTotal(counts).toLocaleString('en-US');
  return parts.length > 1 ? `${total}: ${parts.join(', ')}` : (parts[0] ?? total);
}

/**
 * An epoch-ms time as ISO 8601; a number past JavaScript's dates (|t| > 8.64e15 ms: nanosecond
 * timestamps, 1e308) as the number, saying so: toISOString throws there (audit R8-13).
 */
export function formatEpochMs(t: number): string {
  const d = new Date(t);
  return Number.isFinite(d.getTime()) ? d.toISOString() : `${t} (not a date: outside the range of dates)`;
}
