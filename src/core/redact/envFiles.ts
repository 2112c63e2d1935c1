/**
 * A password with spaces, unquoted, in a .env-style file (rules.ts): `DB_PASSWORD=correct horse
 * battery staple`. dotenv reads the whole rest of the line as the value (up to ` #`), where the
 * label rule (labels.ts) stops at the first space and leaks the other words. A shell reads the
 * same line as `NAME=x command args` (`PASSWORD=hunter2 npm test`), so the rest of the line counts
 * only where the shape is a file's: the line before or after it is an assignment too
 * (`NAME=value`). A lone line keeps the label rule's first word: conservative, and documented.
 */
import { labelTier, valueTest } from './labels';

/** `NAME=` at a line's start (`export ` allowed), the value starting with no quote or comment. */
const ASSIGNMENT_HEAD = /^[ \t]*(?:export[ \t]+)?([A-Za-z_][\w.-]{0,127})[ \t]*=[ \t]*(?=[^\s"'`#])/gm;
const ASSIGNMENT_LINE = /^[ \t]*(?:export[ \t]+)?[A-Za-z_][\w.-]{0,127}[ \t]*=/;
/** What every password label holds (labels.ts PASSWORD_PART): the most names are passed over at once. */
const PASSWORD_WORD = /pass|pw|psw/i;
/** dotenv's inline comment: a `#` after whitespace. */
const COMMENT = /[ \t]#/;

export function* envPhrasePasswords(s: string): Generator<readonly [number, number]> {
  if (!s.includes('\n') || !s.includes('=')) return; // one line: no file shape
  ASSIGNMENT_HEAD.lastIndex = 0;
  for (let m = ASSIGNMENT_HEAD.exec(s); m !== null; m = ASSIGNMENT_HEAD.exec(s)) {
    const start = ASSIGNMENT_HEAD.lastIndex;
    const lineStart = m.index;
    let lineEnd = s.indexOf('\n', start);
    if (lineEnd === -1) lineEnd = s.length;
    ASSIGNMENT_HEAD.lastIndex = lineEnd;
    const name = m[1] as string;
    if (!PASSWORD_WORD.test(name) || labelTier(name) !== 'password') continue;
    let end = lineEnd;
    const comment = s.slice(start, end).search(COMMENT);
    if (comment !== -1) end = start + comment;
    while (end > start && /\s/.test(s[end - 1] as string)) end--;
    const value = s.slice(start, end);
    if (!/[ \t]/.test(value) || !valueTest('password', value, true)) continue;
    if (!assignmentNear(s, lineStart, lineEnd)) continue;
    yield [start, end];
  }
}

/** Whether the line before `lineStart` or after `lineEnd` is an assignment. */
function assignmentNear(s: string, lineStart: number, lineEnd: number): boolean {
  if (lineStart > 0) {
    const before = s.lastIndexOf('\n', lineStart - 2) + 1;
    if (ASSIGNMENT_LINE.test(s.slice(before, lineStart - 1))) return true;
  }
  if (lineEnd < s.length) {
    const next = s.indexOf('\n', lineEnd + 1);
    if (ASSIGNMENT_LINE.test(s.slice(lineEnd + 1, next === -1 ? s.length : next))) return true;
  }
  return false;
}
