/**
 * Credentials passed as command-line options (rules.ts), which have no `=` or `:` after a label:
 * `curl -u user:password` / `-uuser:password` / `-su user:password` (short options clustered) /
 * `-U` / `--user=` / `--proxy-user` (the part after the first colon), and the password option of
 * the commands that take one as `-p` (`mysql -pPASSWORD`, `mysql -p"PASSWORD"`, `docker login -p
 * PASSWORD`, `sshpass -p PASSWORD`). `-p` is a port, a parent folder or a publish flag in most
 * other commands (`ssh -p 2222`, `mkdir -p`, `docker run -p 80:80`), so it counts only after one
 * of those commands on the same line.
 */
import { valueTest } from './labels';

/**
 * `-u`/`-U` (curl's proxy user) with its value after a space, an `=` or glued on; a cluster of
 * short options ending in one (`-su`, `-ksSU`) with its value after a space; `--user`,
 * `--proxy-user`; then `user:password` (a user and a group alike are kept: `-u app:app`, `-u 1000:1000`).
 */
const USER_OPTION =
  /(?<![\w-])(?:-[uU](?:[ \t]+|=)?|-[A-Za-z]{1,8}[uU][ \t]+|--(?:proxy-)?user(?:[ \t]+|=))\\?["']?([^\s:"'\\-][^\s:"'\\]{0,63}):([^\s"'\\]{1,256})/dg;

export function* userPasswords(s: string): Generator<readonly [number, number]> {
  USER_OPTION.lastIndex = 0;
  for (let m = USER_OPTION.exec(s); m !== null; m = USER_OPTION.exec(s)) {
    const [user, password] = [m[1] as string, m[2] as string];
    const at = m.indices?.[2];
    if (!at || password === user || /^\d+$/.test(password) || !valueTest('password', password, false))
      continue;
    yield at;
  }
}

/**
 * Commands that take a password as a short option, and which: MySQL's `-p` (attached only: its `-p
 * name` is a database), `-p` of `login`, sshpass and mongo; redis-cli's `-a`; sqlcmd's, bcp's and
 * ipmitool's `-P`; the OpenLDAP tools' `-w`.
 */
const PASSWORD_COMMAND =
  /\b(?:(mysql\w*|mariadb\w*)|(login|sshpass|mongo(?:sh|dump|restore|import|export)?)|(redis-cli)|(sqlcmd|bcp|ipmitool)|(ldap(?:search|add|modify|delete|modrdn|passwd|whoami|compare|exop|url)))\b/g;
const OPTION_LETTER = [undefined, 'p', 'p', 'a', 'P', 'w'] as const;
/** `-xPASSWORD` or `-x"PASS WORD"` (group 1 or 3: attached) or `-x PASSWORD` (group 4), for each letter x. */
const OPTIONS = new Map(
  ['p', 'a', 'P', 'w'].map((x) => [
    x,
    new RegExp(
      String.raw`(?<![\w-])-${x}(?:([^\s"'\\-][^\s"'\\]*)|\\?(?<q>["'])([^"'\r\n\\]{1,256})\\?\k<q>|[ \t]+\\?["']?([^\s"'\\-][^\s"'\\]*))`,
      'dg',
    ),
  ]),
);
/** How far along its line a command's options are looked for. */
const WINDOW = 512;

export function* passwordOptions(s: string): Generator<readonly [number, number]> {
  PASSWORD_COMMAND.lastIndex = 0;
  for (let c = PASSWORD_COMMAND.exec(s); c !== null; c = PASSWORD_COMMAND.exec(s)) {
    const attachedOnly = c[1] !== undefined;
    const option = OPTIONS.get(
      OPTION_LETTER[c.findIndex((g, i) => i > 0 && g !== undefined)] ?? 'p',
    ) as RegExp;
    let end = Math.min(s.length, c.index + c[0].length + WINDOW);
    const newline = s.slice(c.index, end).search(/\r|\n|\\n/);
    if (newline !== -1) end = c.index + newline;
    const window = s.slice(0, end);
    option.lastIndex = c.index + c[0].length;
    for (let m = option.exec(window); m !== null; m = option.exec(window)) {
      const at = m.indices?.[1] ?? m.indices?.[3] ?? (attachedOnly ? undefined : m.indices?.[4]);
      const value = m[1] ?? m[3] ?? m[4] ?? '';
      if (at && valueTest('password', value, false)) yield at;
    }
    PASSWORD_COMMAND.lastIndex = Math.max(end, PASSWORD_COMMAND.lastIndex);
  }
}

/** Samba's `-U user%password` / `--user=user%password` (`%40`-like escapes are a URL's, not this). */
const SAMBA_USER =
  /(?<![\w-])(?:-U|--user(?:name)?)(?:[ \t]+|=)?\\?["']?[^\s%"'\\-][^\s%"'\\]{0,63}%(?![0-9A-Fa-f]{2})([^\s"'\\]{1,256})/dg;

export function* sambaPasswords(s: string): Generator<readonly [number, number]> {
  SAMBA_USER.lastIndex = 0;
  for (let m = SAMBA_USER.exec(s); m !== null; m = SAMBA_USER.exec(s)) {
    const at = m.indices?.[1];
    if (at && valueTest('password', m[1] as string, false)) yield at;
  }
}
