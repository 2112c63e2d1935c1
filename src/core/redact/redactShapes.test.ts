/** Redaction of the shapes the sixth and seventh audits found surviving (R6-2, R6-3, R7-5, R7-6), of prose kept, and of many open streams in linear time (R6-4). */
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import { redactLogText } from './redactLog';
import { createMasker, maskOf } from './rules';

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
  }, 180_000);
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

/** [text holding a secret, the secret, the kind that masks it] */
const R7_SHAPES: [string, string, string][] = [
  // R7-5: a plain TOKEN / SECRET label, any prefix, any case, any separator
  ['GH_TOKEN=0123456789abcdef0123456789abcdef01234567', '0123456789abcdef0123456789abcdef01234567', 'secret'],
  [
    'CLOUDFLARE_API_TOKEN=Zx8vKq3mN7pR2sT5uW9yB4cE6gH1jL0oQiAaSsDd',
    'Zx8vKq3mN7pR2sT5uW9yB4cE6gH1jL0oQiAaSsDd',
    'secret',
  ],
  [
    'DATABRICKS_TOKEN=dapi0123456789abcdef0123456789abcdef',
    'dapi0123456789abcdef0123456789abcdef',
    'api-key',
  ],
  ['the response was {"token": "q8Zr2LmN5vX7cB9dF1gH3jK4"}', 'q8Zr2LmN5vX7cB9dF1gH3jK4', 'secret'],
  ['config: {"secret": "q8Zr2LmN5vX7cB9dF1gH3jK4"}', 'q8Zr2LmN5vX7cB9dF1gH3jK4', 'secret'],
  ['{\\"token\\": \\"q8Zr2LmN5vX7cB9dF1gH3jK4\\"}', 'q8Zr2LmN5vX7cB9dF1gH3jK4', 'secret'],
  ['{\\\\\\"token\\\\\\": \\\\\\"q8Zr2LmN5vX7cB9dF1gH3jK4\\\\\\"}', 'q8Zr2LmN5vX7cB9dF1gH3jK4', 'secret'],
  ['X-Vault-Token: s.Q8Zr2LmN5vX7cB9dF1gH3jK4', 'Q8Zr2LmN5vX7cB9dF1gH3jK4', 'secret'],
  ["curl -H 'X-Auth-Token: 9f8e7d6c5b4a39281706aabb'", '9f8e7d6c5b4a39281706aabb', 'secret'],
  ['authToken = "Ab12Cd34Ef56Gh78"', 'Ab12Cd34Ef56Gh78', 'secret'],
  ['secrets.json: db_secret: Zq9Lk2Mn8Bv4Cx7', 'Zq9Lk2Mn8Bv4Cx7', 'secret'],
  ['\\nSENTRY_TOKEN=a1b2c3d4e5f6a7b8c9d0', 'a1b2c3d4e5f6a7b8c9d0', 'secret'],
  // Mailgun's `key-` shape is a known prefix since R21-2: its own kind, label or none
  ['MAILGUN_KEY=key-0123456789abcdef0123456789abcdef', '0123456789abcdef0123456789abcdef', 'api-key'],
  ['GITHUB_PAT: abcdefgh', 'nothing', 'none'],
  // R7-5: services' token prefixes
  [
    'export VAULT_TOKEN=hvs.CAESIJ3kq9xYzAbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
    'CAESIJ3kq9xYzAbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
    'api-key',
  ],
  [`DIGITALOCEAN_TOKEN=dop_v1_${'4f6c2b8e'.repeat(8)}`, '4f6c2b8e'.repeat(8), 'api-key'],
  [
    'UV_PUBLISH_TOKEN=pypi-AgEIcHlwaS5vcmcCJGE3ZWQ4ZjM5LWJmNzYtNGQ1Zi1hYjNhLTk5ZjkxZmQ3MzQzZQACKlszLCJmZDU',
    'cHlwaS5vcmcCJGE3ZWQ4ZjM5LWJmNzYtNGQ1Zi1hYjNhLTk5ZjkxZmQ3MzQzZQACKlszLCJmZDU',
    'api-key',
  ],
  [
    'NOTION_TOKEN=secret_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg',
    'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg',
    'api-key',
  ],
  [
    `SLACK_APP_TOKEN=xapp-1-A0123456789-1234567890123-${'abcdef0123456789'.repeat(4)}`,
    'abcdef0123456789'.repeat(4),
    'api-key',
  ],
  [
    'STRIPE_WEBHOOK_SECRET=whsec_5f3c9a7e1b2d4f6a8c0e2b4d6f8a0c2e',
    '5f3c9a7e1b2d4f6a8c0e2b4d6f8a0c2e',
    'api-key',
  ],
  [
    'X-Shopify-Access-Token: shpat_0123456789abcdef0123456789abcdef',
    '0123456789abcdef0123456789abcdef',
    'api-key',
  ],
  ['register with glrt-AbCdEfGhIjKlMnOpQrSt', 'AbCdEfGhIjKlMnOpQrSt', 'api-key'],
  ['echo dckr_pat_AbCdEfGhIjKlMnOpQrStUvWxYz0 | docker login', 'AbCdEfGhIjKlMnOpQrStUvWxYz0', 'api-key'],
  // R7-6: credentials without `=` or `:` after their label
  ['curl -u admin:Sup3rS3cretPw https://api.example.com/v1', 'Sup3rS3cretPw', 'password'],
  ['curl --user deploy:Hunter2Hunter2 https://x.example', 'Hunter2Hunter2', 'password'],
  ['machine api.github.com login octocat password 9f8e7d6c5b4a39281706', '9f8e7d6c5b4a39281706', 'secret'],
  ['machine h login u password s3cr3tNetrcPw', 's3cr3tNetrcPw', 'secret'],
  [`aws_secret_access_key ${AWS_SECRET}`, AWS_SECRET, 'cloud-key'],
  ['mysql -u root -pMyR00tPassw0rd db', 'MyR00tPassw0rd', 'password'],
  ['sshpass -p Hunter2Hunter2 ssh deploy@host', 'Hunter2Hunter2', 'password'],
  ['psql --password Hunter2Hunter2', 'Hunter2Hunter2', 'secret'],
  [
    'Authorization: Token 9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b',
    '9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b',
    'bearer-token',
  ],
  [
    'Authorization: Digest username="Mufasa", realm="x", nonce="dcd98b7102dd2f0e", response="6629fae49393a05397450978507c4ef1"',
    '6629fae49393a05397450978507c4ef1',
    'password',
  ],
  [
    'Cookie: sessionid=8f7e6d5c4b3a29180f7e6d5c4b3a2918; csrftoken=abc',
    '8f7e6d5c4b3a29180f7e6d5c4b3a2918',
    'secret',
  ],
  [
    'Set-Cookie: __Secure-next-auth.session-token=eyA0aGlzIGlzIGEgc2Vzc2lvbg; Path=/',
    'eyA0aGlzIGlzIGEgc2Vzc2lvbg',
    'secret',
  ],
  ['Cookie: JSESSIONID=1A2B3C4D5E6F7A8B9C0D; connect.sid=s%3Aab12cd34ef56', '1A2B3C4D5E6F7A8B9C0D', 'secret'],
  [
    'https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&ss=b&sp=r&se=2026-12-31&sig=Xk3%2BqZ9vLm2%2FAbCdEfGhIjKlMnOpQrStUv%3D',
    'Xk3%2BqZ9vLm2%2FAbCdEfGhIjKlMnOpQrStUv%3D',
    'secret',
  ],
  [
    'https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Security-Token=IQoJb3JpZ2luX2VjEJr%2F%2FwEaCXVz&X-Amz-Signature=4f2c9d8e7b6a5f4e3d2c1b0a9f8e7d6c',
    '4f2c9d8e7b6a5f4e3d2c1b0a9f8e7d6c',
    'secret',
  ],
  [
    'https://b.s3.amazonaws.com/k?X-Amz-Security-Token=IQoJb3JpZ2luX2VjEJr%2F%2FwEaCXVz&x=1',
    'IQoJb3JpZ2luX2VjEJr',
    'secret',
  ],
  [
    'https://storage.googleapis.com/b/o?X-Goog-Signature=0a1b2c3d4e5f60718293a4b5c6d7e8f9',
    '0a1b2c3d4e5f60718293a4b5c6d7e8f9',
    'secret',
  ],
  ['https://api.example.com/v1?access_token=Q8Zr2LmN5vX7cB9d&page=2', 'Q8Zr2LmN5vX7cB9d', 'secret'],
  ['https://maps.example.com/api?key=Q8Zr2LmN5vX7cB9dF1gH', 'Q8Zr2LmN5vX7cB9dF1gH', 'secret'],
  [
    '/login?next=https%3A%2F%2Fx.example%2Fcb%3Ftoken%3DQ8Zr2LmN5vX7cB9d%26a%3D1',
    'Q8Zr2LmN5vX7cB9d',
    'secret',
  ],
  ['GET /api?access=Bearer%20abcdefghijklmnopqrstu', 'abcdefghijklmnopqrstu', 'bearer-token'],
  // URL passwords with no user, a slash or an @
  ['REDIS_URL=redis://:S3cretRedisPass99@cache.internal:6379/0', 'S3cretRedisPass99', 'password'],
  ['postgres://app:ab/cd+ef==gh@db:5432/x', 'ab/cd+ef==gh', 'password'],
  ['https://user:p@ssw0rd!x@host.example/', 'ssw0rd!x', 'password'],
  ['PASSWORD = "correct horse battery staple"', 'correct horse battery staple', 'secret'],
  ['password: "Tr0ub4dor &3 long one"', 'Tr0ub4dor &3 long one', 'secret'],
  ["db_passphrase='the quick brown fox'", 'the quick brown fox', 'secret'],
];

