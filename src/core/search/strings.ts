/**
 * Matching inside one parsed event: every string value of its `data` (text,
 * reasoning, chunk deltas, tool arguments and results, log-only fields), in
 * document order, and a short snippet around the first match.
 */

/** Where an event matched: the first matching string's path and the match in it. */
export interface StringMatch {
  /** e.g. `data.message.content[0].text`. */
  path: string;
  text: string;
  index: number;
  length: number;
}

/** Nesting deeper than this is not searched (a hostile log cannot blow the stack). */
const MAX_DEPTH = 64;

/**
 * The first string value under `value` that `matcher` (a global regex) matches.
 * Discriminator fields named `type` are skipped: they name shapes
 * (`text-delta`, `tool-call`), and every event of a kind would match them.
 */
export function firstMatch(value: unknown, matcher: RegExp, path = 'data'): StringMatch | null {
  return walk(value, matcher, path, 0);
}

function walk(value: unknown, matcher: RegExp, path: string, depth: number): StringMatch | null {
  if (typeof value === 'string') {
    matcher.lastIndex = 0;
    const m = matcher.exec(value);
    return m ? { path, text: value, index: m.index, length: m[0].length } : null;
  }
  if (typeof value !== 'object' || value === null || depth >= MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = walk(value[i], matcher, `${path}[${i}]`, depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  for (const key in value) {
    if (key === 'type' || !Object.prototype.hasOwnProperty.call(value, key)) continue;
    const hit = walk((value as Record<string, unknown>)[key], matcher, `${path}.${key}`, depth + 1);
    if (hit) return hit;
  }
  return null;
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
