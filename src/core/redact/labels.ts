/**
 * Secrets after a label (rules.ts): an identifier that names a credential (`GH_TOKEN`, `"token"`,
 * `X-Vault-Token`, `client_secret`, `sessionid`, `X-Amz-Signature`, `--password`, `.netrc`'s
 * `password`) followed by `=`, `:`, `:=`, `=>` or whitespace masks the value after it when that
 * value could be one. Spellings are not listed one by one: an identifier is split into parts (at
 * `_ - .` and case changes) and judged by its last secret word, whatever follows it (`session_id`,
 * `SECRET_KEY_BASE`, `DATABASE_PASSWORD_PROD`, `TOKEN_GITHUB`) unless a part after it says the value
 * is something else (see NOT_THE_SECRET_PART). So `max_tokens`, `token_count`, `--password-stdin`
 * and `password_policy` name no secret, and prose keeps its words: a value must look like a
 * credential (see `valueTest`).
 */
import { keyTier } from './keyOwners';
import { CASED_WORDS, casedWordTier, escapeBefore } from './labelWords';
import { spacedLabel } from './spacedLabels';
import { closingQuote, closingTriple, encodedValueEnd, MAX_QUOTED, percentDecoded } from './quotedValues';
import { BOX_BARS, CELL_BAR, inCell, TableReader } from './tableCells';
import { INNER_MARK, isCall, isCode, passwordEnd, withoutTrailing } from './valueEnds';

/**
 * How sure a label is that its value is a secret:
 * - `password`: any value but a placeholder, a quoted phrase with spaces included (a passphrase);
 * - `credential` (`api_key`, `access_token`, `client_secret`): any value of 8 or more but a placeholder;
 * - `weak` (`token`, `secret`, `auth`, `cookie`, `sig`, `credentials`): a value that looks random
 *   (letters and digits, or mixed case): prose and identifiers after the word are kept;
 * - `session`: as weak, but a bare UUID is kept (agent logs name their sessions by UUID).
 */
export type LabelTier = 'password' | 'credential' | 'weak' | 'session';

/**
 * `passwd`, `pwd`, `pw`; keytool's `storepass`/`keypass`, `newpass`, `dbpass` (not `bypass`, `compass`);
 * redis's `requirepass`/`masterauth`; a wallet's `mnemonic` (a seed phrase).
 */
const PASSWORD_PART =
  /^(?:[a-z0-9]*passw(?:or)?ds?|pwd|pw|pswd|pass|passphrase|passcode|(?:src|dest)?(?:store|key)pass|(?:new|old|db|root|admin|user|require)pass|masterauth|mnemonic)$/;
/** `seed_phrase`, `RECOVERY_PHRASE`: a wallet's words. */
const PHRASE_OWNER = new Set(['seed', 'recovery', 'secret']);
/** `apikey`, `privatekey` (`ssh-privatekey`), `authkey` (`--authkey`, `TS_AUTHKEY`). */
const CREDENTIAL_KEY = /^(?:api|secret|private|access|client|master|signing|encryption|auth)key$/;
const CREDENTIAL_OWNER = new Set([
  'access',
  'refresh',
  'auth',
  'id',
  'api',
  'bearer',
  'session',
  'oauth',
  'csrf',
  'xsrf',
]);
const SECRET_OWNER = new Set(['client', 'app', 'api', 'webhook', 'shared', 'signing', 'consumer', 'jwt']);
const SESSION_PART = /^(?:php|j)?sess(?:ion)?(?:id)?$|^sid$/;
// `salt`: WordPress's AUTH_SALT/NONCE_SALT, an app's PASSWORD_SALT (weak: `saltRounds = 10` is a count)
const WEAK_PART = /^(?:token|secrets?|auth|oauth|cookies?|signature|sig|credentials?|creds|salt)$/;

/** The parts of an identifier, lower case: `X-Amz-SecurityToken` -> x amz security token. */
function partsOf(id: string): string[] {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((p) => p !== '');
}