/** Prose and usage that only look like a label and its value: kept as they are. */
const R7_PROSE = [
  'a token of appreciation',
  'max_tokens: 100',
  'tokens=1234',
  'input_tokens=2048 output_tokens=512 cache_read_input_tokens: 1024',
  'token_count: 12345',
  'password: string',
  'function login(user: string, password: string): Promise<Token>',
  'session 3',
  'Session: 2024-01-01T10:00:00Z',
  '"session_id": "3f1c2b4a-1234-4bcd-9abc-0123456789ab"',
  'The token expired yesterday; the password requirements are strict.',
  'the secret ingredient is patience',
  'authorization: required for all endpoints',
  'Authorization: Bearer', // a scheme with no credential
  'secretName: db-credentials',
  'signature: Signature',
  'GOOGLE_APPLICATION_CREDENTIALS=/etc/gcp/creds.json',
  'export GH_TOKEN=$(gh auth token)',
  'GH_TOKEN=${GH_TOKEN} npm publish',
  'password: <your-password>',
  'docker login --password-stdin registry.gitlab.com',
  'mkdir -p /var/lib/app && ssh -p 2222 host',
  'docker run -u 1000:1000 -p 8080:80 image',
  'docker run -u app:app image',
  'git push -u origin main',
  'mysql -u root -p production_db',
  'commit 3f1c2b4a9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a',
  'the design signal is clear; key=value pairs',
  'cache_key: user_1234_profile',
  // code and documentation, as the real samples hold them
  'onSession: reconstructState,',
  'let pwd = process.cwd();',
  'export ANTHROPIC_API_KEY=sk-ant-...',
  '"apiKey": "YOUR_API_KEY",',
  'apiKey: params.litellmApiKey || fallback',
  "apiKey: 'proxy-handled',",
  'env.CODEMIE_API_KEY = apiKeyValue;',
  'pass `defaultMarkdownTheme` in',
];

