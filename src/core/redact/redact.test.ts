/** Redaction: no masked value survives anywhere (streams split across deltas and packed rows included); the copy is the same log. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import type { SessionLog } from '../log/sessionLog';
import { redactLogText } from './redactLog';
import { createMasker, maskOf } from './rules';
import { SECRETS, secretsLog } from '../testing/secretsLog';
import { compileLinearRegex } from '../search/linearRegex';

const hostileLog = () => secretsLog(CLEAN);

const CLEAN = readFileSync(new URL('../../../fixtures/diagnostics/clean.jsonl', import.meta.url), 'utf8');

/** Every fragment of 8 characters of each secret (in the raw text and JSON-escaped). */
function leaks(output: string): string[] {
  const found: string[] = [];
  for (const [name, secret] of Object.entries(SECRETS)) {
    const min = Math.min(8, secret.length);
    for (let i = 0; i + min <= secret.length; i++) {
      const frag = secret.slice(i, i + min);
      if (/^(sk-proj-|sk-ant-a|eyJhbGci)/.test(frag)) continue; // the kind's public prefix
      if (output.includes(frag)) found.push(`${name}: ${frag}`);
    }
  }
  return found;
}

function shape(log: SessionLog) {
  const seqs = Array.from({ length: log.eventCount }, (_, s) => s);
  return {
    events: log.eventCount,
    types: seqs.map((s) => log.typeOf(s)),
    ops: seqs.map((s) => JSON.stringify(log.event(s).surfaceOp ?? null)),
    diagnostics: log.diagnostics.items.map((d) => `${d.code}@${d.seq ?? d.line}`),
    messages: seqs.map((s) =>
      log
        .messagesAt(s)
        .messages.map((m) => `${m.seq}:${m.message.role}`)
        .join(','),
    ),
  };
}

describe('redactLogText', () => {
  const original = hostileLog();
  const project = compileLinearRegex('PROJECT-[A-Z]+-\\d+');
  if ('error' in project) throw new Error(project.error);
  const patterns = [project];

  it('the hostile log really carries the secrets, also split across deltas', () => {
    expect(leaks(original).length).toBeGreaterThan(100);
    const log = loadLogFromText(original);
    const row = Array.from({ length: log.eventCount }, (_, s) => log.event(s)).filter(
      (e) => e.type === 'assistant/chunk' && JSON.stringify(e.data).includes('sk-ant'),
    );
    expect(row.length).toBe(1); // only the first piece holds the prefix: a per-string mask would miss the rest
  });

  it('masks every secret everywhere; nothing of them survives', () => {
    const r = redactLogText(original, { patterns, homePaths: [`/home/${SECRETS.user}`] });
    expect(leaks(r.text)).toEqual([]);
    expect(r.counts).toMatchObject({
      'api-key': expect.any(Number) as number,
      'bearer-token': 3,
      'cloud-key': 3,
      jwt: 1,
      'private-key': 1,
      email: 1,
      custom: 1,
    });
    expect(r.counts['home-path']).toBeGreaterThanOrEqual(2);
    // the anthropic key: in the packed row's stream, the block-end text and the message text
    expect(r.counts['api-key']).toBe(4);
  });

  it('keeps the log: same lines, events, seqs, surface ops, diagnostics and derived messages', () => {
    const r = redactLogText(original, { patterns });
    expect(r.text.split('\n')).toHaveLength(original.split('\n').length);
    expect(shape(loadLogFromText(r.text))).toEqual(shape(loadLogFromText(original)));
    // unchanged lines are kept byte for byte
    const before = original.split('\n');
    const after = r.text.split('\n');
    expect(after.filter((l, i) => l !== before[i])).toHaveLength(r.changedLines);
    expect(after[1]).toBe(before[1]);
  });

  it('keeps the length of what it masks, and names the kind', () => {
    const masker = createMasker();
    const s = `key ${SECRETS.openai} end`;
    const m = masker.mask(s);
    expect(m).toHaveLength(s.length);
    expect(m).toBe(`key ${maskOf('api-key', SECRETS.openai.length)} end`);
    expect(m).toContain('[api-key]***');
    expect(masker.mask('Bearer abc')).toBe('Bearer abc'); // too short to be a token
    expect(masker.mask('nothing here')).toBe('nothing here');
  });

  it('masks keys, keeps __proto__ a field, and leaves lines that are not JSON masked as text', () => {
    const text = [
      `{"type":"x","data":{"${SECRETS.email}":1,"__proto__":{"k":"${SECRETS.openai}"}}}`,
      `not json ${SECRETS.aws}`,
      '',
    ].join('\n');
    const r = redactLogText(text);
    expect(leaks(r.text)).toEqual([]);
    const first = JSON.parse(r.text.split('\n')[0] as string) as { data: Record<string, unknown> };
    expect(Object.getOwnPropertyDescriptor(first.data, '__proto__')?.value).toEqual({
      k: maskOf('api-key', SECRETS.openai.length),
    });
    expect(r.text.split('\n')[1]).toBe(`not json ${maskOf('cloud-key', SECRETS.aws.length)}`);
  });
});

