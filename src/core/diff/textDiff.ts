/**
 * Text diffs for the model's input: a message as the text it reads as, and a
 * word-level diff between two texts (jsdiff), falling back to a line diff
 * when the word diff would take too long (a 100 kB tool output rewritten),
 * and to the whole old text removed and the whole new one added when the line
 * diff would too (two 8,000-line texts differing on every line took 15 s).
 */
import { diffLines, diffWordsWithSpace, type ChangeObject } from 'diff';
import type { Block, Message } from '../types';
import { jsonText } from '../deepJson';

/** One run of a text diff: kept (`=`), only in the old text (`-`) or only in the new (`+`). */
export interface TextPart {
  op: '=' | '-' | '+';
  text: string;
  /** Set on the two parts of a diff given up (too many changes): the whole old text, the whole new one. */
  cut?: true;
}

/**
 * The work one diff may still spend, in jsdiff's steps: a diff that tries E
 * edits makes about E²/2 token comparisons, one per step on a diagonal (and a
 * scan of common runs, linear). A diff of many texts (every changed message of
 * a history, the system prompt) shares one budget, so the whole diff is
 * bounded, not each text.
 */
export interface DiffBudget {
  steps: number;
}

/** About half a second of jsdiff at worst: counted in steps, so the result never depends on the machine. */
export const DIFF_STEPS = 1_000_000;

export function diffBudget(steps = DIFF_STEPS): DiffBudget {
  return { steps };
}

/** Past this many edits a word diff gives up (then a line diff is used) even with budget left. */
const MAX_WORD_EDITS = 2000;

export function textDiff(before: string, after: string, budget: DiffBudget = diffBudget()): TextPart[] {
  if (before === after) return before ? [{ op: '=', text: before }] : [];
  // The word diff may spend half of what is left, the line diff all the rest.
  const words = bounded(budget, 0.5, MAX_WORD_EDITS, (maxEditLength) =>
    diffWordsWithSpace(before, after, { maxEditLength }),
  );
  const changes =
    words ?? bounded(budget, 1, Infinity, (maxEditLength) => diffLines(before, after, { maxEditLength }));
  if (!changes) return wholeTexts(before, after);
  return changes.map((c) => ({ op: c.added ? '+' : c.removed ? '-' : '=', text: c.value }));
}

/** Runs a diff allowed as many edits as `share` of the budget pays for, and charges what it tried. */
function bounded(
  budget: DiffBudget,
  share: number,
  cap: number,
  diff: (maxEditLength: number) => ChangeObject<string>[] | undefined,
): ChangeObject<string>[] | undefined {
  const allowed = Math.min(cap, Math.floor(Math.sqrt(2 * share * Math.max(0, budget.steps))));
  const changes = diff(allowed);
  let tried = allowed;
  if (changes) {
    tried = 0;
    for (const c of changes) if (c.added || c.removed) tried += c.count;
  }
  budget.steps -= (tried * tried) / 2;
  return changes;
}

function wholeTexts(before: string, after: string): TextPart[] {
  const parts: TextPart[] = [];
  if (before) parts.push({ op: '-', text: before, cut: true });
  if (after) parts.push({ op: '+', text: after, cut: true });
  return parts;
}

/** True when the diff was given up: its parts are the whole old text and the whole new one. */
export function diffWasCut(parts: readonly TextPart[]): boolean {
  return parts.some((p) => p.cut === true);
}

/** The message as text: text and reasoning blocks, tool calls as `name(arguments)`, tool results' content. */
export function messageText(m: Message): string {
  return m.content.map(blockText).join('\n');
}

function blockText(b: Block): string {
  const r = b as unknown as Record<string, unknown>;
  if (typeof r.text === 'string') return r.text;
  if (b.type === 'tool-call') return `${str(r.name)}(${str(r.arguments)})`;
  if (b.type === 'tool_use') return `${str(r.name)}(${jsonText(r.input ?? {})})`;
  if (Array.isArray(r.content)) return (r.content as Block[]).map(blockText).join('\n');
  if (typeof r.content === 'string') return r.content;
  return jsonText(b) ?? '';
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : (jsonText(v ?? '') ?? '');
}