describe('redaction of the shapes the seventh audit found surviving (R7-5, R7-6)', () => {
  it.each(R7_SHAPES.filter((x) => x[2] !== 'none'))('%s', (text, secret, kind) => {
    const m = createMasker();
    const out = m.mask(text);
    expect(out).toHaveLength(text.length);
    expect(out).not.toContain(secret);
    expect(m.counts[kind]).toBeGreaterThanOrEqual(1);
  });

  it('a lower-case word after a weak label is no secret, but a random value is', () => {
    expect(createMasker().mask('GITHUB_PAT: abcdefgh')).toBe('GITHUB_PAT: abcdefgh');
    expect(createMasker().mask('token: invalid_request')).toBe('token: invalid_request');
    expect(createMasker().mask('token: a1b2c3d4e5')).toBe(`token: ${maskOf('secret', 10)}`);
  });

  it.each(R7_PROSE)('keeps %s', (text) => {
    const m = createMasker();
    expect(m.mask(text)).toBe(text);
    expect(m.counts).toEqual({});
  });

  it('a field named like a secret in a structured value loses its value (GH_TOKEN, clientSecret, db_passphrase)', () => {
    const m = createMasker();
    expect(m.maskField('GH_TOKEN', 'abcdefghijkl')).toBe(maskOf('secret', 12));
    expect(m.maskField('clientSecret', 'abcdefghijkl')).toBe(maskOf('secret', 12));
    expect(m.maskField('db_passphrase', 'correct horse')).toBe(maskOf('secret', 13));
    expect(m.maskField('sessionId', '3f1c2b4a-1234-4bcd-9abc-0123456789ab')).toBe(
      '3f1c2b4a-1234-4bcd-9abc-0123456789ab',
    );
    expect(m.maskField('max_tokens', '100000')).toBe('100000');
  });

  it('a header in a structured value is masked with its name as the label; a thinking signature is kept', () => {
    const line = JSON.stringify({
      type: 'tool/call',
      seq: 0,
      time: 1,
      data: {
        turn: 1,
        step: 1,
        callId: 'c',
        name: 'http',
        args: {
          headers: {
            Authorization: 'Token 9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b',
            'Proxy-Authorization': 'Basic YWxhZGRpbjpvcGVuc2VzYW1lMTIzNDU2',
            Cookie: 'sessionid=8f7e6d5c4b3a29180f7e6d5c4b3a2918; theme=dark',
            'X-Amz-Signature': '4f2c9d8e7b6a5f4e3d2c1b0a9f8e7d6c',
            Accept: 'application/json',
          },
          query: { sig: 'Xk3%2BqZ9vLm2%2FAbCdEfGhIjKlMnOpQrStUv%3D', page: '2' },
        },
      },
    });
    const signature = 'EtkECkYICBgCKkD6thZGRo6wSFqLtOe1v0rBt6ygs9p4EUZaAyqA';
    const thinking = JSON.stringify({
      type: 'user/message',
      seq: 1,
      time: 2,
      data: {
        turn: 1,
        content: [{ type: 'thinking', thinking: 'hm', signature, thinkingSignature: signature }],
      },
    });
    const r = redactLogText(`${line}\n${thinking}`);
    for (const secret of [
      '9944b09199c62bcf',
      'YWxhZGRpbjpvcGVu',
      '8f7e6d5c4b3a2918',
      '4f2c9d8e7b6a5f4e',
      'Xk3%2BqZ9vLm2',
    ])
      expect(r.text).not.toContain(secret);
    expect(r.text).toContain('"Accept":"application/json"');
    expect(r.text).toContain('theme=dark');
    expect(r.text).toContain('"page":"2"');
    expect(r.text.split('\n')[1]).toBe(thinking);
  });

  it("every new rule stays linear: a megabyte of each rule's near-misses is masked in one pass", () => {
    const m = createMasker();
    const M = 1 << 20;
    const runs = [
      'token='.repeat(M / 6),
      `token=${'token'.repeat(M / 5)}`,
      `TOKEN ${'a'.repeat(M)}`,
      'a_token_'.repeat(M / 8),
      `${'a_'.repeat(M / 2)}token=Ab12Cd34Ef`,
      'password: "'.repeat(M / 11),
      `password: "${'a '.repeat(M / 2)}`,
      '\\"token\\": \\"'.repeat(M / 14),
      'sig&sig=&'.repeat(M / 9),
      'design'.repeat(M / 6),
      'key-'.repeat(M / 4),
      '-u a:'.repeat(M / 5),
      `-u ${'a'.repeat(60)}:`.repeat(M / 66),
      'mysql -p'.repeat(M / 8),
      `login ${'-p '.repeat(M / 3)}`,
      `mysql ${'-'.repeat(M)}`,
      'authorization: '.repeat(M / 15),
      `Authorization: Digest ${'a="'.repeat(M / 3)}`,
      `authorization: ${'a '.repeat(M / 2)}`,
      'hvs.'.repeat(M / 4),
      'xapp-1-'.repeat(M / 7),
      'dop_v1_'.repeat(M / 7),
      'pypi-AgE'.repeat(M / 8),
      `1//0${'a'.repeat(39)}.`.repeat(M / 44),
      '12345678:AA'.repeat(M / 11),
      'M'.repeat(M),
      `${'Ma'.repeat(12)}.`.repeat(M / 25),
      '0'.repeat(M),
      `password=${'a.'.repeat(M / 2)}`,
      `api_key=${'Abc'.repeat(M / 3)}`,
      `token=${'A_'.repeat(M / 2)}`,
      `password=${'x'.repeat(M)}...`,
      `secret=${'aB'.repeat(M / 2)}`,
      `http://u:${'a@'.repeat(M / 2)}`,
      'redis://:@a!'.repeat(M / 12),
      `http://u:p@${'a'.repeat(M)}!`,
      `${'http://u:p@'.repeat(M / 11)}${'a'.repeat(M)}!`,
    ];
    for (const s of runs) expect(m.mask(s)).toHaveLength(s.length);
  });
});

