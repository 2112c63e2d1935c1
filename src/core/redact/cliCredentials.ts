/**
 * Credentials passed as command-line options (rules.ts), which have no `=` or `:` after a label:
 * `curl -u user:password` / `-uuser:password` / `-su user:password` (short options clustered) /
 * `-U` / `--user=` / `--proxy-user` / HTTPie's `-a` (the part after the first colon), and the password option of
 * the commands that take one as `-p` (`mysql -pPASSWORD`, `mysql -p"PASSWORD"`, `docker login -p
 * PASSWORD`, `sshpass -p PASSWORD`). `-p` is a port, a parent folder or a publish flag in most
 * other commands (`ssh -p 2222`, `mkdir -p`, `docker run -p 80:80`), so it counts only after one
 * of those commands on the same line.
 */
import { pentestPasswords } from './pentestCredentials';
import { labelTier, valueTest } from './labels';
import { groupSpans } from './matchSpans';
import { toolPasswords } from './toolCredentials';

/**
 * `-u`/`-U` (curl's proxy user) with its value after a space, an `=` or glued on; a cluster of
 * short options ending in one (`-su`, `-ksSU`) with its value after a space; `--user`,
 * `--proxy-user`, HTTPie's `--auth`; then `user:password` (a user and a group alike are kept: `-u app:app`, `-u 1000:1000`).
 */
