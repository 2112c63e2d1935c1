/**
 * What redaction masks: well-known secret shapes, e-mail addresses, the user name in home
 * paths, and the user's own patterns. A mask has the length of what it hides (in UTF-16
 * units), so offsets, diffs and split streaming deltas still line up; it names the kind
 * when there is room: `[api-key]**********`.
 */

import {
  httpieAuth,
  parameterPairs,
  passwordOptions,
  positionalPasswords,
  sambaPasswords,
  userPasswords,
} from './cliCredentials';
import { awsSecretsBesideIds } from './awsKeyPairs';
import { clientKeys, codePasswords, typedSecrets } from './codeCredentials';
import { nextLineValues } from './nextLineValues';
import { proseSecrets } from './proseSecrets';
import { tableColumnSecrets } from './tableColumns';
import { azureFunctionKeys, azureKeyRows, herokuTokens, outputPasswords } from './outputSecrets';
import { emails } from './emails';
import { emptyUserCredentials } from './emptyUserCredentials';
import { chineseLabels } from './chineseLabels';
import { headerKeys } from './headerKeys';
import { jwts } from './jwts';
import { base64DockerConfigs, base64PrivateKeys, basicCredentials } from './encodedSecrets';
import { envPhrasePasswords } from './envFiles';
import { decodedViews, originalSpan } from './escapes';
import { labelledSecrets, labelTier, looksRandom, maybeLabel, valueTest } from './labels';
import { markupSecrets } from './markup';
import { secureStringPasswords } from './secureStrings';
import { textNameValues } from './namedValues';
import { secretCommands } from './secretCommands';
import { typedPasswords } from './typedPasswords';
import { KNOWN_PREFIXES } from './prefixes';
import type { LinearRegex } from '../search/linearRegex';
import { escapeRegExp } from '../search/queryUnits';
import { customSpans, type RuleSpan } from './customPatterns';
import { regexSpans } from './matchSpans';

export type RedactionKind =
  | 'private-key'
  | 'jwt'
  | 'bearer-token'
  | 'api-key'
  | 'cloud-key'
  | 'password'
  | 'secret'
  | 'email'
  | 'home-path'
  | 'custom';

type Rule =
  | {
      kind: RedactionKind;
      /** Global regex; the masked part is group 1 when the regex has one, else the whole match. */
      re: RegExp;
      /** Whether a match is masked (a rule whose value must also look like a credential). */
      accept?: (m: RegExpExecArray) => boolean;
    }
  | {
      kind: RedactionKind;
      /** The spans [from, to) to mask, for a shape a regex would scan in quadratic time. */
      find: (s: string) => Iterable<RuleSpan>;
      /** A user's pattern, as written (named when its work budget runs out: customPatterns.ts). */
      pattern?: string;
    };

