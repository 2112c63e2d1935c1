/**
 * What a turn or step row says happened (the event rows' one-liners are in
 * summary.ts): a turn's user prompt, a step's tools ("bash, read x2") and
 * its outcome (ok, tool error, failed attempt, ...). Pure: the worker feeds
 * it the structure and the events it needs.
 */
import type { StepInfo, ToolCallInfo, TurnInfo } from '../analysis/structureIndex';
import { messageOf } from '../log/message';
import type { SessionEvent } from '../types';

/** Longest prompt text kept for a row (it clips visually anyway). */
export const PROMPT_MAX = 160;

/** Tool names in order of first call, repeats counted: `bash, read x2`. */
export function toolList(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts].map(([name, n]) => (n > 1 ? `${name} x${n}` : name)).join(', ');
}

/**
 * A step's outcome, worst first. `ok`: it ended and nothing failed.
 * `failed attempt`: a model call failed and was retried; `call failed`: the
 * last attempt failed too. `open`: still running at the end of the log;
 * `cut short`: it never ended, but its turn did (interrupted or aborted).
 */
export type StepOutcome =
  'ok' | 'tool error' | 'failed attempt' | 'call failed' | 'max tokens' | 'open' | 'cut short';

export function stepOutcomes(
  step: StepInfo,
  calls: readonly ToolCallInfo[],
  turn: TurnInfo | undefined,
): StepOutcome[] {
  const out: StepOutcome[] = [];
  const last = step.attempts[step.attempts.length - 1];
  if (last?.failed) out.push('call failed');
  if (calls.some((c) => c.isError)) out.push('tool error');
  if (step.attempts.some((a) => a !== last && a.failed)) out.push('failed attempt');
  if (last?.finish?.kind === 'max-tokens') out.push('max tokens');
  if (step.endSeq === null) out.push(turn && turn.endSeq !== null ? 'cut short' : 'open');
  return out.length > 0 ? out : ['ok'];
}

/**
 * The text of a user message as a turn row shows it (one line, clipped), or
 * null for an event that is no user prompt: another type, a replace of
 * earlier history (a compaction summary), or a message without text.
 */
export function promptText(ev: SessionEvent): string | null {
  if (ev.type !== 'user/message') return null;
  const op = ev.surfaceOp;
  if (op && typeof op === 'object') return null;
  const m = messageOf(ev);
  if (!m) return null;
  const content: readonly unknown[] =
    typeof m.content === 'string'
      ? [{ type: 'text', text: m.content }]
      : Array.isArray(m.content)
        ? m.content
        : [];
  for (const b of content) {
    if (typeof b !== 'object' || b === null) continue;
    const text = (b as { type?: unknown; text?: unknown }).text;
    if ((b as { type?: unknown }).type === 'text' && typeof text === 'string' && text.trim() !== '') {
      const line = text
        .slice(0, PROMPT_MAX * 2)
        .replace(/\s+/g, ' ')
        .trim();
      return line.length > PROMPT_MAX ? `${line.slice(0, PROMPT_MAX - 1)}…` : line;
    }
  }
  return null;
}