const USER_OPTION =
  /(?<![\w-])(?:-[uU](?:[ \t]+|=)?|-[A-Za-z]{1,8}[uU][ \t]+|--(?:(?:proxy-)?user|auth)(?:[ \t]+|=))\\?["']?([^\s:"'\\-][^\s:"'\\]{0,63}):((?:[^\s"'\\]|\\(?![nrtu"'\\\s]|$)){1,256})/dg;

export function* userPasswords(s: string): Generator<readonly [number, number]> {
  USER_OPTION.lastIndex = 0;
  for (let m = USER_OPTION.exec(s); m !== null; m = USER_OPTION.exec(s)) {
    const at = passwordOfUser(m);
    if (at) yield at;
  }
}

/** The password's span of a `user:password` match (groups 1 and 2), unless it is a group or a number. */
function passwordOfUser(m: RegExpExecArray): readonly [number, number] | undefined {
  const [user, password] = [m[1] as string, m[2] as string];
  const at = m.indices?.[2];
  if (!at || password === user || /^\d+$/.test(password) || !valueTest('password', password, false))
    return undefined;
  return at;
}

/**
 * HTTPie's (and xh's) short `-a user:password`, or `-a TOKEN` after `-A bearer` (`--auth` is USER_OPTION's). `-a` is "all" or
 * "archive" elsewhere (`rsync -a host:/dir`): it counts only after one of those commands on the
 * same line.
 */
const HTTPIE = /(?<![\w./:-])(?:https?|xhs?)(?=[ \t])/g;
const HTTPIE_AUTH =
  /(?<![\w-])-a(?:[ \t]+|=)?\\?["']?([^\s:"'\\-][^\s:"'\\]{0,63}):((?:[^\s"'\\]|\\(?![nrtu"'\\\s]|$)){1,256})/dg;

/** `-A bearer` / `--auth-type=bearer`: then `-a` is a token, whole (`-a TOKEN`). */
const HTTPIE_BEARER = /(?<![\w-])(?:-A|--auth-type)(?:[ \t]+|=)["']?bearer\b/gi;
const HTTPIE_TOKEN = /(?<![\w-])-a(?:[ \t]+|=)?\\?["']?([^\s"'\\-][^\s"'\\]{0,1023})/dg;

export function* httpieAuth(s: string): Generator<readonly [number, number]> {
  HTTPIE.lastIndex = 0;
  for (let c = HTTPIE.exec(s); c !== null; c = HTTPIE.exec(s)) {
    const from = c.index + c[0].length;
    let end = Math.min(s.length, from + WINDOW);
    const newline = s.slice(from, end).search(/\r|\n|\\n/);
    if (newline !== -1) end = from + newline;
    const window = s.slice(0, end);
    HTTPIE_BEARER.lastIndex = from;
    const bearer = HTTPIE_BEARER.test(window);
    const auth = bearer ? HTTPIE_TOKEN : HTTPIE_AUTH;
    auth.lastIndex = from;
    for (let m = auth.exec(window); m !== null; m = auth.exec(window)) {
      const at = bearer ? m.indices?.[1] : passwordOfUser(m);
      if (at && (!bearer || valueTest('credential', m[1] as string, false))) yield at;
    }
    HTTPIE.lastIndex = Math.max(end, HTTPIE.lastIndex);
  }
}

/**
 * Commands that take a password as a short option, and which: MySQL's `-p` (attached only: its `-p
 * name` is a database), `-p` of `login`, sshpass, twine and mongo; redis-cli's `-a`; sqlcmd's, bcp's and
 * ipmitool's `-P`; the OpenLDAP tools' `-w`; zip's and unzip's `-P`; 7-Zip's and RAR's `-p`
 * (attached only: a bare `-p` asks); ssh-keygen's `-N` (new passphrase) and `-P` (old one). A file
 * name is no command (`out.zip -P`).
 */
const PASSWORD_COMMANDS = [
  { command: String.raw`mysql\w*|mariadb\w*`, letters: 'p', attachedOnly: true },
  {
    command: String.raw`login|sshpass|twine|mongo(?:sh|dump|restore|import|export)?`,
    letters: 'p',
    attachedOnly: false,
  },
  { command: 'redis-cli|valkey-cli|keydb-cli', letters: 'a', attachedOnly: false },
  { command: 'sqlcmd|bcp|ipmitool', letters: 'P', attachedOnly: false },
  {
    command: 'ldap(?:search|add|modify|delete|modrdn|passwd|whoami|compare|exop|url)',
    letters: 'w',
    attachedOnly: false,
  },
  { command: String.raw`(?<![.-])(?:un)?zip(?:cloak)?`, letters: 'P', attachedOnly: false },
  { command: String.raw`(?<![.-])(?:7z[arz]?|(?:un)?rar)`, letters: 'p', attachedOnly: true },
  { command: 'ssh-keygen', letters: 'NP', attachedOnly: false },
  // Sysinternals' `psexec \\host -u admin -p PW` (audit 26 L3)
  { command: String.raw`psexec(?:64)?(?:\.exe)?`, letters: 'p', attachedOnly: false },
] as const;
const PASSWORD_COMMAND = new RegExp(
  String.raw`\b(?:${PASSWORD_COMMANDS.map((c) => `(${c.command})`).join('|')})\b`,
  'g',
);
/**
 * A character of a password on a command line: a backslash too, unless it starts an escape (`\n`,
 * `\"`: JSON inside JSON): `-pKq9\mZ2` is one password (audit 38 L1).
 */
const BARE = String.raw`(?:[^\s"'\\]|\\(?![nrtu"'\\\s]|$))`;
const QUOTED = String.raw`(?:[^"'\r\n\\]|\\(?![nrtu"'\\]|$))`;
/**
 * `-xPASSWORD` or `-x"PASS WORD"` (group 1 or 3: attached) or `-x 'PASS WORD'` or `-x PASSWORD`
 * (group 5 or 6), for each command's letters x.
 */
const OPTIONS = new Map(
  PASSWORD_COMMANDS.map(({ letters }) => [
    letters,
    new RegExp(
      String.raw`(?<![\w-])-[${letters}](?:([^\s"'\\-]${BARE}*)|\\?(?<q>["'])(?![)\],;])(${QUOTED}{1,256})\\?\k<q>|[ \t]+(?:\\?(?<q2>["'])(${QUOTED}{1,256})\\?\k<q2>|\\?["']?([^\s"'\\-]${BARE}*)))`,
      'dg',
    ),
  ]),
);
/** How far along its line a command's options are looked for. */
const WINDOW = 512;

export function* passwordOptions(s: string): Generator<readonly [number, number]> {
  PASSWORD_COMMAND.lastIndex = 0;
  for (let c = PASSWORD_COMMAND.exec(s); c !== null; c = PASSWORD_COMMAND.exec(s)) {
    const { letters, attachedOnly } = PASSWORD_COMMANDS[
      c.findIndex((g, i) => i > 0 && g !== undefined) - 1
    ] as (typeof PASSWORD_COMMANDS)[number];
    const option = OPTIONS.get(letters) as RegExp;
    let end = Math.min(s.length, c.index + c[0].length + WINDOW);
    const newline = s.slice(c.index, end).search(/\r|\n|\\n/);
    if (newline !== -1) end = c.index + newline;
    const window = s.slice(0, end);
    option.lastIndex = c.index + c[0].length;
    for (let m = option.exec(window); m !== null; m = option.exec(window)) {
      const at =
        m.indices?.[1] ?? m.indices?.[3] ?? (attachedOnly ? undefined : (m.indices?.[5] ?? m.indices?.[6]));
      const value = m[1] ?? m[3] ?? m[5] ?? m[6] ?? '';
      if (at && valueTest('password', value, false)) yield at;
    }
    PASSWORD_COMMAND.lastIndex = Math.max(end, PASSWORD_COMMAND.lastIndex);
  }
}

/** Samba's `-U user%password` / `--user=user%password` (`%40`-like escapes are a URL's, not this). */
const SAMBA_USER =
  /(?<![\w-])(?:-U|--user(?:name)?)(?:[ \t]+|=)?\\?["']?[^\s%"'\\-][^\s%"'\\]{0,63}%(?![0-9A-Fa-f]{2})([^\s"'\\]{1,256})/dg;

export function* sambaPasswords(s: string): Generator<readonly [number, number]> {
  yield* pentestPasswords(s); // smbclient's `-U CORP\user%PW`, impacket's `user:PW@host` (pentestCredentials.ts)
  if (!s.includes('%')) return; // the most strings, looked at once
  yield* groupSpans(SAMBA_USER, s, 1, (v) => valueTest('password', v, false));
}

/**
 * Passwords as positional arguments or piped to a command that reads one from its input:
 * `echo PW | sudo -S`, `printf '%s' PW | docker login --password-stdin`, the package managers' and
 * admin tools' (`cargo login T`, `htpasswd -b FILE USER PW`: toolCredentials.ts),
 * `net use \\srv\share PW /user:NAME` (either order), `vault login TOKEN`, Oracle's `user/PW@db`
 * (`sqlplus`, `jdbc:oracle:thin:`), `auth=("user", "PW")`, `HTTPBasicAuth('user', 'PW')`,
 * `rabbitmqctl add_user NAME PW` / `change_password NAME PW`, `openssl ... -k PW` and any
 * `-pass`/`-passin`/`-passout pass:PW` (`env:`, `file:`, `fd:` name where it is), a password file
 * that is an `echo` (`--vault-password-file <(echo PW)`), and the secret `aws configure get
 * aws_secret_access_key` prints alone on the next line (audit R22-6), MySQL's `IDENTIFIED [WITH
 * plugin] BY 'PW'`, `echo 'user:PW' | chpasswd`, `net user NAME PW`, `openssl passwd [-1] PW` and
 * MinIO's `mc alias set NAME URL ACCESS SECRET` (audit R24-4). Each is anchored on its
 * command and bounded to its line (the aws one to the next); the spaces around a pipe are bounded
 * too (a run of them backtracked into a 256-character look ahead).
 */
const POSITIONAL = [
  /\b(?:echo|printf)[ \t]+(?:-[neE]{1,3}[ \t]+|'%s(?:\\n)?'[ \t]+|"%s(?:\\n)?"[ \t]+)?(["']?)([^\s"'|]{1,256})\1[ \t]{0,16}\|[ \t]{0,16}(?=sudo[ \t]+(?:-[\w-]{1,32}[ \t]+){0,8}-[A-Za-z]{0,16}S|[^|\r\n]{0,256}--password-stdin|passwd[ \t]+--stdin|az[ \t]+devops[ \t]+login)/dg,
  /\bnet[ \t]+use\b[^\r\n]{0,256}?\/user:\S{1,64}[ \t]+()()([^\s/"'][^\s"']{0,255})/dg,
  /\bnet[ \t]+use[ \t]+(?:\w:[ \t]+)?\\\\\S{1,256}[ \t]+()()([^\s/"'][^\s"']{0,255})/dg,
  /\bvault[ \t]+login[ \t]+(?:-\S{1,64}[ \t]+){0,8}()()([A-Za-z0-9._-]{20,256})/dg,
  /\b(?:auth[ \t]*=[ \t]*[([]|HTTPBasicAuth\(|BasicAuth\(|HTTPDigestAuth\(|NetworkCredential(?:\]::new)?\()[ \t]*(["'])[^"'\r\n]{1,64}\1[ \t]*,[ \t]*(["'])([^"'\r\n]{1,256})\2/dg,
  /(?:\bjdbc:oracle:\w{1,16}:|\b(?:sqlplus|expdp|impdp|sqlldr|rman|dgmgrl)[ \t]+(?:-[\w-]{1,32}[ \t]+|(?:target|auxiliary|catalog)[ \t]*=?[ \t]*){0,4})[\w$#.-]{1,64}\/()()([^@\s/"']{1,256})@/dg,
  /\brabbitmqctl[ \t]+(?:-{1,2}[\w-]{1,32}(?:[ \t]+|=)[^\s-]\S{0,255}[ \t]+){0,4}(?:add_user|change_password)[ \t]+(?:"[^"\r\n]{1,256}"|'[^'\r\n]{1,256}'|[^\s"']{1,256})[ \t]+()(["']?)([^\s"']{1,256})\2/dg,
  /\bopenssl[ \t][^\r\n]{0,256}?(?<![\w-])-k[ \t]+()(["']?)([^\s"'-][^\s"']{0,255})\2/dg,
  /(?<![\w-])-pass(?:in|out)?[ \t]+()(["']?)pass:([^\s"']{1,256})\2/dg,
  /--[\w-]{0,32}pass[\w-]{0,32}(?:[ \t]+|=)<\([ \t]{0,16}(?:echo|printf)[ \t]+(?:-[neE]{1,3}[ \t]+|'%s(?:\\n)?'[ \t]+|"%s(?:\\n)?"[ \t]+)?()(["']?)([^\s"')]{1,256})\2[ \t]{0,16}\)/dg,
  /\bIDENTIFIED[ \t]+(?:WITH[ \t]+\w{1,64}[ \t]+)?BY[ \t]+()(['"])([^'"\r\n]{1,256})\2/dgi,
  // MySQL's `SET PASSWORD [FOR 'u'@'h'] = PASSWORD('PW')` (5.x) or `= 'PW'` (8) (audit 28 L3)
  /\bSET[ \t]+PASSWORD\b[^=;\r\n]{0,256}=[ \t]*(?:(?:OLD_)?PASSWORD\([ \t]*)?()(['"])([^'"\r\n]{1,256})\2/dgi,
  /\b(?:echo|printf)[ \t]+(?:-[neE]{1,3}[ \t]+)?(["']?)[\w.-]{1,64}:([^\s"':|]{1,256})\1[ \t]{0,16}\|[ \t]{0,16}(?:sudo[ \t]+)?chpasswd\b/dg,
  /\bnet[ \t]+user[ \t]+(?:"[^"\r\n]{1,64}"|[^\s"/]{1,64})[ \t]+()()([^\s/"'*][^\s"']{0,255})/dg,
  /\bopenssl[ \t]+passwd[ \t]+(?:-(?:salt[ \t]+\S{1,64}|[\w-]{1,16})[ \t]+){0,4}()(["']?)([^\s"'-][^\s"']{0,255})\2/dg,
  /\bmc[ \t]+alias[ \t]+set[ \t]+\S{1,64}[ \t]+\S{1,256}[ \t]+\S{1,256}[ \t]+()(["']?)([^\s"'-][^\s"']{0,255})\2/dg,
  // audit 26 L3: `schtasks /create ... /ru USER /rp PW`, Cisco's `crypto isakmp key PW address X`,
  // `wpa_passphrase SSID PW`, a router's or VPN's `Pre-shared key: PW`
  /\bschtasks(?:\.exe)?[ \t][^\r\n]{0,256}?[ \t][/-]rp[ \t]+()(["']?)([^\s"'/*][^\s"']{0,255})\2/dgi,
  /\bcrypto[ \t]+isakmp[ \t]+key[ \t]+(?:[0-7][ \t]+)?()()([^\s"']{1,256})/dg,
  /\bwpa_passphrase[ \t]+(?:"[^"\r\n]{1,64}"|'[^'\r\n]{1,64}'|[^\s"'<>|]{1,64})[ \t]+()(["']?)([^\s"'<>|][^\r\n"']{0,62}?)\2(?=[ \t]*(?:$|[\r\n|>;&]))/dgm,
  /\bpre-?shared[ \t_-]key[ \t]*[:=][ \t]*()(["']?)([^\s"']{1,256})\2/dgi,
  // audit 29 L2, L3: redis' `masterauth PW`, `sudo -S <<< "PW"`, `secret-tool store … <<< "PW"`,
  // `security add-generic-password … -w PW`, `drush user:password NAME "PW"`
  /(?:^|\n)[ \t]*masterauth[ \t]+()(["']?)([^\s"']{1,256})\2/dg,
  /\b(?:sudo[ \t]+(?:-[\w-]{1,32}[ \t]+){0,8}-[A-Za-z]{0,16}S\b[^\r\n<]{0,256}?|secret-tool[ \t]+store\b[^\r\n<]{0,256}?)<<<[ \t]*()(["']?)([^\s"']{1,256})\2/dg,
  /\bsecurity[ \t]+add-(?:generic|internet)-password\b[^\r\n]{0,256}?[ \t]-w[ \t]+()(["']?)([^\s"'-][^\s"']{0,255})\2/dg,
  /\bdrush[ \t]+(?:user:password|upwd)[ \t]+(?:"[^"\r\n]{1,64}"|'[^'\r\n]{1,64}'|\S{1,64})[ \t]+()(["']?)([^\s"']{1,256})\2/dg,
  /\baws[ \t]+configure[ \t]+get[ \t]+(?:[\w-]{1,64}\.){0,4}(?:aws_secret_access_key|aws_session_token)\b[^\r\n]{0,128}\r?\n()()([A-Za-z0-9/+=]{16,2048})(?=[ \t]*(?:\r?\n|$))/dg,
];

export function* positionalPasswords(s: string): Generator<readonly [number, number]> {
  yield* toolPasswords(s);
  if (!/[ \t/]/.test(s)) return; // every shape has a space or a slash: keys and ids go by
  for (const re of POSITIONAL) {
    re.lastIndex = 0;
    for (let m = re.exec(s); m !== null; m = re.exec(s)) {
      const group = m[3] !== undefined ? 3 : 2;
      const at = m.indices?.[group];
      if (at && valueTest('password', m[group] as string, false)) yield at;
    }
  }
}

/**
 * A CloudFormation parameter or an Elastic Beanstalk option in the CLI's shorthand:
 * `--parameters ParameterKey=DbPassword,ParameterValue=PW`, `OptionName=DB_PASSWORD,Value=PW`
 * (audit R21-8): the value is masked when the name names a secret (labels.ts), as in the JSON.
 */
const PARAMETER_PAIR =
  /(?<![\w-])(?:ParameterKey|OptionName)=\\?["']?([A-Za-z_][\w.:-]{0,127})\\?["']?,(?:Parameter)?Value=\\?["']?([^\s,"'\\]{1,1024})/dg;

export function* parameterPairs(s: string): Generator<readonly [number, number]> {
  if (!s.includes('=')) return;
  yield* groupSpans(PARAMETER_PAIR, s, 2, (v, m) => {
    const tier = labelTier(m[1] as string);
    return tier !== null && valueTest(tier, v, false);
  });
}
