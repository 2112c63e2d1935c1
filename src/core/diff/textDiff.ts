/**
 * Text diffs for the model's input: a message as the text it reads as, and a
 * word-level diff between two texts (jsdiff), falling back to a line diff
 * when the word diff would take too long (a 100 kB tool output rewritten),
 * and to the whole old text removed and the whole new one added when the line
 * diff would too (two 8,000-line texts differing on every line took 15 s).
 * A text added or removed whole is not diffed at all (a first system prompt of
 * 200,000 lines was), and a large text's common head and tail are kept without
 * being tokenized: what is tokenized is paid for from the budget too.
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
  /** Set on a part cut to be posted (postedParts.ts): `text` is its head (`at` characters) and its tail, `chars` characters between them left out. */
  hidden?: { at: number; chars: number };
}

/**
 * The work one diff may still spend: jsdiff's steps (a diff that tries E edits makes about E²/2
 * token comparisons, one per step on a diagonal, and a scan of common runs, linear) and the
 * characters it may still tokenize (linear, but with a large constant: jsdiff on 800,000
 * characters of short lines took 0.4 s by words and 0.6 s by lines before trying any edit, and
 * `seqscope diff` of a 2.4 MB log 5 s). A diff of many texts (every changed message of a history,
 * the system prompt) shares one budget, so the whole diff is bounded, not each text.
 */
export interface DiffBudget {
  steps: number;
  chars: number;
}

/** About half a second of jsdiff at worst: counted in steps, so the result never depends on the machine. */
export const DIFF_STEPS = 1_000_000;
/** About as long again: the characters tokenized, by words and lines together. */
export const DIFF_CHARS = 1_000_000;

export function diffBudget(steps = DIFF_STEPS, chars = DIFF_CHARS): DiffBudget {
  return { steps, chars };
}

/** Past this many edits a word diff gives up (then a line diff is used) even with budget left. */
const MAX_WORD_EDITS = 2000;

/** Texts longer than this together are diffed without their common head and tail (whole words). */
const TRIM_CHARS = 100_000;

export function textDiff(before: string, after: string, budget: DiffBudget = diffBudget()): TextPart[] {
  if (before === after) return before ? [{ op: '=', text: before }] : [];
  const [head, tail] = before.length + after.length > TRIM_CHARS ? commonEnds(before, after) : [0, 0];
  const parts = middleDiff(
    before.slice(head, before.length - tail),
    after.slice(head, after.length - tail),
    budget,
  );
  if (!parts) return wholeTexts(before, after);
  if (head > 0) kept(parts, before.slice(0, head), 'start');
  if (tail > 0) kept(parts, before.slice(before.length - tail), 'end');
  return parts;
}

/** The diff of two different texts, or undefined when the budget cannot pay for it. */
function middleDiff(a: string, b: string, budget: DiffBudget): TextPart[] | undefined {
  if (!a) return [{ op: '+', text: b }];
  if (!b) return [{ op: '-', text: a }];
  const chars = a.length + b.length;
  // The word diff may spend half of what is left, the line diff all the rest.
  const words = bounded(budget, 0.5, MAX_WORD_EDITS, chars, (maxEditLength) =>
    diffWordsWithSpace(a, b, { maxEditLength }),
  );
  const changes =
    words ?? bounded(budget, 1, Infinity, chars, (maxEditLength) => diffLines(a, b, { maxEditLength }));
  return changes?.map((c) => ({ op: c.added ? '+' : c.removed ? '-' : '=', text: c.value }));
}

const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 9 || c === 13;

/**
 * The lengths of the common head and tail of two texts, not overlapping, ending and starting at
 * whitespace (so no word is split) unless one text is wholly head and tail.
 */
function commonEnds(a: string, b: string): [number, number] {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  let head = i;
  if (i < n) while (head > 0 && !isSpace(a.charCodeAt(head - 1))) head--;
  let j = 0;
  while (j < n - head && a.charCodeAt(a.length - 1 - j) === b.charCodeAt(b.length - 1 - j)) j++;
  let tail = j;
  if (j < n - head) while (tail > 0 && !isSpace(a.charCodeAt(a.length - tail))) tail--;
  return [head, tail];
}

/** Adds a kept text at the start or end of the parts, joined to a kept part already there. */
function kept(parts: TextPart[], text: string, at: 'start' | 'end'): void {
  const edge = at === 'start' ? parts[0] : parts.at(-1);
  if (edge?.op === '=') edge.text = at === 'start' ? text + edge.text : edge.text + text;
  else if (at === 'start') parts.unshift({ op: '=', text });
  else parts.push({ op: '=', text });
}

/**
 * Runs a diff of `chars` characters allowed as many edits as `share` of the budget pays for, and
 * charges what it tried; none at all (undefined) when `share` of the characters left is fewer.
 */
function bounded(
  budget: DiffBudget,
  share: number,
  cap: number,
  chars: number,
  diff: (maxEditLength: number) => ChangeObject<string>[] | undefined,
): ChangeObject<string>[] | undefined {
  if (chars > share * budget.chars) {
    // Given up by lines, the rest of the budget is spent, as when the diff itself is given up.
    if (share === 1) budget.steps = 0;
    return undefined;
  }
  budget.chars -= chars;
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
