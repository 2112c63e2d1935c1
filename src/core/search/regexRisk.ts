/**
 * A static check for regular expressions that can take exponential time in a
 * backtracking engine (V8's), run before a user's pattern touches the log: a
 * match cannot be interrupted, so a pattern such as `(a+)+$` on forty `a`s
 * would hang the CLI and kill the app's log worker.
 *
 * Exponential backtracking needs a repeated group whose body can split the
 * same text in more than one way: a repeat inside it whose characters overlap
 * what may follow it in the same iteration or the next (`(a+)+`,
 * `(\w+\s?)+`, `(.*,)+`), or alternatives that can match the same text
 * (`(a|ab)+`, `(\w|\d)*`). Character sets are compared over ASCII exactly and
 * over non-ASCII as one bucket, so the check errs on the side of refusing.
 * `(\d+\.){3}` or `(foo|far)+` pass: their parts cannot overlap.
 */

/** 128 ASCII bits and one bit (index 128) for every non-ASCII character. */
type CharSet = Uint32Array;

const NON_ASCII = 128;

function emptySet(): CharSet {
  return new Uint32Array(5);
}

function add(set: CharSet, code: number): void {
  const bit = Math.min(code, NON_ASCII);
  set[bit >> 5] = (set[bit >> 5] as number) | (1 << (bit & 31));
}

function has(set: CharSet, code: number): boolean {
  return (((set[code >> 5] as number) >>> (code & 31)) & 1) === 1;
}

function addRange(set: CharSet, from: number, to: number): void {
  for (let c = from; c <= Math.min(to, NON_ASCII); c++) add(set, c);
}

function fullSet(): CharSet {
  const s = emptySet();
  addRange(s, 0, NON_ASCII);
  return s;
}

function union(into: CharSet, other: CharSet): CharSet {
  for (let i = 0; i < into.length; i++) into[i] = (into[i] as number) | (other[i] as number);
  return into;
}

function intersects(a: CharSet, b: CharSet): boolean {
  for (let i = 0; i < a.length; i++) if (((a[i] as number) & (b[i] as number)) !== 0) return true;
  return false;
}

function complement(set: CharSet): CharSet {
  const s = emptySet();
  for (let c = 0; c <= NON_ASCII; c++) if (!has(set, c) || c === NON_ASCII) add(s, c);
  return s;
}

function foldCase(set: CharSet): CharSet {
  for (let c = 65; c <= 90; c++) {
    if (has(set, c) || has(set, c + 32)) {
      add(set, c);
      add(set, c + 32);
    }
  }
  return set;
}

const DIGITS = (): CharSet => {
  const s = emptySet();
  addRange(s, 48, 57);
  return s;
};
const WORD = (): CharSet => {
  const s = DIGITS();
  addRange(s, 65, 90);
  addRange(s, 97, 122);
  add(s, 95);
  return s;
};
const SPACE = (): CharSet => {
  const s = emptySet();
  addRange(s, 9, 13);
  add(s, 32);
  add(s, NON_ASCII);
  return s;
};

interface Quantifier {
  min: number;
  max: number;
}

type RegexNode =
  | { kind: 'chars'; set: CharSet; q: Quantifier; start: number; end: number }
  /** `^`, `$`, `\b`, a lookaround: matches no character. */
  | { kind: 'assert'; q: Quantifier; start: number; end: number; inner: RegexNode[][] }
  | { kind: 'group'; alts: RegexNode[][]; q: Quantifier; start: number; end: number }
  /** A back reference: may match anything, or nothing. */
  | { kind: 'backref'; q: Quantifier; start: number; end: number };

const ONCE: Quantifier = { min: 1, max: 1 };

/** Parses a pattern V8 has already accepted; what it cannot read it treats as "any character". */
class Parser {
  i = 0;
  constructor(
    private readonly src: string,
    private readonly fold: boolean,
  ) {}

  alternatives(): RegexNode[][] {
    const alts: RegexNode[][] = [[]];
    while (this.i < this.src.length) {
      const c = this.src[this.i] as string;
      if (c === ')') break;
      if (c === '|') {
        this.i++;
        alts.push([]);
        continue;
      }
      const node = this.atom();
      node.q = this.quantifier();
      node.end = this.i;
      (alts[alts.length - 1] as RegexNode[]).push(node);
    }
    return alts;
  }

  private atom(): RegexNode {
    const start = this.i;
    const c = this.src[this.i++] as string;
    if (c === '(') return this.group(start);
    if (c === '^' || c === '$') return { kind: 'assert', q: ONCE, start, end: this.i, inner: [] };
    if (c === '.') {
      const set = fullSet();
      set[0] = (set[0] as number) & ~((1 << 10) | (1 << 13));
      return this.chars(set, start);
    }
    if (c === '[') return this.chars(this.classSet(), start);
    if (c === '\\') return this.escape(start);
    return this.chars(this.single(c.codePointAt(0) as number), start);
  }