/** [text holding a secret, the secret, the kind that masks it] */
const R8_SHAPES: [string, string, string][] = [
  // R7-15: curl's user options in every spelling, quoted `-p`, a password holding punctuation
  ['curl -uadmin:Sup3rS3cretPw https://x.example', 'Sup3rS3cretPw', 'password'],
  ['curl -su admin:Sup3rS3cretPw https://x.example', 'Sup3rS3cretPw', 'password'],
  ['curl -fsSLu admin:Sup3rS3cretPw https://x.example', 'Sup3rS3cretPw', 'password'],
  ['curl -U proxyuser:Sup3rS3cretPw -x proxy:3128 https://x.example', 'Sup3rS3cretPw', 'password'],
  ['curl -Uproxyuser:Sup3rS3cretPw https://x.example', 'Sup3rS3cretPw', 'password'],
  ['curl --user=admin:Sup3rS3cretPw https://x.example', 'Sup3rS3cretPw', 'password'],
  ['curl --proxy-user admin:Sup3rS3cretPw https://x.example', 'Sup3rS3cretPw', 'password'],
  ['curl --proxy-user=admin:Sup3rS3cretPw https://x.example', 'Sup3rS3cretPw', 'password'],
  ['mysql -u root -p"MyR00tPassw0rd" db', 'MyR00tPassw0rd', 'password'],
  ["mysql -u root -p'MyR00tPassw0rd' db", 'MyR00tPassw0rd', 'password'],
  ['mysql -u root -p"My R00t Passw0rd" db', 'My R00t Passw0rd', 'password'],
  ['mysql -u root --password="MyR00tPassw0rd" db', 'MyR00tPassw0rd', 'secret'],
  ['PASSWORD=abc,def;ghi&jkl', 'def;ghi&jkl', 'secret'],
  ['PASSWORD=ab<cd>ef(gh)ij', 'cd>ef(gh)ij', 'secret'],
  ['PASSWORD=ab"cdefgh make', 'cdefgh', 'secret'],
  ["DB_PASSWORD=p@ss'w0rd)x", "ss'w0rd)x", 'secret'],
  ['Server=db;User Id=sa;Password=Pa;ss,w0rd!;Encrypt=true', 'ss,w0rd!', 'secret'],
  ['?user=bob&password=Hunter22!&next=/home', 'Hunter22!', 'secret'],
  ['env = ["PASSWORD=hunter22x", "USER=bob"]', 'hunter22x', 'secret'],
  ['{\\"cmd\\":\\"PASSWORD=hunter22x make\\"}', 'hunter22x', 'secret'],
  ['User{name=bob, password=hunter22}', 'hunter22', 'secret'],
];

/** Code and usage near the new spellings: kept as they are. */
const R8_KEPT = [
  'password=getpass()',
  'password=os.getenv("DB_PASSWORD")',
  'const password=opts.password;',
  'env = ["PASSWORD=$DB_PASS", "USER=bob"]',
  'password=[REDACTED]',
  'PASSWORD=$(cat /run/secrets/db)',
  'git commit -uno && git status -uall',
  'docker run -u=app:app image',
  'sudo -u postgres:postgres psql',
  'ssh -p 2222 -u x host',
];

describe('redaction of the shapes round 8 found surviving (R7-15)', () => {
  it.each(R8_SHAPES)('%s', (text, secret, kind) => {
    const m = createMasker();
    const out = m.mask(text);
    expect(out).toHaveLength(text.length);
    expect(out).not.toContain(secret);
    expect(m.counts[kind]).toBeGreaterThanOrEqual(1);
  });

  it('a password after `=` runs to whitespace or its quotes; what ends the sentence or the pair stays', () => {
    const m = createMasker();
    expect(m.mask('PASSWORD="a b c d e f"')).toBe(`PASSWORD="${maskOf('secret', 11)}"`);
    expect(m.mask("PASSWORD='xyzzy123' make")).toBe("PASSWORD='********' make");
    expect(m.mask('echo PASSWORD=hunter22x.')).toBe('echo PASSWORD=*********.');
    expect(m.mask('<td>password=hunter22x</td>')).toBe('<td>password=*********</td>');
    expect(m.mask('a;Password=Pa;ss,w0rd!;Encrypt=true')).toBe(
      `a;Password=${maskOf('secret', 11)};Encrypt=true`,
    );
  });

  it.each(R8_KEPT)('keeps %s', (text) => {
    const m = createMasker();
    expect(m.mask(text)).toBe(text);
    expect(m.counts).toEqual({});
  });

  it('the new spellings stay linear: a megabyte of each near-miss is masked in one pass', () => {
    const m = createMasker();
    const M = 1 << 20;
    const runs = [
      '-uadmin:'.repeat(M / 8),
      '-su a:'.repeat(M / 6),
      `-${'s'.repeat(8)}u ${'a'.repeat(63)}:`.repeat(M / 75),
      `mysql ${'-p"'.repeat(M / 3)}`,
      `mysql -p"${'a'.repeat(M)}`,
      `password=${'.'.repeat(M)}`,
      `password=$(${'password=$('.repeat(M / 11)}`,
      `password=${';a'.repeat(M / 2)}`,
      `password=${`;${'a'.repeat(63)}`.repeat(M / 64)}`,
      `${'password=.'.repeat(M / 10)}`,
      `"password=${'\\'.repeat(M)}`,
      `password=${'<'.repeat(M)}/`,
    ];
    for (const s of runs) expect(m.mask(s)).toHaveLength(s.length);
  });
});

