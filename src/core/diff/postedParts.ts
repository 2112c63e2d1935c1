/**
 * A text diff cut to what the page may be posted of it: a bounded number of characters, each long
 * part its head and tail around a count, the parts past the bound only counted. A system prompt of
 * 200,000 lines added whole was posted and drawn whole: a 1.4-3.2 s main-thread task (audit R21-4).
 */
import type { TextPart } from './textDiff';

/** Characters of a diff posted (the input diff's DIFF_SHOWN_CHARS: about two capped bodies). */
export const POSTED_DIFF_CHARS = 40_000;
/** Characters one changed part may be posted (the long-text cap: its head, then its tail). */
export const POSTED_PART_CHARS = 20_000;
const POSTED_HEAD_CHARS = 8_000;
/** A kept part longer than this is posted as its first and last KEPT_END_CHARS characters. */
const KEPT_CHARS = 240;
const KEPT_END_CHARS = 100;

/** A diff as posted: the parts (some cut, `TextPart.hidden`) and what was left out after them. */
export interface PostedParts {
  parts: TextPart[];
  /** Parts after the last one posted, and their characters. */
  unposted: { parts: number; chars: number };
}

/** Cuts at `n` characters without splitting a surrogate pair (from the end when `fromEnd`). */
export function sliceChars(text: string, n: number, fromEnd = false): string {
  if (n >= text.length) return text;
  if (n <= 0) return '';
  if (fromEnd) {
    const at = text.length - n;
    const c = text.charCodeAt(at);
    return text.slice(c >= 0xdc00 && c <= 0xdfff ? at + 1 : at);
  }
  const c = text.charCodeAt(n - 1);
  return text.slice(0, c >= 0xd800 && c <= 0xdbff ? n - 1 : n);
}

/** The part as its head and tail, `keep` characters in all (`headShare` of them first). */
function cut(p: TextPart, keep: number, headShare: number): TextPart {
  if (p.text.length <= keep) return p;
  const head = sliceChars(p.text, Math.floor(keep * headShare));
  const tail = sliceChars(p.text, keep - head.length, true);
  const out: TextPart = {
    op: p.op,
    text: head + tail,
    hidden: { at: head.length, chars: p.text.length - head.length - tail.length },
  };
  if (p.cut) out.cut = true;
  return out;
}

export function postedParts(parts: readonly TextPart[], max = POSTED_DIFF_CHARS): PostedParts {
  const out: TextPart[] = [];
  let left = max;
  let i = 0;
  for (; i < parts.length && left > 0; i++) {
    const p = parts[i] as TextPart;
    const posted =
      p.op === '='
        ? p.text.length > KEPT_CHARS
          ? cut(p, 2 * KEPT_END_CHARS, 0.5)
          : p
        : cut(p, Math.min(left, POSTED_PART_CHARS), POSTED_HEAD_CHARS / POSTED_PART_CHARS);
    out.push(posted);
    left -= posted.text.length;
  }
  let chars = 0;
  for (let j = i; j < parts.length; j++) chars += (parts[j] as TextPart).text.length;
  return { parts: out, unposted: { parts: parts.length - i, chars } };
}