  private chars(set: CharSet, start: number): RegexNode {
    return { kind: 'chars', set: this.fold ? foldCase(set) : set, q: ONCE, start, end: this.i };
  }

  private single(code: number): CharSet {
    const s = emptySet();
    add(s, code);
    return s;
  }

  private group(start: number): RegexNode {
    const rest = this.src.slice(this.i);
    const look = /^\?(<?[=!])/.exec(rest);
    const prefix = look ? look[0] : (/^\?(?:<[^>]*>|[a-z-]*:)/i.exec(rest)?.[0] ?? '');
    this.i += prefix.length;
    const alts = this.alternatives();
    this.i++; // the `)`
    if (look) return { kind: 'assert', q: ONCE, start, end: this.i, inner: alts };
    return { kind: 'group', alts, q: ONCE, start, end: this.i };
  }

  private escape(start: number): RegexNode {
    const e = this.src[this.i++] ?? '\\';
    if (e === 'b' || e === 'B') return { kind: 'assert', q: ONCE, start, end: this.i, inner: [] };
    if (/[1-9]/.test(e) || (e === 'k' && this.src[this.i] === '<')) {
      while (/[0-9]/.test(this.src[this.i] ?? '')) this.i++;
      if (e === 'k') this.i = this.src.indexOf('>', this.i) + 1 || this.src.length;
      return { kind: 'backref', q: ONCE, start, end: this.i };
    }
    return this.chars(this.escapeSet(e), start);
  }

  /** The set of an escape whose letter `e` was just read (inside or outside a class). */
  private escapeSet(e: string): CharSet {
    switch (e) {
      case 'd':
        return DIGITS();
      case 'D':
        return complement(DIGITS());
      case 'w':
        return WORD();
      case 'W':
        return complement(WORD());
      case 's':
        return SPACE();
      case 'S':
        return complement(SPACE());
      case 'n':
        return this.single(10);
      case 'r':
        return this.single(13);
      case 't':
        return this.single(9);
      case 'v':
        return this.single(11);
      case 'f':
        return this.single(12);
      case '0':
        return this.single(0);
      case 'x': {
        const hex = /^[0-9a-f]{2}/i.exec(this.src.slice(this.i));
        if (!hex) return this.single(120);
        this.i += 2;
        return this.single(parseInt(hex[0], 16));
      }
      case 'u': {
        const hex = /^(?:[0-9a-f]{4}|\{[0-9a-f]+\})/i.exec(this.src.slice(this.i));
        if (!hex) return this.single(117);
        this.i += hex[0].length;
        return this.single(parseInt(hex[0].replace(/[{}]/g, ''), 16));
      }
      case 'p':
      case 'P':
      case 'c':
        if (this.src[this.i] === '{') this.i = this.src.indexOf('}', this.i) + 1 || this.src.length;
        else this.i++;
        return fullSet();
      default:
        return this.single(e.codePointAt(0) as number);
    }
  }

  private classSet(): CharSet {
    const negated = this.src[this.i] === '^';
    if (negated) this.i++;
    const set = emptySet();
    while (this.i < this.src.length && this.src[this.i] !== ']') {
      const from = this.classAtom();
      if (this.src[this.i] === '-' && this.src[this.i + 1] !== ']' && this.i + 1 < this.src.length) {
        this.i++;
        const to = this.classAtom();
        const lo = lowest(from);
        const hi = highest(to);
        if (lo !== null && hi !== null && lo <= hi) addRange(set, lo, hi);
        else union(union(set, from), to);
      } else union(set, from);
    }
    this.i++; // the `]`
    return negated ? complement(set) : set;
  }

  private classAtom(): CharSet {
    const c = this.src[this.i++] as string;
    if (c === '\\') return this.escapeSet(this.src[this.i++] ?? '\\');
    return this.single(c.codePointAt(0) as number);
  }

  private quantifier(): Quantifier {
    const c = this.src[this.i];
    let q: Quantifier | null = null;
    if (c === '*') q = { min: 0, max: Infinity };
    else if (c === '+') q = { min: 1, max: Infinity };
    else if (c === '?') q = { min: 0, max: 1 };
    if (q) this.i++;
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (!m) return ONCE;
      this.i += m[0].length;
      const min = Number(m[1]);
      q = { min, max: m[2] === undefined ? min : m[3] ? Number(m[3]) : Infinity };
    } else return ONCE;
    if (this.src[this.i] === '?') this.i++; // lazy: backtracks the same
    return q;
  }
}

function lowest(set: CharSet): number | null {
  for (let c = 0; c <= NON_ASCII; c++) if (has(set, c)) return c;
  return null;
}

