/**
 * Basic credentials with one side empty (audit26 N6): `curl -u :PAT` / `--user ':PAT'` / HTTPie's
 * `-a :PAT` and `echo -n :PAT | base64` (Azure DevOps' documented forms: its PAT has no prefix),
 * `curl -u KEY:` and `KEY:X` (Chargebee, Freshdesk, Recurly, Freshservice, Teamwork: the key is the
 * user, the password empty or a dummy `X`). The
 * `user:password` rule (cliCredentials.ts) needs both sides; here the side that is there is the
 * credential. A bare name is kept (`-u :docker` is a group, `-u root:` a user), by labels.ts's test.
 */
import { looksRandom } from './labels';

/** curl's options as in cliCredentials.ts's USER_OPTION, then `:VALUE` or `VALUE:` before the value's end. */
const OPTION = String.raw`(?<![\w-])(?:-[uU](?:[ \t]+|=)?|-[A-Za-z]{1,8}[uU][ \t]+|--(?:(?:proxy-)?user|auth)(?:[ \t]+|=))`;
const EMPTY_SIDE = String.raw`\\?["']?(?::([^\s:"'\\]{1,256})|([^\s:"'\\-][^\s:"'\\]{0,255}):[Xx]?(?=[\s"'\\]|$))`;
const USER_OPTION = new RegExp(OPTION + EMPTY_SIDE, 'dg');
/** HTTPie's and xh's `-a :PAT` (`-a` counts only after the command on the same line). */
const HTTPIE =
  /(?<![\w./:-])(?:https?|xhs?)[ \t][^\r\n]{0,256}?(?<![\w-])-a(?:[ \t]+|=)?\\?["']?:([^\s:"'\\]{1,256})/dg;
/** `echo -n :PAT | base64`: the header value of Basic auth built by hand. */
const ECHO_BASE64 =
  /\b(?:echo|printf)[ \t]+(?:-[neE]{1,3}[ \t]+)?\\?["']?:([^\s:"'\\|]{1,256})\\?["']?[ \t]*\|[ \t]*base64\b/dg;

export function* emptyUserCredentials(s: string): Generator<readonly [number, number]> {
  if (!s.includes(':')) return;
  for (const re of [USER_OPTION, HTTPIE, ECHO_BASE64]) {
    re.lastIndex = 0;
    for (let m = re.exec(s); m !== null; m = re.exec(s)) {
      const group = m[1] !== undefined ? 1 : 2;
      const at = m.indices?.[group];
      const value = m[group] as string;
      if (at && looksRandom(value)) yield at;
    }
  }
}