function partTier(part: string, before: string | undefined, shouting: boolean): LabelTier | null {
  if (CASED_WORDS.has(part)) return casedWordTier(part, before, shouting); // `GITHUB_PAT`, `SSHPASS`, `psk`
  if (PASSWORD_PART.test(part)) return 'password';
  if (part === 'phrase' && before !== undefined && PHRASE_OWNER.has(before)) return 'password';
  if (CREDENTIAL_KEY.test(part)) return 'credential';
  if (part === 'key') return keyTier(before, shouting);
  // Azure's numbered keys (`key1`, `key2`: the Cognitive Services and storage key listings, audit
  // R21-3): weak, so `"key1": "value1"` in an example keeps its value
  if (/^key\d{1,2}$/.test(part)) return 'weak';
  if (part === 'token') return before !== undefined && CREDENTIAL_OWNER.has(before) ? 'credential' : 'weak';
  if (part === 'secret') return before !== undefined && SECRET_OWNER.has(before) ? 'credential' : 'weak';
  if (/^[a-z]+token$/.test(part) || /^[a-z]+secret$/.test(part)) return 'credential'; // csrftoken
  if (SESSION_PART.test(part)) return 'session';
  if (WEAK_PART.test(part)) return 'weak';
  return null;
}

/**
 * A part after a secret word that says the value is something else about the secret: where it is
 * (`API_KEY_PATH`, `TOKEN_URL`, `secret_name`), what kind or how long (`token_type`,
 * `PASSWORD_LENGTH`, `token_count`), when it ends (`token_expires`), how it is asked for or
 * checked (`password_prompt`, `password_policy`, `--password-stdin`).
 */
const NOT_THE_SECRET_PART =
  /^(?:paths?|files?|filename|dir|directory|folder|location|urls?|uri|endpoint|host|port|domain|realm|region|sock|socket|names?|ids|user|username|login|email|type|kind|format|regex|pattern|prefix|suffix|length|len|count|size|min|max|limit|usage|used|expires?|expiry|expiration|expired|ttl|lifetime|age|at|date|time|timestamp|created|updated|changed|last|issuer|audience|alg|algorithm|header|env|var|vars|prompt|stdin|fd|cmd|command|helper|ref|arn|policy|rules?|reset|required|strength|hint|label|field|input|placeholder|description|desc|help|error|message|mode|method|provider|scope|scopes|store|manager|list|index|log)$/;
/** A part after a secret word that says how the secret is held (`session_id`, `SECRET_KEY_BASE`, `token_value`). */
const HOLDER_PART = /^(?:id|value|val|str|string|b64|base64|hex|raw|enc|encoded|data|text|base)$/;
/** A part after a secret word that says which copy of it the value is (`API_KEY_2`, `api_key_v2`, `apiKeyProd`). */
const COPY_PART =
  /^(?:\d+|v\d+|prod|production|dev|development|test|testing|staging|stage|live|sandbox|old|new|next|prev|previous|current|backup|readonly|ro|rw|admin|local|remote)$/;

/**
 * What an identifier says of the value after it, or null when it names no secret: its last
 * secret word, when every part after it leaves the value the secret (audit R24-2). A holder or a
 * copy part always does; any part does after a sure word (`password`, `api_key`: `PASSWORD_DB`,
 * `apiKeyOld`) and after an environment name's `TOKEN`/`SECRET`/`KEY` (`TOKEN_GITHUB`), but
 * `onSessionEnd`, `tokenUsage`, `SSH_AUTH_SOCK` name something about a secret, not one. What
 * follows the last `.` is a file's extension or a member (`auth.ts`, `token.length`): only its
 * parts are judged (`spring.datasource.password`, `client.secret`).
 */
export function labelTier(id: string): LabelTier | null {
  const parts = partsOf(id);
  const shouting = !/[a-z]/.test(id);
  const dotted = id.lastIndexOf('.');
  const first = dotted === -1 ? 0 : parts.length - Math.max(1, partsOf(id.slice(dotted)).length);
  for (let i = parts.length - 1; i >= first; i--) {
    const part = parts[i] as string;
    const tier = partTier(part, parts[i - 1], shouting);
    if (tier !== null) {
      const after = parts.slice(i + 1);
      const qualified = after.every((p) => HOLDER_PART.test(p) || COPY_PART.test(p));
      // a qualifier is a word or two (`_GITHUB`, `_BEDROCK`), not the rest of a base64 run holding `Pw`
      const words = after.length <= 2 && after.every((p) => /^(?:[a-z]+|\d+)$/.test(p));
      const sure = tier === 'password' || tier === 'credential';
      return qualified || (words && (sure || (shouting && /^(?:token|secrets?|key)$/.test(part))))
        ? tier
        : null;
    }
    if (NOT_THE_SECRET_PART.test(part)) return null;
  }
  return null;
}

