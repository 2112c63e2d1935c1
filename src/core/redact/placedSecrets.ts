/**
 * What a value's place in JSON says of it. A string is judged by its own key (`{"password": x}`:
 * rules.ts `maskField`), but a secret is often named elsewhere (audit R20-1, R20-2):
 * - below a secret-named field whose value is an object, an array or a number (an Azure ARM
 *   `{"adminPassword": {"value": x}}`, `{"apiKeys": [x, y]}`, `{"password": 12345678}`): the
 *   field's verdict is carried down to every string below it, except members that only describe
 *   the field (a JSON schema's `type`, `description`, `enum`, ...: tool definitions name a
 *   `password` property and hold no secret);
 * - in a name/value pair (`{"name": "DB_PASSWORD", "value": x}`: k8s/ECS env, HAR headers,
 *   OTel attributes `{"key": "db.password", "value": {"stringValue": x}}`, an SSM SecureString);
 * - in a flat list of header names and values (Node's `rawHeaders`: `["Authorization", x, ...]`);
 * - below a collection named by its plural (`secrets`, `credentials`, `tokens`: audit R21-8);
 * - as a JSON Web Key's private member (`{"kty": "RSA", "d": x}`: audit R21-9).
 * The same shapes are found in JSON text inside a string (a tool's output is text), also when
 * that text is itself quoted as a JSON string, and masked there in place, keeping the text's
 * length and its JSON valid.
 */
import { MAX_LEVELS } from './escapes';
import { labelTier, maybeLabel, valueTest } from './labels';
import { NAME_MEMBERS, VALUE_MEMBERS, nestedLabel } from './namedValues';
import { maskOf, secretField, type Masker } from './rules';
import { isSpecKey, isSpecValue } from './specWords';
import { typedPair } from './typedPasswords';

/** Masks the log's own words (specWords.ts) with the built-in rules only. */
export interface WordMasker {
  mask(word: string): string;
}

export interface TreeMasking {
  masker: Masker;
  /** When the user gave patterns: the log's own words where the spec puts them. */
  words?: WordMasker;
  /** Strings masked already as part of a stream (redactLog.ts): holder -> keys. */
  skip?: WeakMap<object, Set<string | number>>;
}

/** Members that describe a field (a JSON schema's) rather than hold its value. */
const SCHEMA_MEMBERS = new Set([
  'type',
  'description',
  'title',
  'format',
  'pattern',
  'enum',
  'const',
  'properties',
  'items',
  'required',
  'anyOf',
  'oneOf',
  'allOf',
  '$ref',
  '$schema',
  '$id',
  '$comment',
  'minLength',
  'maxLength',
]);
/**
 * A collection named by its plural (`secrets`: GitHub Actions' `toJSON(secrets)`, `credentials`,
 * `secretData`, `accessTokens`; audit R21-8): its strings that could be credentials are masked.
 * A number below is a count (`tokens: {input: 12}`), never masked.
 */
const COLLECTIVE =
  /^(?:.*(?:secrets|credentials|secret_?data)|(?:(?:access|refresh|auth|api|bearer|session|oauth|id)[_-]?)?tokens)$/i;
/** A JSON Web Key's private members (`kty` names one): RSA's d, p, q, dp, dq, qi, an EC/OKP `d`, an `oct` key's `k` (audit R21-9). */
const JWK_PRIVATE = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']);
/** Header names that make a flat list of strings a list of names and values (Node's rawHeaders). */
const KNOWN_HEADERS =
  /^(?:x-[a-z0-9-]+|host|user-agent|accept(?:-[a-z]+)?|content-(?:type|length|encoding)|connection|cookie|set-cookie|(?:proxy-)?authorization|api-key)$/i;
const HEADER_NAME = /^[A-Za-z][A-Za-z0-9-]{0,63}$/;
/** The longest JSON text read for its structure (a larger one is read by the text rules only). */
const MAX_JSON_TEXT = 16 * 1024 * 1024;

