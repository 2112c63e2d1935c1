/**
 * Emphasis, strong and strikethrough: CommonMark's delimiter-run algorithm over the scanner's
 * tokens, with per-character "openers bottom" bounds so it stays linear, and the tree of inline
 * nodes (`Inline`, the AST the renderer reads) built from the matches.
 */

import { isPunct, isWs } from './markdownChars';

export type Inline =
  | { t: 'text'; v: string }
  | { t: 'code'; v: string }
  | { t: 'em' | 'strong' | 'del'; c: Inline[] }
  | { t: 'link'; href: string; c: Inline[] }
  | { t: 'br' };

/** Deepest emphasis nesting rendered as elements; deeper delimiters stay literal text. */
const MAX_INLINE_NESTING = 24;

export interface Delim {
  k: 'delim';
  ch: '*' | '_' | '~';
  count: number;
  canOpen: boolean;
  canClose: boolean;
  /** Lengths used as opener, in match order (innermost first). */
  opens: number[];
  /** Lengths used as closer, in match order (innermost first). */
  closes: number[];
}
/** What the scanner produces: plain text, finished nodes (code, links, breaks) and delimiter runs. */
export type Tok = { k: 'text'; v: string } | { k: 'node'; n: Inline } | Delim;

/**
 * The delimiter run of `count` characters `ch` at `i` in `s`, with whether it can open and/or
 * close emphasis (left- and right-flanking rules; `_` is stricter inside words).
 */
export function delimRun(s: string, i: number, ch: '*' | '_' | '~', count: number): Delim {
  const before = i === 0 ? undefined : s[i - 1];
  const after = s[i + count];
  const left = !isWs(after) && (!isPunct(after) || isWs(before) || isPunct(before));
  const right = !isWs(before) && (!isPunct(before) || isWs(after) || isPunct(after));
  let canOpen = left;
  let canClose = right;
  if (ch === '_') {
    canOpen = left && (!right || isPunct(before));
    canClose = right && (!left || isPunct(after));
  }
  return { k: 'delim', ch, count, canOpen, canClose, opens: [], closes: [] };
}

/** CommonMark's process_emphasis, recording matches on the delimiter tokens. */
export function matchEmphasis(toks: Tok[]): void {
  const stack: Delim[] = [];
  const bottom = { '*': 0, _: 0, '~': 0 };
  for (const tok of toks) {
    if (tok.k !== 'delim') continue;
    if (tok.canClose) {
      while (tok.count > 0) {
        let found = -1;
        for (let k = stack.length - 1; k >= bottom[tok.ch]; k--) {
          const o = stack[k];
          if (o && o.ch === tok.ch && o.count > 0 && (tok.ch !== '~' || o.count === tok.count)) {
            found = k;
            break;
          }
        }
        if (found < 0) {
          bottom[tok.ch] = stack.length;
          break;
        }
        const o = stack[found];
        if (!o) break;
        const use = tok.ch === '~' ? o.count : o.count >= 2 && tok.count >= 2 ? 2 : 1;
        o.count -= use;
        tok.count -= use;
        o.opens.push(use);
        tok.closes.push(use);
        stack.length = found + (o.count > 0 ? 1 : 0);
        bottom['*'] = Math.min(bottom['*'], stack.length);
        bottom._ = Math.min(bottom._, stack.length);
        bottom['~'] = Math.min(bottom['~'], stack.length);
      }
    }
    if (tok.canOpen && tok.count > 0) stack.push(tok);
  }
}

interface Frame {
  kind: 'em' | 'strong' | 'del' | 'literal';
  lit: string;
  c: Inline[];
}

function pushText(out: Inline[], v: string): void {
  if (!v) return;
  const last = out[out.length - 1];
  if (last && last.t === 'text') last.v += v;
  else out.push({ t: 'text', v });
}

export function build(toks: Tok[]): Inline[] {
  const root: Inline[] = [];
  const frames: Frame[] = [];
  const cur = (): Inline[] => frames[frames.length - 1]?.c ?? root;
  for (const tok of toks) {
    if (tok.k === 'text') pushText(cur(), tok.v);
    else if (tok.k === 'node') cur().push(tok.n);
    else {
      for (let m = 0; m < tok.closes.length; m++) {
        const f = frames.pop();
        if (!f) break;
        const parent = cur();
        if (f.kind === 'literal') {
          pushText(parent, f.lit);
          for (const x of f.c) {
            if (x.t === 'text') pushText(parent, x.v);
            else parent.push(x);
          }
          pushText(parent, f.lit);
        } else {
          parent.push({ t: f.kind, c: f.c });
        }
      }
      pushText(cur(), tok.ch.repeat(tok.count));
      for (let m = tok.opens.length - 1; m >= 0; m--) {
        const use = tok.opens[m] ?? 1;
        const kind = tok.ch === '~' ? 'del' : use === 2 ? 'strong' : 'em';
        const deep = frames.length >= MAX_INLINE_NESTING;
        frames.push({ kind: deep ? 'literal' : kind, lit: tok.ch.repeat(use), c: [] });
      }
    }
  }
  // Unbalanced frames cannot remain (every open has its close), but fold any defensively.
  while (frames.length) {
    const f = frames.pop();
    if (!f) break;
    const parent = cur();
    pushText(parent, f.lit);
    for (const x of f.c) parent.push(x);
  }
  return root;
}