/** [text holding a secret, the secret, the kind that masks it] */
const R7_17_SHAPES: [string, string, string][] = [
  ['redis-cli -h cache -a S3cretRedisPw99 ping', 'S3cretRedisPw99', 'password'],
  ["redis-cli -a 'S3cretRedisPw99' ping", 'S3cretRedisPw99', 'password'],
  ['sqlcmd -S db -U sa -P Sup3rS3cretPw -Q "select 1"', 'Sup3rS3cretPw', 'password'],
  ['ldapsearch -x -D cn=admin,dc=ex -w Sup3rS3cretPw -b dc=ex', 'Sup3rS3cretPw', 'password'],
  ['smbclient //srv/share -U alice%Sup3rS3cretPw', 'Sup3rS3cretPw', 'password'],
  ['smbclient //srv/share --user=alice%Sup3rS3cretPw', 'Sup3rS3cretPw', 'password'],
  ['DB_PW=Sup3rS3cretPw', 'Sup3rS3cretPw', 'secret'],
  ['MYSQL_ROOT_PWD=Sup3rS3cretPw', 'Sup3rS3cretPw', 'secret'],
  ['SMTP_PASS=Sup3rS3cretPw', 'Sup3rS3cretPw', 'secret'],
  ['password\u00a0Sup3rS3cretPw', 'Sup3rS3cretPw', 'secret'],
  ['パスワード password：Sup3rS3cretPw', 'Sup3rS3cretPw', 'secret'],
  ['password\x1b[0m: \x1b[32mSup3rS3cretPw\x1b[0m', 'Sup3rS3cretPw', 'secret'],
  ['token\\u001b[0m: \\u001b[32ma1b2c3d4e5f6\\u001b[0m', 'a1b2c3d4e5f6', 'secret'],
  ['**Password:** Sup3rS3cretPw', 'Sup3rS3cretPw', 'secret'],
  ['password:\n  Sup3rS3cretPw', 'Sup3rS3cretPw', 'secret'],
  ['api_key:\\n  0123456789abcdef', '0123456789abcdef', 'secret'],
  ['| password | hunter2x |', 'hunter2x', 'secret'],
  ['| `DB_PASSWORD` | Sup3rS3cretPw |', 'Sup3rS3cretPw', 'secret'],
  ['{\\"password\\":\\"hunter2x\\"}', 'hunter2x', 'secret'],
  ['{\\u0022password\\u0022:\\u0022hunter2x\\u0022}', 'hunter2x', 'secret'],
  ['{\\u0022token\\u0022: \\u0022a1b2c3d4e5f6\\u0022}', 'a1b2c3d4e5f6', 'secret'],
  ['{&quot;password&quot;:&quot;hunter2x&quot;}', 'hunter2x', 'secret'],
];

/** Tables, prompts and YAML near the new separators: kept as they are. */
const R7_17_KEPT = [
  '| Field | Type |\n| password | string |',
  "| token | The user's token |",
  'env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:',
  'password:\n  valueFrom:',
  'Enter password:\nWelcome to Ubuntu 24.04',
  'Password:\nsudo: 3 incorrect password attempts',
  'cat password.txt | wc -l',
  'redis-cli -a $REDIS_PASSWORD ping',
  'ldapsearch -W -x -b dc=example',
  'curl https://x.example/a%20b -U proxy',
  'the upward pwm pin',
];