describe('redaction of what the fourth audit found surviving (R5-6, R5-7)', () => {
  const KEY_BODY = 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAABlwAAAAdzc2gtcn';
  const TORN_KEY = `-----BEGIN OPENSSH PRIVATE KEY-----\n${KEY_BODY}\n${KEY_BODY.slice(0, 40)}`;
  const BARE_KEY = `sk-ant-api03-${'Q'.repeat(40)}`;
  const result = (text: string) =>
    JSON.stringify({
      type: 'tool/result',
      seq: 1,
      time: 1,
      data: { turn: 1, step: 1, callId: 'c', content: [{ type: 'text', text }] },
    });

  it('a private key with no END line (an output cut mid-key, a torn line) is masked to the end of its run', () => {
    const torn = result(TORN_KEY).slice(0, -10); // a crashed run's last line: not JSON any more
    const r = redactLogText([result(`$ head -c 300 ~/.ssh/id_rsa\n${TORN_KEY}`), torn].join('\n'));
    expect(r.text).not.toContain(KEY_BODY.slice(8, 24));
    expect(r.text).not.toContain(KEY_BODY.slice(40, 56));
    expect(r.counts['private-key']).toBe(2);
    const first = JSON.parse(r.text.split('\n')[0] as string) as { data: { content: { text: string }[] } };
    expect(first.data.content[0]?.text.startsWith('$ head -c 300 ~/.ssh/id_rsa\n-----BEGIN OPENSSH')).toBe(
      true,
    );
  });

  it('a line that is a bare JSON string is masked like text; escapes do not hide a key', () => {
    const escaped = JSON.stringify(BARE_KEY).replace('s', '\\u0073');
    const r = redactLogText([JSON.stringify(BARE_KEY), escaped, JSON.stringify([BARE_KEY])].join('\n'));
    expect(r.text).not.toContain('QQQQQQQQ');
    expect(r.counts['api-key']).toBe(3);
    expect(JSON.parse(r.text.split('\n')[0] as string)).toBe(maskOf('api-key', BARE_KEY.length));
  });

  it('e-mails written %40 in URLs and Windows home folders (spaces, any case) are masked', () => {
    const m = createMasker();
    expect(m.mask('https://x.test/?email=bob.smith%40corp.example&x=1')).toBe(
      `https://x.test/?email=${maskOf('email', 'bob.smith%40corp.example'.length)}&x=1`,
    );
    expect(m.mask('C:\\Users\\John Smith\\AppData')).toBe(
      `C:\\Users\\${maskOf('home-path', 'John Smith'.length)}\\AppData`,
    );
    expect(m.mask('c:\\users\\jsmith\\desktop')).toBe(`c:\\users\\${maskOf('home-path', 6)}\\desktop`);
    expect(m.mask('C:/Users/jsmith/x')).toBe(`C:/Users/${maskOf('home-path', 6)}/x`);
    expect(m.mask('/users/alice/x and /home/bob/y')).toBe(
      `/users/${maskOf('home-path', 5)}/x and /home/${maskOf('home-path', 3)}/y`,
    );
  });
});

