/**
 * Secrets carried as base64 (rules.ts): a Kubernetes Secret's `data:` (`tls.key`, `ca.key`,
 * `ssh-privatekey`, `.dockerconfigjson`), `base64 -w0 key.pem`. The armour a private-key rule reads
 * in clear is hidden there, and the label (`tls.key`) names no secret. So a base64 run is decoded
 * where it may begin one (a private key's `-----BEGIN`, a docker config's `{"auths"`) and masked
 * whole when the decoded bytes say so: a guess from the letters alone would mask certificates,
 * images and gzip data too.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** A character code's sextet plus one (0: no base64 character). */
const SEXTET = new Uint8Array(128);
for (let i = 0; i < ALPHABET.length; i++) SEXTET[ALPHABET.charCodeAt(i)] = i + 1;

/** The bytes (as latin-1 text) of the base64 in s from `from`, at most `chars` characters of it. */
function decodeBase64(s: string, from: number, chars: number): string {
  const out: number[] = [];
  let bits = 0;
  let held = 0;
  for (let i = from; i < Math.min(s.length, from + chars); i++) {
    const code = s.charCodeAt(i);
    const v = code < 128 ? (SEXTET[code] as number) : 0;
    if (v === 0) break;
    held = (held << 6) | (v - 1);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((held >> bits) & 0xff);
      held &= (1 << bits) - 1;
    }
  }
  return String.fromCharCode(...out);
}

/**
 * The base64 of `-----BEGIN` after 0, 1 or 2 other bytes of its 3-byte group: the characters the
 * ten bytes alone decide, and where they start in their 4-character block (redactRound21.test.ts
 * holds a key at each).
 */
const ARMOUR_ANCHORS = [
  { text: 'LS0tLS1CRUdJT', skipBytes: 0, offset: 0 },
  { text: '0tLS0tQkVHSU', skipBytes: 1, offset: 2 },
  { text: 'tLS0tLUJFR0lO', skipBytes: 2, offset: 3 },
] as const;
const ARMOUR_START = new RegExp(ARMOUR_ANCHORS.map((a) => `(${a.text})`).join('|'), 'g');
/** The armour of a private key (PEM, OpenSSH, PGP), as rules.ts's private-key rule reads it in clear. */
const PRIVATE_ARMOUR = /^-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY/i;
const ARMOUR_HEAD = /^-----BEGIN [A-Z0-9 ]/i;
/** Enough characters to decode the armour's longest line up to `PRIVATE KEY`. */
const ARMOUR_CHARS = 92;

/**
 * `{"auths":` (a docker config.json), compact or indented, as the first bytes of a run: after no
 * base64 character, or after an escape (`\neyJ`, `\u0022eyJ` in JSON text).
 */
