/**
 * Matching inside one parsed event: every string value of its `data` (text,
 * reasoning, chunk deltas, tool arguments and results, log-only fields), in
 * document order, and a short snippet around the first match.
 */
import type { MatchSpan } from './linearRegex';
import type { TextMatcher } from './query';
import { LONG_STRING, LongStringMemo } from './longStrings';

/** Where an event matched: the first matching string's path and the match in it. */
export interface StringMatch {
  /** e.g. `data.message.content[0].text`. */
  path: string;
  text: string;
  index: number;
  length: number;
}

/**
 * The first string value under `value` that `matcher` matches, at any depth: the
 * walk keeps its own stack, so a value nested 10,000 deep is searched like a flat one.
 * Discriminator fields named `type` are skipped: they name shapes
 * (`text-delta`, `tool-call`), and every event of a kind would match them.
 */
export function firstMatch(value: unknown, matcher: TextMatcher, path = 'data'): StringMatch | null {
  // Children are pushed last-first, so they are popped in document order. A child's path is its
  // parent's plus one step (V8 joins them as cons strings: no copying per level).
  const values: unknown[] = [value];
  const paths: string[] = [path];
  for (;;) {
    const v = values.pop();
    const p = paths.pop();
    if (p === undefined) return null;
    if (typeof v === 'string') {
      const m = matcher.find(v);
      if (m) return { path: shortPath(p), text: v, index: m.start, length: m.end - m.start };
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        values.push(v[i]);
        paths.push(`${p}[${i}]`);
      }
      continue;
    }
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      if (key === 'type') continue;
      values.push((v as Record<string, unknown>)[key]);
      paths.push(`${p}.${key}`);
    }
  }
}

/**
 * A matcher that remembers its last few long strings and their results (longStrings.ts: a packed
 * row's members share its 1 MB name), and counts the characters it searched.
 */
export class RememberingMatcher implements TextMatcher {
  /** Characters searched (strings remembered are not searched again, so not counted again). */
  searched = 0;
  /** Their work: characters times the matcher's cost per character (what search budgets charge). */
  work = 0;
  /** Work allowed in all, and for one string: a string that would overdraw either is not searched. */
  limit = Infinity;
  stringLimit = Infinity;
  /** A string was left unsearched for want of work (then the search stops: search.ts). */
  overdrawn = false;
  private readonly memo = new LongStringMemo<MatchSpan | null>();
  private readonly cost: number;

  constructor(private readonly matcher: TextMatcher) {
    this.cost = matcher.costPerChar ?? 1;
  }

  find(s: string): MatchSpan | null {
    if (s.length < LONG_STRING) return this.search(s);
    return this.memo.recall('', s, () => this.search(s));
  }

  private search(s: string): MatchSpan | null {
    const work = s.length * this.cost;
    if (work > this.stringLimit || this.work + work > this.limit) {
      this.overdrawn = true;
      return null;
    }
    this.searched += s.length;
    this.work += work;
    return this.matcher.find(s);
  }
}

/** A path longer than this keeps its head and tail (10,000 levels would be 60 KB of path). */
const MAX_PATH = 240;

function shortPath(path: string): string {
  if (path.length <= MAX_PATH) return path;
  const head = path.slice(0, MAX_PATH / 2);
  const tail = path.slice(-MAX_PATH / 2);
  return `${head}…${tail}`;
}

export interface Snippet {
  /** The text around the match, on one line (newlines and tabs shown as spaces). */
  text: string;
  /** The match inside `text` (UTF-16 offsets). */
  start: number;
  end: number;
}

/** Context kept before and after the match (UTF-16 units; a surrogate pair is never split). */
export const SNIPPET_BEFORE = 40;
export const SNIPPET_AFTER = 80;

export function snippetOf(match: StringMatch): Snippet {
  const { text, index, length } = match;
  let from = Math.max(0, index - SNIPPET_BEFORE);
  let to = Math.min(text.length, index + length + SNIPPET_AFTER);
  if (from > 0 && isLowSurrogate(text.charCodeAt(from))) from--;
  if (to < text.length && isLowSurrogate(text.charCodeAt(to))) to++;
  const head = from > 0 ? '…' : '';
  const tail = to < text.length ? '…' : '';
  const body = text.slice(from, to).replace(/[\r\n\t]/g, ' ');
  const start = head.length + (index - from);
  return { text: head + body + tail, start, end: start + length };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