/** In priority order: where two rules overlap, the earlier one masks. */
export const BUILT_IN_RULES: readonly Rule[] = [
  {
    kind: 'private-key',
    // PEM and PGP armour (`PRIVATE KEY BLOCK`), any case. The body runs to the next `-----`
    // (the END line), or, for a key cut short (an output capped mid-key, a torn last line), to
    // the end of the text: linear, where a lazy search for END per BEGIN was quadratic (R5-12).
    // OpenVPN's tls-auth/tls-crypt static key (`ta.key`) is a private key in its own armour (R24-9)
    re: /-----BEGIN (?:[A-Z0-9 ]{0,40}PRIVATE KEY[A-Z ]{0,10}|OpenVPN Static key V1)-----([^-]*(?:-(?!----)[^-]*)*)/dgi,
  },
  // the SSH2 (RFC 4716) armour has four dashes and spaces: `---- BEGIN SSH2 ... PRIVATE KEY ----`
  {
    kind: 'private-key',
    re: /---- BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY ----([^-]*(?:-(?!---)[^-]*)*)/dgi,
  },
  // a PuTTY key's private lines (`Private-Lines: N` then base64 lines; escaped newlines too)
  {
    kind: 'private-key',
    re: /Private-Lines:[ \t]*\d+((?:(?:\s|\\[nr])+[A-Za-z0-9+/=]+(?=\s|\\[nr]|["']|$))+)/dg,
  },
  // base64 of a private key's armour (a Kubernetes Secret's `tls.key`, `base64 -w0 key.pem`) and of
  // a docker config (`.dockerconfigjson`), checked by decoding (encodedSecrets.ts)
  { kind: 'private-key', find: base64PrivateKeys },
  { kind: 'secret', find: base64DockerConfigs },
  // a JWT's header is `{"` (eyJ); its payload may be anything (`e30` is `{}`)
  { kind: 'jwt', find: jwts },
  // HTTP auth schemes are case-insensitive (`AUTHORIZATION: BEARER ...`); URL-encoded too (`Bearer%20...`)
  { kind: 'bearer-token', re: /\bbearer(?:\s+|%20|\+)([A-Za-z0-9._~+/=-]{12,})/dgi },
  {
    kind: 'api-key',
    // after any non-alphanumeric (`ANTHROPIC_API_KEY_sk-ant-...`: \b fails after `_`)
    re: /(?<![A-Za-z0-9])(?:sk-(?:ant-|proj-|or-v1-)?[A-Za-z0-9_-]{20,}|AIza[0-9A-Za-z_-]{35}|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,}|xox[abposr]-[A-Za-z0-9-]{10,}|(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}|hf_[A-Za-z0-9]{30,}|glpat-[A-Za-z0-9_-]{20,}|npm_[A-Za-z0-9]{36}|gsk_[A-Za-z0-9]{40,}|xai-[A-Za-z0-9]{40,}|pplx-[A-Za-z0-9]{40,}|r8_[A-Za-z0-9]{30,}|fw_[A-Za-z0-9]{20,}|ya29\.[A-Za-z0-9_-]{20,}|GOCSPX-[A-Za-z0-9_-]{20,}|SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{20,}|SK[0-9a-f]{32}(?![A-Za-z0-9]))/dg,
  },
  // services' token prefixes (prefixes.ts)
  { kind: 'api-key', re: KNOWN_PREFIXES },
  // webhook URLs are their own credential: the path after the service's prefix
  {
    kind: 'api-key',
    re: /(?:hooks\.slack\.com\/(?:services|workflows|triggers)|discord(?:app)?\.com\/api\/webhooks|outlook\.office(?:365)?\.com\/webhook|\.webhook\.office\.com\/webhookb2)\/([A-Za-z0-9@_/-]{16,})/dg,
  },
  // a Telegram bot's token in its API URL (`/bot123456:AA.../sendMessage`)
  {
    kind: 'api-key',
    re: /\/bot(\d{6,12}:[A-Za-z0-9_-]{30,})/dg,
  },
  {
    kind: 'cloud-key',
    re: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b|(?<=AccountKey=)[A-Za-z0-9+/=]{40,}/dg,
  },
  // the secret beside its id: `--output text`, table and CSV rows (awsKeyPairs.ts)
  { kind: 'cloud-key', find: awsSecretsBesideIds },
  // an AWS secret and session token after their label in any spelling: the credentials file
  // (aws_secret_access_key), the environment (AWS_SECRET_ACCESS_KEY), STS JSON (SecretAccessKey,
  // SessionToken), SDK config (secretAccessKey); JSON-escaped quotes too
  {
    kind: 'cloud-key',
    re: /(?:aws_?)?(?:secret_?access_?key|session_?token)\\?["']?(?:\s*[=:]\s*|[ \t]+)\\?["']?([A-Za-z0-9/+=]{40,})/dgi,
  },
  // the password of `scheme://user:password@host` (DATABASE_URL, git remotes, proxies; `redis://:pw@`
  // has no user). It may hold `/` and `@` (it ends at the `@` before a host), not start as a port
  // does (`http://localhost:8080/path@v2` has none). A host may hold `_` (compose's `my_db`) and be
  // followed by anything that cannot continue it (`mongo_1:27017,m2`, `@db:5432: refused`, `@h...`, `@h。`)
  {
    kind: 'password',
    re: /\b[a-z][a-z0-9+._-]{1,40}:\/\/[^\s:@/?#"'<>]{0,64}:((?!\d{1,5}(?:[/?#]|$))[^\s"'<>]{1,256}?)@(?=\[|[\w.-]{1,253}(?::\d{1,5}(?![\w@])|(?![\w.@-]|:\d)))/dgi,
  },
  // HTTP Basic credentials: base64 of user:password after the header's name, and written out
  // anywhere else, read by decoding (encodedSecrets.ts)
  {
    kind: 'password',
    re: /\bauthorization\\?["']?\s*[:=]\s*\\?["']?basic\s+([A-Za-z0-9+/]{6,}={0,2})/dgi,
  },
  { kind: 'password', find: basicCredentials },
  // Yarn 2+'s `npmAuthIdent: "user:password"` (.yarnrc.yml; audit 37 L11)
  {
    kind: 'password',
    re: /\bnpmAuthIdent\\?["']?[ \t]*[:=][ \t]*\\?["']?[^\s"':]{1,64}:([^\s"'\\]{1,256})/dg,
    accept: (m) => valueTest('password', m[1] ?? '', false),
  },
  // the credentials of an Authorization header in any scheme (`Token`, `Bearer`, `SharedKey`,
  // none); Basic and Bearer keep their own rules above. A bare word is prose (`authorization:
  // required`): the value must look random
  {
    kind: 'bearer-token',
    re: /\b(?:proxy-)?authorization\\?["']?[ \t]*[:=][ \t]*\\?["']?(?:[A-Za-z][\w-]{0,30}[ \t]+)?([A-Za-z0-9._~+/=:-]{8,})/dgi,
    accept: (m) => looksRandom(m[1] ?? ''),
  },
  // Digest credentials: every parameter (`response=` is the password's hash)
  {
    kind: 'password',
    re: /\bauthorization\\?["']?[ \t]*[:=][ \t]*\\?["']?digest[ \t]+((?:[\w-]{1,32}=(?:\\?"[^"\r\n\\]{0,256}\\?"|[^\s,"\\]{1,256})[ \t]*,?[ \t]*){1,16})/dgi,
  },
  // `curl -u user:password`, `http -a user:password`, `mysql -pPASSWORD`, `docker login -p PASSWORD`, `redis-cli -a
  // PASSWORD`, `smbclient -U user%password`, `echo PASSWORD | sudo -S`
  { kind: 'password', find: userPasswords },
  { kind: 'password', find: httpieAuth },
  { kind: 'password', find: emptyUserCredentials },
  { kind: 'password', find: chineseLabels },
  { kind: 'api-key', find: headerKeys },
  { kind: 'password', find: passwordOptions },
  { kind: 'password', find: sambaPasswords },
  { kind: 'password', find: positionalPasswords },
  { kind: 'password', find: codePasswords },
  { kind: 'password', find: secureStringPasswords },
  { kind: 'password', find: outputPasswords },
  { kind: 'cloud-key', find: azureKeyRows },
  { kind: 'api-key', find: herokuTokens },
  { kind: 'api-key', find: azureFunctionKeys },
  { kind: 'api-key', find: clientKeys },
  { kind: 'secret', find: typedSecrets },
  // CloudFormation's `ParameterKey=DbPassword,ParameterValue=PW`
  { kind: 'password', find: parameterPairs },
  // the same pairs written as YAML or as JSON inside text (`- name: OPENAI_API_KEY` / `value: …`)
  { kind: 'secret', find: textNameValues },
  { kind: 'secret', find: secretCommands },
  { kind: 'password', find: typedPasswords },
  // `.pgpass` lines, host:port:db:user:password (db no number: `main.go:12:5:undefined:x` is a compiler's),
  // numbered too (`cat -n`, Claude Code's Read `    12→`)
  {
    kind: 'password',
    re: /^(?:[ \t]{0,8}\d{1,7}(?:\u2192|\t))?(?:[\w.-]{1,253}|\*):(?:\d{1,5}|\*):(?!\d+:)[^:\s]{1,64}:[^:\s]{1,64}:([^\s]{1,256})$/dgm,
    accept: (m) =>
      /^(?:[ \t]{0,8}\d{1,7}(?:\u2192|\t))?(?:\*|[^:\t\u2192]*[A-Za-z]|\d{1,3}(?:\.\d{1,3}){3}):/.test(
        m[0],
      ) && valueTest('password', m[1] ?? '', false),
  },
  // `DB_PASSWORD=correct horse battery staple` among a .env file's lines (envFiles.ts)
  { kind: 'password', find: envPhrasePasswords },
  // `<password>x</password>`, `<add key="ApiKey" value="x"/>`
  { kind: 'secret', find: markupSecrets },
  // any value after a label that names a secret, in any spelling (labels.ts: `GH_TOKEN=`,
  // `"token":`, `X-Vault-Token:`, `password "a pass phrase"`, `.netrc`'s `password x`, `&sig=`,
  // `sessionid=`): last, so a known shape keeps its own kind
  { kind: 'secret', find: labelledSecrets },
  { kind: 'secret', find: nextLineValues },
  // `| user | password |` over `|---|---|`, `username,password` lines: the header names the column
  { kind: 'secret', find: tableColumnSecrets },
  { kind: 'secret', find: proseSecrets },
  // `%40` too: an e-mail in a URL's query (web-browsing agents' tool calls)
  { kind: 'email', find: emails },
  // the user name in a home path (any user's: logs travel between machines); a Windows profile
  // folder often holds the full name, spaces included, and tools print `c:\users` in any case
  // (and `C://Users//x`, doubled slashes: audit R20-8)
  {
    kind: 'home-path',
    re: /(?:[A-Za-z]:|\\\\[^\\/\s"'`]{1,64})(?:\\{1,2}|\/{1,2})[Uu][Ss][Ee][Rr][Ss](?:\\{1,2}|\/{1,2})([^/\\"'`:;,\r\n\t<>|]+)/dg,
  },
  { kind: 'home-path', re: /(?:\/home\/|\/[Uu]sers\/)([^/\\\s"'`:;,]+)/dg },
  // a WSL distribution's home from Windows: `\\wsl$\Ubuntu\home\x`, `\\wsl.localhost\Debian\home\x` (R19-3)
  {
    kind: 'home-path',
    re: /(?:\\{1,2}|\/\/)wsl(?:\$|\.localhost)(?:\\{1,2}|\/)[^\\/\s"'`]{1,64}(?:\\{1,2}|\/)home(?:\\{1,2}|\/)([^/\\\s"'`:;,<>|]+)/dgi,
  },
  // URL-encoded (`?path=%2Fhome%2Falice%2F...`: an editor link, a web tool's query; audit R16-6)
  { kind: 'home-path', re: /%2[Ff](?:home|[Uu]sers)%2[Ff]([^%/\\\s"'`:;,&?#=]+)/dg },
  // a WSL home percent-encoded (`%5C%5Cwsl%24%5CUbuntu%5Chome%5Cx`: audit R20-8)
  {
    kind: 'home-path',
    re: /(?:%5C|%2F){1,2}wsl(?:%24|\$|\.localhost)(?:%5C|%2F){1,2}[^%/\\\s"'`]{1,64}(?:%5C|%2F){1,2}home(?:%5C|%2F){1,2}([^%/\\\s"'`:;,&?#=]+)/dgi,
  },
  // `~jsmith/`: another user's home (`~Jsmith/` too: audit R20-8)
  { kind: 'home-path', re: /(?<![\w~])~([A-Za-z_][A-Za-z0-9_.-]{1,31})(?=\/)/dg },
];

/** A value masked already (a redacted copy redacted again). */
const MASKED = /^(?:\[[a-z-]+\])?\*+$/;

/** A field whose value is a secret whatever its shape (`{"password": "..."}` in a tool's arguments). */
const SECRET_FIELD =
  /^(?:.*[_-])?(?:api[_-]?key|apikey|secret|secret[_-]?(?:access[_-]?)?key|client[_-]?secret|(?:access|refresh|auth|id|session)[_-]?token|token|private[_-]?key|passw(?:or)?d|pwd)$/i;

/**
 * A thinking block's signature (Anthropic's `signature`, pi's `thinkingSignature`): the provider's
 * seal on the block, no credential; kept, so the copy's blocks stay as they were.
 */
const SEAL = /^(?:thinking_?)?signature$/i;

/**
 * A field named like a secret (`password`, `GH_TOKEN`, `clientSecret`), not only like a weak label
 * (`session`); a list of keys too (`apiKeys`, `API_KEYS`: audit R20-2), but not of tokens (`max_tokens`).
 */
export function secretField(name: string): boolean {
  if (SECRET_FIELD.test(name)) return true;
  const tier = name.length <= 128 ? labelTier(/keys$/i.test(name) ? name.slice(0, -1) : name) : null;
  return tier === 'password' || tier === 'credential';
}

/** A mask of `length` units for kind. */
export function maskOf(kind: RedactionKind, length: number): string {
  const label = `[${kind}]`;
  return length >= label.length + 2 ? label + '*'.repeat(length - label.length) : '*'.repeat(length);
}

export interface Masker {
  /** s with every match masked; counts[kind] grows by the matches. */
  mask(s: string): string;
  /** A field's value: all of it when the field's name says it is a secret, else as mask(). */
  maskField(name: string, value: string): string;
  /** All of value, as kind (what its place says it is), counted. */
  maskAs(kind: RedactionKind, value: string): string;
  readonly counts: Record<string, number>;
  /** The user's patterns whose work budget ran out (customPatterns.ts): values, per pattern. */
  readonly overruns: Record<string, number>;
}

/** The longest path segment a file system holds (Linux's NAME_MAX, Windows' 255 units). */
const NAME_MAX = 255;

/** A masker for the built-in rules, the user's patterns and home paths; `onMasked` hears each value masked. */
const BASE64_FINDS = new Set<unknown>([base64PrivateKeys, base64DockerConfigs]);

export function createMasker(
  patterns: readonly LinearRegex[] = [],
  homePaths: readonly string[] = [],
  onMasked?: (value: string, kind: RedactionKind) => void,
): Masker {
  const rules: Rule[] = [...BUILT_IN_RULES];
  for (const home of homePaths) {
    const user = /[/\\]([^/\\]+)[/\\]?$/.exec(home)?.[1];
    // A name longer than NAME_MAX (255 bytes, so at most 255 UTF-16 units) is no directory any
    // file system holds: a header's cwd made it up, and as a pattern it would overflow the regex
    // engine (audit R23-5). The built-in rules still mask it after `/home/` and `/Users/`.
    if (user && user.length >= 2 && user.length <= NAME_MAX)
      rules.push({
        kind: 'home-path',
        // between separators, also URL-encoded ones (audit R16-6)
        re: new RegExp(`(?<=[/\\\\]|%2[Ff]|%5[Cc])(${escapeRegExp(user)})(?=[/\\\\]|%2[Ff]|%5[Cc]|$)`, 'dg'),
      });
  }
  // The user's patterns run on the linear-time engine: a backtracking one could hang on a hostile line.
  for (const p of patterns) rules.push({ kind: 'custom', find: (s) => customSpans(p, s), pattern: p.source });
  // base64 alone (an image's data; `/home/uuu…` too) is read by the rules that decode it, homes' and the user's:
  // token shapes turn up in it by chance, and a mask there breaks the image (audit 37 L5)
  const blobRules = rules.filter(
    (r) => ['custom', 'home-path'].includes(r.kind) || BASE64_FINDS.has((r as { find?: unknown }).find),
  );
  const counts: Record<string, number> = {};
  const overruns: Record<string, number> = {};
  // No built-in secret shape is shorter than 5 units, but a user's pattern can be (a name "Ann", a
  // PIN "4821"), so with patterns every non-empty string is scanned (audit R14-1).
  const shortest = patterns.length > 0 ? 1 : 5;
  // short strings found clean (keys, event types, ids repeat on every line): not scanned again
  const clean = new Set<string>();
  const masker: Masker = {
    counts,
    overruns,
    maskField(name: string, value: string): string {
      if (value.length >= 6 && secretField(name) && !MASKED.test(value))
        return masker.maskAs('secret', value);
      // the field's name is the value's label (`{"Authorization": "Token ..."}`, `{"Cookie":
      // "sessionid=..."}`, `{"sig": "..."}`): the rules that need a label see it
      if (name.length > 128 || !maybeLabel(name) || SEAL.test(name)) return masker.mask(value);
      const labelled = `${name}: ${value}`;
      const masked = masker.mask(labelled);
      return masked === labelled ? value : masked.slice(name.length + 2);
    },
    maskAs(kind: RedactionKind, value: string): string {
      counts[kind] = (counts[kind] ?? 0) + 1;
      onMasked?.(value, kind);
      return maskOf(kind, value.length);
    },
    mask(s: string): string {
      if (s.length < shortest || clean.has(s)) return s;
      const spans: { from: number; to: number; kind: RedactionKind; counted: boolean; plain?: string }[] = [];
      // which units an earlier rule already masks: a check per span costs its length, where a
      // search of every span so far was quadratic in the matches
      const taken = new Uint8Array(s.length);
      const add = (from: number, to: number, kind: RedactionKind, plain?: string) => {
        if (to > from && taken.subarray(from, to).indexOf(1) === -1) {
          spans.push({ from, to, kind, counted: true, plain });
          taken.fill(1, from, to);
        }
      };
      // patterns whose budget ran out here: the text counts once per pattern, whichever view ran out
      const overrun = new Set<string>();
      /** An unsearched rest: every unit no earlier rule took (one value), so nothing of it survives. */
      const addRest = (from: number, to: number, rule: Rule) => {
        if ('pattern' in rule && rule.pattern !== undefined) overrun.add(rule.pattern);
        let counted = true;
        for (let at = from; at < to;) {
          if (taken[at] === 1) {
            at++;
            continue;
          }
          let end = at;
          while (end < to && taken[end] === 0) end++;
          spans.push({ from: at, to: end, kind: rule.kind, counted });
          taken.fill(1, at, end);
          counted = false;
          at = end;
        }
      };
      for (const rule of s.length >= 4096 && /^[A-Za-z0-9+/]+={0,2}$/.test(s) ? blobRules : rules)
        for (const [from, to, rest] of spansOf(rule, s))
          if (rest) addRest(from, to, rule);
          else add(from, to, rule.kind);
      // `"api\u005fkey":"sk\u002d..."`, `redis:\\\/\\\/:PW@`: the rules read the text decoded too (escapes.ts),
      // and a value found there is heard as written and as it reads (knownSecrets.ts masks both)
      for (const view of decodedViews(s))
        for (const rule of rules)
          for (const [from, to, rest] of spansOf(rule, view.text))
            if (rest) addRest(...originalSpan(view, from, to), rule);
            else add(...originalSpan(view, from, to), rule.kind, view.text.slice(from, to));
      for (const pattern of overrun) overruns[pattern] = (overruns[pattern] ?? 0) + 1;
      if (spans.length === 0) {
        if (s.length <= 256) {
          if (clean.size >= 65_536) clean.clear();
          clean.add(s);
        }
        return s;
      }
      spans.sort((a, b) => a.from - b.from);
      let out = '';
      let at = 0;
      for (const x of spans) {
        out += s.slice(at, x.from) + maskOf(x.kind, x.to - x.from);
        at = x.to;
        if (x.counted) counts[x.kind] = (counts[x.kind] ?? 0) + 1;
        for (const value of new Set([s.slice(x.from, x.to), x.plain ?? '']))
          if (value) onMasked?.(value, x.kind);
      }
      return out + s.slice(at);
    },
  };
  return masker;
}

function spansOf(rule: Rule, s: string): Iterable<RuleSpan> {
  return 're' in rule ? regexSpans(rule.re, s, rule.accept) : rule.find(s);
}
