/**
 * Credentials that package managers, remote-desktop and admin tools take by position or by a
 * short flag, and secrets code passes by position (audit 27 L1). No label names the value: the
 * command or the call says what it is. Each shape is anchored on its command and bounded to its
 * line; cliCredentials.ts's positionalPasswords yields these (kind `password`).
 *
 * - `cargo login [--registry R] TOKEN`
 * - `composer config [-g] github-oauth.HOST T` (gitlab-oauth, gitlab-token, bearer alike),
 *   `composer config http-basic.HOST USER PW`
 * - `poetry config http-basic.NAME USER PW`, `poetry config pypi-token.NAME T`
 * - `bundle config [set] [--global] HOST USER:PW` (or a bare token)
 * - `htpasswd -b [-c] FILE USER PW`, `htpasswd -nb USER PW` (options apart or clustered)
 * - `dotnet nuget add|update source … -p PW` / `--password PW`; `az sql server create … -p PW`
 *   (and the other database servers' create/update); `xfreerdp /p:PW`; `rdesktop -p PW`
 * - paramiko's `ssh.connect(host, 22, "user", "PW")`; `jwt.encode(payload, "SECRET")` (PyJWT;
 *   `jwt.sign`/`verify`/`decode` in JavaScript alike); Twilio's `Client("AC…", "<auth token>")`
 * - `gh auth login --with-token <<< T`
 */
import { looksRandom, valueTest } from './labels';

type Test = (value: string, m: RegExpExecArray) => boolean;

/** A shell word after the command's options: quoted (its quote in group `q`) or bare, never a flag. */
const VALUE = String.raw`(?<q>["']?)(?<v>[^\s"'-][^\s"']{0,255})\k<q>`;
/** Options before a positional word: `-g`, `--global`, `--unset` (none takes a value). */
const FLAGS = String.raw`(?:-{1,2}[\w-]{1,32}[ \t]+){0,4}`;
const HOST = String.raw`[\w-]{1,63}(?:\.[\w-]{1,63}){0,8}`;

const password: Test = (v) => valueTest('password', v, false);
const credential: Test = (v) => valueTest('credential', v, false);