function hasOwn(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** A label that names what it labels a secret, or a header whose value the label rules read. */
function namesSecret(name: string): boolean {
  return name.length <= 128 && (secretField(name) || maybeLabel(name));
}

/** A name/value pair's name member, and its name when that names a secret. */
function pairOf(
  obj: Record<string, unknown>,
): { nameMember: string; label?: string; valueMember?: string } | undefined {
  // a browser agent typing into a password's field (`{element: "Password textbox", text: x}`)
  const typed = typedPair(obj);
  if (typed) return typed;
  if (![...VALUE_MEMBERS].some((member) => hasOwn(obj, member))) return undefined;
  for (const nameMember of NAME_MEMBERS) {
    const name = obj[nameMember];
    if (!hasOwn(obj, nameMember) || typeof name !== 'string') continue;
    // an SSM parameter's SecureString, a 1Password CONCEALED field: a secret whatever its name
    if (obj.Type === 'SecureString' || obj.type === 'CONCEALED') return { nameMember, label: 'secret' };
    if (!namesSecret(name)) return { nameMember };
    // a `label` is also a form's (`{label: "API key", value: "api_key"}`, a select's option): its
    // value is masked when it could be the secret the label names
    const value = obj.value;
    if (
      nameMember === 'label' &&
      !(typeof value === 'string' && valueTest(labelTier(name) ?? 'weak', value, false))
    )
      return { nameMember };
    return { nameMember, label: name };
  }
  return undefined;
}

/** Node's rawHeaders: names and values in turn, the names HTTP header names and some well known. */
function isHeaderList(items: readonly unknown[]): boolean {
  if (items.length < 2 || items.length % 2 !== 0) return false;
  let known = false;
  for (let i = 0; i < items.length; i += 2) {
    const name = items[i];
    if (typeof name !== 'string' || !HEADER_NAME.test(name) || typeof items[i + 1] !== 'string') return false;
    known ||= KNOWN_HEADERS.test(name);
  }
  return known;
}

/**
 * An argument vector's flag that labels the next item: `["--api-key", "V"]`, `["--password", "V"]`
 * (an MCP server's `args`, a spawned command's argv): the flag's name, when it names a secret
 * and the next item could be one.
 */
function argvLabel(item: unknown, next: unknown): string | undefined {
  const flag = typeof item === 'string' && item.length <= 64 ? /^--?([A-Za-z][\w-]+)$/.exec(item) : null;
  const tier = flag ? labelTier(flag[1] as string) : null;
  // the value must pass its label's test: `--token $GITHUB_TOKEN` names a variable
  return tier !== null && typeof next === 'string' && valueTest(tier, next, false) ? flag?.[1] : undefined;
}

function isCollective(name: string): boolean {
  return name.length <= 128 && COLLECTIVE.test(name) && !secretField(name);
}

/** How sure a collection's name is of its strings: `tokens` are also a tokenizer's words. */
function collectionTier(name: string): 'weak' | 'credential' {
  return /tokens$/i.test(name) ? 'weak' : 'credential';
}

/** A number that may be a password or a key (a PIN-like `12345678`), not a count under a `token`. */
function numberIsSecret(label: string, n: number): boolean {
  if (String(n).length < 6) return false;
  const tier = labelTier(label);
  return tier === 'password' || tier === 'credential' || label === 'secret';
}

interface Frame {
  value: object;
  /** The secret-naming name whose verdict covers this value's strings (carried down). */
  label?: string;
  /** Its own key (`"Jwt": {"Key": …}`: namedValues.ts nestedLabel). */
  name?: string;
}

/** Where a JSON text's changed leaves are gathered, to be masked in the text. */
interface TextLeaves {
  depth: number;
  changes: [before: string | number, after: string][];
}

/**
 * Masks every string in value (keys too), in place, at any depth; true when something changed.
 * The log's own words where the spec puts them (specWords.ts) go to `words` when given.
 */
export function maskTree(value: unknown, how: TreeMasking): boolean {
  return walk(value, how, undefined);
}

/**
 * The walk of maskTree, or of a JSON text's parsed tree (`text`): there only what the structure
 * says is masked (its own rules read the text itself), and the leaves changed are gathered.
 */
function walk(root: unknown, how: TreeMasking, text: TextLeaves | undefined): boolean {
  const { masker, words, skip } = how;
  let changed = false;
  const stack: Frame[] = typeof root === 'object' && root !== null ? [{ value: root }] : [];
  /** Masks holder[key] (x) given the label its place gives (`placed`) and its own key. */
  const visit = (holder: Holder, key: string | number, x: unknown, placed: string | undefined) => {
    const own = typeof key === 'string' ? key : undefined;
    // its own secret-named key first: a weaker label placed on it (`Authorization`) masks less
    const label = own !== undefined && secretField(own) ? own : placed;
    // below a collection of secrets (a plural name): a string that could be a credential
    const collection = label !== undefined && label !== own && isCollective(label) ? label : undefined;
    // what labels a string otherwise (a collection's name is no label of its members)
    const named = collection === undefined ? label : undefined;
    let after: string | undefined;
    if (
      typeof x === 'string' &&
      collection !== undefined &&
      valueTest(collectionTier(collection), x, false)
    ) {
      after = masker.maskAs('secret', x);
    } else if (typeof x === 'string') {
      if (text) {
        // the text rules read `"password": "x"` in the text itself
        if (named !== undefined && named !== own) after = masker.maskField(named, x);
        else after = maskStructureOfText(x, masker, text.depth + 1);
      } else if (own !== undefined && words && isSpecValue(own, x)) after = words.mask(x);
      else {
        const field = named ?? own;
        // a secret-named field is masked whole: its JSON text need not be read
        const read = field !== undefined && secretField(field) ? x : maskStructureOfText(x, masker, 0);
        after = field === undefined ? masker.mask(read) : masker.maskField(field, read);
      }
    } else if (typeof x === 'number') {
      if (label !== undefined && numberIsSecret(label, x)) {
        // a same-length string: the copy stays JSON, but the value's JSON type changes (number -> string)
        after = maskOf('secret', String(x).length);
        masker.counts.secret = (masker.counts.secret ?? 0) + 1;
      }
    } else if (typeof x === 'object' && x !== null)
      stack.push({ value: x, label: label ?? (own && isCollective(own) ? own : undefined), name: own });
    if (after === undefined || after === x) return;
    setOwn(holder, key, after);
    text?.changes.push([x as string | number, after]);
    changed = true;
  };
  while (stack.length > 0) {
    const { value: v, label, name: section } = stack.pop() as Frame;
    const skipped = skip?.get(v);
    if (Array.isArray(v)) {
      const headers = label === undefined && isHeaderList(v);
      for (let i = 0; i < v.length; i++) {
        if (skipped?.has(i)) continue;
        const name = headers && i % 2 === 1 ? (v[i - 1] as string) : undefined;
        visit(
          v,
          i,
          v[i],
          name !== undefined && namesSecret(name) ? name : (argvLabel(v[i - 1], v[i]) ?? label),
        );
      }
      continue;
    }
    const obj = v as Record<string, unknown>;
    const pair = pairOf(obj);
    const jwk = typeof obj.kty === 'string';
    let renamed = false;
    const entries = Object.keys(obj).map((k): [string, unknown] => {
      let mk = k;
      if (!text) {
        mk = words && isSpecKey(k) ? words.mask(k) : masker.mask(k);
        if (mk !== k) renamed = true;
      }
      if (skipped?.has(k)) return [mk, obj[k]];
      // a pair's value is labelled by its name; below a secret-named field, all but what
      // describes the field (a schema's members) or names a pair
      const placed =
        jwk && JWK_PRIVATE.has(k)
          ? 'privateKey'
          : pair !== undefined && (VALUE_MEMBERS.has(k) || k === pair.valueMember)
            ? (pair.label ?? label)
            : label !== undefined && !SCHEMA_MEMBERS.has(k) && k !== pair?.nameMember
              ? label
              : nestedLabel(section, k);
      visit(obj, k, obj[k], placed);
      return [mk, obj[k]];
    });
    if (renamed) {
      for (const k of Object.keys(obj)) delete obj[k];
      for (const [k, x] of distinctKeys(entries)) setOwn(obj, k, x);
      changed = true;
    }
  }
  return changed;
}

type Holder = Record<string, unknown> | unknown[];

/**
 * s with what its structure names a secret masked, when s is JSON text (an object or an array):
 * each changed leaf is masked where the text spells it, with a mask of the same length, so the
 * text keeps its length (a stream's pieces still line up) and stays JSON. The rest is left to
 * the text rules.
 */
export function maskStructureOfText(s: string, masker: Masker, depth = 0): string {
  if (depth >= MAX_LEVELS || s.length < 2 || s.length > MAX_JSON_TEXT) return s;
  const first = /\S/.exec(s)?.[0];
  if (first !== '{' && first !== '[' && first !== '"') return s;
  let parsed: unknown;
  try {
    parsed = JSON.parse(s);
  } catch {
    return s;
  }
  // JSON text quoted as a JSON string (`jq .Body` of a queue message, `--query SecretString`:
  // audit R21-8): the text inside read one level down, masked where s spells it
  if (typeof parsed === 'string') {
    const inner = maskStructureOfText(parsed, masker, depth + 1);
    if (inner === parsed) return s;
    const open = s.indexOf('"');
    const close = s.lastIndexOf('"');
    return s.slice(0, open + 1) + respell(s.slice(open + 1, close), parsed, inner) + s.slice(close);
  }
  const leaves: TextLeaves = { depth, changes: [] };
  if (!walk(parsed, { masker }, leaves)) return s;
  const strings = new Map<string, string>();
  const numbers = new Set<number>();
  for (const [before, after] of leaves.changes)
    if (typeof before === 'number') numbers.add(before);
    else strings.set(before, after);
  return maskLeavesInText(s, strings, numbers);
}

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * JSON text (that parsed) with every string that decodes to a key of `strings` masked as its
 * value, and every number of `numbers` as a string, in one pass (however many leaves changed),
 * each at the length the text spells it.
 */
function maskLeavesInText(text: string, strings: Map<string, string>, numbers: Set<number>): string {
  let out = '';
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      let end = i + 1;
      let escaped = false;
      for (; end < text.length && text.charCodeAt(end) !== 0x22; end++)
        if (text.charCodeAt(end) === 0x5c) {
          end++;
          escaped = true;
        }
      const spelled = text.slice(i + 1, end);
      const value = escaped ? (JSON.parse(text.slice(i, end + 1)) as string) : spelled;
      const after = strings.get(value);
      if (after !== undefined) {
        out += text.slice(at, i + 1) + respell(spelled, value, after);
        at = end;
      }
      i = end;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      NUMBER.lastIndex = i;
      const token = NUMBER.exec(text)?.[0] ?? '-';
      // a string of the token's length: the text stays JSON, but the value's JSON type changes
      if (token.length >= 2 && numbers.has(Number(token))) {
        out += text.slice(at, i) + `"${maskOf('secret', token.length - 2)}"`;
        at = i + token.length;
      }
      i += token.length - 1;
    }
  }
  return out + text.slice(at);
}

