/**
 * What redaction masks: well-known secret shapes, e-mail addresses, the user name in home
 * paths, and the user's own patterns. A mask has the length of what it hides (in UTF-16
 * units), so offsets, diffs and split streaming deltas still line up; it names the kind
 * when there is room: `[api-key]**********`.
 */

export type RedactionKind =
  'private-key' | 'jwt' | 'bearer-token' | 'api-key' | 'cloud-key' | 'email' | 'home-path' | 'custom';

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

const EMAIL_LOCAL = /[A-Za-z0-9._%+-]/;
const EMAIL_DOMAIN = /[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}/y;

/**
 * E-mail addresses, `%40` too (an address in a URL's query). Anchored on the @: a regex that
 * starts at every character retried its run of local-part characters from each, quadratic on a
 * line of dots, digits or letters (audit R5-12); here each @ costs at most 64 steps left (a
 * local part's limit) and one domain match right.
 */
function* emails(s: string): Generator<readonly [number, number]> {
  const at = /@|%40/g;
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

/** In priority order: where two rules overlap, the earlier one masks. */
export const BUILT_IN_RULES: readonly Rule[] = [
  {
    kind: 'private-key',
    // PEM and PGP armour (`PRIVATE KEY BLOCK`). The body runs to the next `-----` (the END
    // line), or, for a key cut short (an output capped mid-key, a torn last line), to the end of
    // the text: linear, where a lazy search for END per BEGIN was quadratic (audit R5-12)
    re: /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY[A-Z ]{0,10}-----([^-]*(?:-(?!----)[^-]*)*)/g,
  },
  // a PuTTY key's private lines (`Private-Lines: N` then base64 lines; escaped newlines too)
  {
    kind: 'private-key',
    re: /Private-Lines:[ \t]*\d+((?:(?:\s|\\[nr])+[A-Za-z0-9+/=]+(?=\s|\\[nr]|["']|$))+)/g,
  },
  { kind: 'jwt', re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  { kind: 'bearer-token', re: /\b[Bb]earer\s+([A-Za-z0-9._~+/=-]{12,})/g },
  {
    kind: 'api-key',
    re: /\b(?:sk-(?:ant-|proj-|or-v1-)?[A-Za-z0-9_-]{20,}|AIza[0-9A-Za-z_-]{35}|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,}|xox[abposr]-[A-Za-z0-9-]{10,}|(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}|hf_[A-Za-z0-9]{30,}|glpat-[A-Za-z0-9_-]{20,}|npm_[A-Za-z0-9]{36})/g,
  },
  {
    kind: 'cloud-key',
    re: /\b(?:(?:AKIA|ASIA)[0-9A-Z]{16}\b|(?<=aws_secret_access_key["']?\s*[=:]\s*["']?)[A-Za-z0-9/+=]{40}|(?<=AccountKey=)[A-Za-z0-9+/=]{40,})/g,
  },
  // `%40` too: an e-mail in a URL's query (web-browsing agents' tool calls)
  { kind: 'email', find: emails },
  // the user name in a home path (any user's: logs travel between machines); a Windows profile
  // folder often holds the full name, spaces included, and tools print `c:\users` in any case
  { kind: 'home-path', re: /(?:\/home\/|\/[Uu]sers\/)([^/\\\s"'`:;,]+)/g },
  {
    kind: 'home-path',
    re: /[A-Za-z]:(?:\\{1,2}|\/)[Uu][Ss][Ee][Rr][Ss](?:\\{1,2}|\/)([^/\\"'`:;,\r\n\t<>|]+)/g,
  },
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
