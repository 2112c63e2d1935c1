/**
 * Name/value pairs: a list item that names a setting in one member and holds it in another
 * (`{name: "OPENAI_API_KEY", value: "…"}`). placedSecrets.ts joins them in parsed JSON; this joins
 * them in text (audit R24-3): Kubernetes' and ECS's YAML `- name: OPENAI_API_KEY` with `value: …` on
 * the next line, CloudFormation's `ParameterKey:`/`ParameterValue:`, and one JSON pair inside other
 * text (`env: [{"name": "X_API_KEY", "value": "…"}]`) that does not parse whole. The value is masked
 * when the name names a secret (labels.ts) and the value could be one. `valueFrom:` (a
 * secretKeyRef) holds no value and is no value member.
 */
import { labelTier, valueTest } from './labels';

/**
 * A pair's name member and value member (`name`/`value`, `key`/`value`, AWS's `Name`/`Value`,
 * Azure's `keyName`/`value` in `az storage account keys list`: audit R21-3; 1Password's
 * `label`/`value`, CloudFormation's `ParameterKey`/`ParameterValue`, Elastic Beanstalk's
 * `OptionName`/`Value`: audit R21-8; its stacks' `OutputKey`/`OutputValue`: audit 39 N1).
 */
export const NAME_MEMBERS = [
  'name',
  'key',
  'Name',
  'Key',
  'keyName',
  'KeyName',
  'label',
  'ParameterKey',
  'OutputKey',
  'OptionName',
] as const;
export const VALUE_MEMBERS = new Set(['value', 'Value', 'ParameterValue', 'OutputValue']);

const NAME = `(?:${NAME_MEMBERS.join('|')})`;
const VALUE = `(?:${[...VALUE_MEMBERS].join('|')})`;
/** A YAML scalar on the rest of its line: double-quoted, single-quoted or plain (no comment). */
const SCALAR = String.raw`(?:"([^"\r\n\\]{1,1024})"|'([^'\r\n]{1,1024})'|([^\s"'#|>&*!{[][^\r\n#]{0,1023}?))[ \t]*(?:#[^\r\n]*)?(?=\r?\n|$)`;
/**
 * `name: LABEL` (quoted or not, after a list item's `- ` or not), then on the next line, indented
 * at least as far, `value: SCALAR` (groups 2-4). Both ends are bounded: a long run of spaces is
 * no pair.
 */
/**
 * What a tool writes before each line it shows: Claude Code's Read (`     9→`), `cat -n` (`9\t`),
 * `grep -n`/`-rn` (`9:`, `config/app.yml:9:`, `-` for a context line): a pair split over two
 * numbered lines is still one pair (audit 35 N4).
 */
const LINE_NUMBER = String.raw`(?:[ \t]{0,8}\d{1,7}(?:\u2192|\t)|[\w./-]{0,128}[:-]\d{1,7}[:-]|\d{1,7}[:-])`;
const LINE_PREFIX = `${LINE_NUMBER}?`;
const YAML_PAIR = new RegExp(
  String.raw`(?<![\w"'-])${NAME}[ \t]{0,16}:[ \t]{1,16}["']?([A-Za-z_][\w.:-]{0,127})["']?[ \t]{0,16}\r?\n${LINE_PREFIX}[ \t]{0,64}${VALUE}[ \t]{0,16}:[ \t]{1,16}${SCALAR}`,
  'dgm',
);
/**
 * `"name": "LABEL", "value": "V"` inside text (group 2), either of them maybe escaped (`\"`), over
 * lines as `jq` and the cloud CLIs print it, with up to four members between (`"Type":
 * "SecureString"`, az's `"tags": {}`), the name maybe a path (`/prod/db/password`): audit 35 N4.
 */
/** Space between a JSON object's members, a numbered line's prefix included. */
const GAP = String.raw`\s{0,64}(?:${LINE_NUMBER}\s{0,64})?`;
const BETWEEN = String.raw`(?:\1[\w-]{1,64}\1\s{0,16}:\s{0,16}(?:\1[^"\\\r\n]{0,256}\1|[\w.-]{1,64}|\{[^{}]{0,256}\})\s{0,16},${GAP}){0,4}`;
const JSON_PAIR = new RegExp(
  String.raw`(\\?")(${NAME})\1\s{0,16}:\s{0,16}\1([A-Za-z_/][\w./:-]{0,127})\1\s{0,16},${GAP}${BETWEEN}\1${VALUE}\1\s{0,16}:\s{0,16}\1([^"\\\r\n]{1,1024})\1`,
  'dg',
);

