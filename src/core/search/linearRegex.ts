/**
 * A user's regular expression, matched in time linear in the text (re2js, a port of RE2): the
 * one way a pattern typed by a user (search, `--redact-pattern`, the app's redaction patterns)
 * meets log text. A backtracking engine (the native RegExp) can take exponential or polynomial
 * time on a hostile line (`(a+)+$`, `a*a*a*b`, `.*.*=`), and no static check finds every such
 * pattern; a match cannot be interrupted, so the worker or the CLI would hang.
 *
 * JavaScript syntax is accepted where RE2 has the feature (`\uXXXX`, `\u{...}`, `[^]` and `\cX`
 * are translated; lookbehinds without groups are supported). What RE2 refuses (lookaheads,
 * backreferences) is named in the error rather than run by a backtracking engine.
 */
import { RE2JS, type Matcher } from 're2js';

/** A match: UTF-16 offsets [start, end) in the string searched. */
export interface MatchSpan {
  start: number;
  end: number;
}

export interface LinearRegex {
  /** The pattern as the user wrote it. */
  readonly source: string;
  /** The pattern matches the empty string (every string would match). */
  readonly matchesEmpty: boolean;
  /** The leftmost match in `s`, or null. */
  find(s: string): MatchSpan | null;
  /**
   * Each non-empty match in `s`, left to right without overlaps, as the span to mask: group 1
   * when the pattern has one and it took part in the match, else the whole match.
   */
  spans(s: string): Generator<readonly [number, number]>;
}

export interface LinearRegexError {
  /** A sentence for the user, e.g. "this pattern uses a lookahead, which ...". */
  error: string;
}

export interface LinearRegexOptions {
  /** Fold case (Unicode simple case folding, as the `iu` flags do). */
  ignoreCase?: boolean;
}

export function compileLinearRegex(
  source: string,
  options: LinearRegexOptions = {},
): LinearRegex | LinearRegexError {
  // Checked first: the translation would read `\k<n>` as the letters `k<n>`.
  const unsupported = unsupportedFeature(source);
  if (unsupported) return { error: unsupported };
  let re: RE2JS;
  try {
    const flags = RE2JS.LOOKBEHINDS | (options.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
    re = RE2JS.compile(RE2JS.translateRegExp(source), flags);
  } catch (err) {
    const why = syntaxMessage(err);
    if (why.includes('in lookbehind'))
      return {
        error: `this pattern has a group inside a lookbehind, which the linear-time engine does not support (${why})`,
      };
    return { error: `bad regular expression: ${why}` };
  }
  // One matcher per pattern, reset per string: the search and the masker are synchronous.
  let matcher: Matcher | null = null;
  const matcherFor = (s: string): Matcher =>
    matcher ? matcher.resetMatcherInput(s) : (matcher = re.matcher(s));
  const hasGroup = re.groupCount() > 0;
  return {
    source,
    matchesEmpty: re.test(''),
    find(s) {
      // test() runs RE2's DFA, several times faster than the positions' pass: most strings miss.
      if (!re.test(s)) return null;
      const m = matcherFor(s);
      return m.find() ? { start: m.start(), end: m.end() } : null;
    },
    *spans(s) {
      if (!re.test(s)) return;
      const m = re.matcher(s); // its own matcher: the caller may call find() between spans
      let from = 0;
      while (from <= s.length && m.find(from)) {
        const start = m.start();
        const end = m.end();
        from = end > start ? end : end + 1;
        if (end === start) continue;
        const groupStart = hasGroup ? m.start(1) : -1;
        yield groupStart >= 0 ? [groupStart, m.end(1)] : [start, end];
      }
    },
  };
}

/** A feature of `source` RE2 does not have (a backreference, a lookahead), said plainly, or null. */
export function unsupportedFeature(source: string): string | null {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const e = source[i + 1] ?? '';
      if (!inClass && (/[1-9]/.test(e) || (e === 'k' && source[i + 2] === '<')))
        return `this pattern uses a backreference (\\${e === 'k' ? 'k<...>' : e}), which the linear-time engine does not support`;
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
      if (source[i + 1] === ']') i++; // `[]...]`: RE2 reads the first `]` as a member
    } else if (c === '(' && source[i + 1] === '?' && (source[i + 2] === '=' || source[i + 2] === '!')) {
      return 'this pattern uses a lookahead, which the linear-time engine does not support';
    }
  }
  return null;
}

/** RE2's reason, without its "error parsing regexp: " prefix. */
function syntaxMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/^error parsing regexp: /, '') || 'does not compile';
}
