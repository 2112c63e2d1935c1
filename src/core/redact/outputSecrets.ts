/**
 * Secrets in the output of tools and protocols, where no `name: value` labels them (audit lows,
 * rounds 21 and 24): an SMTP session's `AUTH PLAIN <base64>` and the password line after AUTH
 * LOGIN's `334 UGFzc3dvcmQ6` ("Password:"); password hashes as htpasswd, /etc/shadow and
 * libraries write them (crackable offline: `$apr1$`, `$2y$`, `$6$`, `$argon2id$`); Azure's
 * storage-account key listing as a table or TSV (`key1  Full  <88 base64>`); the token
 * `heroku auth:token` prints on a line of its own; lftp's and redis' passwords; an Azure
 * Functions key in its URL (`?code=`).
 */

import { groupSpans } from './matchSpans';
import { printedSecrets } from './printedSecrets';

/** Each: the secret is group 1. */
const PASSWORD_SHAPES = [
  // AUTH PLAIN with its credentials on the command (RFC 4616): base64 of \0user\0password
  /\bAUTH[ \t]+PLAIN[ \t]+([A-Za-z0-9+/]{8,1024}={0,2})(?=[ \t]*(?:\r?\n|$))/dg,
  // AUTH LOGIN: the server's "334 UGFzc3dvcmQ6" (base64 "Password:"), then the client's line
  /\b334[ \t]+UGFzc3dvcmQ6[ \t]*\r?\n(?:[ \t]*(?:C:|>|<|\[[^\]\r\n]{0,40}\])?[ \t]*)([A-Za-z0-9+/]{4,1024}={0,2})(?=[ \t]*(?:\r?\n|$))/dg,
  // crypt(3) MD5, SHA-256/512 (optional rounds), Apache's apr1: $id$salt$hash
  /\$(?:apr1|1|5|6)\$(?:rounds=\d{1,9}\$)?[./A-Za-z0-9]{1,16}\$([./A-Za-z0-9]{22,86})/dg,
  // bcrypt: $2a$10$ + 53 characters of salt and hash
  /\$2[abxy]?\$\d{2}\$([./A-Za-z0-9]{53})/dg,
  // lftp's `-u user,password`; redis-cli's and the redis prompt's `AUTH [user] password` (audit R25-L3)
  /\blftp\b[^\r\n]{0,256}?(?<![\w-])-u[ \t]+[^\s,]{1,64},([^\s"',$<%][^\s"',]{0,255})/dg,
  /(?:\bredis-cli\b[^\r\n]{0,256}?|(?:^|\n)[\w.:-]{0,64}>[ \t]*)\bAUTH[ \t]+(?:[\w.-]{1,64}[ \t]+)?([^\s"'$<%][^\s"']{5,255})(?=[ \t]*(?:\r?\n|$))/dg,
  // Argon2's PHC string
  /\$argon2(?:id|i|d)\$v=\d{1,3}\$m=\d{1,9},t=\d{1,9},p=\d{1,9}\$([A-Za-z0-9+/]{8,128}\$[A-Za-z0-9+/]{16,256})/dg,
];

/** `az storage account keys list -o table|tsv`: key1/key2, the permission, the key (64 bytes in base64). */
const AZURE_KEY_ROW = /\bkey[12][ \t]+(?:full|read)[ \t]+([A-Za-z0-9+/]{86}==)/dgi;

/** An Azure Functions key in a function's URL: `https://app.azurewebsites.net/api/fn?code=KEY`. */
const FUNCTION_KEY =
  /\.azurewebsites\.net\/[^\s"'?#]{0,512}\?(?:[^\s"'#]{0,1024}?&)?code=([A-Za-z0-9_%=-]{20,512})/dg;

export function* azureFunctionKeys(s: string): Generator<readonly [number, number]> {
  if (s.includes('azurewebsites.net')) yield* groupSpans(FUNCTION_KEY, s, 1);
}

/** The token `heroku auth:token` prints (a UUID, or a HRKU- token), after any warning lines. */
const HEROKU_TOKEN =
  /\bheroku[ \t]+auth:token\b[^\r\n]{0,256}\r?\n(?:[ \t]*(?:›|!|▸|Warning)[^\r\n]{0,512}\r?\n){0,4}[ \t]*([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|HRKU-[A-Za-z0-9_-]{20,})(?=[ \t]*(?:\r?\n|$))/dgi;

/**
 * Credentials servers print once when they create them (audit 29 N7): MySQL's "A temporary password
 * is generated for root@localhost: PW", Elasticsearch's elastic password on first start and from
 * `elasticsearch-reset-password` ("New value: PW") and `setup-passwords` ("PASSWORD elastic = PW"),
 * Vault's "Unseal Key 1: K" and "Recovery Key 1: K", Jenkins' setup banner, and an Azure storage
 * key set as a Hadoop/Spark property (`fs.azure.account.key.ACCT…`, audit 29 N8).
 */
const PRINTED_SHAPES = [
  /\btemporary password is generated for [^\s:]{1,128}:[ \t]*(\S{1,256})/dg,
  /\bPassword for the (?:\[?elastic\]?|[\w-]{1,64}) user[^\r\n]{0,256}:[ \t]*\r?\n[ \t]*(\S{4,256})(?=[ \t]*(?:\r?\n|$))/dg,
  /\bsuccessfully reset\.?[ \t]*\r?\n[ \t]*New value:[ \t]*(\S{4,256})/dg,
  /\bPASSWORD[ \t]+[\w-]{1,64}[ \t]+=[ \t]+(\S{4,256})/dg,
  // redis-cli's `CONFIG GET requirepass`: `1) "requirepass"` then `2) "PW"` (audit 39 L2)
  /\b1\) "(?:requirepass|masterauth)"\r?\n2\) "([^"\r\n]{1,256})"/dg,
  // (the dev server's "Unseal Key: K" has no number; `vault operator unseal K` types one: audit 38 L4)
  /\b(?:Unseal|Recovery) Key(?: \d{1,2})?:[ \t]*([A-Za-z0-9+/=]{20,256})/dg,
  /\bvault[ \t]+operator[ \t]+unseal(?:[ \t]+-[\w-]{1,32}(?:=\S{1,256})?){0,4}[ \t]+([A-Za-z0-9+/=]{20,256})/dg,
  /following password to proceed to installation:[ \t]*(?:\r?\n[ \t]*){1,3}([0-9a-f]{32})\b/dg,
  /\bfs\.azure\.account\.key\.[\w.-]{1,253}["']?[ \t]*[,=:][ \t]*["']?([A-Za-z0-9+/]{86}==)/dg,
  // a password prompt with what was typed after it (an echoing terminal, an expect script)
  /\b(?:enter|confirm|retype|repeat)[ \t]+(?:new[ \t]+)?(?:password|passphrase)(?:[ \t]+for[ \t][^\r\n:]{0,64})?:[ \t]*([^\s"']{6,256})(?=[ \t]*(?:\r?\n|$))/dgi,
  // a provider's error quoting the key it refused (OpenAI's "Incorrect API key provided: K.")
  /\b(?:api[ _-]?key|token|secret)[ \t]+(?:provided|supplied)[ \t]*:[ \t]*["'`]?([A-Za-z0-9_.~+/=-]{12,256}?)["'`]?(?=[.,;)]?(?:\s|$))/dgi,
];
const PRINTED =
  /password|passphrase|provided|supplied|new value|unseal|recovery key|installation:|fs\.azure|requirepass|masterauth/i;

/**
 * A Google app password as Google shows it, four groups of four lowercase letters, after a
 * password's name and `:` `=` or `is`, ending its line (`SMTP_PASS=qwer tyui opas dfgh`,
 * `password: …` in Spring's application.yml, "my app password is …": audit 33 N2). Spaces make it
 * prose to labels.ts; this shape is Gmail SMTP's in every framework's setup guide.
 */
const APP_PASSWORD =
  /(?:pass|PASS|Pass|pwd|PWD)[^\r\n]{0,40}?(?:[:=]|\bis:?)[ \t]*["']?([a-z]{4} [a-z]{4} [a-z]{4} [a-z]{4})["']?(?=[ \t]*(?:\r?\n|\\[nr]|$))/dg;

/** `vault operator init -format=json`'s key lists: each key in `"unseal_keys_b64": [...]` (audit 38 L4). */
const KEY_LIST = /"(?:unseal|recovery)_keys_(?:b64|hex)"\s{0,16}:\s{0,16}\[([^\]]{0,8192})\]/dg;
const LISTED_KEY = /"([A-Za-z0-9+/=]{20,256})"/g;

export function* outputPasswords(s: string): Generator<readonly [number, number]> {
  if (PRINTED.test(s)) for (const re of PRINTED_SHAPES) yield* groupSpans(re, s, 1);
  if (s.includes('_keys_')) {
    KEY_LIST.lastIndex = 0;
    for (let m = KEY_LIST.exec(s); m !== null; m = KEY_LIST.exec(s)) {
      const from = m.indices?.[1]?.[0] ?? 0;
      for (const k of (m[1] as string).matchAll(LISTED_KEY))
        yield [from + k.index + 1, from + k.index + k[0].length - 1];
    }
  }
  if (/pass|pwd/i.test(s)) yield* groupSpans(APP_PASSWORD, s, 1);
  if (!s.includes('$') && !s.includes('AUTH') && !s.includes('334') && !s.includes('lftp')) return;
  for (const re of PASSWORD_SHAPES) yield* groupSpans(re, s, 1);
}

export function* azureKeyRows(s: string): Generator<readonly [number, number]> {
  if (/key[12]/i.test(s)) yield* groupSpans(AZURE_KEY_ROW, s, 1);
}

export function* herokuTokens(s: string): Generator<readonly [number, number]> {
  yield* printedSecrets(s); // what other commands print (printedSecrets.ts)
  if (/auth:token/i.test(s)) yield* groupSpans(HEROKU_TOKEN, s, 1);
}
