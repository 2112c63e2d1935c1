/**
 * Redaction of the placements audit R21-8 and R21-9 found leaking: a JSON Web Key's private
 * members; name/value pairs named by `label` (1Password, whose `CONCEALED` type says secret
 * whatever the label), `ParameterKey` (CloudFormation, also in the CLI's shorthand) and
 * `OptionName` (Elastic Beanstalk); collections named by a plural (`secrets`, `tokens`,
 * `credentials`, `Secrets`, `secretData`); and all of these as JSON text quoted as a JSON string.
 * Each as JSON in an event, as JSON text in a tool's output, and as that text quoted again.
 */
import { describe, expect, it } from 'vitest';
import { redactLogText } from './redactLog';
import { keepsAll, masksAll, outputAt, survivors, toolResultLog } from './testing';

const HEADER = '{"type":"session","version":0,"id":"r21b","createdAt":0}';

/** Random values no rule knows by their shape: only their place says they are secrets. */
const SECRETS = {
  rsaD: 'Xq9vB7kLm2Pw4RtZc8Hn3Yd6Fs1Ga5JeUo0Wi',
  rsaP: 'Pp4Kd8Fm2Qp6Wz1XaB3cD4eF5gH6iJ7kL8mN9',
  rsaQ: 'Qq7Lm3Qz9Vx2Rk5TuV6wX7yZ8aB9cD0eF1gH2',
  rsaDp: 'Dp2Bc6De0Fg4Hi8JkL1mN5oP9qR3sT7uV1wX5',
  rsaDq: 'Dq5Je9Gn3Rq7Xa2YbC6dE0fG4hI8jK2lM6nO0',
  rsaQi: 'Qi6Hs0Jd4Lf8Ng2BpQ5rS9tU3vW7xY1zA5bC9',
  okpD: 'Od1Mb5Nc9Od3Pe7QrS2tU6vW0xY4zA8bC2dE6',
  octK: 'Ok3Wn7Yp1Tc5Md9FgH4iJ8kL2mN6oP0qR4sT8',
  onePassword: 'jpq8bmcvRTYmjAmkYOtw',
  concealed: 'KWI8qVwLttez5aiZV33S',
  labelValue: 'Lv4Kd8Fm2Qp6Wz1Xa',
  cfn: 'VdjVqxUd67G2l2rSsVWs',
  beanstalk: 'lnpfqB9Ozdx5OkzDfZxn',
  secretsMap: 'lWsStYtA2PYN8x6aWtuH',
  tokensList: 'Qr0hwuNl45tZDvgpHE6i',
  credentialsList: 'MO8wlCHFUmDWxSVF7CIG',
  secretsPairs: 'Sp9Lm3Qz9Vx2Rk5Tu',
  secretData: 'Sd2Bc6De0Fg4Hi8Jk',
  env: 'vxubS59VgpiyhozF2l8Q',
};
const VALUES = Object.values(SECRETS);

/** The public half of the keys: kept. */
const PUBLIC = {
  n: 'u1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0_IzW7yWR7QkrmBL7jTKEn5u-qKhbwKfBstIs-bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyehkd3qqGElvW_VDL5AaWTg0nLVkjRo9z-40RQzuVaE8AkAFmxZzow3x-VJYKdjykkJ0iT9wCS0DRTXu269V264Vf_3jvredZiKRkgwlL9xNAwxXFg0x_XFw005UWVRIkdgcKWTjpBP2dPwVZ4WWC-9aGVd-Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbcmw',
  x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
  kid: '2011-04-29',
};

/** The audit's payloads: R21-9's keys, then R21-8's pairs and collections. */
const PAYLOADS: unknown[] = [
  // a JWK set with an RSA private key
  {
    keys: [
      {
        kty: 'RSA',
        kid: PUBLIC.kid,
        n: PUBLIC.n,
        e: 'AQAB',
        d: SECRETS.rsaD,
        p: SECRETS.rsaP,
        q: SECRETS.rsaQ,
        dp: SECRETS.rsaDp,
        dq: SECRETS.rsaDq,
        qi: SECRETS.rsaQi,
      },
    ],
  },
  // an Ed25519 key (`d` is the whole key), an `oct` key
  { kty: 'OKP', crv: 'Ed25519', x: PUBLIC.x, d: SECRETS.okpD },
  { kty: 'oct', alg: 'HS256', k: SECRETS.octK },
  // 1Password `op item get --format json`
  {
    id: 'x',
    title: 'Prod DB',
    fields: [
      { id: 'username', type: 'STRING', purpose: 'USERNAME', label: 'username', value: 'admin' },
      {
        id: 'password',
        type: 'CONCEALED',
        purpose: 'PASSWORD',
        label: 'password',
        value: SECRETS.onePassword,
      },
      { id: 'abc123', type: 'CONCEALED', label: 'Deploy hook', value: SECRETS.concealed },
    ],
  },
  [{ label: 'Password', value: SECRETS.labelValue }],
  // CloudFormation describe-stacks, Elastic Beanstalk option settings
  {
    Stacks: [
      {
        Parameters: [
          { ParameterKey: 'MasterUserPassword', ParameterValue: SECRETS.cfn },
          { ParameterKey: 'Env', ParameterValue: 'prod' },
        ],
      },
    ],
  },
  {
    OptionSettings: [
      {
        Namespace: 'aws:elasticbeanstalk:application:environment',
        OptionName: 'DB_PASSWORD',
        Value: SECRETS.beanstalk,
      },
    ],
  },
  // collections named by a plural
  { secrets: { deploy: SECRETS.secretsMap } },
  { tokens: [SECRETS.tokensList] },
  { credentials: [SECRETS.credentialsList] },
  { Secrets: [{ Name: 'db', Value: SECRETS.secretsPairs }] },
  { secretData: { db: SECRETS.secretData } },
  // a pair one level further down
  { env: [{ name: 'DB_PASSWORD', value: SECRETS.env }] },
];

