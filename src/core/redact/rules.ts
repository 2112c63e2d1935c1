/**
 * What redaction masks: well-known secret shapes, e-mail addresses, the user name in home
 * paths, and the user's own patterns. A mask has the length of what it hides (in UTF-16
 * units), so offsets, diffs and split streaming deltas still line up; it names the kind
 * when there is room: `[api-key]**********`.
 */

export type RedactionKind =
  | 'private-key'
  | 'jwt'
  | 'bearer-token'
  | 'api-key'
  | 'cloud-key'
  | 'credential'
  | 'email'
  | 'home-path'
  | 'custom';

type Rule =
  | {
      kind: RedactionKind;
      /** Global regex; the masked part is group 1 when the regex has one, else the whole match. */
      re: RegExp;
    }
  | {
      kind: RedactionKind;
      /** The spans [from, to) to mask, for a shape a regex would scan in quadratic time. */
      find: (s: string) => Iterable<readonly [number, number]>;
    };

const EMAIL_LOCAL = /[\p{L}\p{N}._%+-]/u;
const EMAIL_DOMAIN = /[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63}){0,30}\.\p{L}{2,24}/uy;

/**
 * E-mail addresses, also written `%40`, `%2540` (encoded twice) or `\u0040` (a JSON escape in
 * a tool's output), with international letters. Anchored on the @: a regex that starts at
 * every character retried its run of local-part characters from each, quadratic on a line of
 * dots, digits or letters (audit R5-12); here each @ costs at most 64 steps left (a local
 * part's limit) and one domain match right.
 */
