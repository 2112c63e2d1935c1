/**
 * Redaction of secrets named by their place in JSON (audit R20-1, R20-2): in a name/value pair, in
 * a flat list of header names and values, below a secret-named object, array or number; as JSON
 * in an event and as JSON text in a tool's output.
 */
import { describe, expect, it } from 'vitest';
import { redactLogText } from './redactLog';
import { keepsAll, masksAll, outputAt, shape, survivors, toolResultLog } from './testing';

const HEADER = '{"type":"session","version":0,"id":"r20","createdAt":0}';

/** Random values no rule knows by their shape: only their place says they are secrets. */
const SECRETS = {
  env: 'Zq9XvB7kLm2Pw4Rt',
  basic: 'dXNlcjpodW50ZXIyaHVudGVyMg==',
  harKey: 'Hq3Vw8Lp0Zr5Nt2K',
  otel: 'Pw7Lm3Qz9Vx2Rk5T',
  ssm: 'Ss4Kd8Fm2Qp6Wz1X',
  ssmOther: 'Tt5Je9Gn3Rq7Xa2Y',
  postman: 'Pm6Hs0Jd4Lf8Ng2B',
  rawBearer: 'Rb7Vq1Xm5Kz9',
  rawKey: 'Rk3Wn7Yp1Tc5Md9F',
  arm: 'Az2Bc6De0Fg4Hi8J',
  listA: 'La1Mb5Nc9Od3Pe7Q',
  listB: 'Lb2Nc6Od0Pe4Qf8R',
  header: 'Xh8Yj2Zk6Al0Bm4C',
  pin: 48213795,
};
const VALUES = Object.values(SECRETS).map(String);

/** The audit's payloads (R20-1 then R20-2). */
const PAYLOADS: unknown[] = [
  // k8s / ECS env
  { env: [{ name: 'DB_PASSWORD', value: SECRETS.env }] },
  // HAR headers
  {
    request: {
      headers: [
        { name: 'Authorization', value: `Basic ${SECRETS.basic}` },
        { name: 'X-Api-Key', value: SECRETS.harKey },
      ],
    },
  },
  // OTel attributes
  { attributes: [{ key: 'db.password', value: { stringValue: SECRETS.otel } }] },
  // `aws ssm get-parameter`: by its name, and a SecureString whatever its name
  { Parameter: { Name: '/prod/db/password', Type: 'SecureString', Value: SECRETS.ssm } },
  { Parameter: { Name: '/prod/stripe/live', Type: 'SecureString', Value: SECRETS.ssmOther } },
  // a Postman apikey list (the header's name, `X-Api-Key`, is kept)
  {
    auth: {
      type: 'apikey',
      apikey: [
        { key: 'value', value: SECRETS.postman, type: 'string' },
        { key: 'key', value: 'X-Api-Key', type: 'string' },
      ],
    },
  },
  // Node's rawHeaders
  {
    rawHeaders: [
      'Host',
      'api.example.com',
      'Authorization',
      `Bearer ${SECRETS.rawBearer}`,
      'X-Api-Key',
      SECRETS.rawKey,
    ],
  },
  // an Azure ARM parameter file
  { parameters: { adminPassword: { value: SECRETS.arm } } },
  { apiKeys: [SECRETS.listA, SECRETS.listB] },
  { 'X-Api-Key': [SECRETS.header] },
  { password: SECRETS.pin },
];