/** Shapes whose value is group `v`. */
/** Each shape: a word its text must hold (most strings hold none: looked at once), its regex, its value's test. */
const LINE_SHAPES: readonly { needle: string; re: RegExp; test: Test }[] = [
  {
    needle: 'cargo',
    // --registry/--config/-Z take a value; other flags do not
    re: new RegExp(
      String.raw`\bcargo[ \t]+login(?:[ \t]+(?:--(?:registry|config)(?:=|[ \t]+)[^\s-]\S{0,255}|-Z[ \t]*\S{1,64}|--(?!registry|config)[\w-]{1,32}|-(?![Z-])\w{1,32})){0,8}[ \t]+${VALUE}`,
      'dg',
    ),
    test: credential,
  },
  {
    needle: 'composer',
    re: new RegExp(
      String.raw`\bcomposer[ \t]+${FLAGS}config[ \t]+${FLAGS}(?:(?:github-oauth|gitlab-oauth|gitlab-token|bearer)\.${HOST}|http-basic\.${HOST}[ \t]+[^\s-]\S{0,63})[ \t]+${VALUE}`,
      'dg',
    ),
    test: password,
  },
  {
    needle: 'poetry',
    re: new RegExp(
      String.raw`\bpoetry[ \t]+config[ \t]+${FLAGS}(?:http-basic\.[\w.-]{1,128}[ \t]+[^\s-]\S{0,63}|pypi-token\.[\w.-]{1,128})[ \t]+${VALUE}`,
      'dg',
    ),
    test: password,
  },
  {
    needle: 'bundle',
    // a host has a dot (`bundle config set path vendor/bundle` names none); `user:PW` masks PW
    re: new RegExp(
      String.raw`\bbundle[ \t]+config[ \t]+(?:set[ \t]+)?${FLAGS}(?:https?:\/\/)?[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}\/?[ \t]+(?<q>["']?)(?<u>[^\s:"'-][^\s:"']{0,63}:)?(?<v>[^\s"']{1,256})\k<q>`,
      'dg',
    ),
    test: (v, m) => (m.groups?.u !== undefined ? password(v, m) : !v.startsWith('-') && looksRandom(v)),
  },
  {
    needle: 'htpasswd',
    // the options (group o) must hold `b` (the password on the command line); with `n` no file comes first
    re: /\bhtpasswd(?<o>(?:[ \t]+-[A-Za-z]{1,8}){1,4})[ \t]+(?<a>[^\s"'-][^\s"']{0,255})[ \t]+(?<q1>["']?)(?<b>[^\s"']{1,256})\k<q1>(?:[ \t]+(?<q2>["']?)(?<c>[^\s"']{1,256})\k<q2>)?/dg,
    test: password,
  },
  {
    needle: '.connect(',
    // paramiko's connect(hostname, port, username, password): the port names the shape
    re: /\.connect\([ \t]*(?:"[^"\r\n]{0,256}"|'[^'\r\n]{0,256}'|[\w.$]{1,64})[ \t]*,[ \t]*(?:\d{1,5}|[\w.]{0,32}port[\w.]{0,32})[ \t]*,[ \t]*(?:"[^"\r\n]{0,64}"|'[^'\r\n]{0,64}'|[\w.$]{1,64})[ \t]*,[ \t]*(?<q>["'])(?<v>[^"'\r\n]{1,256})\k<q>/dgi,
    test: password,
  },
  {
    needle: 'jwt.',
    // the payload: a name, a string or a flat object literal
    re: /\bjwt\.(?:encode|decode|sign|verify)\([ \t]*(?:[\w.$]{1,64}(?:\[[^\]\r\n]{0,64}\])?|"[^"\r\n]{0,1024}"|'[^'\r\n]{0,1024}'|\{[^{}\r\n]{0,1024}\})[ \t]*,[ \t]*(?<q>["'`])(?<v>[^"'`\r\n]{1,256})\k<q>/dg,
    test: password,
  },
  {
    needle: '--with-token',
    // `gh auth login --with-token <<< T` (a here-string; `echo T | gh auth login` is secretCommands.ts's)
    re: new RegExp(
      String.raw`\bgh[ \t]+auth[ \t]+login[ \t]+(?:--?[\w-]{1,32}(?:[ \t]+[^\s<-]\S{0,255})?[ \t]+){0,4}--with-token[ \t]*<<<[ \t]*${VALUE}`,
      'dg',
    ),
    test: credential,
  },
  {
    needle: 'Client(',
    re: /\b\w{0,40}Client\([ \t]*(["'])AC[0-9a-f]{32}\1[ \t]*,[ \t]*(?<q>["'])(?<v>[0-9a-f]{32})\k<q>/dg,
    test: () => true,
  },
  {
    needle: 'twilio(',
    // Node's `twilio("AC…", "<auth token>")` (audit 28 L7)
    re: /\btwilio\([ \t]*(["'])AC[0-9a-f]{32}\1[ \t]*,[ \t]*(?<q>["'])(?<v>[0-9a-f]{32})\k<q>/dg,
    test: () => true,
  },
  {
    needle: 'algoliasearch(',
    // `algoliasearch("APP_ID", "<admin or search key>")` (audit 28 L7)
    re: /\balgoliasearch\([ \t]*(["'])[^"'\r\n]{1,64}\1[ \t]*,[ \t]*(?<q>["'])(?<v>[0-9a-f]{32})\k<q>/dg,
    test: () => true,
  },
];

/** Commands whose password is a flag's value somewhere along their line. */
const FLAG_SHAPES: readonly { needle: string; command: RegExp; flag: RegExp }[] = [
  {
    needle: 'dotnet',
    command: /\bdotnet[ \t]+nuget[ \t]+(?:add|update)[ \t]+source\b/g,
    flag: /(?<![\w-])(?:-p|--password)(?:[ \t]+|=)(?<q>["']?)(?<v>[^\s"'-][^\s"']{0,255})\k<q>/dg,
  },
  {
    needle: 'az',
    command:
      /\baz[ \t]+(?:sql[ \t]+(?:server|mi)|(?:postgres|mysql|mariadb)[ \t]+(?:flexible-server|server))[ \t]+(?:create|update)\b/g,
    flag: /(?<![\w-])-p(?:[ \t]+|=)(?<q>["']?)(?<v>[^\s"'-][^\s"']{0,255})\k<q>/dg,
  },
  {
    needle: 'rdp',
    command: /\b(?:[xw]freerdp3?|sdl-freerdp3?)\b/g,
    flag: /(?<![\w-])[/-]p:(?<q>["']?)(?<v>[^\s"']{1,256})\k<q>/dg,
  },
  {
    needle: 'rdesktop',
    command: /\brdesktop\b/g,
    flag: /(?<![\w-])-p(?:[ \t]+|=)?(?<q>["']?)(?<v>[^\s"'-][^\s"']{0,255})\k<q>/dg,
  },
];

/** How far along its line a command's flags are looked for. */
const WINDOW = 512;

/** The password's span of an htpasswd match: the third word, or the second with `-n` (no file). */
function htpasswdValue(m: RegExpExecArray): 'b' | 'c' | undefined {
  const options = m.groups?.o ?? '';
  if (!options.includes('b')) return undefined;
  return options.includes('n') ? 'b' : m.groups?.c !== undefined ? 'c' : undefined;
}

export function* toolPasswords(s: string): Generator<readonly [number, number]> {
  for (const { needle, re, test } of LINE_SHAPES) {
    if (!s.includes(needle)) continue;
    re.lastIndex = 0;
    for (let m = re.exec(s); m !== null; m = re.exec(s)) {
      const group = m.groups?.o !== undefined ? htpasswdValue(m) : 'v';
      const value = group && m.groups?.[group];
      const at = group && m.indices?.groups?.[group];
      if (value !== undefined && at && test(value, m)) yield at;
    }
  }
  for (const { needle, command, flag } of FLAG_SHAPES) {
    if (!s.includes(needle)) continue;
    command.lastIndex = 0;
    for (let c = command.exec(s); c !== null; c = command.exec(s)) {
      const from = c.index + c[0].length;
      let end = Math.min(s.length, from + WINDOW);
      const newline = s.slice(from, end).search(/\r|\n|\\n/);
      if (newline !== -1) end = from + newline;
      const window = s.slice(0, end);
      flag.lastIndex = from;
      for (let m = flag.exec(window); m !== null; m = flag.exec(window)) {
        const at = m.indices?.groups?.v;
        if (at && password(m.groups?.v ?? '', m)) yield at;
      }
      command.lastIndex = Math.max(end, command.lastIndex);
    }
  }
}