function* emails(s: string): Generator<readonly [number, number]> {
  const at = /@|%40|%2540|\\u0040/gi;
  let floor = 0; // the end of the last address: no local part reaches back over it
  for (let m = at.exec(s); m !== null; m = at.exec(s)) {
    let from = m.index;
    while (from > floor && m.index - from < 64 && EMAIL_LOCAL.test(s[from - 1] as string)) from--;
    if (from === m.index) continue;
    EMAIL_DOMAIN.lastIndex = m.index + m[0].length;
    const domain = EMAIL_DOMAIN.exec(s);
    if (!domain) continue;
    floor = EMAIL_DOMAIN.lastIndex;
    at.lastIndex = floor;
    yield [from, floor];
  }
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** True when base64 `b64` decodes to printable ASCII holding a colon: the `user:password` of Basic. */
function isBasicCredential(b64: string): boolean {
  let bits = 0;
  let n = 0;
  let colon = false;
  for (const c of b64.replace(/=+$/, '')) {
    bits = (bits << 6) | BASE64.indexOf(c);
    n += 6;
    if (n < 8) continue;
    n -= 8;
    const byte = (bits >> n) & 0xff;
    if (byte < 0x20 || byte > 0x7e) return false;
    if (byte === 0x3a) colon = true;
  }
  return colon;
}

/** HTTP Basic credentials (`Authorization: Basic dXNlcjpwYXNz`, as curl -v prints them): base64 of user:password. */
function* basicCredentials(s: string): Generator<readonly [number, number]> {
  const re = /\bbasic[ \t]+([A-Za-z0-9+/]{6,}={0,2})(?![A-Za-z0-9+/=])/gi;
  for (let m = re.exec(s); m !== null; m = re.exec(s)) {
    const b64 = m[1] as string;
    if (isBasicCredential(b64)) yield [m.index + m[0].length - b64.length, m.index + m[0].length];
  }
}

/**
 * What separates a label from its value: quotes (also escaped, in JSON inside a string), a
 * little space, `=` or `:`. Bounded runs, so no start position costs more than a few steps.
 */
const SEP = String.raw`[\\"']{0,3}[ \t]{0,8}[=:][ \t]{0,8}[\\"']{0,3}`;

/** In priority order: where two rules overlap, the earlier one masks. */
export const BUILT_IN_RULES: readonly Rule[] = [
  {
    kind: 'private-key',
    // PEM and PGP armour (`PRIVATE KEY BLOCK`), in any case. The body runs to the next `-----`
    // (the END line), or, for a key cut short (an output capped mid-key, a torn last line), to
    // the end of the text: linear, where a lazy search for END per BEGIN was quadratic (R5-12)
    re: /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY[A-Z ]{0,10}-----([^-]*(?:-(?!----)[^-]*)*)/gi,
  },
  // the SSH2 (RFC 4716) armour: four dashes and spaces
  { kind: 'private-key', re: /---- BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY ----([^-]*(?:-(?!---)[^-]*)*)/gi },
  // a PuTTY key's private lines (`Private-Lines: N` then base64 lines; escaped newlines too)
  {
    kind: 'private-key',
    re: /Private-Lines:[ \t]*\d+((?:(?:\s|\\[nr])+[A-Za-z0-9+/=]+(?=\s|\\[nr]|["']|$))+)/g,
  },
  // a JWT: a JSON header, any payload (`e30` is `{}`), a signature
  { kind: 'jwt', re: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{8,}/g },
  // HTTP auth schemes are case-insensitive (`AUTHORIZATION: BEARER ...`)
  { kind: 'bearer-token', re: /\bbearer\s+([A-Za-z0-9._~+/=-]{12,})/gi },
  { kind: 'credential', find: basicCredentials },
  // the password of scheme://user:password@host (a DATABASE_URL, a git remote with a token)
  {
    kind: 'credential',
    re: /\b[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/[^\s:/?#@"'<>\\]{1,256}:([^\s/@"'<>\\]{1,256})@/g,
  },
  {
    kind: 'api-key',
    // after any non-alphanumeric, `_` too (`ANTHROPIC_API_KEY_sk-ant-...`); the model providers'
    // prefixes first (this is a tool for AI agents' logs), then code hosts, chat and payments
    re: /(?<![A-Za-z0-9])(?:sk-(?:ant-|proj-|or-v1-)?[A-Za-z0-9_-]{20,}|gsk_[A-Za-z0-9]{40,}|xai-[A-Za-z0-9]{40,}|pplx-[A-Za-z0-9]{32,}|r8_[A-Za-z0-9]{30,}|AIza[0-9A-Za-z_-]{35}|ya29\.[A-Za-z0-9_-]{20,}|GOCSPX-[A-Za-z0-9_-]{20,}|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,}|xox[abposr]-[A-Za-z0-9-]{10,}|(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}|hf_[A-Za-z0-9]{30,}|glpat-[A-Za-z0-9_-]{20,}|npm_[A-Za-z0-9]{36}|SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}|SK[0-9a-f]{32}(?![0-9a-f]))/g,
  },
  { kind: 'api-key', re: /hooks\.slack\.com\/services\/(T[A-Z0-9]+\/B[A-Z0-9]+\/[A-Za-z0-9]{16,})/g },
  { kind: 'cloud-key', re: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b|(?<=AccountKey=)[A-Za-z0-9+/=]{40,}/g },
  // an AWS secret and session token after their label, in any spelling: the credentials file,
  // the environment (AWS_SECRET_ACCESS_KEY=), STS's JSON (SecretAccessKey), SDK configs
  {
    kind: 'cloud-key',
    re: new RegExp(String.raw`(?:aws_?)?secret_?access_?key${SEP}([A-Za-z0-9/+=]{40})`, 'gi'),
  },
  {
    kind: 'cloud-key',
    re: new RegExp(String.raw`(?:aws_?)?session_?token${SEP}([A-Za-z0-9/+=]{16,})`, 'gi'),
  },
  // any value labelled as a secret (api_key: ..., "password": "...", _authToken=...)
  {
    kind: 'credential',
    re: new RegExp(
      String.raw`(?<![A-Za-z0-9])(?:client[_-]?secret|api[_-]?key|auth[_-]?token|access[_ -]?token|refresh[_-]?token|secret[_-]?key|password|passwd)${SEP}([^\s"'${'`'}\\,;&(){}<>\[\]]{8,})`,
      'gi',
    ),
  },
  { kind: 'email', find: emails },
  // the user name in a home path (any user's: logs travel between machines); a Windows profile
  // folder often holds the full name, spaces included (`C:/Users/John Smith` too, so it goes
  // first), and tools print `c:\users` in any case; a UNC path's `\\server\Users\name` alike
  {
    kind: 'home-path',
    re: /(?:[A-Za-z]:|\\\\[^\\\s/]{1,64})(?:\\{1,2}|\/)users(?:\\{1,2}|\/)([^/\\"'`:;,\r\n\t<>|]+)/gi,
  },
  { kind: 'home-path', re: /(?:\/home\/|\/[Uu]sers\/)([^/\\\s"'`:;,]+)/g },
  // `~jsmith/`: another user's home in shell notation
  { kind: 'home-path', re: /(?<![\w~/])~([A-Za-z][A-Za-z0-9._-]{0,31})(?=\/)/g },
];

/** A mask of `length` units for kind. */
export function maskOf(kind: RedactionKind, length: number): string {
  const label = `[${kind}]`;
  return length >= label.length + 2 ? label + '*'.repeat(length - label.length) : '*'.repeat(length);
}

export interface Masker {
  /** s with every match masked; counts[kind] grows by the matches. */
  mask(s: string): string;
  readonly counts: Record<string, number>;
}

/** A masker for the built-in rules plus the user's patterns (and literal extra home paths). */
export function createMasker(patterns: readonly RegExp[] = [], homePaths: readonly string[] = []): Masker {
  const rules: Rule[] = [...BUILT_IN_RULES];
  for (const home of homePaths) {
    const user = /[/\\]([^/\\]+)[/\\]?$/.exec(home)?.[1];
    if (user && user.length >= 2)
      rules.push({
        kind: 'home-path',
        re: new RegExp(`(?<=[/\\\\])(${escapeRegExp(user)})(?=[/\\\\]|$)`, 'g'),
      });
  }
  for (const p of patterns) rules.push({ kind: 'custom', re: new RegExp(p.source, withG(p.flags)) });
  const counts: Record<string, number> = {};
  return {
    counts,
    mask(s: string): string {
      if (s.length < 5) return s;
      const spans: { from: number; to: number; kind: RedactionKind }[] = [];
      // which units an earlier rule already masks: a check per span costs its length, where a
      // search of every span so far was quadratic in the matches
      const taken = new Uint8Array(s.length);
      for (const rule of rules)
        for (const [from, to] of 're' in rule ? regexSpans(rule.re, s) : rule.find(s))
          if (to > from && taken.subarray(from, to).indexOf(1) === -1) {
            spans.push({ from, to, kind: rule.kind });
            taken.fill(1, from, to);
          }
      if (spans.length === 0) return s;
      spans.sort((a, b) => a.from - b.from);
      let out = '';
      let at = 0;
      for (const x of spans) {
        out += s.slice(at, x.from) + maskOf(x.kind, x.to - x.from);
        at = x.to;
        counts[x.kind] = (counts[x.kind] ?? 0) + 1;
      }
      return out + s.slice(at);
    },
  };
}

/** Each match of re in s as a span: group 1 when the regex has one, else the whole match. */
function* regexSpans(re: RegExp, s: string): Generator<readonly [number, number]> {
  re.lastIndex = 0;
  for (let m = re.exec(s); m !== null; m = re.exec(s)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    const group = m.length > 1 && m[1] !== undefined ? m[1] : m[0];
    const from = m.index + (m.length > 1 && m[1] !== undefined ? m[0].indexOf(group) : 0);
    yield [from, from + group.length];
  }
}

function withG(flags: string): string {
  return flags.includes('g') ? flags : flags + 'g';
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
