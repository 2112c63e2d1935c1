/**
 * The password of go-sql-driver/mysql's DSN, `user:password@tcp(host:3306)/db` (also `@unix(…)/`,
 * `@/db`): the only form that driver takes, and GORM's MySQL quick start; no scheme, so the URL
 * rule (`scheme://user:pw@host`) never sees it (audit 28 N3). codeCredentials.ts yields it.
 */
import { valueTest } from './labels';
import { groupSpans } from './matchSpans';

const GO_DSN =
  /(?<![\w.-])[\w.-]{1,64}:([^\s"'`@:/\\]{1,256})@(?:(?:tcp6?|udp|unix)\([^()\s"'`]{0,256}\))?\/(?=[\w.-]{0,64}(?:[?\s"'`,;)\\]|$))/dg;

export function* goDsnPasswords(s: string): Generator<readonly [number, number]> {
  if (s.includes('@')) yield* groupSpans(GO_DSN, s, 1, (v) => valueTest('password', v, false));
}
