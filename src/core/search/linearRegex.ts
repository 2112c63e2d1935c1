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
  /** RE2's program length: what a character costs when the engine simulates the program (costPerChar). */
  readonly programSize: number;
  /** The leftmost match in `s`, or null. */
  find(s: string): MatchSpan | null;
  /**
   * Each non-empty match in `s`, left to right without overlaps, as the span to mask: group 1
   * when the pattern has one and it took part in the match, else the whole match.
   *
   * Each search is linear, but finding every match need not be: a search may read to the end
   * of the text before it settles on a short match (`a*c|a` over a run of `a`s), once per
   * match. With a budget, each search is charged the characters the engine is given (the rest
   * of the text from where it starts); when the next search would overdraw it, the spans stop
   * there and `budget.stoppedAt` says where (the rest of the text was not searched).
   */
  spans(s: string, budget?: WorkBudget): Generator<readonly [number, number]>;
}

/** Characters a search of one text may give the engine in all (LinearRegex.spans). */
export interface WorkBudget {
  /** Characters the engine may still be given. */
  left: number;
  /** Where the spans stopped for want of budget (nothing from there on was searched), or -1. */
  stoppedAt: number;
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
    re = RE2JS.compile(jsWhitespace(RE2JS.translateRegExp(source)), flags);
  } catch (err) {
    const why = syntaxMessage(err, source);
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
    programSize: re.programSize(),
    find(s) {
      // test() runs RE2's DFA, several times faster than the positions' pass: most strings miss.
      if (!re.test(s)) return null;
      const m = matcherFor(s);
      return m.find() ? { start: m.start(), end: m.end() } : null;
    },
    *spans(s, budget) {
      /** Charges a search given the text from `at` on; false (and where) when the budget cannot pay it. */
      const affords = (at: number): boolean => {
        if (budget === undefined) return true;
        const cost = s.length - at + 1; // an empty rest still costs one search
        if (cost > budget.left) {
          budget.stoppedAt = at;
          return false;
        }
        budget.left -= cost;
        return true;
      };
      if (!affords(0) || !re.test(s)) return;
      const m = re.matcher(s); // its own matcher: the caller may call find() between spans
      let from = 0;
      while (from <= s.length && affords(from) && m.find(from)) {
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

/**
 * About how many characters' work the engine spends per character searched, for a program this
 * long. A short program runs on RE2's DFA at about a plain search's speed; where the DFA gives
 * up on a long one, re2js steps every live instruction per character (`(a|aa){1000}b`, 6,003
 * instructions, cost 120 µs a character: a search of 3 MB ran for minutes, audit R25-M8).
 */
export function costPerChar(programSize: number): number {
  return programSize <= 64 ? 1 : programSize;
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

/** What JavaScript's `\s` matches beyond RE2's ASCII `[\t\n\f\r ]`, as class members. */
const JS_SPACES =
  '\\s\\x0B\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';

/**
 * An RE2 pattern whose `\s` and `\S` mean what they mean in JavaScript (Unicode spaces, \v):
 * a search for `foo\sbar` must find "foo\u00a0bar" as before. `\S` inside a class keeps RE2's
 * meaning (a class cannot hold a negated set); `\Q...\E` is left as written.
 */
export function jsWhitespace(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\') {
      const e = pattern[i + 1] ?? '';
      if (e === 'Q') return out + pattern.slice(i);
      i++;
      if (e === 's') out += inClass ? JS_SPACES : `[${JS_SPACES}]`;
      else if (e === 'S' && !inClass) out += `[^${JS_SPACES}]`;
      else out += c + e;
      continue;
    }
    out += c;
    if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
      if (pattern[i + 1] === '^') out += pattern[++i];
      if (pattern[i + 1] === ']') out += pattern[++i]; // `[]...]`: RE2 reads the first `]` as a member
    }
  }
  return out;
}

/**
 * RE2's reason, without its "error parsing regexp: " prefix, and without the quoted pattern when
 * that is our translation (`(?i)` prepended, `\s` expanded) rather than what the user wrote.
 */
function syntaxMessage(err: unknown, source: string): string {
  const message = (err instanceof Error ? err.message : String(err)).replace(/^error parsing regexp: /, '');
  const quoted = /^(.*?): `(.*)`$/s.exec(message);
  if (!quoted) return message || 'does not compile';
  const fragment = (quoted[2] as string).replace(/^\(\?i\)/, '');
  return source.includes(fragment) ? `${quoted[1]}: \`${fragment}\`` : (quoted[1] as string);
}
