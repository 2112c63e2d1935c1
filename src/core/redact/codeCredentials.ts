/**
 * Credentials passed by position in code, where no name labels them (audit R24-5, rated low):
 * the password of `server.login(user, "pw")` (smtplib, imaplib, ftplib), of Python requests'
 * `auth=("user", "pw")` and `HTTPBasicAuth("user", "pw")`, of `FTP(host, user, "pw")`; and
 * the key a client is built with, `cohere.Client("key")`, `SomeClient('key')`. Only a string
 * literal is masked (a variable names no secret); a client's argument only when it is a random
 * run of 20 or more, both cases and digits (`Client("us-east-1-production")` is a region, not a key).
 */
import { looksRandom, valueTest } from './labels';
import { goDsnPasswords } from './dsnPasswords';
import { connectionSecrets } from './connectionCalls';
import { groupSpans } from './matchSpans';
import { wandbKeys } from './typedSecrets';

export { typedSecrets } from './typedSecrets';

/** A first argument: a string literal or a plain expression (`user`, `cfg.user`, `creds["u"]`). */
const ARG = String.raw`(?:"[^"\r\n]{0,256}"|'[^'\r\n]{0,256}'|[\w.$]{1,64}(?:\[[^\]\r\n]{0,64}\])?)`;
const SEP = String.raw`[ \t]*,[ \t]*`;
/** The password: a string literal, its quote in group 1, its text in group 2. */
const LITERAL = String.raw`(["'])([^"'\r\n]{1,256})\1`;

const PASSWORD_CALLS = [
  // smtp.login(user, "pw"), imap.login(...), ftp.login(...)
  new RegExp(String.raw`\.login\([ \t]*${ARG}${SEP}${LITERAL}[ \t]*\)`, 'dg'),
  // requests' auth=("user", "pw"), aiohttp/httpx BasicAuth("user", "pw")
  new RegExp(
    String.raw`(?:\bauth[ \t]*=[ \t]*\(|\b(?:HTTPBasicAuth|HTTPDigestAuth|BasicAuth)\()[ \t]*${ARG}${SEP}${LITERAL}`,
    'dg',
  ),
  // Ruby's Net::SMTP.start(host, port, helo, user, "pw", :plain) (audit 36 L2)
  new RegExp(
    String.raw`\bNet::SMTP\.start\([ \t]*${ARG}${SEP}${ARG}${SEP}${ARG}${SEP}${ARG}${SEP}${LITERAL}`,
    'dg',
  ),
  // ftplib.FTP(host, user, "pw")
  new RegExp(String.raw`\bFTP(?:_TLS)?\([ \t]*${ARG}${SEP}${ARG}${SEP}${LITERAL}`, 'dg'),
];

// PHP's static factory too: openai-php's `OpenAI::client('KEY')` (audit 36 L1)
const CLIENT_KEY =
  /(?:\b\w{0,40}(?:Client|AuthApiKey)|\b\w{1,40}::client)\([ \t]*(["'])([A-Za-z0-9_-]{16,256})\1[ \t]*[,)]/dg;
const MIXED = (v: string) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v);

export function* codePasswords(s: string): Generator<readonly [number, number]> {
  yield* goDsnPasswords(s); // `user:pw@tcp(host)/db` (dsnPasswords.ts)
  yield* connectionSecrets(s); // `getConnection(url, user, PW)`, `setPassword(PW)`, `appid=` (connectionCalls.ts)
  if (!s.includes('(')) return;
  for (const re of PASSWORD_CALLS) yield* groupSpans(re, s, 2, (v) => valueTest('password', v, false));
}

/** A client's key: `SomeClient("key")`, and W&B's logins (typedSecrets.ts). */
export function* clientKeys(s: string): Generator<readonly [number, number]> {
  yield* wandbKeys(s);
  if (!s.includes('Client(') && !s.includes('ApiKey(') && !s.includes('::client(')) return;
  yield* groupSpans(CLIENT_KEY, s, 2, (v) => MIXED(v) && looksRandom(v));
}
