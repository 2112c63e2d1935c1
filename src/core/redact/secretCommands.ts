/**
 * Commands that store a secret by its name, then its value (audit 25 M1): `gh secret set NAME
 * --body V`, `aws ssm put-parameter --name N --value V --type SecureString`, `az keyvault secret set
 * --name N --value V`, `vercel env add NAME <<< V`, `echo V | gcloud secrets create N --data-file=-`,
 * `fly secrets set NAME=V`, `kubectl create secret generic x --from-literal=NAME=V`. No label sits
 * before V (`--body`, `--value` name nothing), so labels.ts keeps it; here the command says what V is.
 * A secret store's value is masked whatever its name (as a password: anything but a placeholder);
 * a store of settings (`gh variable set`, `vercel env add`, `heroku config:set`, an SSM String)
 * masks a value whose name names a secret (labels.ts). Audit 26 N4: `echo V | wrangler secret put
 * NAME`, `eas secret:create --value V`, `echo V | docker secret create NAME -`, `firebase
 * functions:secrets:set`, and a runner (`npx`, `bunx`, `pnpm dlx`, `yarn`) between the pipe and the CLI.
 */
import { labelTier, valueTest, type LabelTier } from './labels';

/** The command, and whether it stores secrets (group 1) or settings (group 2). */
const STORE =
  /(?<![\w-])(?:(gh[ \t]+secret[ \t]+set|az[ \t]+keyvault[ \t]+secret[ \t]+set|fly(?:ctl)?[ \t]+secrets[ \t]+(?:set|import)|kubectl[ \t]+create[ \t]+secret|gcloud[ \t]+secrets[ \t]+(?:create|versions[ \t]+add)|doppler[ \t]+secrets[ \t]+set|wrangler[ \t]+(?:pages[ \t]+)?secret[ \t]+put|eas[ \t]+secret:create|docker[ \t]+secret[ \t]+create|firebase[ \t]+functions:secrets:set)|(gh[ \t]+variable[ \t]+set|aws[ \t]+ssm[ \t]+put-parameter|vercel[ \t]+env[ \t]+add|heroku[ \t]+config:set|railway[ \t]+variables|eas[ \t]+env:create))(?![\w-])/g;

/**
 * A shell word after spaces: double-quoted (group 1), single-quoted (2), quoted with escaped quotes
 * (5: `\"V\"`, the command inside JSON text), bare (6), or what ends the command (7: `|`, `&&`,
 * `;`, a newline, an escaped one in JSON text). A bare word may end in `=`
 * with its quoted value glued on (`--body="V"`): the next word, read with no space.
 */
const WORD =
  /[ \t]*(?:"((?:[^"\\\r\n]|\\[^\r\n]){0,512})"|'([^'\r\n]{0,512})'|(\\{1,7})(["'])((?:(?!\3\4)[^\r\n]){0,512})\3\4|((?:[^\s"'|;&<>\\]|\\(?![nr"']))+|<<<)|(\||&&|;|\r|\n|\\[nr]|$))/y;

interface Word {
  text: string;
  from: number;
  to: number;
  /** Glued to the word before (`--body=` `"V"`). */
  glued: boolean;
}

/**
 * The words of the command from `at`, up to what ends it (at most 64 words), none starting at or
 * past `limit`: where the next command starts, so a run of commands is read once (audit 26 L5).
 */
function wordsFrom(s: string, at: number, limit: number): Word[] {
  const words: Word[] = [];
  let end = at;
  for (let i = 0; i < 64; i++) {
    WORD.lastIndex = end;
    const m = WORD.exec(s);
    if (!m || m[7] !== undefined || m[0].length === 0) break;
    if (WORD.lastIndex - m[0].length + m[0].search(/\S|$/) >= limit) break;
    const group = m[1] !== undefined ? 1 : m[2] !== undefined ? 2 : m[5] !== undefined ? 5 : 6;
    const at0 = WORD.lastIndex - m[0].length + m[0].search(/\S/);
    const from = group === 6 ? at0 : at0 + (group === 5 ? (m[3] as string).length + 1 : 1);
    const text = m[group] as string;
    words.push({ text, from, to: from + text.length, glued: at0 === end });
    end = WORD.lastIndex;
  }
  return words;
}

/** The value after `flags` (`--value V`, `--value=V`, `--value="V"`), or undefined. */
function flagValue(words: readonly Word[], flags: RegExp): Word | undefined {
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word;
    const eq = w.text.indexOf('=');
    const flag = eq === -1 ? w.text : w.text.slice(0, eq);
    if (!flags.test(flag)) continue;
    if (eq === -1) return words[i + 1];
    if (eq < w.text.length - 1)
      return { text: w.text.slice(eq + 1), from: w.from + eq + 1, to: w.to, glued: true };
    const next = words[i + 1];
    return next?.glued ? next : undefined;
  }
  return undefined;
}

/** The first word that is no flag (nor a flag's value: the words after `flags`). */
function positional(words: readonly Word[], valued: RegExp): Word | undefined {
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word;
    if (!w.text.startsWith('-')) return w;
    if (valued.test(w.text)) i++;
  }
  return undefined;
}

/**
 * `echo V |` (or `printf '%s' V`, `cat <<< V`) just before the command, maybe run by a runner
 * (`npx -y`, `bunx`, `pnpm dlx`, `yarn`, `sudo`): V is what the command reads.
 */
