/**
 * Passwords on a command line that cliCredentials.ts does not list by name, and on command lines
 * written as argument lists (audit 34 N2, N6):
 * - `-u USER -p PW` (or `-U USER -P PW`, `--user U --password PW`) on one line names PW a password,
 *   whatever the command (`cqlsh`, `cypher-shell`, `rabbitmqadmin`, `influx`, `mosquitto_pub -P`,
 *   `tsql`, `beeline -n`); a port mapping or a number is not one (`docker run -u 1000 -p 8080:80`);
 * - DB2's `connect to DB user U using PW`; `sed -i 's/changeme/PW/'` (a secret's placeholder replaced);
 * - exec form: `["redis-cli", "-a", "PW", "ping"]` (a compose healthcheck), `subprocess.run(["sshpass",
 *   "-p", PW])`, `exec.Command("redis-cli", "-a", PW)`, `["curl", "-u", "admin:PW"]`, and the same as a
 *   YAML list (a Kubernetes probe's `command:`): the option and its value are separate items.
 */
import { looksRandom, valueTest } from './labels';
import { groupSpans } from './matchSpans';

/** A value that is no password: a number, a port mapping (`8080:80`, `53/udp`), a path. */
const NOT_A_PASSWORD = /^(?:\d+(?:[:.-]\d+)*(?:\/\w+)?|[/~.][^\s]*)$/;
const isPassword = (v: string) => !NOT_A_PASSWORD.test(v) && valueTest('password', v, false);

