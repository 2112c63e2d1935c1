/** JSON Web Tokens in text, found in linear time. */

const BASE64URL_RUN = /[A-Za-z0-9_-]*/y;

/** Where the run of base64url characters starting at `from` ends. */
function runEnd(s: string, from: number): number {
  BASE64URL_RUN.lastIndex = from;
  BASE64URL_RUN.exec(s);
  return BASE64URL_RUN.lastIndex;
}

/**
 * JWTs: `eyJ` + 8 or more, `.`, 2 or more, `.`, 8 or more base64url characters. A regex tried
 * at every `eyJ` ran each to the end of its run before failing: quadratic on a run of `eyJ-`
 * (audit R6-11). Here a failed start skips its run: any later start inside it ends where it did.
 */
export function* jwts(s: string): Generator<readonly [number, number]> {
  const start = /\beyJ/g;
  for (let m = start.exec(s); m !== null; m = start.exec(s)) {
    const header = runEnd(s, m.index + 3);
    start.lastIndex = Math.max(header, m.index + 1);
    if (header - m.index < 11 || s[header] !== '.') continue;
    const payload = runEnd(s, header + 1);
    if (payload - header < 3 || s[payload] !== '.') continue;
    const signature = runEnd(s, payload + 1);
    if (signature - payload < 9) continue;
    start.lastIndex = signature;
    yield [m.index, signature];
  }
}
