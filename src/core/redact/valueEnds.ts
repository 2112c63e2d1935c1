/**
 * Where a label's unquoted value ends (labels.ts): a password may hold any punctuation, so it runs
 * to whitespace (or the quote its label sits in, or the next `name=`), and code after a label (a
 * call) is no value at all.
 */
/** `,` `;` `&` then the next `name=` or `name:`: where a password in a list of pairs ends (`Password=x;Server=y`). */
const NEXT_PAIR = /[,;&][ \t]?[A-Za-z_][\w.-]{0,63}[=:]/y;
/**
 * Code after `password=`: a call (`getpass()`, `os.getenv("PW")`, `input().strip()`) is no password;
 * its parentheses close and nothing is glued after them (`Summer(2024)x9`, `r7Tq(9vLm` are passwords:
 * audit 33 N1).
 */
const CALL_ARGS = String.raw`\((?:[^()]|\([^()]{0,256}\)){0,256}\)`;
const CALL = new RegExp(
  String.raw`^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*${CALL_ARGS}(?:\.[A-Za-z_$][\w$]*(?:${CALL_ARGS})?){0,8}(?![\w$(])`,
);
export const isCall = (s: string, start: number) => CALL.test(s.slice(start, start + 2048));
/**
 * Other code after `password=`: JSX's `{password}`, `(yield)`, a shell's `` `cat pw.txt` `` (audit 34 L1),
 * minified code's member with a fallback (`e.password=t.token||""`: audit 37 L7).
 */
const CODE_VALUE =
  /^(?:\{[\w$.[\]'"]{1,128}\}|\((?:yield|await)?[\w$. ]{0,128}\)|`[^`\r\n]{0,256}`)(?![\w$])|^[A-Za-z_$][\w$]{0,63}(?:\.[A-Za-z_$][\w$]{0,63}){1,8}(?:\|\||\?\?|&&)/;
export const isCode = (s: string, start: number) =>
  isCall(s, start) || CODE_VALUE.test(s.slice(start, start + 300));
/** What ends a bare value but may sit inside a password (`Xk9&qL`, Django's `(%c#z2^=$)`). */
export const INNER_MARK = /[(){}[\]&<>;,]/;
const SPACE = /\s/;
/** What follows a backslash in an escape (JSON's, a shell's quotes), not in a password. */
const ESCAPED = /[nrtubf"'/\s]/;

/**
 * Where a password's unquoted value after `=` ends. A password may hold any punctuation
 * (`PASSWORD=a,b;c"d(e)`: cut at the first one, the rest leaked), so it runs to whitespace, to
 * the quote its label sits in (`"PASSWORD=x"`), to a backslash (an escape of JSON inside JSON),
 * to `</` (markup) or to `,` `;` `&` before the next `name=`.
 */
export function passwordEnd(s: string, start: number, enclosing: string | undefined): number {
  let i = start;
  for (; i < s.length; i++) {
    const c = s[i] as string;
    if (c === '\\') {
      // an escape ends it (`\n`, `\"`: JSON inside JSON), a backslash before anything else is the
      // password's own (`Kq9\mZ2`, a shell's `\$`), a run of them too (`\\m`: escaped again)
      let k = i;
      while (s[k] === '\\') k++;
      if (k === s.length || ESCAPED.test(s[k] as string)) break;
      i = k - 1;
      continue;
    }
    if (c === enclosing || c === '\x1b' || SPACE.test(c) || (c === '<' && s[i + 1] === '/')) break;
    if (c === ',' || c === ';' || c === '&') {
      NEXT_PAIR.lastIndex = i;
      if (NEXT_PAIR.test(s)) break;
    }
  }
  return i;
}

/** Punctuation that ends prose or code after a value (`x.`, `x;`, `x)`): the end before it. */
const TRAILING = /[,;.)\]}>]/;
export function withoutTrailing(s: string, start: number, end: number): number {
  while (end > start && TRAILING.test(s[end - 1] as string)) end--;
  return end;
}