/** The value of a password option: quoted (groups 1-2) or bare (group 3). */
const OPTION_VALUE = String.raw`(?:[ \t]+|=)(?:(["'])([^"'\r\n]{1,256})\1|([^\s"'-][^\s"']{0,255}))`;
const USER_THEN_PASSWORD = new RegExp(
  String.raw`(?<![\w-])(?:-[uUnl]|--user(?:name)?)(?:[ \t]+|=)["']?[^\s"'-][^\s"']{0,127}["']?[ \t]+(?:-[\w-]{1,32}(?:[ \t]+[^\s"'-][^\s"']{0,127})?[ \t]+){0,3}(?:-[pP]|--pass(?:word)?)` +
    OPTION_VALUE,
  'dg',
);
const DB2_CONNECT =
  /\bconnect[ \t]+to[ \t]+\S{1,128}[ \t]+user[ \t]+\S{1,128}[ \t]+using[ \t]+([^\s"';]{1,256})/dgi;

/** Commands whose password option is `-a`, `-p`, `-P` or a `--pass…` one (`docker login`, not `docker run -p 80:80`; not mysql, whose `-p` takes its value attached). */
const PASSWORD_TOOLS = String.raw`(?:redis-cli|valkey-cli|keydb-cli|sshpass|mongosh|mongo|mongodump|mongorestore|(?:docker|podman|nerdctl)["']\s*,\s*["']login|psexec|sqlcmd|cqlsh|cypher-shell|rabbitmqadmin|influx|mosquitto_pub|mosquitto_sub)`;
const ITEM = String.raw`\s*,\s*(?:["'][^"'\r\n]{0,256}["']|[\w.$]{1,64})`;
/**
 * Between a command's name and its argument list when the name is an argument of its own (audit 35
 * N3): Node's `spawn('cmd', [`, `execFile(…, [`, Rust's `Command::new("cmd").args(&[`, C#'s
 * `Process.Start("cmd", new[] {`, Deno's `Command("cmd", { args: [`; the Rust builder's next statement,
 * `let mut cmd = Command::new("cmd"); cmd.args(&[` (audit 36 L3).
 */
const OPEN_LIST = String.raw`(?:\s*,\s*(?:new[ \t]*\[\][ \t]*)?[[{](?:\s*args:\s*\[)?|\)(?:;\s*\w{1,32})?\.args\(&?\[)?`;
/** `"tool", …, "-a", "PW"`: the option's quote in group 1, the value's in 2, the value in 3. */
const LIST_OPTION = new RegExp(
  String.raw`["']${PASSWORD_TOOLS}["']${OPEN_LIST}(?:\s*["'][^"'\r\n]{0,256}["'])?(?:${ITEM}){0,12}?\s*,?\s*(["'])(?:-[apP]|--pass(?:word)?|--requirepass)\1\s*,\s*(["'])([^"'\r\n]{1,256})\2`,
  'dg',
);
/** curl's and wget's `"-u", "user:PW"`: the password after the colon (group 2). */
const LIST_USER = new RegExp(
  String.raw`["'](?:curl|wget)["'](?:${ITEM}){0,12}?\s*,\s*(["'])(?:-u|--user)\1\s*,\s*["'][^"':\r\n]{1,64}:([^"'\r\n]{1,256})["']`,
  'dg',
);
/** A secret encoded for a manifest: `echo -n 'V' | base64` (audit 35 L3). */
const ENCODED = /\becho[ \t]+(?:-n[ \t]+)?(["'])([^"'\r\n]{8,256})\1[ \t]*\|[ \t]*base64\b/dg;
/** Rust's `.arg("-p").arg(PW)` (a port is a number: kept). */
const ARG_CHAIN =
  /\.arg\(\s*(["'])(?:-[apP]|--pass(?:word)?|--requirepass)\1\s*\)\s*\.arg\(\s*(["'])([^"'\r\n]{1,256})\2/dg;
/** A YAML list's long password option and its value as the next item (a container's `args:`). */
const YAML_LONG_OPTION =
  /^[ \t]*-[ \t]+["']?--(?:requirepass|password|pass|masterauth|token|api-key)["']?[ \t]*\r?\n[ \t]*-[ \t]+["']?([^\s"']{1,256}?)["']?[ \t]*$/dgm;
/** The same as a YAML list: `- redis-cli` / `- -a` / `- PW`, one item a line. */
const YAML_OPTION = new RegExp(
  String.raw`^[ \t]*-[ \t]+["']?${PASSWORD_TOOLS}["']?[ \t]*\r?\n(?:[ \t]*-[ \t]+[^\r\n]{0,256}\r?\n){0,12}?[ \t]*-[ \t]+["']?(?:-[apP]|--pass(?:word)?|--requirepass)["']?[ \t]*\r?\n[ \t]*-[ \t]+["']?([^\s"']{1,256}?)["']?[ \t]*$`,
  'dgm',
);

/**
 * `sed -i 's/changeme/V/' config.yml`: a placeholder of a secret replaced by its value (the
 * placeholder group 2, the value group 3; any delimiter).
 */
const SED_SUBSTITUTE =
  /\bsed\b[^\r\n]{0,128}?\bs([/|#,@])([\w<>{}.-]{1,48})\1((?:(?!\1)[^\r\n"'\\\s]){1,256})\1/dg;
const SECRET_PLACEHOLDER =
  /^(?:change[_-]?me|replace[_-]?me|x{3,}|[<{_]*(?:your[_-]?)?[\w.-]{0,24}(?:pass(?:word)?|secret|token|api[_-]?key|pwd)[\w.-]{0,24}[>}_]*)$/i;

export function* argvPasswords(s: string): Generator<readonly [number, number]> {
  if (s.includes('sed'))
    yield* groupSpans(
      SED_SUBSTITUTE,
      s,
      3,
      (v, m) =>
        SECRET_PLACEHOLDER.test(m[2] as string) &&
        isPassword(v) &&
        (looksRandom(v) || (v.length >= 8 && /[^A-Za-z]/.test(v))),
    );
  yield* groupSpans(DB2_CONNECT, s, 1, isPassword);
  if (s.includes('base64')) yield* groupSpans(ENCODED, s, 2, (v) => looksRandom(v));
  if (!s.includes('-')) return;
  // mysql's `-p NAME` (a space) prompts, and NAME is the database (cliCredentials.ts reads `-pPW`)
  const notMysql = (v: string, m: RegExpExecArray) => {
    const line = s.lastIndexOf('\n', m.index) + 1;
    return isPassword(v) && !/\b(?:mysql|mariadb)\w*\b/.test(s.slice(Math.max(line, m.index - 512), m.index));
  };
  yield* groupSpans(USER_THEN_PASSWORD, s, [2, 3], notMysql);
  yield* groupSpans(LIST_OPTION, s, 3, isPassword);
  yield* groupSpans(LIST_USER, s, 2, isPassword);
  yield* groupSpans(YAML_OPTION, s, 1, isPassword);
  yield* groupSpans(ARG_CHAIN, s, 3, isPassword);
  yield* groupSpans(YAML_LONG_OPTION, s, 1, isPassword);
}