const PLACEMENTS = [
  ['as JSON in the event', PAYLOADS],
  ['as JSON text in a tool output', PAYLOADS.map((p) => JSON.stringify(p, null, 2))],
  ['as JSON text quoted as a JSON string', PAYLOADS.map((p) => JSON.stringify(JSON.stringify(p)))],
] as const;

describe('secrets named by their place (audit R21-8, R21-9)', () => {
  for (const [form, outputs] of PLACEMENTS) {
    it(`masks every one ${form}; the copy loads as the same events`, () => {
      const r = masksAll(HEADER, outputs, VALUES);
      for (const line of r.text.split('\n')) expect(() => void JSON.parse(line)).not.toThrow();
      // the public members and the names stay
      expect(survivors(r.text, Object.values(PUBLIC))).toEqual(Object.values(PUBLIC));
      for (const name of ['MasterUserPassword', 'DB_PASSWORD', 'Deploy hook', 'admin', 'prod'])
        expect(r.text).toContain(name);
    });
  }

  it('keeps the length of a quoted JSON text, so it still reads as the same JSON with masks', () => {
    const quoted = JSON.stringify(JSON.stringify(PAYLOADS.at(-1)));
    const r = redactLogText(toolResultLog(HEADER, [quoted]));
    const output = outputAt(r.text, 0) as string;
    expect(output.length).toBe(quoted.length);
    const inner = JSON.parse(JSON.parse(output) as string) as { env: { name: string; value: string }[] };
    expect(inner.env[0]?.name).toBe('DB_PASSWORD');
    expect(inner.env[0]?.value).toMatch(/^\[secret\]\*+$/);
  });

  it("masks CloudFormation's and Elastic Beanstalk's CLI shorthand", () => {
    const commands = [
      `aws cloudformation create-stack --stack-name db --parameters ParameterKey=DbPassword,ParameterValue=${SECRETS.cfn} ParameterKey=Env,ParameterValue=prod`,
      `aws elasticbeanstalk update-environment --option-settings Namespace=aws:elasticbeanstalk:application:environment,OptionName=DB_PASSWORD,Value=${SECRETS.beanstalk}`,
    ];
    const r = redactLogText(toolResultLog(HEADER, commands));
    expect(survivors(r.text, [SECRETS.cfn, SECRETS.beanstalk])).toEqual([]);
    expect(r.text).toContain('ParameterKey=Env,ParameterValue=prod');
  });
});

describe('what the places do not name a secret (audit R21-8, R21-9)', () => {
  const kept: unknown[] = [
    // token counts: numbers under token-ish names, a usage object of numbers
    { max_tokens: 4096, tokens: 1234, usage: { tokens: { input: 123456, output: 654321 } } },
    { usage: { input_tokens: 1234567, output_tokens: 7654321 }, tokens: [151643, 872, 13] },
    // a tokenizer's words
    { tokens: ['Hello', ' world', ' of', ' tokens'] },
    // a tool schema naming secrets, credentials and a JWK's members
    {
      name: 'store_credentials',
      input_schema: {
        type: 'object',
        properties: {
          secrets: { type: 'object', description: 'The secrets to store, by name' },
          credentials: { type: 'array', items: { type: 'string', description: 'Credential names' } },
          kty: { type: 'string', enum: ['RSA', 'EC', 'OKP', 'oct'] },
          d: { type: 'string', description: 'The private exponent' },
        },
        required: ['secrets'],
      },
    },
    // a JWK set of public keys
    {
      keys: [
        { kty: 'RSA', use: 'sig', kid: PUBLIC.kid, alg: 'RS256', n: PUBLIC.n, e: 'AQAB' },
        { kty: 'OKP', crv: 'Ed25519', x: PUBLIC.x },
        {
          kty: 'EC',
          crv: 'P-256',
          x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
          y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
        },
      ],
    },
    // a label/value pair that names no secret, a CONCEALED-less 1Password field
    { fields: [{ type: 'STRING', label: 'username', value: 'administrator' }] },
    { Parameters: [{ ParameterKey: 'InstanceType', ParameterValue: 't3.medium' }] },
    // a form's options: labels naming secrets, their values words
    {
      options: [
        { label: 'API key', value: 'api_key' },
        { label: 'Access token', value: 'accessToken' },
      ],
    },
  ];
  for (const [form, outputs] of [
    ['as JSON in the event', kept],
    ['as JSON text in a tool output', kept.map((p) => JSON.stringify(p, null, 2))],
    ['as JSON text quoted as a JSON string', kept.map((p) => JSON.stringify(JSON.stringify(p)))],
  ] as const) {
    it(`keeps counts, a tool schema, public keys and plain settings ${form}`, () => {
      keepsAll(HEADER, outputs);
    });
  }
});
