/**
 * An AWS secret access key printed beside its access key id: `aws iam create-access-key
 * --output text` (`ACCESSKEY<TAB>AKIA…<TAB>date<TAB>secret`), its `--output table` row, the
 * console's credentials CSV row (`bot,,AKIA…,secret,…`). The id is masked by its own rule
 * (rules.ts, `cloud-key`); the secret has no prefix and its label, if any, is in a header
 * row, so it is found by its place: a 40-character base64 run on the id's line (audit R24-7).
 */
import type { RuleSpan } from './customPatterns';

const ACCESS_KEY_ID = /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g;
const SECRET_SHAPE = /(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;
const BASE64 = /[A-Za-z0-9/+=]/;
/** How far from the id, on its line, a secret is looked for: a long minified line is not one row. */
const REACH = 400;

/** A secret is random: upper and lower case and a digit (a git hash is lower-case hex, a path words). */
function looksLikeSecret(s: string): boolean {
  return /[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s);
}

export function* awsSecretsBesideIds(s: string): Generator<RuleSpan> {
  let searchedTo = 0;
  for (let id = ACCESS_KEY_ID.exec(s); id !== null; id = ACCESS_KEY_ID.exec(s)) {
    const lineStart = s.lastIndexOf('\n', id.index) + 1;
    const lineEnd = s.indexOf('\n', id.index);
    const from = Math.max(lineStart, id.index - REACH, searchedTo);
    const to = Math.min(lineEnd === -1 ? s.length : lineEnd, id.index + id[0].length + REACH);
    searchedTo = Math.max(searchedTo, to);
    // a slice, so that a line without a secret is not scanned to the end of the text per id
    const row = s.slice(from, to);
    for (const m of row.matchAll(SECRET_SHAPE)) {
      const start = from + m.index;
      const whole = !BASE64.test(s[start - 1] ?? ' ') && !BASE64.test(s[start + 40] ?? ' ');
      if (whole && looksLikeSecret(m[0])) yield [start, start + 40];
    }
  }
}