/**
 * `az keyvault secret show`'s JSON: its `"id"` is the secret's URL (`https://kv.vault.azure.net/secrets/db/…`),
 * so its `"value"` is the secret whatever its name says (`"name": "db"`: audit 37 L4). Members between
 * (`"tags": {}`) are bounded.
 */
const VAULT_SECRET =
  /(\\?")id\1\s{0,16}:\s{0,16}\1https:\/\/[\w-]{1,64}\.vault\.azure\.net\/secrets\/[^"\\\s]{1,256}\1(?:[^{}]|\{[^{}]{0,256}\}){0,512}?\1value\1\s{0,16}:\s{0,16}\1([^"\\\r\n]{1,1024})\1/dg;

/**
 * Terraform's output objects (`terraform output -json`, a tfstate's `outputs`, pretty-printed):
 * `"sensitive": true` says the `"value"` beside it is a secret, whatever its name (audit 39 N1).
 * An object's body without braces inside, at most 2 KiB.
 */
const OBJECT_BODY = /\{([^{}]{0,2048})\}/dg;
const SENSITIVE = /(\\?")sensitive\1\s{0,16}:\s{0,16}true\b/;
const OBJECT_VALUE = /(\\?")value\1\s{0,16}:\s{0,16}\1([^"\\\r\n]{1,1024})\1/d;

function* sensitiveOutputs(s: string): Generator<readonly [number, number]> {
  OBJECT_BODY.lastIndex = 0;
  for (let m = OBJECT_BODY.exec(s); m !== null; m = OBJECT_BODY.exec(s)) {
    const body = m[1] as string;
    const at = SENSITIVE.test(body) ? OBJECT_VALUE.exec(body) : null;
    const from = m.indices?.[1]?.[0] ?? 0;
    const span = at?.indices?.[2];
    if (span && valueTest('password', at[2] as string, false)) yield [from + span[0], from + span[1]];
  }
}

export function* textNameValues(s: string): Generator<readonly [number, number]> {
  if (!/alue|ParameterValue/.test(s)) return; // the most strings have no value member: looked at once
  if (s.includes('sensitive')) yield* sensitiveOutputs(s);
  if (s.includes('.vault.azure.net/secrets/')) {
    VAULT_SECRET.lastIndex = 0;
    for (let m = VAULT_SECRET.exec(s); m !== null; m = VAULT_SECRET.exec(s)) {
      const at = m.indices?.[2];
      if (at && valueTest('credential', m[2] as string, false)) yield at;
    }
  }
  YAML_PAIR.lastIndex = 0;
  for (let m = YAML_PAIR.exec(s); m !== null; m = YAML_PAIR.exec(s)) {
    const group = m[2] !== undefined ? 2 : m[3] !== undefined ? 3 : 4;
    const at = accepted(m[1] as string, m[group] as string, m.indices?.[group]);
    if (at) yield at;
  }
  JSON_PAIR.lastIndex = 0;
  for (let m = JSON_PAIR.exec(s); m !== null; m = JSON_PAIR.exec(s)) {
    // az's `"keyName": "key1"`: a key's name names no secret, the member does
    const label = /^keyname$/i.test(m[2] as string) ? 'access_key' : (m[3] as string);
    const at = accepted(label, m[4] as string, m.indices?.[4]);
    if (at) yield at;
  }
}

function accepted(
  name: string,
  value: string,
  at: readonly [number, number] | undefined,
): readonly [number, number] | undefined {
  const tier = labelTier(name);
  return at && tier !== null && valueTest(tier, value, false) ? at : undefined;
}

/**
 * A section's `Key`, `Secret` or `Token` named by the section (`"Jwt": {"Key": …}` in ASP.NET's
 * appsettings.json, `"Stripe": {"Key": …}`): the label `Jwt_Key`, as the environment spells it
 * (`Jwt__Key`), when that names a secret (audit 29 N2); undefined otherwise.
 */
export function nestedLabel(section: string | undefined, key: string): string | undefined {
  if (section === undefined || section.length > 64 || !/^(?:key|secret|token)$/i.test(key)) return undefined;
  // `Jwt_Key`, and `sendgrid_Key` for `SendGrid` (a service's name is one word there)
  for (const label of [`${section}_${key}`, `${section.toLowerCase()}_${key}`])
    if (labelTier(label) !== null) return label;
  return undefined;
}