/**
 * The masked value `after` spelled in the room `value` takes in the text (`spelled`): a kept unit
 * keeps its spelling, a run of masked units fills the room of the escapes it hides (`\"` and
 * `\u0041` are longer than their units) with stars after it.
 */
function respell(spelled: string, value: string, after: string): string {
  if (after.length !== value.length) return maskOf('secret', spelled.length);
  let out = '';
  let run = '';
  let room = 0;
  for (let j = 0, k = 0; j < spelled.length; k++) {
    const width = spelled[j] !== '\\' ? 1 : spelled[j + 1] === 'u' ? 6 : 2;
    if (after[k] === value[k]) {
      out += run + '*'.repeat(room - run.length) + spelled.slice(j, j + width);
      run = '';
      room = 0;
    } else {
      run += after[k] as string;
      room += width;
    }
    j += width;
  }
  return out + run + '*'.repeat(room - run.length);
}

/**
 * Entries whose keys are made distinct: two keys that mask to the same text (two e-mail
 * addresses of one length) both stay, the later ones numbered (`#2`), rather than one value
 * silently replacing the other in the copy (audit R13-L1).
 */
function distinctKeys(entries: readonly [string, unknown][]): [string, unknown][] {
  const used = new Set<string>();
  return entries.map(([k, x]) => {
    let key = k;
    for (let n = 2; used.has(key); n++) key = `${k}#${n}`;
    used.add(key);
    return [key, x];
  });
}

/** An own data property whatever the key (`__proto__` included). */
export function setOwn(holder: Holder, key: string | number, value: unknown): void {
  Object.defineProperty(holder, key, { value, enumerable: true, writable: true, configurable: true });
}
