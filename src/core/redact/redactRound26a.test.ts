/**
 * Audit 26's redaction misses N1, N5, N6, N7, closed: a URL's password before a host followed by
 * `:` (Go's `@db:5432: connection refused`), `...` or CJK punctuation; the lowercase
 * `x-rapidapi-key` header (curl, code, a JSON headers object); Basic credentials with an empty
 * user or password (`curl -u :PAT`, `-u KEY:`, `http -a :PAT`, `echo -n :PAT | base64`); the Chinese
 * labels 密码, 口令, 令牌, 密钥, 秘钥. Near misses stay: a port, a path's `@`, a host that goes on,
 * a header naming no secret, a user or group alone, prose that mentions the Chinese words.
 */
import { describe, expect, it } from 'vitest';
import { redactLogText } from './redactLog';
import { keepsAll, shape, survivors, toolResultLog } from './testing';

const HEADER = '{"type":"session","version":0,"id":"round26a","createdAt":0}';
const RAPID = 'msh6f7a8b9c0d1e2f3p1a2b3cjsn4d5e6f7a8b9c';

/** Each case's own secret, and the text it sits in. */
const CASES: Record<string, readonly [string, (v: string) => string]> = {
  // N1
  goError: ['Wa1Bb2Cc3Dd', (v) => `dial postgres://app:${v}@localhost:5432: connection refused`],
  hostColon: ['Wa2Bb2Cc3Dd', (v) => `error connecting to redis://:${v}@redis_cache: timeout`],
  amqpColon: ['Wa3Bb2Cc3Dd', (v) => `amqp://guest:${v}@rabbitmq: Connection reset`],
  ellipsis: ['Wa5Bb2Cc3Dd', (v) => `Connecting to mongodb://admin:${v}@mongo:27017...`],
  cjkStop: ['Va1Bb2Cc3Dd', (v) => `连接 postgres://app:${v}@localhost:5432。`],
  cjkComma: ['Va2Bb2Cc3Dd', (v) => `请使用 mysql://root:${v}@127.0.0.1，然后重试`],
  cjkQuote: ['Va7Bb2Cc3Dd', (v) => `「mysql://root:${v}@db」`],
  wideColon: ['Va3Bb2Cc3Dd', (v) => `redis://:${v}@localhost：6379`],
  bang: ['Ub1Bb2Cc3Dd', (v) => `ftp://user:${v}@ftp_host!`],
  ellipsisChar: ['Ub5Bb2Cc3Dd', (v) => `postgres://app:${v}@db_host…`],
  ampersands: ['Ua3Bb2Cc3Dd', (v) => `use postgres://app:${v}@db_host&&echo ok`],
  atInPassword: ['Ua4B@b2Cc3Dd', (v) => `postgres://app:${v}@db_host: refused`],
  // N5
  rapidCurl: [
    `1a2b3c4d5e${RAPID}`,
    (v) => `curl --header 'x-rapidapi-host: weatherapi-com.p.rapidapi.com' --header 'x-rapidapi-key: ${v}'`,
  ],
  rapidCode: [
    `2a2b3c4d5e${RAPID}`,
    (v) => `headers: {'x-rapidapi-key': '${v}', 'x-rapidapi-host': 'x.p.rapidapi.com'}`,
  ],
  rapidJson: [`3a2b3c4d5e${RAPID}`, (v) => `{"headers": {"x-rapidapi-key": "${v}"}}`],
  rapidCased: ['6b2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d', (v) => `-H 'X-Rapidapi-Key: ${v}'`],
  listenApi: ['5b2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d', (v) => `-H 'x-listenapi-key: ${v}'`],
  mashape: [`5f1a2b3c4d${RAPID}`, (v) => `curl -H 'X-Mashape-Key: ${v}'`],
  // N6
  emptyUser: ['Xa2Ww2Xx9Yy8Zz', (v) => `curl -u :${v} https://dev.azure.com/org/_apis/projects`],
  emptyUserQuoted: [
    'x7kq2m4nbv3c5z6l8p9w0r1t2y3u4i5o6a7s8d9f0g1h2j3k4lmz',
    (v) => `curl -s -u ":${v}" https://dev.azure.com/org/_apis/projects?api-version=7.0`,
  ],
  emptyUserLong: ['Xa4Ww2Xx9Yy8Zz', (v) => `curl --user ':${v}' https://x`],
  emptyPassword: ['Xa6Ww2Xx9Yy8ZzQq', (v) => `curl https://acme.chargebee.com/api/v2/customers -u ${v}: `],
  emptyPasswordEnd: ['Xa7Ww2Xx9Yy8ZzQq', (v) => `curl https://x.freshdesk.com/api/v2/tickets --user ${v}:`],
  httpie: ['Ya6Ww2Xx9Yy8Zz', (v) => `http -a :${v} GET https://dev.azure.com/o/_apis/projects`],
  echoBase64: [
    'Ya4Ww2Xx9Yy8Zz',
    (v) =>
      `git -c http.extraHeader="Authorization: Basic $(echo -n :${v} | base64)" clone https://dev.azure.com/o/p/_git/r`,
  ],
  // N7
  dbPassword: ['Za1Ww2Xx9Yy8', (v) => `数据库密码：${v}`],
  password: ['Za2Ww2Xx9Yy8', (v) => `密码: ${v}`],
  passwordIs: ['Za6Ww2Xx9Yy8', (v) => `密码是 ${v}，请妥善保管`],
  passwordJson: ['Za4Ww2Xx9Yy8', (v) => `{"密码": "${v}"}`],
  token: ['Za5Ww2Xx9Yy8Qq7Rr6Ss5Tt4', (v) => `令牌: ${v}`],
  passphrase: ['Za7Ww2Xx9Yy8', (v) => `口令=${v}`],
  secretKey: ['Zb1Ww2Xx9Yy8Qq7Rr6', (v) => `API 密钥：「${v}」`],
  secretKeyAlt: ['Zb2Ww2Xx9Yy8Qq7Rr6', (v) => `{"秘钥":"${v}"}`],
};