/**
 * A value that stands for one: `$TOKEN`, `${X}`, `$(gh auth token)`, `<your-key>` (closed: `<Hq7J…`
 * is a password: audit 27 L3), `%PASSWORD%`, `sk-ant-...`, an environment name (`YOUR_API_KEY`,
 * `your_api_key`: see ONE_CASE_NAME), code (`process.cwd()`, `params.apiKey`), a type or a flag word.
 */
const PLACEHOLDER =
  /^(?:\$[({]|\$[A-Za-z_]\w*$|<[^>]*>[,;.)\]}]*$|%\w+%$|.*(?:\.\.\.|\u2026)|[A-Za-z_$][A-Za-z_$]*(?:\.[A-Za-z_$][A-Za-z_$]*)+(?:\(\)?)?$|(?:process|os\.environ|env|secrets|vars)\b|\*+$|\[[\w -]*\]\**$|x{3,}$|(?:true|false|null|nil|none|undefined|string|str|number|int|integer|boolean|bool|required|optional|redacted|hidden|masked|omitted|empty|unset|disabled|enabled)[.,;:]?$)/i;
/**
 * A name in one case with underscores (`YOUR_API_KEY`, `db_password`). Case-sensitive, apart from
 * PLACEHOLDER's `i`: under it a random token with an underscore (ngrok's `2abc..._XbmfcG...`) was a
 * name, and kept (audit R21-2).
 */
const ONE_CASE_NAME = /^(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+)$/;
/**
 * A part of 12 or more characters with letters and digits mixed: a random run, not a word. A
 * name's parts are words (`your_api_key`, `cl100k_base`); a token after a prefix is not (Neon's
 * `napi_<64 lowercase letters and digits>`, `key_…`, `sec_…`: audit R24-1).
 */
const RANDOM_PART = /(?:^|_)(?=[a-z0-9]*[a-z])(?=[a-z0-9]*\d)[a-z0-9]{12,}(?:_|$)/i;

/** Whether a value stands for one (PLACEHOLDER, ONE_CASE_NAME but not a token). */
function placeholder(v: string): boolean {
  // `$Xk9mP2qLzR7` is a password opening with `$`, not a variable: names are words (audit 33 L4)
  if (DOLLAR_RANDOM.test(v)) return false;
  return PLACEHOLDER.test(v) || (ONE_CASE_NAME.test(v) && !RANDOM_PART.test(v));
}
const DOLLAR_RANDOM =
  /^\$(?=[A-Za-z0-9]*[a-z])(?=[A-Za-z0-9]*[A-Z])(?=[A-Za-z0-9]*\d[A-Za-z0-9]*\d)[A-Za-z0-9]{10,}$/;
/**
 * A password of words, `correct_horse_battery_staple`: three or more lowercase words joined by
 * `_`, none of them one a placeholder or a variable is made of (`your_db_password`,
 * `get_secret_value`, `default_admin_user`). After a password's label only.
 */
function wordPassword(v: string): boolean {
  return /^[a-z][a-z0-9]*(?:_[a-z0-9]+){2,}$/.test(v) && !PLACEHOLDER_WORD.test(v);
}
const PLACEHOLDER_WORD =
  /(?:^|_)(?:your|my|the|here|pass|passwd|password|pw|pwd|secret|key|token|example|sample|changeme|change|placeholder|dummy|fake|test|default|env|var|value|name|user|username|db|database|admin|root|get|read|load|from|file|path|hash|fn|func)(?=_|$)/;
