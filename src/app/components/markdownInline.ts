/**
 * Inline markdown parsing (emphasis, strong, strikethrough, code spans, links, autolinks, hard
 * breaks) into a small AST. Linear-time by construction: every scan either consumes what it
 * scanned or is bounded by the next opener, and the emphasis matcher (markdownEmphasis.ts) is
 * the CommonMark delimiter algorithm with per-character "openers bottom" bounds. No regex runs
 * over unbounded input with nested quantifiers. What becomes a link is markdownLinks.ts's rule.
 */

import { isPunct } from './markdownChars';
import { build, delimRun, type Inline, matchEmphasis, type Tok } from './markdownEmphasis';
import { type LinkMatch, scanAngleAutolink, scanBareUrl, scanLink } from './markdownLinks';

export type { Inline } from './markdownEmphasis';
export { safeHref } from './markdownLinks';

/** Characters that start something in the inline scanner. */
function isSpecial(c: number): boolean {
  // \ ` * _ ~ [ ! < h \n
  return (
    c === 92 ||
    c === 96 ||
    c === 42 ||
    c === 95 ||
    c === 126 ||
    c === 91 ||
    c === 33 ||
    c === 60 ||
    c === 104 ||
    c === 10
  );
}

class Scanner {
  private toks: Tok[] = [];
  private buf = '';
  /** Backtick run positions by run length (built on first use), with a forward-only cursor each. */
  private runs: Map<number, { pos: number[]; at: number }> | null = null;

  /** `links: false` inside a link's label: no link, autolink or bare URL may nest in it. */
  constructor(
    private readonly s: string,
    private readonly links: boolean,
  ) {}

  private flush(): void {
    if (this.buf) {
      this.toks.push({ k: 'text', v: this.buf });
      this.buf = '';
    }
  }
  private node(n: Inline): void {
    this.flush();
    this.toks.push({ k: 'node', n });
  }
  /** Emits a found link and returns the index after it, or -1 when nothing matched. */
  private linkAt(m: LinkMatch | null): number {
    if (!m) return -1;
    this.node(m.node);
    return m.end;
  }

  private codeCloser(from: number, len: number): number {
    if (!this.runs) {
      const runs = new Map<number, { pos: number[]; at: number }>();
      const s = this.s;
      let j = s.indexOf('`');
      while (j !== -1) {
        let k = j;
        while (s.charCodeAt(k) === 96) k++;
        const r = runs.get(k - j);
        if (r) r.pos.push(j);
        else runs.set(k - j, { pos: [j], at: 0 });
        j = s.indexOf('`', k);
      }
      this.runs = runs;
    }
    const r = this.runs.get(len);
    if (!r) return -1;
    while (r.at < r.pos.length && (r.pos[r.at] ?? Infinity) < from) r.at++;
    return r.pos[r.at] ?? -1;
  }

  private delim(i: number, ch: '*' | '_' | '~'): number {
    const s = this.s;
    let j = i;
    while (s[j] === ch) j++;
    const count = j - i;
    if (ch === '~' && count > 2) {
      this.buf += s.slice(i, j);
      return j;
    }
    this.flush();
    this.toks.push(delimRun(s, i, ch, count));
    return j;
  }

  scan(): Tok[] {
    const s = this.s;
    const n = s.length;
    const label = (text: string): Inline[] => parse(text, false);
    let i = 0;
    while (i < n) {
      // Fast path: copy a run of ordinary characters.
      let j = i;
      while (j < n && !isSpecial(s.charCodeAt(j))) j++;
      if (j > i) {
        this.buf += s.slice(i, j);
        i = j;
        if (i >= n) break;
      }
      const c = s[i];
      let next = -1;
      switch (c) {
        case '\\': {
          const d = s[i + 1];
          if (d === '\n') {
            this.node({ t: 'br' });
            next = i + 2;
          } else if (isPunct(d)) {
            this.buf += d;
            next = i + 2;
          }
          break;
        }
        case '`': {
          let k = i;
          while (s[k] === '`') k++;
          const close = this.codeCloser(k, k - i);
          if (close >= 0) {
            let v = s.slice(k, close).replace(/\n/g, ' ');
            if (v.length > 2 && v.startsWith(' ') && v.endsWith(' ') && v.trim() !== '') v = v.slice(1, -1);
            this.node({ t: 'code', v });
            next = close + (k - i);
          } else {
            this.buf += s.slice(i, k);
            next = k;
          }
          break;
        }
        case '*':
        case '_':
        case '~':
          next = this.delim(i, c);
          break;
        case '[':
          if (this.links) next = this.linkAt(scanLink(s, i, false, label));
          break;
        case '!':
          if (this.links && s[i + 1] === '[') {
            next = this.linkAt(scanLink(s, i + 1, true, label));
            if (next < 0) {
              this.buf += '!';
              next = i + 1;
            }
          }
          break;
        case '<':
          if (this.links) next = this.linkAt(scanAngleAutolink(s, i));
          break;
        case 'h':
          if (this.links) next = this.linkAt(scanBareUrl(s, i));
          break;
        case '\n': {
          // Hard break: two or more trailing spaces; otherwise a soft break (kept as a newline).
          let spaces = 0;
          while (this.buf.charCodeAt(this.buf.length - 1 - spaces) === 32) spaces++;
          if (spaces > 0) this.buf = this.buf.slice(0, this.buf.length - spaces);
          if (spaces >= 2) this.node({ t: 'br' });
          else this.buf += '\n';
          next = i + 1;
          while (s[next] === ' ') next++; // leading spaces of the continuation line
          break;
        }
      }
      if (next < 0) {
        this.buf += c;
        next = i + 1;
      }
      i = next;
    }
    this.flush();
    return this.toks;
  }
}

function parse(text: string, links: boolean): Inline[] {
  const toks = new Scanner(text, links).scan();
  matchEmphasis(toks);
  return build(toks);
}

/** Parses one paragraph's (or heading's, or cell's) text into inline nodes. */
export function parseInline(text: string): Inline[] {
  return parse(text, true);
}