describe('redaction of PGP and PuTTY keys, in linear time (R5-11, R5-12)', () => {
  it('a PGP private key block and a PuTTY key lose every line of their secret', () => {
    const pgpBody = 'lQOYBF0AAAABCADHxq1Y2n7kPZ1vZ4p8sQmL0b3e9TQhV2aS4Wc';
    const pgp = `$ gpg --export-secret-keys -a\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n${pgpBody}\n=abcd\n-----END PGP PRIVATE KEY BLOCK-----\n`;
    const puttyLine = 'AAAAgQCxVd1Qe4vQ2f8yZkq3m0bK9xw7Ue2pH1sY5cR6tN0aJ';
    const putty = `PuTTY-User-Key-File-2: ssh-rsa\nEncryption: none\nPublic-Lines: 1\nAAAAB3Nza\nPrivate-Lines: 2\n${puttyLine}\n${puttyLine.slice(0, 30)}\nPrivate-MAC: 0a1b`;
    const m = createMasker();
    const out = m.mask(`${pgp}\n${putty}`);
    expect(out).not.toContain(pgpBody.slice(10, 26));
    expect(out).not.toContain(puttyLine.slice(10, 26));
    expect(out).toContain('-----END PGP PRIVATE KEY BLOCK-----');
    expect(out).toContain('Private-MAC');
    expect(m.counts['private-key']).toBe(2);
  });

  it('a megabyte of dots, letters, digits, dashes or BEGIN lines is masked in one pass', () => {
    // each took minutes to hours when a rule retried its run from every character
    const m = createMasker();
    for (const s of [
      '.'.repeat(1 << 20),
      'a'.repeat(1 << 20),
      '1234567890'.repeat(100_000),
      '-'.repeat(1 << 20),
      '-----BEGIN RSA PRIVATE KEY-----!'.repeat(30_000),
    ])
      expect(m.mask(s)).toHaveLength(s.length);
    const many = 'mail a@b.cc, '.repeat(50_000);
    expect(m.mask(many)).not.toContain('a@b.cc');
    expect(m.counts.email).toBe(50_000);
    expect(m.mask('root@localhost and x@y.io')).toBe(`root@localhost and ${maskOf('email', 6)}`);
  });
});

