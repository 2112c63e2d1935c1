/**
 * PowerShell's `ConvertTo-SecureString 'PW' -AsPlainText -Force` (`-String 'PW'`, `'PW' |
 * ConvertTo-SecureString -AsPlainText`): `-AsPlainText` exists only to turn a literal password into
 * a SecureString, so the string it converts is one, the Windows form of `-p PASSWORD` (audit25 M3).
 * Without `-AsPlainText` the string is DPAPI-encrypted output, and a variable (`$pw`) or an
 * expression (`(Get-Content f)`) names no secret: those are kept.
 */
import { valueTest } from './labels';

const COMMAND = /\bConvertTo-SecureString\b/gi;
/** How far past the command its parameters are read (one statement: up to `)`, `;`, `|` or a line's end). */
const REACH = 512;
/**
 * A parameter (`-String`, `-AsPlainText:$true`), a quoted string or a bare word, one at a time; a
 * backtick ends a line the statement goes on after (audit 26 L3).
 */
const TOKEN =
  /[ \t]+(?:`\r?\n[ \t]*)?(?:(-[A-Za-z]+)(?::\S*)?|'((?:[^'\r\n]|''){1,256})'|"((?:[^"\r\n`]|`.){1,256})"|([^\s'"()|;]{1,256}))/y;

/** Whether flag is `-AsPlainText` as PowerShell reads it: any unambiguous prefix (`-AsPlain`, `-a`). */
function plainTextFlag(flag: string): boolean {
  const name = flag.slice(1).toLowerCase();
  return name.length >= 1 && 'asplaintext'.startsWith(name);
}
/** Whether flag is `-String` (`-st`, `-str`; `-s` alone is ambiguous with `-SecureKey`). */
function stringFlag(flag: string): boolean {
  const name = flag.slice(1).toLowerCase();
  return name.length >= 2 && 'string'.startsWith(name);
}

export function* secureStringPasswords(s: string): Generator<readonly [number, number]> {
  if (!/convertto-securestring/i.test(s)) return;
  COMMAND.lastIndex = 0;
  for (let m = COMMAND.exec(s); m !== null; m = COMMAND.exec(s)) {
    const limit = Math.min(s.length, m.index + m[0].length + REACH);
    let plain = false;
    let value: readonly [number, number] | null = piped(s, m.index);
    let afterString = false;
    TOKEN.lastIndex = m.index + m[0].length;
    for (let t = TOKEN.exec(s); t !== null && TOKEN.lastIndex <= limit; t = TOKEN.exec(s)) {
      const [, flag, single, double, bare] = t;
      if (flag !== undefined) {
        if (plainTextFlag(flag)) plain = true;
        afterString = stringFlag(flag);
        continue;
      }
      const text = single ?? double ?? bare ?? '';
      const from = TOKEN.lastIndex - text.length - (bare === undefined ? 1 : 0);
      // the first positional argument is -String; a later one is -SecureKey's or -Key's
      if (value === null || afterString)
        value = bare?.startsWith('$') ? assigned(s, m.index, bare) : [from, from + text.length];
      afterString = false;
    }
    if (plain && value !== null && value[1] > value[0] && valueTest('password', s.slice(...value), false))
      yield value;
  }
}

/** The string literal piped into the command at `at` (`'PW' | ConvertTo-SecureString`), or null. */
function piped(s: string, at: number): readonly [number, number] | null {
  let i = at - 1;
  while (i >= 0 && (s[i] === ' ' || s[i] === '\t')) i--;
  if (s[i] !== '|') return null;
  i--;
  while (i >= 0 && (s[i] === ' ' || s[i] === '\t')) i--;
  const quote = s[i];
  if (quote !== "'" && quote !== '"') return null;
  const end = i;
  for (let k = end - 1; k >= Math.max(0, end - 257); k--) {
    if (s[k] === '\n' || s[k] === '\r') return null;
    if (s[k] === quote) return k + 1 < end ? [k + 1, end] : null;
  }
  return null;
}

/** How far before the command a variable's assignment is looked for. */
const ASSIGNED_REACH = 1024;
const ASSIGNMENT =
  /\$(\w{1,64})[ \t]*=[ \t]*(?:'((?:[^'\r\n]|''){1,256})'|"([^"\r\n`$]{1,256})")[ \t]*(?=[;\r\n]|$)/dgm;

/**
 * The string literal last assigned to `variable` (`$plain = 'PW'; ConvertTo-SecureString $plain
 * -AsPlainText`: audit 26 L3) shortly before the command at `at`, or an empty span.
 */
function assigned(s: string, at: number, variable: string): readonly [number, number] {
  const start = Math.max(0, at - ASSIGNED_REACH);
  const before = s.slice(start, at);
  const name = variable.slice(1).toLowerCase(); // PowerShell's names ignore case
  let found: readonly [number, number] = [0, 0];
  ASSIGNMENT.lastIndex = 0;
  for (let m = ASSIGNMENT.exec(before); m !== null; m = ASSIGNMENT.exec(before)) {
    const span = m.indices?.[2] ?? m.indices?.[3];
    if (span && (m[1] as string).toLowerCase() === name) found = [start + span[0], start + span[1]];
  }
  return found;
}
