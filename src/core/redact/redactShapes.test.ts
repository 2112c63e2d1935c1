/** Redaction of the shapes the sixth audit found surviving (R6-2, R6-3) and of many open streams in linear time (R6-4). */
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import { redactLogText } from './redactLog';
import { createMasker } from './rules';

const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const SESSION_TOKEN = 'IQoJb3JpZ2luX2VjEJr//////////wEaCXVzLWVhc3QtMSJHMEUCIQD';

/** [text holding a secret, the secret, the kind that masks it] */
const SHAPES: [string, string, string][] = [
  [`export AWS_SECRET_ACCESS_KEY=${AWS_SECRET}`, AWS_SECRET, 'cloud-key'],
  [`aws_secret_access_key = ${AWS_SECRET}`, AWS_SECRET, 'cloud-key'],
  [`secretAccessKey: "${AWS_SECRET}"`, AWS_SECRET, 'cloud-key'],
  [`{"Credentials":{"SecretAccessKey":"${AWS_SECRET}"}}`, AWS_SECRET, 'cloud-key'],
  [`{"Credentials":{"SessionToken":"${SESSION_TOKEN}"}}`, SESSION_TOKEN, 'cloud-key'],
  [`aws_session_token=${SESSION_TOKEN}`, SESSION_TOKEN, 'cloud-key'],
  ['GROQ_API_KEY=gsk_' + 'a1B2c3D4e5'.repeat(5) + 'xy', 'gsk_' + 'a1B2c3D4e5'.repeat(5), 'api-key'],
  ['xai-' + 'Q7w8E9r0T1'.repeat(8), 'Q7w8E9r0T1'.repeat(8), 'api-key'],
  ['pplx-' + 'k'.repeat(48), 'k'.repeat(48), 'api-key'],
  ['r8_' + 'Zx9'.repeat(12), 'Zx9'.repeat(12), 'api-key'],
  [
    'token: ya29.a0AfH6SMBx3kQ9r2dVJtqK0mXn7YV5zWq8pLkT1rS2',
    'a0AfH6SMBx3kQ9r2dVJtqK0mXn7YV5zWq8pLkT1rS2',
    'api-key',
  ],
  ['client_secret: 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', '1a2b3c4d5e6f7g8h9i0jKLMNOPQR', 'api-key'],
  [
    'SG.abcdefghijklmnopqrstuv.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    'abcdefghijklmnopqrstuv',
    'api-key',
  ],
  [
    'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX',
    'XXXXXXXXXXXXXXXX',
    'api-key',
  ],
  [
    'ANTHROPIC_API_KEY_sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789',
    'abcdefghijklmnopqrstuvwxyz0123456789',
    'api-key',
  ],
  ['Authorization: Basic YWxhZGRpbjpvcGVuc2VzYW1lMTIzNDU2', 'YWxhZGRpbjpvcGVuc2VzYW1lMTIzNDU2', 'password'],
  ['DATABASE_URL=postgres://app:S3cr3tPassw0rd@localhost:5432/app', 'S3cr3tPassw0rd', 'password'],
  ['https://admin:p4ss!w0rd#x@db.example.com/', 'p4ss!w0rd#x', 'password'],
  ['AUTHORIZATION: BEARER abcdefghijklmnopqrstu', 'abcdefghijklmnopqrstu', 'bearer-token'],
  ['eyJhbGciOiJIUzI1NiJ9.e30.abcdefghijklmnop', 'abcdefghijklmnop', 'jwt'],
  [
    '-----begin rsa private key-----\nMIIEowIBAAKCAQEAxyz\n-----end rsa private key-----',
    'MIIEowIBAAKCAQEAxyz',
    'private-key',
  ],
  [
    '---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nP2/56wAAAi4AAAA3aWYtbW9kbn\n---- END SSH2 ENCRYPTED PRIVATE KEY ----',
    'P2/56wAAAi4AAAA3aWYtbW9kbn',
    'private-key',
  ],
  ['api-key: 0123456789abcdef0123456789abcdef', '0123456789abcdef0123456789abcdef', 'secret'],
  ['//registry.npmjs.org/:_authToken=01234567-89ab-cdef-0123-456789abcdef', '01234567-89ab-cdef', 'secret'],
  ['password: password1', 'password1', 'secret'],
  ['mail bob@exämple.de now', 'bob@exämple.de', 'email'],
  ['mail "john doe"@corp.example now', 'john doe', 'email'],
  ['bob\\u0040corp.example', 'bob\\u0040corp', 'email'],
  ['bob%2540corp.example', 'bob%2540corp', 'email'],
  ['a@b.c.d.e.f.g.h.i.j.k.example.com', 'a@b.c.d', 'email'],
  ['\\\\server\\Users\\jsmith\\x', 'jsmith', 'home-path'],
  ['cd ~jsmith/src', 'jsmith', 'home-path'],
  ['C:/Users/John Smith/x', 'John Smith', 'home-path'],
];

