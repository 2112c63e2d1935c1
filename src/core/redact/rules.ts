/**
 * What redaction masks: well-known secret shapes, e-mail addresses, the user name in home
 * paths, and the user's own patterns. A mask has the length of what it hides (in UTF-16
 * units), so offsets, diffs and split streaming deltas still line up; it names the kind
 * when there is room: `[api-key]**********`.
 */

export type RedactionKind =
  'private-key' | 'jwt' | 'bearer-token' | 'api-key' | 'cloud-key' | 'email' | 'home-path' | 'custom';

interface Rule {
  kind: RedactionKind;
  /** Global regex; the masked part is group 1 when the regex has one, else the whole match. */
  re: RegExp;
}

/** In priority order: where two rules overlap, the earlier one masks. */
export const BUILT_IN_RULES: readonly Rule[] = [
  {
    kind: 'private-key',
    // to the END line, or, for a key cut short (a tool output capped mid-key, a torn last line),
    // over the whole base64 run that follows (header lines and escaped newlines included)
    re: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----([\s\S]*?(?=-----END [A-Z0-9 ]*PRIVATE KEY-----)|[A-Za-z0-9+/=\s\\:,-]+)/g,
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
  { kind: 'email', re: /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g },
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
      for (const rule of rules) {
        rule.re.lastIndex = 0;
        for (let m = rule.re.exec(s); m !== null; m = rule.re.exec(s)) {
          if (m[0].length === 0) {
            rule.re.lastIndex++;
            continue;
          }
          const group = m.length > 1 && m[1] !== undefined ? m[1] : m[0];
          const from = m.index + (m.length > 1 && m[1] !== undefined ? m[0].indexOf(group) : 0);
          const to = from + group.length;
          if (to > from && !spans.some((x) => from < x.to && to > x.from))
            spans.push({ from, to, kind: rule.kind });
        }
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

function withG(flags: string): string {
  return flags.includes('g') ? flags : flags + 'g';
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