function highest(set: CharSet): number | null {
  for (let c = NON_ASCII; c >= 0; c--) if (has(set, c)) return c;
  return null;
}

/** The node matches no character at all, or may match none. */
function nullable(node: RegexNode): boolean {
  if (node.q.min === 0 || node.kind === 'assert' || node.kind === 'backref') return true;
  if (node.kind === 'group') return node.alts.some((seq) => seq.every(nullable));
  return false;
}

/** The characters a match of the node (once) may start with. */
function firstOf(node: RegexNode): CharSet {
  if (node.kind === 'chars') return node.set;
  if (node.kind === 'backref') return fullSet();
  if (node.kind === 'assert') return emptySet();
  const s = emptySet();
  for (const seq of node.alts) union(s, firstOfSeq(seq, 0));
  return s;
}

function firstOfSeq(seq: RegexNode[], from: number): CharSet {
  const s = emptySet();
  for (let i = from; i < seq.length; i++) {
    const node = seq[i] as RegexNode;
    union(s, firstOf(node));
    if (!nullable(node)) break;
  }
  return s;
}

/** Whether a match of `seq` from `from` may match no character. */
function seqNullable(seq: RegexNode[], from: number): boolean {
  for (let i = from; i < seq.length; i++) if (!nullable(seq[i] as RegexNode)) return false;
  return true;
}

/** Every character a match of the node may hold. */
function charsOf(node: RegexNode): CharSet {
  if (node.kind === 'chars') return node.set;
  if (node.kind === 'backref') return fullSet();
  if (node.kind === 'assert') return emptySet();
  const s = emptySet();
  for (const seq of node.alts) for (const n of seq) union(s, charsOf(n));
  return s;
}

const repeats = (node: RegexNode): boolean => node.q.max > 1;

/** Two alternatives may match the same text: same character sets position by position, as far as can be told. */
function alternativesOverlap(a: RegexNode[], b: RegexNode[]): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as RegexNode;
    const y = b[i] as RegexNode;
    const simple = (n: RegexNode) => n.kind === 'chars' && n.q.min === 1 && n.q.max === 1;
    if (!simple(x) || !simple(y)) return intersects(firstOf(x), firstOf(y)) || nullable(x) || nullable(y);
    if (!intersects(firstOf(x), firstOf(y))) return false;
  }
  return true;
}

/**
 * Inside a repeated group: the first part that can split text two ways, given
 * `after`, the characters that may follow `seq` (the next iteration's first).
 */
function ambiguity(seq: RegexNode[], after: CharSet): 'repeat' | 'alternation' | null {
  for (let i = 0; i < seq.length; i++) {
    const node = seq[i] as RegexNode;
    const follow = firstOfSeq(seq, i + 1);
    if (seqNullable(seq, i + 1)) union(follow, after);
    if (node.q.max > 1 && node.q.max > node.q.min && intersects(charsOf(node), follow)) return 'repeat';
    if (node.kind !== 'group') continue;
    const inner = repeats(node) ? union(union(emptySet(), follow), firstOf(node)) : follow;
    if (node.alts.length > 1) {
      for (let x = 0; x < node.alts.length; x++)
        for (let y = x + 1; y < node.alts.length; y++)
          if (alternativesOverlap(node.alts[x] as RegexNode[], node.alts[y] as RegexNode[]))
            return 'alternation';
    }
    for (const alt of node.alts) {
      const found = ambiguity(alt, inner);
      if (found) return found;
    }
  }
  return null;
}

/** Every repeated group of the pattern, outermost first. */
function* repeatedGroups(alts: RegexNode[][]): Generator<RegexNode & { kind: 'group' }> {
  for (const seq of alts) {
    for (const node of seq) {
      if (node.kind === 'group') {
        if (repeats(node)) yield node;
        yield* repeatedGroups(node.alts);
      } else if (node.kind === 'assert') yield* repeatedGroups(node.inner);
    }
  }
}

/**
 * Null when `source` (already accepted by `new RegExp`) is safe to run on any
 * text, else a sentence for the user naming the part at fault.
 */
export function exponentialRisk(source: string, caseInsensitive: boolean): string | null {
  const parser = new Parser(source, caseInsensitive);
  const alts = parser.alternatives();
  for (const group of repeatedGroups(alts)) {
    const wrapper: RegexNode = { ...group, q: ONCE };
    const found = ambiguity([wrapper], firstOf(group));
    if (!found) continue;
    const part = source.slice(group.start, group.end);
    const why =
      found === 'repeat'
        ? 'a repeat inside it can match the same characters as what follows it (nested quantifiers)'
        : 'two of its alternatives can match the same text';
    return `this pattern can take exponential time: "${part}" repeats a group where ${why}; make the parts exclusive or drop one repeat`;
  }
  return null;
}