describe('redaction of the shapes round 8 found surviving (R7-17)', () => {
  it.each(R7_17_SHAPES)('%s', (text, secret, kind) => {
    const m = createMasker();
    const out = m.mask(text);
    expect(out).toHaveLength(text.length);
    expect(out).not.toContain(secret);
    expect(m.counts[kind]).toBeGreaterThanOrEqual(1);
  });

  it.each(R7_17_KEPT)('keeps %s', (text) => {
    const m = createMasker();
    expect(m.mask(text)).toBe(text);
    expect(m.counts).toEqual({});
  });

  it('a JSON-escaped quote or an entity stays a quote around the mask; colour codes stay', () => {
    const m = createMasker();
    expect(m.mask('{\\u0022password\\u0022:\\u0022hunter2x\\u0022}')).toBe(
      '{\\u0022password\\u0022:\\u0022********\\u0022}',
    );
    expect(m.mask('password\x1b[0m: \x1b[32mhunter2x\x1b[0m')).toBe(
      'password\x1b[0m: \x1b[32m********\x1b[0m',
    );
    expect(m.mask('| password | hunter2x |')).toBe('| password | ******** |');
  });

  it('the new separators stay linear: a megabyte of each near-miss is masked in one pass', () => {
    const m = createMasker();
    const M = 1 << 20;
    const runs = [
      `password${'\u00a0'.repeat(M)}`,
      `password${' *'.repeat(M / 2)}:`,
      `password${'\x1b[0m'.repeat(M / 4)}`,
      `password:${' \x1b[1m'.repeat(M / 5)}`,
      'password:\n'.repeat(M / 10),
      `password:\n${' '.repeat(M)}`,
      '| password |'.repeat(M / 12),
      `| password ${'|'.repeat(M)}`,
      '\\u0022token\\u0022:\\u0022'.repeat(M / 22),
      `token:\\u0022${'a'.repeat(M)}`,
      '&quot;token&quot;:&quot;'.repeat(M / 24),
      'redis-cli -a '.repeat(M / 13),
      `ldapsearch ${'-w '.repeat(M / 3)}`,
      '-U a%'.repeat(M / 5),
      `-U ${'a'.repeat(63)}%`.repeat(M / 67),
      'pw=pw='.repeat(M / 6),
      'pswd'.repeat(M / 4),
    ];
    for (const s of runs) expect(m.mask(s)).toHaveLength(s.length);
  });
});

