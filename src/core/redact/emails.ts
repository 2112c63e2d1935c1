/**
 * E-mail addresses for redaction (rules.ts). Anchored on the @: a regex that starts at every
 * character retried its run of local-part characters from each, quadratic on a line of dots,
 * digits or letters (audit R5-12); here each @ costs at most 64 steps left (a local part's
 * limit) and one domain match right.
 */

/** The @ as logs write it: raw, in a URL (`%40`, `%2540` encoded twice), a JSON `\u0040`, HTML. */
const AT = /@|%(?:25)?40|\\u0040|&#(?:64|x40);/gi;
const LOCAL = /[\p{L}\p{N}._%+-]/u;
/** Labels of letters in any script (IDN), up to 20 of them, then a top-level domain. */
const DOMAIN = /[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63}){0,19}\.\p{L}{2,24}/uy;

export function* emails(s: string): Generator<readonly [number, number]> {
  let floor = 0; // the end of the last address: no local part reaches back over it
  AT.lastIndex = 0;
  for (let m = AT.exec(s); m !== null; m = AT.exec(s)) {
    // the domain first: it fails at once on runs of @s, where a look back costs up to 64 steps
    DOMAIN.lastIndex = m.index + m[0].length;
    if (!DOMAIN.exec(s)) continue;
    const end = DOMAIN.lastIndex;
    let from = m.index;
    if (s[from - 1] === '"') {
      // a quoted local part ("john doe"@example.com): back to its opening quote
      const open = s.lastIndexOf('"', from - 2);
      if (open >= floor && from - open <= 66) from = open;
    } else while (from > floor && m.index - from < 64 && LOCAL.test(s[from - 1] as string)) from--;
    if (from === m.index) continue;
    floor = end;
    AT.lastIndex = floor;
    yield [from, floor];
  }
}