describe('a secret named by its place in JSON (audit R20-1, R20-2)', () => {
  it('is masked in an event: nothing of it survives, and the copy is the same log', () => {
    const r = masksAll(HEADER, PAYLOADS, VALUES);
    expect(r.changedLines).toBe(PAYLOADS.length);
    for (const line of r.text.split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(shape(r.text).events).toHaveLength(PAYLOADS.length);
    // each value counted once, by its kind
    expect(r.counts).toEqual({ secret: 12, password: 1, 'bearer-token': 1 });
  });

  it('is masked in JSON text in a tool output, compact or indented, and the text stays JSON', () => {
    const outputs = PAYLOADS.flatMap((p) => [JSON.stringify(p), JSON.stringify(p, null, 2)]);
    const r = masksAll(HEADER, outputs, VALUES);
    expect(r.changedLines).toBe(outputs.length);
    outputs.forEach((output, seq) => {
      const masked = outputAt(r.text, seq) as string;
      // a mask has the length of what it hides
      expect(masked).toHaveLength(output.length);
      expect(() => JSON.parse(masked) as unknown).not.toThrow();
    });
    expect(r.counts).toEqual({ secret: 24, password: 2, 'bearer-token': 2 });
  });

  it('JSON text inside JSON text too, and a value with escapes keeps its place', () => {
    const quoted = `${SECRETS.env}"\\x`;
    const outputs = [
      JSON.stringify({ content: [{ type: 'text', text: JSON.stringify(PAYLOADS[0]) }] }),
      JSON.stringify({ env: [{ name: 'DB_PASSWORD', value: quoted }] }),
    ];
    const r = redactLogText(toolResultLog(HEADER, outputs));
    expect(survivors(r.text, [SECRETS.env])).toEqual([]);
    const inner = JSON.parse(outputAt(r.text, 0) as string) as { content: { text: string }[] };
    expect(() => JSON.parse(inner.content[0]?.text ?? '') as unknown).not.toThrow();
    const escaped = outputAt(r.text, 1) as string;
    expect(escaped).toHaveLength((outputs[1] as string).length);
    expect((JSON.parse(escaped) as { env: { value: string }[] }).env[0]?.value).toMatch(/^\[secret\]\*+$/);
  });

  it('a value spelled with escapes in the text (`\\u0041`, `\\/`) is masked where it is spelled', () => {
    const spelled = (value: string) => value.replace(/Z/g, '\\u005a').replace(/\//g, '\\/');
    const secret = `${SECRETS.env}/x`;
    const output = `{"env":[{"name":"DB_PASSWORD","value":"${spelled(secret)}"}],"note":"${spelled(secret)}"}`;
    const r = redactLogText(toolResultLog(HEADER, [output]));
    const masked = outputAt(r.text, 0) as string;
    expect(masked).toHaveLength(output.length);
    const parsed = JSON.parse(masked) as { env: { value: string }[]; note: string };
    expect(parsed.env[0]?.value).toMatch(/^\[secret\]\*+$/);
    // the same value elsewhere in the text is masked too
    expect(parsed.note).toMatch(/^\[secret\]\*+$/);
    expect(r.counts).toEqual({ secret: 1 });
  });

  it('every pair of a long list is masked', () => {
    const env = Array.from({ length: 2000 }, (_, i) => ({
      name: `SERVICE_${i}_PASSWORD`,
      value: `${SECRETS.env}${i}`,
    }));
    const r = redactLogText(toolResultLog(HEADER, [{ env }, JSON.stringify({ env })]));
    expect(r.text).not.toContain(SECRETS.env);
    expect(r.counts).toEqual({ secret: 4000 });
  });

  it('keeps what only describes a secret-named field, and what names no secret', () => {
    const kept: unknown[] = [
      // a tool definition's schema (request headers carry them)
      {
        name: 'login',
        input_schema: {
          type: 'object',
          properties: {
            password: { type: 'string', description: 'The account password', minLength: 12 },
            apiKeys: { type: 'array', items: { type: 'string' }, title: 'Keys to rotate' },
            token: { enum: ['session_cookie', 'bearer_header'] },
          },
          required: ['password', 'username'],
        },
      },
      // an ARM template's parameter declaration
      { adminPassword: { type: 'securestring', metadata: { description: 'The admin password' } } },
      // counts, an OAuth grant list, a pair naming no secret, a list of words
      { max_tokens: 1000000, total_tokens: 123456, input_tokens: 654321 },
      { grant_types: ['password', 'authorization_code'] },
      { name: 'DB_HOST', value: 'db.internal.example.com' },
      ['Host', 'example.com', 'Accept', 'application/json'],
    ];
    const text = toolResultLog(HEADER, [...kept, ...kept.map((k) => JSON.stringify(k, null, 2))]);
    const r = redactLogText(text);
    expect(r.text).toBe(text);
    expect(r.changedLines).toBe(0);
  });
});

describe('rarer spellings (audit R20-8)', () => {
  const PW = 'Yb4Nc8Md2Pf6Qg0H';
  it('a YAML block scalar after a password label: its line is masked', () => {
    const outputs = [
      `db:\n  password: |\n    ${PW}\n  host: db.internal`,
      `password: >-\n  ${PW}\n`,
      JSON.stringify({ yaml: `apiKey: |2\n  ${PW}` }),
    ];
    const r = redactLogText(toolResultLog(HEADER, outputs));
    expect(survivors(r.text, [PW])).toEqual([]);
    expect(r.counts).toEqual({ secret: 3 });
    // the block's indicator and the next key stay
    expect(outputAt(r.text, 0)).toMatch(/password: \|\n {4}\[secret\]\*+\n {2}host: db\.internal$/);
  });

  it('a YAML block of prose after a label that names no secret is kept', () => {
    keepsAll(HEADER, [`description: |\n  Rotate the password\nsecret_policy: >\n  weekly`]);
  });

  it('home paths: `~User/`, `C://Users//x`, a percent-encoded WSL path', () => {
    const outputs = [
      'ls ~Jsmithq/projects',
      'C://Users//erinq//AppData',
      'file=%5C%5Cwsl%24%5CUbuntu%5Chome%5Cquinnq%5Cproj&x=1',
      'open %5C%5Cwsl.localhost%5CDebian%5Chome%5Crachq%5Ca',
    ];
    const r = redactLogText(toolResultLog(HEADER, outputs));
    expect(survivors(r.text, ['Jsmithq', 'erinq', 'quinnq', 'rachq'])).toEqual([]);
    expect(r.counts).toEqual({ 'home-path': 4 });
    expect(outputAt(r.text, 2)).toBe(`file=%5C%5Cwsl%24%5CUbuntu%5Chome%5C${'*'.repeat(6)}%5Cproj&x=1`);
  });
});

describe('a label placed on a value does not weaken its own key', () => {
  it('a password below a pair labelled `Authorization` is masked whole', () => {
    const pw = 'correcthorsebattery';
    const payload = { name: 'Authorization', value: { password: pw } };
    const r = redactLogText(toolResultLog(HEADER, [payload]));
    expect(survivors(r.text, [pw])).toEqual([]);
  });
});