describe('redaction of the credentials the sixth audit found surviving (R6-2, R6-3)', () => {
  const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
  const SESSION = 'IQoJb3JpZ2luX2VjEJr//////////wEaCXVzLWVhc3QtMSJHMEUCIQD';
  /** [text, the secret in it that must not survive] */
  const SHAPES: [string, string][] = [
    // R6-2: the AWS secret and session token in their common spellings
    [`export AWS_SECRET_ACCESS_KEY=${AWS_SECRET}`, AWS_SECRET],
    [`aws_secret_access_key = ${AWS_SECRET}`, AWS_SECRET],
    [`secretAccessKey: "${AWS_SECRET}"`, AWS_SECRET],
    [
      `{"Credentials":{"AccessKeyId":"ASIAXXXXXXXXXXXXXXXX","SecretAccessKey":"${AWS_SECRET}","SessionToken":"${SESSION}"}}`,
      AWS_SECRET,
    ],
    [`{"SecretAccessKey":"x","SessionToken":"${SESSION}"}`, SESSION],
    [`AWS_SESSION_TOKEN=${SESSION}`, SESSION],
    // escaped once more, as JSON printed inside a tool's output string
    [`{\\"SecretAccessKey\\": \\"${AWS_SECRET}\\"}`, AWS_SECRET],
    // R6-3: model providers' keys and other well-known shapes
    ['gsk_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWX', 'qrstuvwxyzABCDEF'],
    ['xai-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghij', 'qrstuvwxyzABCDEF'],
    ['pplx-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP', 'qrstuvwxyzABCDEF'],
    ['r8_abcdefghijklmnopqrstuvwxyzABCDEFGHIJ', 'qrstuvwxyzABCDEF'],
    ['access token: ya29.a0AfH6SMBx3kQ9r2dVJtqK0mXn7YV5zWq8pLkT1rS2uV3wX4yZ5', 'SMBx3kQ9r2dVJtqK'],
    ['client_secret: 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', '1a2b3c4d5e6f7g8h'],
    ['SG.abcdefghijklmnopqrstuv.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', 'qrstuvwxyz012345'],
    ['https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX', 'XXXXXXXXXXXXXXXX'],
    ['Authorization: Basic YWxhZGRpbjpvcGVuc2VzYW1lMTIzNDU2', 'YWxhZGRpbjpvcGVu'],
    ['DATABASE_URL=postgres://app:S3cr3tPassw0rd@localhost:5432/app', 'S3cr3tPassw0rd'],
    ['https://admin:p4ss!w0rd#x@db.example.com/', 'p4ss!w0rd'],
    ['git clone https://oauth2:glpat-ab_cdefghijklmnopqrst@gitlab.com/x/y.git', 'cdefghijklmnopqrst'],
    ['ANTHROPIC_API_KEY_sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789', 'ijklmnopqrstuvwx'],
    ['AUTHORIZATION: BEARER abcdefghijklmnopqrstu', 'abcdefghijklmnopqrstu'],
    ['//registry.npmjs.org/:_authToken=01234567-89ab-cdef-0123-456789abcdef', '89ab-cdef-0123'],
    ['api-key: 0123456789abcdef0123456789abcdef', '0123456789abcdef'],
    ['{"password": "hunter2hunter2"}', 'hunter2hunter2'],
    [
      '-----begin rsa private key-----\nMIIEowIBAAKCAQEAxyz\n-----end rsa private key-----',
      'MIIEowIBAAKCAQEA',
    ],
    [
      '---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nP2/56wAAAi4AAAA3aWYtbW9kbntzaWdue3JzYS1wa2NzMS1zaGExfSxlbmNyeXB0\n---- END SSH2 ENCRYPTED PRIVATE KEY ----',
      'AAAA3aWYtbW9kbnt',
    ],
    ['eyJhbGciOiJIUzI1NiJ9.e30.abcdefghijklmnop', 'abcdefghijklmnop'],
    ['mail bob@exämple.de now', 'bob@ex'],
    ['a@b.c.d.e.f.g.h.i.j.k.example.com', 'a@b.c.d'],
    ['bob\\u0040corp.example', 'bob\\u0040corp'],
    ['bob%2540corp.example', 'bob%2540corp'],
    ['cd ~jsmith/projects', 'jsmith'],
    ['\\\\server\\Users\\jsmith\\Desktop', 'jsmith'],
    ['C:/Users/John Smith/x', 'Smith'],
  ];

  it.each(SHAPES)('masks %s', (text, secret) => {
    const out = createMasker().mask(text);
    expect(out).toHaveLength(text.length);
    expect(out).not.toContain(secret);
  });

  it('keeps what only looks like them: prose, a port, a local host', () => {
    const m = createMasker();
    for (const s of [
      'A basic understanding of the codebase helps.',
      'the bearer of bad news',
      'http://localhost:8080/path@v2',
      'root@localhost is the admin',
      'see ~/notes and ~ alone',
      'AccessKeyId is public; secret_access_key = (not shown)',
    ])
      expect(m.mask(s)).toBe(s);
  });

  it("a megabyte run of any new rule's separators is masked in one pass", () => {
    const m = createMasker();
    const M = 1 << 20;
    for (const s of [
      ' '.repeat(M),
      ':'.repeat(M),
      '\\'.repeat(M),
      '~'.repeat(M),
      'basic '.repeat(M / 8),
      `Basic ${'A'.repeat(M)}`,
      'password='.repeat(M / 8),
      'http://u:'.repeat(M / 8),
      `http://${'u'.repeat(200)}:${'p'.repeat(M)}`,
      `SecretAccessKey"${' '.repeat(M)}`,
      'C:\\Users\\'.repeat(M / 8),
      '%2540'.repeat(M / 8),
      `a@${'b.'.repeat(M / 2)}`,
    ])
      expect(m.mask(s)).toHaveLength(s.length);
  });
});