const PIPED =
  /(?:^|[\s;&(])(?:echo(?:[ \t]+-[neE]{1,3})*|printf(?:[ \t]+(?:'%s(?:\\n)?'|"%s(?:\\n)?"|%s(?:\\n)?))?|cat[ \t]+<<<)[ \t]+(?:\\{0,7}"([^"\\\r\n]{1,512})\\{0,7}"|\\{0,7}'([^'\\\r\n]{1,512})\\{0,7}'|([^\s"'|;&\\]{1,512}))[ \t]*\|[ \t]*(?:(?:npx|bunx|sudo|pnpm(?:[ \t]+(?:dlx|exec))?|yarn(?:[ \t]+dlx)?|npm[ \t]+exec)(?:[ \t]+-[\w-]{1,20})*[ \t]+)?$/d;

/** The value piped into the command at `at`, looked for after `floor` (the command before it). */
function pipedValue(s: string, at: number, floor: number): Word | undefined {
  const start = Math.max(0, floor, at - 600);
  const m = PIPED.exec(s.slice(start, at));
  const group = m?.[1] !== undefined ? 1 : m?.[2] !== undefined ? 2 : 3;
  const span = m?.indices?.[group];
  return span && m
    ? { text: m[group] as string, from: start + span[0], to: start + span[1], glued: false }
    : undefined;
}

/**
 * How sure the command is of a value named `name`: a secret store's always; a setting's as its
 * name says (null: kept, `REGION=us-east-1` is no secret, however random it looks).
 */
function tierOf(secretStore: boolean, name: string | undefined): LabelTier | null {
  if (secretStore) return 'password';
  return name === undefined || name.length > 128 ? null : labelTier(name);
}

/** A value read from a file (`file://x`, `@x`, `-`) is no secret in the text. */
function accepted(tier: LabelTier | null, w: Word | undefined): w is Word {
  return (
    tier !== null &&
    w !== undefined &&
    !/^(?:file:\/\/|fileb:\/\/|@|-$)/.test(w.text) &&
    valueTest(tier, w.text, false)
  );
}

export function* secretCommands(s: string): Generator<readonly [number, number]> {
  if (!/secret|variable|ssm|env[ \t]+add|config:set|env:create/.test(s)) return;
  STORE.lastIndex = 0;
  let floor = 0;
  for (let m = STORE.exec(s), next: RegExpExecArray | null; m !== null; m = next) {
    next = STORE.exec(s);
    const secretStore = m[1] !== undefined;
    const command = (m[1] ?? m[2] ?? '').replace(/[ \t]+/g, ' ');
    const words = wordsFrom(s, m.index + m[0].length, next?.index ?? s.length);
    const piped = pipedValue(s, m.index, floor);
    floor = m.index + m[0].length;
    const hereString = words.findIndex((w) => w.text === '<<<');
    const fed = hereString === -1 ? piped : words[hereString + 1];
    if (command.startsWith('gh ')) {
      const name = positional(words, /^(?:-[bearof]|--(?:body|env|app|org|repos?|visibility))$/);
      const value = flagValue(words, /^(?:--body|-b)$/) ?? fed;
      if (accepted(tierOf(secretStore, name?.text), value)) yield [value.from, value.to];
    } else if (command.startsWith('az ') || command.startsWith('aws ') || command.startsWith('eas ')) {
      const name = flagValue(words, /^(?:--name|-n)$/);
      // an SSM SecureString, an EAS variable of visibility `secret` or `sensitive`: a secret whatever its name
      const secure =
        /^securestring$/i.test(flagValue(words, /^--type$/)?.text ?? '') ||
        /^(?:secret|sensitive)$/.test(flagValue(words, /^--visibility$/)?.text ?? '');
      const value = flagValue(words, /^--value$/);
      if (accepted(tierOf(secretStore || secure, name?.text), value)) yield [value.from, value.to];
    } else if (/^(?:vercel|gcloud|wrangler|docker|firebase) /.test(command)) {
      // the name is the first positional word (a store of secrets masks whatever it is)
      const name = positional(words, /^--(?:scope|token|project|replication-policy|locations)$/);
      if (accepted(tierOf(secretStore, name?.text), fed)) yield [fed.from, fed.to];
    } else {
      // `NAME=V` words: fly, heroku, doppler's `NAME=V`, kubectl's `--from-literal=NAME=V`, railway's `--set "NAME=V"`
      for (const w of words) {
        const literal = /^--from-literal=/.exec(w.text)?.[0].length ?? 0;
        const eq = w.text.indexOf('=', literal);
        if (eq <= literal || (w.text.startsWith('-') && literal === 0)) continue;
        const name = w.text.slice(literal, eq);
        if (!/^[A-Za-z_][\w.-]{0,127}$/.test(name)) continue;
        const value = { text: w.text.slice(eq + 1), from: w.from + eq + 1, to: w.to, glued: true };
        if (accepted(tierOf(secretStore, name), value)) yield [value.from, value.to];
      }
      // doppler's `secrets set NAME "V"`
      if (command.startsWith('doppler ') && words.length >= 2 && !words[0]?.text.includes('=')) {
        const value = words[1] as Word;
        if (!value.text.startsWith('-') && accepted('password', value)) yield [value.from, value.to];
      }
    }
  }
}
