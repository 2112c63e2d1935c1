/**
 * Passwords and keys the usual connection calls and setters take as plain arguments (audit 33 N3):
 * `DriverManager.getConnection(url, "root", PW)`, PHP's `mysqli_connect(host, user, PW, db)`, `new
 * mysqli(…)`, `new PDO(dsn, user, PW)`, `new Sequelize(db, user, PW, …)`, `MySQLdb.connect(host,
 * user, PW)`, `cx_Oracle.connect(user, PW, dsn)`, `pika.PlainCredentials(user, PW)`, Go's
 * `req.SetBasicAuth(user, PW)` and `ssh.Password(PW)`, `UsernamePasswordCredentials(user, PW)`,
 * `ClientSecretCredential(tenant, client, SECRET)`, `credentials.NewStaticV4(id, SECRET, "")` (and
 * `NewStaticCredentials`), express's `cookieParser(SECRET)`, a
 * redis `auth(PW)`, `btoa("user:PW")`; setters and builders named for the secret: `setPassword(PW)`,
 * `setApiKey(K)`, `withPassword(PW)`, `.password(PW)`; audit 35 N6: OkHttp's `Credentials.basic(u, PW)`,
 * Go's `smtp.PlainAuth("", u, PW, host)`, `basic_auth=(u, PW)`/`http_auth=` (Elasticsearch,
 * OpenSearch), neo4j's `auth.basic`, `CURLOPT_USERPWD`, .NET's `AuthenticationHeaderValue("Bearer",
 * T)`, LDAP's `bind_s(dn, PW)`, `ldap3.Connection(server, dn, PW)`, PHP's `PDO->__construct(…)` in
 * a stack trace, Spring's `setBasicAuth`; OpenWeatherMap's `appid=` (N5). The API says which argument is the secret:
 * only a string literal there is masked, as the same value after its label would be.
 */
import { valueTest, type LabelTier } from './labels';
import { groupSpans } from './matchSpans';

/** An argument before the secret: a string literal or a plain expression (`url`, `cfg.user`, `$host`). */
const ARG = String.raw`(?:"[^"\r\n]{0,512}"|'[^'\r\n]{0,512}'|[\w.$>-]{1,64}(?:\[[^\]\r\n]{0,64}\])?)`;
const SEP = String.raw`[ \t]*,[ \t]*`;
/** The secret: a string literal, its quote in group 1, its text in group 2. */
const LITERAL = String.raw`(["'])([^"'\r\n]{1,256})\1`;

const THIRD = String.raw`(?:\bsmtp\.PlainAuth|\b(?:PDO|mysqli)->__construct|\bldap3\.Connection|\bDriverManager\.getConnection|\bmysqli_connect|\bmysqli_real_connect|\bnew[ \t]+(?:mysqli|PDO|Sequelize)|\b(?:MySQLdb|pymysql|mysql\.connector|psycopg2|pyodbc)\.connect|\bClientSecretCredential)`;
const SECOND = String.raw`(?:\bCredentials\.basic|\bauth\.basic|\bBasicAuthenticationInterceptor|\.[Ss]etBasicAuth|\bAuthenticationHeaderValue|\.(?:simple_bind(?:_s)?|bind_s)|\b(?:basic|http)_auth[ \t]*=[ \t]*|\b(?:cx_Oracle|oracledb)\.connect|\bPlainCredentials|\.SetBasicAuth|\bUsernamePasswordCredentials|\bNewStatic(?:V4|Credentials)|\bbasic_auth|\bauth_plain|\.Login|(?:\.|->)auth|\bBasicAWSCredentials|\bAwsBasicCredentials\.create|\bPasswordAuthentication)`;
const SETTER = String.raw`(?:\.|->)(?:set|with)(?:Password|Passwd|Pwd|ApiKey|APIKey|AccessToken|AuthToken|Token|Secret|ClientSecret|SecretKey|SecretAccessKey|PrivateKey|Passphrase)`;
const BUILDER = String.raw`\.(?:password|passwd|apiKey|secret|clientSecret|accessToken|secretKey|passphrase)`;

const CALLS: readonly (readonly [RegExp, LabelTier])[] = [
  [new RegExp(String.raw`${THIRD}\([ \t]*${ARG}${SEP}${ARG}${SEP}${LITERAL}`, 'dg'), 'password'],
  [new RegExp(String.raw`${SECOND}\([ \t]*${ARG}${SEP}${LITERAL}`, 'dg'), 'password'],
  // Go's ssh.Password(PW), a redis client's auth(PW) with the password alone
  [
    new RegExp(
      String.raw`(?:\bssh\.Password|(?:\.|->)auth|\bcookieParser|\.bearer_auth)\([ \t]*${LITERAL}[ \t]*\)`,
      'dg',
    ),
    'password',
  ],
  [new RegExp(String.raw`${SETTER}\([ \t]*${LITERAL}`, 'dg'), 'credential'],
  // PHP curl's `CURLOPT_USERPWD, "user:PW"`; Rust's `.basic_auth("user", Some("PW"))`
  [/\bCURLOPT_USERPWD[ \t]*,[ \t]*(["'])[^"':\r\n]{1,64}:([^"'\r\n]{1,256})\1/dg, 'password'],
  [new RegExp(String.raw`\.basic_auth\([ \t]*${ARG}${SEP}Some\([ \t]*${LITERAL}`, 'dg'), 'password'],

  [new RegExp(String.raw`${BUILDER}\([ \t]*${LITERAL}[ \t]*\)`, 'dg'), 'credential'],
  // a Basic header built in code: btoa("user:PW"), Buffer.from("user:PW"), b64encode(b"user:PW")
  [
    /\b(?:btoa|b64encode|Buffer\.from|encodeToString|GetBytes)\([ \t]*b?(["'])[^"':\r\n]{1,64}:([^"'\r\n]{1,256})\1/dg,
    'password',
  ],
];

/** A key in an API's query parameter named for the app (OpenWeatherMap's `appid=`, HubSpot's `hapikey=`). */
const APP_KEYS = [
  /[?&;](?:appid|APPID|hapikey)=()([A-Za-z0-9_-]{16,128})(?![A-Za-z0-9_-])/dg,
  /["'](?:appid|hapikey)["'][ \t]*:[ \t]*(["'])([A-Za-z0-9_-]{16,128})\1/dg,
];

export function* connectionSecrets(s: string): Generator<readonly [number, number]> {
  if (/appid|hapikey/i.test(s))
    for (const re of APP_KEYS) yield* groupSpans(re, s, 2, (v) => valueTest('credential', v, false));
  if (!s.includes('(')) return;
  for (const [re, tier] of CALLS) yield* groupSpans(re, s, 2, (v) => valueTest(tier, v, /\s/.test(v)));
}