const KEPT = [
  // N1: no password (a port, a path's `@`), a host that goes on (`:` then a port's digits)
  'http://localhost:8080/path@v2_release: done',
  'see https://host:8443/a@b_c: ok, https://user@my_host:5432/db。',
  // N5: headers that name no secret, or a value that is no key
  "-H 'x-cache-key: users' -H 'x-idempotency-key: retry' -H 'x-api-key: required'",
  "-H 'X-Idempotency-Key: 3f2a9c1e-7b4d-4e8a-9f0b-1c2d3e4f5a6b' -H 'x-cache-key: v2abc123def456'",
  // N6: a user or a group alone, a port
  'docker run -u :docker img; docker exec -u root: ctr; curl -u :1000 x; sudo -u admin: ls',
  'echo -n :ok | base64',
  // N7: prose that mentions the words
  '密码：请联系管理员获取',
  '密码是必填项，令牌已过期，请重新生成密钥。',
  '请输入密码: ******',
  '令牌: expired',
  '{"密码": ""}',
];

const values = Object.values(CASES).map(([v]) => v);

describe('audit 26 redaction misses (N1, N5, N6, N7)', () => {
  it.each(Object.entries(CASES))('masks %s', (_, [secret, text]) => {
    const log = toolResultLog(HEADER, [text(secret)]);
    expect(survivors(log, [secret])).toEqual([secret]);
    expect(survivors(redactLogText(log).text, [secret])).toEqual([]);
  });

  it('the copy of them all loads as the same events', () => {
    const log = toolResultLog(
      HEADER,
      Object.values(CASES).map(([v, text]) => text(v)),
    );
    const r = redactLogText(log);
    expect(survivors(r.text, values)).toEqual([]);
    expect(shape(r.text)).toEqual(shape(log));
  });

  it('masks the value of a field named by a Chinese label in a JSON output', () => {
    const log = toolResultLog(HEADER, [
      { 数据库密码: 'Zc1Ww2Xx9Yy8', 访问令牌: 'Zc2Ww2Xx9Yy8Qq7Rr6', 备注: '密码已更新' },
    ]);
    const r = redactLogText(log).text;
    expect(survivors(r, ['Zc1Ww2Xx9Yy8', 'Zc2Ww2Xx9Yy8Qq7Rr6'])).toEqual([]);
    expect(r).toContain('密码已更新');
  });

  it.each(KEPT)('keeps %j', (text) => {
    keepsAll(HEADER, [text]);
  });
});
