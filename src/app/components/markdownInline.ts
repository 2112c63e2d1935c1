/**
 * Inline markdown parsing (emphasis, strong, strikethrough, code spans, links, autolinks, hard
 * breaks) into a small AST. Linear-time by construction: every scan either consumes what it
 * scanned or is bounded by the next opener, and the emphasis matcher is the CommonMark delimiter
 * algorithm with per-character "openers bottom" bounds. No regex runs over unbounded input with
 * nested quantifiers.
 *
 * Links are kept only when their href is http:, https: or mailto:; anything else (javascript:,
 * data:, vbscript:, relative paths, ...) stays as its literal source text.
 */

export type Inline =
  | { t: 'text'; v: string }
  | { t: 'code'; v: string }
  | { t: 'em' | 'strong' | 'del'; c: Inline[] }
  | { t: 'link'; href: string; c: Inline[] }
  | { t: 'br' };

/** Deepest emphasis nesting rendered as elements; deeper delimiters stay literal text. */
const MAX_INLINE_NESTING = 24;

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
const PUNCT = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

function isWs(ch: string | undefined): boolean {
  return ch === undefined || ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\u00a0';
}
function isPunct(ch: string | undefined): boolean {
  return ch !== undefined && PUNCT.has(ch);
}
function isAlnum(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

interface Delim {
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
type Tok = { k: 'text'; v: string } | { k: 'node'; n: Inline } | Delim;

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

  constructor(private readonly s: string) {}

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

  /** Tries `[text](url "title")` at `i` (the `[`); returns the end index or -1. */
  private link(i: number, image: boolean): number {
    const s = this.s;
    let j = i + 1;
    while (j < s.length && s[j] !== ']' && s[j] !== '[') j++;
    if (s[j] !== ']' || s[j + 1] !== '(') return -1;
    const textEnd = j;
    j += 2;
    while (s[j] === ' ' || s[j] === '\t') j++;
    let url: string;
    if (s[j] === '<') {
      const start = j + 1;
      while (j < s.length && s[j] !== '>' && s[j] !== '\n' && s[j] !== '[') j++;
      if (s[j] !== '>') return -1;
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
      if (s[j] !== close) return -1;
      j++;
      while (s[j] === ' ' || s[j] === '\t' || s[j] === '\n') j++;
    }
    if (s[j] !== ')') return -1;
    const href = safeHref(url);
    if (href === null) return -1; // unsafe or relative: the caller keeps it as literal text
    const label = s.slice(i + 1, textEnd);
    const c = image ? [{ t: 'text' as const, v: `image: ${label || href}` }] : parseInline(label);
    this.node({ t: 'link', href, c: c.length ? c : [{ t: 'text', v: href }] });
    return j + 1;
  }

  /** `<https://...>` / `<mailto:...>` / `<a@b.c>` at `i`; returns the end index or -1. */
  private angleAutolink(i: number): number {
    const s = this.s;
    let j = i + 1;
    while (j < s.length && s[j] !== '>' && s[j] !== '<' && !isWs(s[j])) j++;
    if (s[j] !== '>' || j === i + 1) return -1;
    const body = s.slice(i + 1, j);
    let href = safeHref(body);
    if (href === null && /^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/.test(body)) href = `mailto:${body}`;
    if (href === null) return -1;
    this.node({ t: 'link', href, c: [{ t: 'text', v: body }] });
    return j + 1;
  }

  /** A bare `http://` / `https://` URL at `i`; returns the end index or -1. */
  private bareUrl(i: number): number {
    const s = this.s;
    if (isAlnum(s[i - 1])) return -1;
    if (!s.startsWith('http://', i) && !s.startsWith('https://', i)) return -1;
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
    if (safeHref(url) === null) return -1;
    this.node({ t: 'link', href: url, c: [{ t: 'text', v: url }] });
    return j;
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
    const before = i === 0 ? undefined : s[i - 1];
    const after = s[j];
    const left = !isWs(after) && (!isPunct(after) || isWs(before) || isPunct(before));
    const right = !isWs(before) && (!isPunct(before) || isWs(after) || isPunct(after));
    let canOpen = left;
    let canClose = right;
    if (ch === '_') {
      canOpen = left && (!right || isPunct(before));
      canClose = right && (!left || isPunct(after));
    }
    this.flush();
    this.toks.push({ k: 'delim', ch, count, canOpen, canClose, opens: [], closes: [] });
    return j;
  }

  scan(): Tok[] {
    const s = this.s;
    const n = s.length;
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
          next = this.link(i, false);
          break;
        case '!':
          if (s[i + 1] === '[') {
            next = this.link(i + 1, true);
            if (next < 0) {
              this.buf += '!';
              next = i + 1;
            }
          }
          break;
        case '<':
          next = this.angleAutolink(i);
          break;
        case 'h':
          next = this.bareUrl(i);
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

/** CommonMark's process_emphasis, recording matches on the delimiter tokens. */
function matchEmphasis(toks: Tok[]): void {
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

function build(toks: Tok[]): Inline[] {
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

/** Parses one paragraph's (or heading's, or cell's) text into inline nodes. */
export function parseInline(text: string): Inline[] {
  const toks = new Scanner(text).scan();
  matchEmphasis(toks);
  return build(toks);
}