describe('redaction of the shapes the sixth audit found surviving (R6-2, R6-3)', () => {
  it.each(SHAPES)('%s', (text, secret, kind) => {
    const m = createMasker();
    const out = m.mask(text);
    expect(out).toHaveLength(text.length);
    expect(out).not.toContain(secret);
    expect(m.counts[kind]).toBeGreaterThanOrEqual(1);
  });

  it('masks the value, not the label, when both read the same', () => {
    expect(createMasker().mask('password: password1')).toBe('password: *********');
  });

  it('a field named like a secret loses its value whatever its shape, in any event of the log', () => {
    const line = JSON.stringify({
      type: 'tool/call',
      seq: 0,
      time: 1,
      data: {
        turn: 1,
        step: 1,
        callId: 'c',
        name: 'db',
        args: { user: 'app', password: 'hunter22', apiKey: 'x1y2z3w4' },
      },
    });
    const r = redactLogText(line);
    expect(r.text).not.toContain('hunter22');
    expect(r.text).not.toContain('x1y2z3w4');
    expect(r.text).toContain('"user":"app"');
    expect(r.counts.secret).toBe(2);
  });

  it('a new rule stays linear: a megabyte of each near-miss is masked in one pass', () => {
    const m = createMasker();
    for (const s of [
      '%2540'.repeat(200_000),
      'password='.repeat(100_000),
      'SessionToken='.repeat(80_000),
      'http://a:b'.repeat(100_000),
      '"@'.repeat(500_000),
      '~a'.repeat(500_000),
      '\\\\'.repeat(500_000),
    ])
      expect(m.mask(s)).toHaveLength(s.length);
  });
});

describe('many streams left open (R6-4)', () => {
  it('200,000 streams each closed by a finish of its own step are masked in one pass, secrets split across deltas included', () => {
    const n = 200_000;
    const lines = [JSON.stringify({ type: 'turn/start', seq: 0, time: 0, data: { turn: 1 } })];
    let seq = 1;
    const chunk = (step: number, c: Record<string, unknown>) =>
      JSON.stringify({ type: 'assistant/chunk', seq: seq++, time: seq, data: { turn: 1, step, chunk: c } });
    for (let i = 0; i < n; i++) lines.push(chunk(1, { type: 'text-delta', index: i, text: 'x' }));
    lines.push(chunk(1, { type: 'text-delta', index: n, text: 'key sk-ant-api03-abcdefghij' }));
    lines.push(chunk(1, { type: 'text-delta', index: n, text: 'klmnopqrstuvwxyz0123456789 end' }));
    for (let i = 0; i < n; i++) lines.push(chunk(2 + i, { type: 'finish', reason: 'stop' }));
    lines.push(chunk(1, { type: 'finish', reason: 'stop' }));
    const r = redactLogText(lines.join('\n'));
    expect(r.counts['api-key']).toBe(1);
    expect(r.text).not.toContain('abcdefghij');
    expect(r.text).not.toContain('klmnopqrst');
    expect(loadLogFromText(r.text).eventCount).toBe(lines.length);
  }, 60_000);
});

describe('the JWT rule in linear time (R6-11)', () => {
  it('a megabyte of eyJ- is masked in one pass; JWTs next to it are still found', () => {
    const m = createMasker();
    const run = 'eyJ-'.repeat(1 << 18);
    expect(m.mask(run)).toBe(run);
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.e30.abcdefghijklmnop';
    expect(m.mask(`${'eyJ-'.repeat(1000)} ${jwt}`)).not.toContain('abcdefghijklmnop');
    expect(m.mask('eyJaaaaaaaa.eyJbbbbbbbb.cc.dddddddd')).not.toContain('dddddddd');
  });
});
