/**
 * The user's own patterns (`--redact-pattern`, the app's redaction patterns) as redaction rules,
 * under a work budget. Each search on the linear-time engine is linear, but masking needs every
 * match, and a pattern like `a*c|a` makes each search read to the end of the text before it
 * settles on one `a`: quadratic over a long run of `a`s (minutes for 40 000 characters). So the
 * searches of one text may give the engine at most WORK_PER_CHAR characters per character of
 * the text, plus WORK_BASE: about 6 s of CPU for 1 MB of `a`s. A fair pattern's searches stop
 * soon after their match, but the engine cannot say so: each is charged the whole rest of the
 * text, so a value with more than about 2 * WORK_PER_CHAR evenly spread matches runs out too
 * (of the real samples' 457 texts over 1000 characters, at 64: none for `session`, `\bpi\b` or
 * `https?://\S+`, 1 for `\d{4}`, 6 for `the`, 14 for `[A-Z]{3,}`). When that runs out the rest
 * of the text, never searched, is masked whole: a secret there must not survive for want of a
 * search. The built-in rules are not budgeted (they are linear by construction).
 */
import type { LinearRegex, WorkBudget } from '../search/linearRegex';

/** Characters the engine may be given per character of the text searched. */
export const WORK_PER_CHAR = 64;
/**
 * Characters the engine may be given per text searched, whatever its length: a short text
 * affords a search per character. Small, as it is paid per text: a log of many mid-sized
 * hostile texts costs at most about WORK_PER_CHAR + WORK_BASE / sqrt(2 * WORK_BASE) per character.
 */
export const WORK_BASE = 4096;

/** A span a rule masks; `rest`: the unsearched rest of the text, masked wherever no earlier rule masks. */
export type RuleSpan = readonly [from: number, to: number, rest?: true];

/** The pattern's spans in s, then, when the budget ran out, the rest of s as one `rest` span. */
export function* customSpans(pattern: LinearRegex, s: string): Generator<RuleSpan> {
  const budget: WorkBudget = { left: WORK_PER_CHAR * s.length + WORK_BASE, stoppedAt: -1 };
  yield* pattern.spans(s, budget);
  if (budget.stoppedAt >= 0 && budget.stoppedAt < s.length) yield [budget.stoppedAt, s.length, true];
}

/**
 * What the summary says of the patterns whose budget ran out (pattern source: values), e.g.
 * "pattern `a*c|a` needed too much work on 3 values; their rest was masked whole"; '' for none.
 */
export function overrunNote(overruns: Readonly<Record<string, number>>): string {
  return Object.entries(overruns)
    .map(
      ([source, n]) =>
        `pattern \`${source}\` needed too much work on ${n} value${n === 1 ? '' : 's'}; ${n === 1 ? 'its' : 'their'} rest was masked whole`,
    )
    .join('; ');
}

/**
 * What the summary says of the user's patterns: those that needed too much work, and how many of
 * the log's own words (keys, types, roles: specWords.ts) a pattern matched and that were kept so
 * the copy stays a valid log; '' when neither.
 */
export function patternNote(overruns: Readonly<Record<string, number>>, keptWords = 0): string {
  const kept =
    keptWords > 0
      ? `${keptWords} of the log's own words (keys, event types, roles) matched a pattern and ${keptWords === 1 ? 'was' : 'were'} kept, so the copy stays a valid log`
      : '';
  return [overrunNote(overruns), kept].filter((s) => s !== '').join('; ');
}