const DOCKER_START = /(?:(?<![A-Za-z0-9+/])|(?<=\\[nrt]|\\u[0-9a-fA-F]{4}))e[wy][A-Za-z0-9+/]{22}/g;
const DOCKER_CONFIG = /^\{\s{0,16}"auths"\s{0,4}:/;

const BASE64_CHAR = /[A-Za-z0-9+/]/;
const RUN = /[A-Za-z0-9+/]*={0,2}/y;
/** A line break between the lines of wrapped base64 (`base64 key.pem`), raw or JSON-escaped. */
const LINE_BREAK = /\r?\n|(?:\\r)?\\n/y;
/** The shortest line that wrapped base64 has (64: openssl, 76: base64). */
const WRAP_WIDTH = 60;

/** Where the base64 run holding `at` starts: not on an escape's letter (`\nLS0t`, `\u0022LS0t`). */
function runStart(s: string, at: number): number {
  let from = at;
  while (from > 0 && BASE64_CHAR.test(s[from - 1] as string)) from--;
  if (from > 0 && s[from - 1] === '\\') {
    from += /^u[0-9a-fA-F]{4}/.test(s.slice(from, from + 5)) ? 5 : 1;
  }
  return Math.min(from, at);
}

/** Where the base64 run from its start `at` ends, its wrapped lines included (none wider than the first). */
function runEnd(s: string, at: number): number {
  RUN.lastIndex = at;
  RUN.exec(s);
  let end = RUN.lastIndex;
  let width = end - at;
  while (width >= WRAP_WIDTH && s[end - 1] !== '=') {
    LINE_BREAK.lastIndex = end;
    if (!LINE_BREAK.test(s)) break;
    const next = LINE_BREAK.lastIndex;
    RUN.lastIndex = next;
    RUN.exec(s);
    const nextWidth = RUN.lastIndex - next;
    const after = s[RUN.lastIndex];
    // the next line must be base64 to its end, no wider than the lines before it
    if (nextWidth === 0 || nextWidth > width || (after !== undefined && !/[\r\n\\"'\s]/.test(after))) break;
    end = RUN.lastIndex;
    if (nextWidth < width) break; // the last line of the wrap
    width = nextWidth;
  }
  return end;
}

/** Base64 runs that begin a docker config (`.dockerconfigjson`: registries' passwords), each whole. */
export function* base64DockerConfigs(s: string): Generator<readonly [number, number]> {
  if (s.length < 24) return;
  DOCKER_START.lastIndex = 0;
  for (let m = DOCKER_START.exec(s); m !== null; m = DOCKER_START.exec(s)) {
    if (!DOCKER_CONFIG.test(decodeBase64(s, m.index, 32))) continue;
    const start = runStart(s, m.index);
    const end = runEnd(s, start);
    DOCKER_START.lastIndex = end;
    yield [start, end];
  }
}

/** Base64 runs holding a private key's armour at any alignment, each whole. */
export function* base64PrivateKeys(s: string): Generator<readonly [number, number]> {
  if (s.length < 24) return;
  ARMOUR_START.lastIndex = 0;
  for (let m = ARMOUR_START.exec(s); m !== null; m = ARMOUR_START.exec(s)) {
    const anchor = ARMOUR_ANCHORS[m.slice(1).findIndex((g) => g !== undefined)];
    if (anchor === undefined || m.index < anchor.offset) continue;
    const block = m.index - anchor.offset;
    // the armour's first line is read only when its first 15 bytes could start one (near misses cost little)
    if (!ARMOUR_HEAD.test(decodeBase64(s, block, 20).slice(anchor.skipBytes))) continue;
    if (!PRIVATE_ARMOUR.test(decodeBase64(s, block, ARMOUR_CHARS).slice(anchor.skipBytes))) continue;
    const start = runStart(s, block);
    const end = runEnd(s, start);
    ARMOUR_START.lastIndex = end;
    yield [start, end];
  }
}

/**
 * HTTP Basic credentials written out wherever they stand (audit 37 N1): `Basic ` and the base64 of
 * `user:password`, as a header's value in a setter call (`Header.Set("Authorization", "Basic …")`),
 * a HAR or Postman pair, an nginx/Apache directive or a constant. Decoded, not guessed: prose's
 * "basic authentication" decodes to no `user:password`.
 */
const BASIC = /\bbasic(?:[ \t]+|%20|\+)([A-Za-z0-9+/]{8,684}={0,2})(?![A-Za-z0-9+/=])/dgi;
/** `user:password` in printable bytes (UTF-8's too). */
// eslint-disable-next-line no-control-regex -- no control byte in either is the point
const USER_PASSWORD = /^[^\x00-\x1f\x7f:]{1,256}:[^\x00-\x1f\x7f]{1,256}$/;

export function* basicCredentials(s: string): Generator<readonly [number, number]> {
  if (!/basic/i.test(s)) return;
  BASIC.lastIndex = 0;
  for (let m = BASIC.exec(s); m !== null; m = BASIC.exec(s)) {
    const at = m.indices?.[1];
    if (at && USER_PASSWORD.test(decodeBase64(s, at[0], at[1] - at[0]))) yield at;
  }
}