/** Words, as code names them: `reconstructState`, `apiKeyValue`, `proxy-handled`, `max_retries`. */
const WORDS = /^(?:[A-Za-z][a-z]{2,}(?:[A-Z][a-z]{2,})*|[a-z]+(?:[_-][a-z]+)+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A date, a time or a version: `2024-01-01`, `12:30:00`, `v1.2.3`. */
const DATE_OR_VERSION = /^v?\d{1,4}(?:[.:/-]\d{1,4})+(?:$|[T ._+-])/i;

/**
 * Whether a value could be a random credential: 8 or more characters, letters and digits
 * (nearly every random token of 8+ has both) or mixed case inside that is not words (base64
 * without a digit); not all digits (counts, ports, times), not a date or a version, not a placeholder.
 */
export function looksRandom(v: string): boolean {
  if (v.length < 8 || placeholder(v) || DATE_OR_VERSION.test(v)) return false;
  const letters = /[A-Za-z]/.test(v);
  if (letters && /\d/.test(v)) return true;
  return v.length >= 16 && /[a-z][A-Z]/.test(v) && /[A-Z][a-z]/.test(v) && !WORDS.test(v);
}

/** Whether `value` (quoted: `phrase` when it holds whitespace) is masked after a label of `tier`. */
export function valueTest(tier: LabelTier, value: string, phrase: boolean): boolean {
  if (phrase) return tier === 'password' && value.trim().length >= 8 && !placeholder(value.trim());
  switch (tier) {
    case 'password':
      return value.length >= 6 && (!placeholder(value) || wordPassword(value));
    case 'credential':
      return value.length >= 8 && !placeholder(value) && !WORDS.test(value);
    case 'session':
      return !UUID.test(value) && looksRandom(value);
    case 'weak':
      return looksRandom(value);
  }
}

/** Where a label's name may start: words that hold a secret word somewhere (`pat` whole: not `path`). */
const SECRET_WORD =
  /pass|pw|psw|psk|pat(?![a-z])|secret|token|key|cred|auth|sess|cookie|sig|sid|mnemonic|phrase|salt/gi;
const HAS_SECRET_WORD = new RegExp(SECRET_WORD.source, 'i');

/** Whether a field's name may label its value (then its value is masked as `name: value`). */
export function maybeLabel(name: string): boolean {
  return HAS_SECRET_WORD.test(name) || /密码|口令|令牌|密钥|秘钥/.test(name); // chineseLabels.ts reads it
}
const ID_CHAR = /[A-Za-z0-9_.-]/;
const ID_RUN = /[A-Za-z0-9_.-]*/y;
/**
 * What may sit between a label and its value beside the separator: spaces (a no-break or an
 * ideographic one too), colour codes and grep's erase-line (raw or JSON-escaped: `password\x1b[0m: \x1b[1mx`), markdown
 * emphasis (`**Password:** x`).
 */
const FILL = String.raw`(?:[ \t\u00a0\u2007\u202f\u3000*]|(?:\x1b|\\u001[bB])\[[0-9;]{0,16}[mK])`;
const BACKTICK = '`';
/** A YAML block scalar's indicator before its lines (`password: |`, `>-`: audit R20-8). */
const YAML_BLOCK = String.raw`[|>][-+]?[1-9]?[ \t]*`;
/** A quote: escaped any number of times (JSON inside JSON), as `\u0022`, or as an HTML entity. */
const QUOTE = String.raw`\\{0,7}["']|\\u002[27]|&(?:quot|apos|#3[49]);`;
/**
 * After the name: its closing quote (and `]`: `ENV["TOKEN"] = x`), then `=`, `:=`, `=>`, `?=`, `,`, `%3D` (a URL inside a URL; `%253D` encoded twice) (group 1),
 * `:` (a full-width one too) with the value maybe on the next line, after a YAML block's `|` (groups 2 and 3), a
 * table's bar (group 4: CELL_BAR) or whitespace, then an opening quote (group 5). One loop of fill on each
 * side of a separator: two loops of spaces in a row would backtrack quadratically.
 */
const SEPARATOR = new RegExp(
  [
    String.raw`(?:${QUOTE}|${BACKTICK})?\]?(?:`,
    String.raw`${FILL}*(:=|=>|\?=|[=,\uff1d]|%(?:25)?3[Dd])${FILL}*`,
    String.raw`|${FILL}*([:\uff1a])${FILL}*((?:${YAML_BLOCK})?(?:\r?\n|(?:\\r)?\\n)${FILL}*)?`,
    String.raw`|${FILL}*(${CELL_BAR})${FILL}*`,
    String.raw`|${FILL}+)(${QUOTE}|\\{0,7}${BACKTICK})?`,
  ].join(''),
  'y',
);
// ESC: a colour code after it; a backslash only before what no escape holds (`Kq9\mZ2`: valueEnds.ts)
const BARE_VALUE = new RegExp(
  String.raw`(?:[^\s"'\`\\,;&<>(){}[\]\x1b${BOX_BARS}]|\\+(?![\\nrtubf"'/\s]|$))*`,
  'y',
);
/** A scheme word, then the token it sends (`SSWS 00Qx…`, `FlyV1 fm2_…`): no phrase (audit 40 N1). */
const SCHEMED = /^[A-Za-z][\w-]{0,20} \S{16,}$/;
/** The longest name looked at: a longer one is no label. */
const MAX_NAME = 128;

/**
 * The spans of secret values after labels in s. Linear: each name is read once (a hit inside a
 * name already read is skipped), a quoted value is looked for in at most 256 characters, and a
 * long bare value that is kept is skipped whole.
 */
export function* labelledSecrets(s: string): Generator<readonly [number, number]> {
  let floor = 0; // the end of the last name or value read: nothing before it is read again
  const table = new TableReader(s);
  SECRET_WORD.lastIndex = 0;
  for (let m = SECRET_WORD.exec(s); m !== null; m = SECRET_WORD.exec(s)) {
    const floor0 = floor;
    let from = m.index;
    while (from > floor && ID_CHAR.test(s[from - 1] as string)) from--;
    ID_RUN.lastIndex = m.index;
    ID_RUN.exec(s);
    let to = ID_RUN.lastIndex;
    SECRET_WORD.lastIndex = floor = to;
    // `\ntoken=` inside JSON text: the escape's letter is no part of the name
    if (s[from - 1] === '\\' && /[nrt]/.test(s[from] as string)) from++;
    // `\u0022token\u0022` in JSON text: the escape's digits neither
    else if (s[from - 1] === '\\' && /^u[0-9a-fA-F]{4}/.test(s.slice(from, from + 5))) from += 5;
    // `%3Fapi_key%3D` (a URL in a URL's query): nor a `%XX` escape's
    const escaped = escapeBefore(s, from, m.index);
    if (escaped !== undefined) from += escaped.length;
    while (to > from && (s[to - 1] === '.' || s[to - 1] === '-')) to--;
    if (to - from > MAX_NAME) continue;
    let name = s.slice(from, to);
    const glue = escaped?.char ?? s[from - 1];
    const query = (glue === '?' || glue === '&' || glue === ';') && name.toLowerCase() === 'key';
    let tier = query ? 'weak' : cachedTier(name);
    // words with spaces (`API Key: x`) name the secret better than its word alone (spacedLabels.ts)
    const words = tier === null || tier === 'weak' ? spacedLabel(s, from, to, floor0) : null;
    const wordsTier = words === null ? null : cachedTier(words.name);
    if (words !== null && wordsTier !== null) {
      ({ from, to, name } = words);
      // weak, as prose: `primary key: customerId` is a database's, not Azure's `primaryKey`
      tier = wordsTier === 'credential' ? 'weak' : wordsTier;
      SECRET_WORD.lastIndex = floor = Math.max(floor, to);
    }
    if (tier === null) continue;
    SEPARATOR.lastIndex = to;
    const sep = SEPARATOR.exec(s);
    if (!sep) continue;
    const flag = name.startsWith('-');
    const [, equals, colon, nextLine, cell] = sep;
    // in a table's row, the value's cell may be a later one (tableCells.ts)
    const start =
      cell === undefined ? SEPARATOR.lastIndex : table.valueCell(s.indexOf(cell, to), SEPARATOR.lastIndex);
    const quote = start === SEPARATOR.lastIndex ? sep[5] : undefined;
    // `$TOKEN` is a reference, but PHP's and Perl's `$password = "x"` an assignment
    if (s[from - 1] === '$' && !(equals === '=' && quote !== undefined)) continue;
    // `define('DB_PASSWORD', 'x')`, `SetEnvironmentVariable("API_KEY", "x")`: a comma between quotes only
    const comma = equals === ',';
    if (comma && (quote === undefined || !/["'\\&`]/.test(s[to] as string))) continue;
    // a table's `|` separates a label (maybe words: `| Database Password |`) from its value only between cells
    if (cell !== undefined && !inCell(s, from)) continue;
    // a value on the next line (`password:\n  x`) only after a label sure of it, or in a YAML block
    // (`token: |-` says a value follows: audit 37 L9)
    const block = nextLine !== undefined && /^[|>]/.test(nextLine);
    if (nextLine !== undefined && tier !== 'password' && tier !== 'credential' && !block) continue;
    // a bare word after a space is prose unless it looks random (`password requirements`), but
    // after a flag (`--password hunter22`) it is the flag's value
    const spaced = equals === undefined && colon === undefined && cell === undefined && !flag;
    // the next line may be prose (`Password:\nWelcome to Ubuntu`): a word there is no password
    // and a list of quoted names (`["password", "username"]`) holds words: no password either
    const sure =
      (nextLine === undefined && !(comma && tier === 'password')) || /^(?:weak|session)$/.test(tier)
        ? tier
        : 'credential';
    if (quote !== undefined) {
      // Python's `"""V"""`: the value is inside the triple quotes (audit 37 L10)
      const triple = /^["']$/.test(quote) && s.startsWith(quote + quote, start);
      const opens = triple ? start + 2 : start;
      const end = triple ? closingTriple(s, opens, quote) : closingQuote(s, opens, quote);
      if (end !== -1) {
        const value = s.slice(opens, end);
        const phrase = /\s/.test(value);
        const schemed = !spaced && SCHEMED.test(value) && looksRandom(value.split(' ')[1] ?? '');
        const test =
          valueTest(spaced ? 'weak' : sure, value, phrase) ||
          (!spaced && !comma && wordSecret(value)) ||
          schemed;
        // a shell's `PASSWORD=\`cat pw.txt\`` is a command, not a phrase (audit 34 L1)
        const command = quote.endsWith('`') && s[to] === '=' && /^[a-z][\w.-]*[ \t]/.test(value);
        if (value.length > 0 && !(phrase && spaced) && test && !command) {
          yield [opens, end];
          SECRET_WORD.lastIndex = floor = end;
        }
        continue;
      }
    }
    BARE_VALUE.lastIndex = start;
    BARE_VALUE.exec(s);
    let scanned = equals?.startsWith('%')
      ? encodedValueEnd(s, start, BARE_VALUE.lastIndex)
      : BARE_VALUE.lastIndex;
    let end = scanned;
    let code = false;
    const enclosing = /["'`]/.test(s[from - 1] ?? '') ? s[from - 1] : undefined;
    if (tier === 'password' && (equals === '=' || equals === ':=' || equals === '\uff1d')) {
      code = isCode(s, start);
      if (!code) end = scanned = passwordEnd(s, start, enclosing);
      // `<PASSWORD>`, `[REDACTED]` whole; else punctuation that ends prose or code (`x.`, `x;`, `x)`) is left outside
      code ||= placeholder(s.slice(start, end)) && !wordPassword(s.slice(start, end));
      end = withoutTrailing(s, start, end);
    } else if (s[end] === '(' && isCall(s, start)) {
      code = true; // `Creds: credentials.NewStaticV4(…)` is code, not its name (audit 33 L7)
    } else if (cell === undefined && INNER_MARK.test(s[end] ?? '')) {
      // an unquoted value after `KEY: ` (YAML, compose), `SECRET_KEY=` (.env) or `requirepass ` runs to whitespace
      // when it reads as a random value holding punctuation (`SECRET_KEY=29)326@ml64%$lg2(%c#z…`:
      // Django's alphabet), not as code or a type (`Optional[str]`, `process.env.X,`: audit 33 N1)
      const whole = withoutTrailing(s, start, passwordEnd(s, start, enclosing));
      const value = s.slice(start, whole);
      if (/\d/.test(value) && /[A-Za-z]/.test(value) && !placeholder(value)) end = scanned = whole;
    }
    // after an encoded `=` the value is encoded too: `%24API_KEY` is the placeholder `$API_KEY`
    const value = equals?.startsWith('%') ? percentDecoded(s.slice(start, end)) : s.slice(start, end);
    if (
      !code &&
      value !== '' &&
      !/^[:=]/.test(value) &&
      !(nextLine !== undefined && (value.endsWith(':') || s[end] === ':')) && // a YAML key: no value
      (valueTest(spaced ? (tier === 'session' ? 'session' : 'weak') : sure, value, false) ||
        (equals === '=' && s[to] === '=' && !/[a-z]/.test(name) && wordSecret(value)))
    ) {
      yield [start, end];
      if (cell !== undefined) yield* table.wrappedRows(start, end);
      SECRET_WORD.lastIndex = floor = end;
    } else if (scanned - start > MAX_QUOTED) SECRET_WORD.lastIndex = floor = scanned;
  }
}

/**
 * A developer's secret of lowercase words run together (`mysupersecretjwtkey`) after a secret's
 * label, quoted or after an environment name's `=` (`JWT_SECRET=…`): a quoted literal or a .env
 * value is no code name, and these words say secret, key or token inside one run of 12 or more
 * (audit 33 L8).
 */
function wordSecret(value: string): boolean {
  return /^[a-z]{12,64}$/.test(value) && /.(?:secret|key|token|pass)|(?:secret|key|token|pass)./.test(value);
}

/** Names repeat (every line's `"token":`): each is split into parts once. */
const tiers = new Map<string, LabelTier | null>();
function cachedTier(name: string): LabelTier | null {
  let tier = tiers.get(name);
  if (tier === undefined) {
    if (tiers.size >= 4096) tiers.clear();
    tiers.set(name, (tier = labelTier(name)));
  }
  return tier;
}
