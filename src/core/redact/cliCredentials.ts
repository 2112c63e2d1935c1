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

/** Commands whose `-p` is a password: attached only for the MySQL family (its `-p name` is a database). */
const PASSWORD_COMMAND =
  /\b(?:(mysql\w*|mariadb\w*)|login|sshpass|mongo(?:sh|dump|restore|import|export)?)\b/g;
/** `-pPASSWORD` or `-p"PASS WORD"` (group 1: attached) or `-p PASSWORD` (group 2). */
const P_OPTION =
  /(?<![\w-])-p(?:([^\s"'\\-][^\s"'\\]*)|\\?(?<q>["'])([^"'\r\n\\]{1,256})\\?\k<q>|[ \t]+\\?["']?([^\s"'\\-][^\s"'\\]*))/dg;
/** How far along its line a command's options are looked for. */
const WINDOW = 512;

export function* passwordOptions(s: string): Generator<readonly [number, number]> {
  PASSWORD_COMMAND.lastIndex = 0;
  for (let c = PASSWORD_COMMAND.exec(s); c !== null; c = PASSWORD_COMMAND.exec(s)) {
    const attachedOnly = c[1] !== undefined;
    let end = Math.min(s.length, c.index + c[0].length + WINDOW);
    const newline = s.slice(c.index, end).search(/\r|\n|\\n/);
    if (newline !== -1) end = c.index + newline;
    const window = s.slice(0, end);
    P_OPTION.lastIndex = c.index + c[0].length;
    for (let m = P_OPTION.exec(window); m !== null; m = P_OPTION.exec(window)) {
      const at = m.indices?.[1] ?? m.indices?.[3] ?? (attachedOnly ? undefined : m.indices?.[4]);
      const value = m[1] ?? m[3] ?? m[4] ?? '';
      if (at && valueTest('password', value, false)) yield at;
    }
    PASSWORD_COMMAND.lastIndex = Math.max(end, PASSWORD_COMMAND.lastIndex);
  }
}
