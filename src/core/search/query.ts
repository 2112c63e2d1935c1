/**
 * A search query compiled once: the exact matcher run on each decoded string
 * value, and a cheap prefilter run on the raw JSONL text of many lines at once.
 *
 * The prefilter must never drop a line that holds a match (it is a superset):
 * it looks for a literal run the match cannot do without, taken from the
 * query's characters that JSON never escapes (not `"`, `\`, `/` or controls),
 * so the run appears verbatim in the raw line. Lines holding `\u` escapes are
 * always checked exactly (their text may hide the run behind escapes), which
 * the search does separately. Case-insensitive search folds with the regex
 * `iu` flags on both sides, so non-ASCII letters (É/é, Σ/σ) match too; a plain
 * query also matches its letters precomposed or decomposed (NFC/NFD), and ß as
 * ss when folding (queryUnits.ts): the runs are cut where a unit has several
 * spellings.
 *
 * A regex query runs on the linear-time engine (linearRegex.ts), never as a native RegExp: a
 * match cannot be interrupted, and a backtracking one can run for minutes on one hostile line.
 * A plain query is a native RegExp of the escaped text (no repeats: it cannot backtrack).
 */

import { compileLinearRegex, costPerChar, type MatchSpan } from './linearRegex';
import { queryUnits, unitsPattern, type QueryUnit } from './queryUnits';

export interface QueryOptions {
  query: string;
  /** The query is a regular expression (JavaScript syntax, where RE2 has the feature). */
  regex?: boolean;
  /** Match case exactly (default: case-insensitive). */
  caseSensitive?: boolean;
}

export interface CompiledQuery {
  ok: true;
  /** Finds the first match in a string value. */
  matcher: TextMatcher;
  /** What a line must contain to be worth parsing, or null when every line must be checked. */
  prefilter: BytePrefilter | null;
  /** The query matches the empty string: every event would match, so it finds nothing. */
  empty: boolean;
}

/**
 * What to tell a user whose regex matches the empty string (`.*`, `a*`, `ask|^`): every event
 * would match, so nothing is searched. The CLI and the app's search panel say it as they say a
 * bad regex (R17-2: a bare "0 events match" read as "not found").
 */
export const MATCHES_EMPTY_MESSAGE =
  'the pattern matches the empty string, so it would match every event: not searched';

/**
 * compileQuery for a user's search: a pattern that matches the empty string is refused with
 * MATCHES_EMPTY_MESSAGE (an empty query stays `empty`: nothing typed, nothing to say).
 */
export function compileSearchQuery(options: QueryOptions): CompiledQuery | QueryError {
  const compiled = compileQuery(options);
  if (compiled.ok && compiled.empty && options.query !== '')
    return { ok: false, error: MATCHES_EMPTY_MESSAGE };
  return compiled;
}

export interface QueryError {
  ok: false;
  /** A sentence for the user, e.g. "bad regular expression: Unterminated group". */
  error: string;
}

/** What search runs on each string value: its leftmost match, or null. */
export interface TextMatcher {
  find(s: string): MatchSpan | null;
  /** Characters' work one character searched costs (linearRegex.ts costPerChar); default 1. */
  readonly costPerChar?: number;
}

export function compileQuery(options: QueryOptions): CompiledQuery | QueryError {
  const flags = options.caseSensitive ? 'gu' : 'giu';
  const { query } = options;
  const never: TextMatcher = { find: () => null };
  if (query.length === 0) return { ok: true, matcher: never, prefilter: null, empty: true };
  let matcher: TextMatcher;
  if (options.regex) {
    const re = compileLinearRegex(query, { ignoreCase: !options.caseSensitive });
    if ('error' in re) return { ok: false, error: re.error };
    if (re.matchesEmpty) return { ok: true, matcher: never, prefilter: null, empty: true };
    matcher = { find: (s) => re.find(s), costPerChar: costPerChar(re.programSize) };
  } else {
    matcher = literalMatcher(new RegExp(unitsPattern(queryUnits(query, !options.caseSensitive)), flags));
  }
  const literal = options.regex ? requiredLiteral(query) : query;
  // An inline flag group (`(?i)`, `(?i:x)`, `(?-i)`) may fold case whatever the search's option
  // says: the prefilter then folds too (a folded run is a superset of the exact one).
  const fold = !options.caseSensitive || (options.regex === true && INLINE_FLAGS.test(query));
  const prefilter = bytePrefilter(literal ?? '', fold, fold ? 'giu' : 'gu');
  return { ok: true, matcher, prefilter, empty: false };
}

