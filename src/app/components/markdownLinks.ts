/**
 * What becomes an anchor in inline markdown, and how far it reaches: `[label](url "title")`,
 * `<https://...>` / `<a@b.c>` autolinks and bare `http(s)://` URLs. Links are kept only when
 * their href is http:, https: or mailto:; anything else (javascript:, data:, vbscript:, relative
 * paths, ...) stays as its literal source text (the scanner keeps what did not match).
 */

import { isAlnum, isWs } from './markdownChars';
import type { Inline } from './markdownEmphasis';

/** A link found at some index: the node, and the index just past its source text. */
export interface LinkMatch {
  node: Inline;
  end: number;
}

/** The href to use for a link target, or null when it is not an allowed (safe) scheme. */
export function safeHref(raw: string): string | null {
  const url = raw.trim();
  const lower = url.slice(0, 10).toLowerCase();
  if (lower.startsWith('http://') || lower.startsWith('https://')) {
    return url.length > 8 ? url : null;
  }
  if (lower.startsWith('mailto:')) return url.length > 7 ? url : null;
  return null;
}

const TRAILING_URL_PUNCT = new Set('.,;:!?"\'*_~');

/**
 * `[label](url "title")` at `i` (the `[`). The label is parsed by `parseLabel`, which must not
 * make links of its own (an anchor inside an anchor is invalid HTML and ambiguous to click).
 */
export function scanLink(
  s: string,
  i: number,
  image: boolean,
  parseLabel: (label: string) => Inline[],
): LinkMatch | null {
  let j = i + 1;
  while (j < s.length && s[j] !== ']' && s[j] !== '[') j++;
  if (s[j] !== ']' || s[j + 1] !== '(') return null;
  const textEnd = j;
  j += 2;
  while (s[j] === ' ' || s[j] === '\t') j++;
  let url: string;
  if (s[j] === '<') {
    const start = j + 1;
    while (j < s.length && s[j] !== '>' && s[j] !== '\n' && s[j] !== '[') j++;
    if (s[j] !== '>') return null;
    url = s.slice(start, j);
    j++;
  } else {
    const start = j;
    let depth = 0;
    for (; j < s.length; j++) {
      const c = s[j];
      if (isWs(c) || c === '<' || c === '[') break;
      if (c === '(') depth++;
      else if (c === ')') {
        if (depth === 0) break;
        depth--;
      }
    }
    url = s.slice(start, j);
  }
  while (s[j] === ' ' || s[j] === '\t' || s[j] === '\n') j++;
  const q = s[j];
  if (q === '"' || q === "'" || q === '(') {
    const close = q === '(' ? ')' : q;
    j++;
    while (j < s.length && s[j] !== close && s[j] !== '[') j++;
    if (s[j] !== close) return null;
    j++;
    while (s[j] === ' ' || s[j] === '\t' || s[j] === '\n') j++;
  }
  if (s[j] !== ')') return null;
  const href = safeHref(url);
  if (href === null) return null; // unsafe or relative: the caller keeps it as literal text
  const label = s.slice(i + 1, textEnd);
  const c = image ? [{ t: 'text' as const, v: `image: ${label || href}` }] : parseLabel(label);
  return { node: { t: 'link', href, c: c.length ? c : [{ t: 'text', v: href }] }, end: j + 1 };
}

/** `<https://...>` / `<mailto:...>` / `<a@b.c>` at `i`. */
export function scanAngleAutolink(s: string, i: number): LinkMatch | null {
  let j = i + 1;
  while (j < s.length && s[j] !== '>' && s[j] !== '<' && !isWs(s[j])) j++;
  if (s[j] !== '>' || j === i + 1) return null;
  const body = s.slice(i + 1, j);
  let href = safeHref(body);
  if (href === null && /^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/.test(body)) href = `mailto:${body}`;
  if (href === null) return null;
  return { node: { t: 'link', href, c: [{ t: 'text', v: body }] }, end: j + 1 };
}

/** A bare `http://` / `https://` URL at `i`. */
export function scanBareUrl(s: string, i: number): LinkMatch | null {
  if (isAlnum(s[i - 1])) return null;
  if (!s.startsWith('http://', i) && !s.startsWith('https://', i)) return null;
  let j = i;
  while (j < s.length && !isWs(s[j]) && s[j] !== '<' && s[j] !== '>' && s[j] !== '"' && s[j] !== '`') j++;
  // Trailing punctuation is not part of the URL; an unbalanced `)` neither.
  let open = 0;
  let close = 0;
  for (let k = i; k < j; k++) {
    if (s[k] === '(') open++;
    else if (s[k] === ')') close++;
  }
  for (;;) {
    const c = s[j - 1];
    if (c !== undefined && TRAILING_URL_PUNCT.has(c)) {
      j--;
    } else if (c === ')' && close > open) {
      close--;
      j--;
    } else break;
  }
  const url = s.slice(i, j);
  if (safeHref(url) === null) return null;
  return { node: { t: 'link', href: url, c: [{ t: 'text', v: url }] }, end: j };
}