/** An auditor's spellings of credentials pasted into agent logs (red-notes.md): [text, the secret]. */
const AUDIT_R8: [string, string][] = [
  ['DATABASE_PASSWORD=Xk9#mP2$vL', 'Xk9#mP2$vL'],
  ['declare -x DB_PASS="Xk9mP2vLq8"', 'Xk9mP2vLq8'],
  ['PGPASSWORD=Xk9mP2vLq8 psql -h db', 'Xk9mP2vLq8'],
  ['set MYSQL_PWD=Xk9mP2vLq8', 'Xk9mP2vLq8'],
  ['$env:API_KEY = "0123456789abcdef01"', '0123456789abcdef01'],
  ['docker run -e POSTGRES_PASSWORD=Xk9mP2vLq8 postgres', 'Xk9mP2vLq8'],
  ['docker run --env "API_TOKEN=a1b2c3d4e5f6g7h8" app', 'a1b2c3d4e5f6g7h8'],
  ['docker login -u bob --password Xk9mP2vLq8 ghcr.io', 'Xk9mP2vLq8'],
  ['docker login -u bob -p Xk9mP2vLq8 ghcr.io', 'Xk9mP2vLq8'],
  ['kubectl create secret generic db --from-literal=password=Xk9mP2vLq8', 'Xk9mP2vLq8'],
  ["kubectl create secret generic db --from-literal=DB_PASSWORD='Xk9mP2vLq8'", 'Xk9mP2vLq8'],
  ['kubectl create secret docker-registry r --docker-password=Xk9mP2vLq8', 'Xk9mP2vLq8'],
  ['data:\n  password: WGs5bVAydkxxOA==', 'WGs5bVAydkxxOA'],
  ['stringData:\n  api-token: a1b2c3d4e5f6g7h8', 'a1b2c3d4e5f6g7h8'],
  ['git remote add origin https://bob:ghx_a1b2c3d4e5f6g7h8@github.com/o/r.git', 'a1b2c3d4e5f6g7h8'],
  ['git clone https://oauth2:glx-a1b2c3d4e5f6g7h8@gitlab.com/o/r.git', 'a1b2c3d4e5f6g7h8'],
  ['https://x-access-token:a1b2c3d4e5f6g7h8@github.com/o/r', 'a1b2c3d4e5f6g7h8'],
  ['url = https://bob:Xk9mP2vLq8@git.example.com/r.git', 'Xk9mP2vLq8'],
  [
    'git config credential.helper \'store\' && echo "https://bob:Xk9mP2vLq8@github.com" > ~/.git-credentials',
    'Xk9mP2vLq8',
  ],
  ['psql "postgresql://app:Xk9mP2vLq8@db:5432/app?sslmode=require"', 'Xk9mP2vLq8'],
  ['psql "host=db user=app password=Xk9mP2vLq8 dbname=app"', 'Xk9mP2vLq8'],
  ["psql 'host=db user=app password=Xk9mP2vLq8'", 'Xk9mP2vLq8'],
  ['jdbc:postgresql://db:5432/app?user=app&password=Xk9mP2vLq8', 'Xk9mP2vLq8'],
  ['jdbc:mysql://app:Xk9mP2vLq8@db:3306/app', 'Xk9mP2vLq8'],
  ['jdbc:oracle:thin:app/Xk9mP2vLq8@db:1521/ORCL', 'Xk9mP2vLq8'],
  ['jdbc:sqlserver://db;user=sa;password=Xk9mP2vLq8;encrypt=true', 'Xk9mP2vLq8'],
  ['Server=tcp:db.database.windows.net;User ID=sa;Password=Xk9mP2vLq8;Encrypt=True', 'Xk9mP2vLq8'],
  ['mongodb+srv://app:Xk9mP2vLq8@cluster0.abcde.mongodb.net/db', 'Xk9mP2vLq8'],
  ['amqp://guest:Xk9mP2vLq8@rabbit:5672/', 'Xk9mP2vLq8'],
  ['DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=abc123ABC/+def==', 'abc123ABC'],
  [
    'Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey=a1B2c3D4e5F6g7H8i9J0kLmN=',
    'a1B2c3D4e5F6g7H8i9J0kLmN',
  ],
  [
    '[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    'wJalrXUtnFEMI',
  ],
  ['aws configure set aws_secret_access_key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'wJalrXUtnFEMI'],
  ['db.example.com:5432:app:app:Xk9mP2vLq8', 'Xk9mP2vLq8'],
  ['cat ~/.pgpass\n*:*:*:postgres:Xk9mP2vLq8', 'Xk9mP2vLq8'],
  ['//registry.npmjs.org/:_authToken=npm_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ', 'a1B2c3D4e5F6g7H8i9J0'],
  ['//npm.pkg.github.com/:_authToken=a1b2c3d4e5f6g7h8i9j0', 'a1b2c3d4e5f6g7h8i9j0'],
  ['//registry.example.com/:_auth=Ym9iOlhrOW1QMnZMcTg=', 'Ym9iOlhrOW1QMnZMcTg'],
  ['//registry.example.com/:_password=WGs5bVAydkxxOA==', 'WGs5bVAydkxxOA'],
  ['pip install --index-url https://bob:Xk9mP2vLq8@pypi.example.com/simple pkg', 'Xk9mP2vLq8'],
  [
    'PIP_EXTRA_INDEX_URL=https://__token__:pypi-AgEIcHlwaS5vcmcabc123@upload.pypi.org/simple',
    'AgEIcHlwaS5vcmcabc123',
  ],
  ['wget --user=bob --password=Xk9mP2vLq8 https://x', 'Xk9mP2vLq8'],
  ['wget --http-password=Xk9mP2vLq8 https://x', 'Xk9mP2vLq8'],
  ['curl -H "Authorization: Basic Ym9iOlhrOW1QMnZMcTg=" https://x', 'Ym9iOlhrOW1QMnZMcTg'],
  [
    'https://hooks.slack.com/services/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',
    'a1B2c3D4e5F6g7H8i9J0kLmN',
  ],
  [
    'https://discord.com/api/webhooks/123456789012345678/a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ',
    'a1B2c3D4e5F6g7H8',
  ],
  ['https://outlook.office.com/webhook/abc/IncomingWebhook/a1b2c3d4e5f6g7h8i9j0/xyz', 'a1b2c3d4e5f6g7h8i9j0'],
  [
    'https://api.telegram.org/bot123456789:AAa1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVw/sendMessage',
    'a1B2c3D4e5F6g7H8i9J0',
  ],
  ['htpasswd -bc .htpasswd admin Xk9mP2vLq8', 'Xk9mP2vLq8'],
  ['openssl pkcs12 -export -passout pass:Xk9mP2vLq8 -out a.p12', 'Xk9mP2vLq8'],
  ['keytool -genkey -storepass Xk9mP2vLq8 -keypass Xk9mP2vLq8', 'Xk9mP2vLq8'],
  ["echo 'Xk9mP2vLq8' | sudo -S apt install x", 'Xk9mP2vLq8'],
  ['mysqladmin -uroot -pXk9mP2vLq8 status', 'Xk9mP2vLq8'],
  ['ftp://bob:Xk9mP2vLq8@ftp.example.com', 'Xk9mP2vLq8'],
  [
    'rclone config create s3 s3 access_key_id AKIAIOSFODNN7EXAMPLE secret_access_key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    'wJalrXUtnFEMI',
  ],
  ["export OPENAI_API_KEY='sk-a1b2c3d4e5f6g7h8i9j0k1l2'", 'a1b2c3d4e5f6g7h8i9j0'],
  ['"client_secret": "a1b2c3d4e5f6g7h8i9j0"', 'a1b2c3d4e5f6g7h8i9j0'],
  ['<password>Xk9mP2vLq8</password>', 'Xk9mP2vLq8'],
  ['<add key="ApiKey" value="a1b2c3d4e5f6g7h8i9j0"/>', 'a1b2c3d4e5f6g7h8i9j0'],
  ['<Password>Xk9mP2vLq8</Password>', 'Xk9mP2vLq8'],
  ['spring.datasource.password=Xk9mP2vLq8', 'Xk9mP2vLq8'],
  ["password => 'Xk9mP2vLq8',", 'Xk9mP2vLq8'],
  ['ENV DB_PASSWORD Xk9mP2vLq8', 'Xk9mP2vLq8'],
  ['  --set auth.password=Xk9mP2vLq8', 'Xk9mP2vLq8'],
  ['terraform apply -var "db_password=Xk9mP2vLq8"', 'Xk9mP2vLq8'],
  ['gh auth login --with-token <<< ghp_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ12', 'a1B2c3D4e5F6g7H8'],
  ['vault login s.a1B2c3D4e5F6g7H8i9J0kLmN', 'a1B2c3D4e5F6g7H8i9J0kLmN'],
  ['az login --service-principal -u http://app -p Xk9mP2vLq8 --tenant t', 'Xk9mP2vLq8'],
  ['net use \\\\srv\\share /user:bob Xk9mP2vLq8', 'Xk9mP2vLq8'],
  ['sshpass -pXk9mP2vLq8 ssh host', 'Xk9mP2vLq8'],
  ['echo Xk9mP2vLq8 | docker login --password-stdin', 'Xk9mP2vLq8'],
  [`printf '%s' "Xk9mP2vLq8" | docker login -u bob --password-stdin`, 'Xk9mP2vLq8'],
  ['http --auth bob:Xk9mP2vLq8 https://x', 'Xk9mP2vLq8'],
  ['sqlplus scott/Xk9mP2vLq8@orcl', 'Xk9mP2vLq8'],
  [
    'https://acme.webhook.office.com/webhookb2/a1b2c3d4-e5f6@a1b2c3d4/IncomingWebhook/a1b2c3d4e5f6/x',
    'a1b2c3d4e5f6',
  ],
  [
    '<settings><servers><server><id>x</id><password>{Xk9mP2vLq8}</password></server></servers></settings>',
    'Xk9mP2vLq8',
  ],
  ['<add key="ClearTextPassword" value="Xk9mP2vLq8" />', 'Xk9mP2vLq8'],
  ['<property name="hibernate.connection.password" value="Xk9mP2vLq8"/>', 'Xk9mP2vLq8'],
];

/** The auditor's second pass: code that sets a secret (PHP, Ruby, PowerShell, Python, make). */
const AUDIT_R8_CODE: [string, string][] = [
  ['SECRET_KEY_BASE=a1b2c3d4e5f6a7b8c9d0e1f2', 'a1b2c3d4e5f6a7b8c9d0e1f2'],
  ["define( 'DB_PASSWORD', 'Xk9mP2vLq8' );", 'Xk9mP2vLq8'],
  ['define("AUTH_KEY", "a1b2c3d4e5f6g7h8i9j0");', 'a1b2c3d4e5f6g7h8i9j0'],
  ['$password = "Xk9mP2vLq8";', 'Xk9mP2vLq8'],
  ["$db_pass = 'Xk9mP2vLq8';", 'Xk9mP2vLq8'],
  ['os.environ["API_KEY"] = "a1b2c3d4e5f6g7h8i9j0"', 'a1b2c3d4e5f6g7h8i9j0'],
  ['ENV["DB_PASSWORD"] = "Xk9mP2vLq8"', 'Xk9mP2vLq8'],
  ['PASSWORD ?= Xk9mP2vLq8', 'Xk9mP2vLq8'],
  ['[System.Environment]::SetEnvironmentVariable("API_KEY", "a1b2c3d4e5f6g7h8i9j0")', 'a1b2c3d4e5f6g7h8i9j0'],
  ['requests.get(url, auth=("bob", "Xk9mP2vLq8"))', 'Xk9mP2vLq8'],
  ["HTTPBasicAuth('bob', 'Xk9mP2vLq8')", 'Xk9mP2vLq8'],
];

/** Near them, what is no credential: kept. */
const AUDIT_R8_KEPT = [
  '["password", "username", "email"]',
  'echo $TOKEN abcdefgh12345678',
  'if [ -z "$PASSWORD" ]; then',
  'SSH_AUTH_SOCK=/tmp/ssh-XXXXabc/agent.1234; export SSH_AUTH_SOCK;',
  '2024-01-01:12:30:45:Connection_refused',
  'main.go:12:5:undefined:foobar',
  'localhost:5432:*:*:*',
  '<key>CFBundleIdentifier</key>',
  '<sessionId>3f1c2b4a-1234-4bcd-9abc-0123456789ab</sessionId>',
  '<add key="LogLevel" value="Information"/>',
  'echo hello | sudo -S true',
  'net use z: \\\\srv\\share /persistent:yes',
  'vault login -method=github',
  'sqlplus / as sysdba',
  'keytool -list -keystore ks.jks -storepass:env STOREPASS',
];

describe("an auditor's spellings (round 8)", () => {
  it.each(AUDIT_R8)('%s', (text, secret) => {
    const m = createMasker();
    const out = m.mask(text);
    expect(out).toHaveLength(text.length);
    expect(out).not.toContain(secret);
  });

  it.each(AUDIT_R8_CODE)('%s', (text, secret) => {
    const m = createMasker();
    const out = m.mask(text);
    expect(out).toHaveLength(text.length);
    expect(out).not.toContain(secret);
  });

  it.each(AUDIT_R8_KEPT)('keeps %s', (text) => {
    const m = createMasker();
    expect(m.mask(text)).toBe(text);
    expect(m.counts).toEqual({});
  });

  it('the new rules stay linear: a megabyte of each near-miss is masked in one pass', () => {
    const m = createMasker();
    const M = 1 << 20;
    const runs = [
      '<password>'.repeat(M / 10),
      `<password>${'a'.repeat(M)}`,
      '<a><b><c>'.repeat(M / 9),
      'key="a" value="'.repeat(M / 15),
      'echo a | '.repeat(M / 9),
      `echo a |${' '.repeat(M)}`,
      'htpasswd -b '.repeat(M / 12),
      `net use ${'/user:a '.repeat(M / 8)}`,
      'net use \\\\'.repeat(M / 10),
      `vault login ${'-a '.repeat(M / 3)}`,
      'sqlplus a/'.repeat(M / 10),
      `jdbc:oracle:thin:${'a/'.repeat(M / 2)}`,
      'a:1:b:c:\n'.repeat(M / 9),
      `a:1:b:c:${'d'.repeat(M)} `,
      `a:1:${'1'.repeat(M)}`,
      '/bot123456:'.repeat(M / 11),
      'outlook.office.com/webhook/'.repeat(M / 27),
      `htpasswd -${'b'.repeat(M)}`,
      `echo a | sudo -${'S'.repeat(M)}`,
      `echo a | sudo ${'-a '.repeat(M / 3)}`,
      `${'a'.repeat(M)}:1:b:c:password1`,
      `${'a.'.repeat(M / 2)}:1:b:c:`,
      `"password", ${'"'.repeat(M)}`,
      '"token", "'.repeat(M / 10),
      '$password = "'.repeat(M / 13),
      '["token"]'.repeat(M / 9),
      `auth=("a", ${'"a", '.repeat(M / 5)}`,
      'HTTPBasicAuth("'.repeat(M / 15),
    ];
    for (const s of runs) expect(m.mask(s)).toHaveLength(s.length);
  });
});