function literalMatcher(re: RegExp): TextMatcher {
  return {
    find(s) {
      re.lastIndex = 0;
      const m = re.exec(s);
      return m ? { start: m.index, end: m.index + m[0].length } : null;
    },
  };
}

/** A group that sets flags, with `i` among them (read anywhere, escaped or not: a superset). */
const INLINE_FLAGS = /\(\?[a-zA-Z-]*i/;
/** A flag group that applies to the rest of the pattern, `(?i)`, `(?s-m)`: zero-width. */
const FLAG_GROUP = /^\(\?[a-zA-Z-]+\)/;

/** Characters a JSON writer may escape: a prefilter run must not contain them. */
const ESCAPABLE = /["\\/\p{Cc}\u2028\u2029]/u;

/**
 * What a line must contain to be worth parsing. `bytes`: its raw bytes
 * contain `needle` (ASCII letters folded to lower case when `fold`), or, when
 * `escapes`, a `\u` escape (the line may spell any of the needle's characters
 * as escapes: non-ASCII ones as Python's json.dumps does, `<>&` as Go's
 * encoding/json does), or, when `foldTraps`,
 * the KELVIN SIGN or LONG S (the two non-ASCII letters Unicode folds to ASCII
 * `k` and `s`). `text`: for a query whose only usable run has non-ASCII
 * letters with case (no byte needle folds them), the decoded lines are matched
 * by `pattern` instead (one regex pass over a batch, still no parsing).
 */
export type BytePrefilter =
  | { kind: 'bytes'; needle: Uint8Array; fold: boolean; escapes: boolean; foldTraps: boolean }
  | { kind: 'text'; pattern: RegExp; escapes: boolean };

/** Byte runs shorter than this filter too little to pay for their pass. */
const MIN_NEEDLE_BYTES = 2;
/** Byte runs at least this long are used even when a longer text run exists. */
const GOOD_NEEDLE_BYTES = 4;

function bytePrefilter(literal: string, fold: boolean, flags: string): BytePrefilter | null {
  // A regex's literal has one spelling for its matcher: cut into units it yields a superset all the same.
  const units = queryUnits(literal, fold);
  const run = longestRun(units, fold);
  const needle = new TextEncoder().encode(fold ? run.toLowerCase() : run);
  const textUnits = longestTextRun(units);
  const text = textUnits.map((u) => u.forms[0]).join('');
  // A short byte run cut out of cased non-ASCII text (", " of "привет, мир") filters little: match the text instead.
  const preferText = needle.length < GOOD_NEEDLE_BYTES && text.length > run.length;
  if (needle.length >= MIN_NEEDLE_BYTES && !preferText) {
    const foldTraps = fold && /[ks]/i.test(run);
    // JSON may spell any character as a `\u` escape, ASCII too (Go writes <, > and & so: audit
    // R11-5): lines holding one stay candidates, whatever the run holds.
    return { kind: 'bytes', needle, fold, escapes: true, foldTraps };
  }
  if (text.length === 0 || !/[^\p{ASCII}]/u.test(text)) return null;
  return { kind: 'text', pattern: new RegExp(unitsPattern(textUnits), flags), escapes: true };
}

/**
 * The longest run of units that appears byte for byte in a raw line holding a
 * match: units of one spelling, with no character a JSON writer may escape and,
 * when folding case, no non-ASCII character that has case (é/É are different bytes).
 */
function longestRun(units: readonly QueryUnit[], fold: boolean): string {
  let best = '';
  let run = '';
  for (const { forms } of units) {
    const form = forms[0] as string;
    const breaks =
      forms.length > 1 ||
      [...form].some(
        (ch) =>
          ESCAPABLE.test(ch) || (fold && ch > '\x7f' && ch.toLowerCase() + ch.toUpperCase() !== ch + ch),
      );
    if (breaks) run = '';
    else if ((run += form).length > best.length) best = run;
  }
  return best;
}

/** The longest run of units none of whose spellings a JSON writer may escape (the text prefilter's). */
function longestTextRun(units: readonly QueryUnit[]): QueryUnit[] {
  let best: QueryUnit[] = [];
  let start = 0;
  units.forEach((u, i) => {
    if (u.forms.some((f) => ESCAPABLE.test(f))) start = i + 1;
    else if (i + 1 - start > best.length) best = units.slice(start, i + 1);
  });
  return best;
}

/**
 * A literal substring every match of `source` must contain, or null when none
 * is found cheaply. Only the top-level sequence before the first group (any
 * `(`, `(?:` and `(?P<n>` too), alternation or class-like construct is read:
 * enough for `foo.*bar`, `error:\s+\d+` or `read_file\(`. A flag group
 * `(?i)` is read past (compileQuery folds the prefilter for it).
 */
export function requiredLiteral(source: string): string | null {
  if (source.includes('|')) return null;
  const runs: string[] = [];
  let run = '';
  const close = () => {
    if (run) runs.push(run);
    run = '';
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    const next = source[i + 1];
    // Read before the quantifier test: the `?` of `(?:`, `(?P<n>`, `(?i)` is syntax, not a quantifier.
    if (c === '(') {
      const flags = FLAG_GROUP.exec(source.slice(i));
      if (!flags) break;
      i += flags[0].length - 1;
      continue;
    }
    if (c === '[') break;
    // A quantifier that allows zero repetitions makes the previous character optional.
    if (next === '?' || next === '*' || (next === '{' && /^\{0[,}]/.test(source.slice(i + 1)))) {
      close();
      continue;
    }
    if (c === '\\') {
      const e = source[i + 1];
      // `\Q...\E` (RE2) quotes a run whose end this scan does not look for.
      if (e === undefined || e === 'Q') break;
      i++;
      const after = source[i + 1];
      const optional = after === '?' || after === '*' || after === '{';
      if (/[.*+?^${}()|[\]\\/\-"'`~!@#%&=:;,<> ]/.test(e) && !optional) run += e;
      else {
        close();
        i = skipEscapeBody(source, i);
      }
      continue;
    }
    if (c === '*' || c === '?') {
      close();
      continue;
    }
    if ('.^$)]}'.includes(c)) {
      close();
      continue;
    }
    if (c === '+' || c === '{') {
      close();
      if (c === '{') i = source.indexOf('}', i) === -1 ? i : source.indexOf('}', i);
      continue;
    }
    run += c;
  }
  close();
  let best: string | null = null;
  for (const r of runs) if (best === null || r.length > best.length) best = r;
  return best;
}

/**
 * After the escape letter at `i`: the index of the escape's last character (`\x41`, `\x{1F389}`,
 * `\u{1F389}`, `\k<n>`, `\12`, and RE2's one-letter classes `\pL`, `\PN`).
 */
function skipEscapeBody(source: string, i: number): number {
  const e = source[i];
  const braced = source[i + 1] === '{' || source[i + 1] === '<';
  if (braced && (e === 'u' || e === 'x' || e === 'p' || e === 'P' || e === 'k')) {
    const close = source.indexOf(source[i + 1] === '{' ? '}' : '>', i);
    return close === -1 ? source.length : close;
  }
  if (e === 'p' || e === 'P') return i + 1;
  if (e === 'x') return i + 2;
  if (e === 'u') return i + 4;
  if (e === 'c') return i + 1;
  if (e !== undefined && e >= '0' && e <= '9') {
    while (/[0-9]/.test(source[i + 1] ?? '')) i++;
  }
  return i;
}
