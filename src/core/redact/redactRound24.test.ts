/**
 * Labels with a qualifier after the credential word (`DATABASE_PASSWORD_PROD`, `OPENAI_API_KEY_2`,
 * `TOKEN_GITHUB`, `apiKeyProd`: audit R24-2) and one-case tokens after a prefix taken for names
 * (`napi_<64 lowercase letters and digits>`: audit R24-1). Each spelling as a .env line, as JSON
 * and as YAML, in a tool's output and as an object's field; the near misses (a name that says the
 * value is a path, a URL, a length; a placeholder name as the value) are kept.
 */
import { describe, expect, it } from 'vitest';
import { keepsAll, masksAll } from './testing';

const HEADER = '{"type":"session","version":0,"id":"r24","createdAt":0}';

/** Each label with a value no prefix rule knows. */
const LABELLED: readonly (readonly [string, string])[] = [
  ['DATABASE_PASSWORD_PROD', '2A6iPdd4kQ9xLm3Tz'],
  ['OPENAI_API_KEY_2', 'UeMzOZ6yR2kT9vLq8XwB4nHc7JdF1sGa3PeY5uKi'],
  ['API_KEY_OLD', 'Qk7Lm2Pw4RtZc8Hn3YdFs1Ga5JeUo0Wi2Bc6De0F'],
  ['PASSWORD_DB', 'Pd8Hn3Yd6Fs1Ga5J'],
  ['TOKEN_GITHUB', 'Tg3Mb5Nc9Od3Pe7QrS2tVa2Bc6De0Fg4Hi8JkL1m'],
  ['apiKeyProd', 'Ap9vB7kLm2Pw4RtZc8Hn3Yd6Fs1Ga5JeUo0Wi2Bc'],
  ['api_key_v2', 'Av2Je9Gn3Rq7Xa2YbC6dOi6Hs0Jd4Lf8Ng2BpQ5r'],
  ['AWS_BEARER_TOKEN_BEDROCK', 'ABSKffRdijl9YQC+fsa8TMwWWQUbpzoUuWKDfgDV5HR68kqs'],
  ['GH_TOKEN_READONLY', 'Gr4Kd8Fm2Qp6Wz1XaB3cRb7kLm2Pw4RtZc8Hn3Yd'],
  ['STRIPE_SECRET_KEY_LIVE', 'Sl5Je9Gn3Rq7Xa2YbC6dOi6Hs0Jd4Lf8'],
  ['api-key-staging', 'Ks1Mb5Nc9Od3Pe7QrS2tVa2Bc6De0Fg4Hi8JkL1m'],
  ['ADMIN_PASSWORD_HASH', '$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW'],
  // one case with an underscore after a prefix: a token, not a name (R24-1)
  ['NEON_API_KEY', 'napi_87eox7tk9m231t2q5q22bb5v71faelxk6dg49t446fopqmk92ej4zcyuzw2tzey4'],
  ['apiKey', 'napi_9aa5euo9e7fibnn1ubz6t50jt8p7j6sbpc0jhhikug2pmedeo12m79agd4n4j7tn'],
  ['password', 'pw_k3x75q40eydgpat7vzadnk3vii9y9a'],
  ['OPENAI_API_KEY', 'key_jg2nuj2anb9m85zckahqe33v3h55humb9a4gucn4'],
  ['CLIENT_SECRET', 'sec_scr52ylt1n84wx8ee37euacm840n40ekmnr54smn'],
  ['API_TOKEN', 'KEY_JG2NUJ2ANB9M85ZCKAHQE33V3H55HUMB9A4GUCN4'],
];
const VALUES = LABELLED.map(([, v]) => v);

const envText = LABELLED.map(([k, v]) => `${k}=${v}`).join('\n');
const jsonText = JSON.stringify(Object.fromEntries(LABELLED), null, 2);
const yamlText = LABELLED.map(([k, v]) => `${k}: ${v}`).join('\n');
const quotedYaml = LABELLED.map(([k, v]) => `  ${k}: "${v}"`).join('\n');

describe('a credential word followed by a qualifier, a token taken for a name (audit R24-1, R24-2)', () => {
  it.each([
    ['.env text', envText],
    ['JSON text', jsonText],
    ['YAML text', yamlText],
    ['quoted YAML text', `env:\n${quotedYaml}`],
    ['an object', Object.fromEntries(LABELLED)],
    ['an env object inside settings', { env: Object.fromEntries(LABELLED) }],
  ])('masks every value in %s; the copy loads as the same events', (_, output) => {
    const r = masksAll(HEADER, [output], VALUES);
    for (const [name] of LABELLED) expect(r.text).toContain(name);
  });

  it('keeps the near misses: a name saying the value is something else, a placeholder name as the value', () => {
    const kept = [
      'API_KEY_PATH=/x/keys/a1b2c3d4e5f6.pem',
      'TOKEN_URL=https://auth.example.com/oauth2/v1/token',
      'PASSWORD_LENGTH=12',
      'password_min_length: 16',
      'SSH_AUTH_SOCK=/tmp/ssh-XXXXabc/agent.1234',
      'SECRET_NAME=prod-db-credentials-v2',
      'token_count: 10768',
      'sessionModel: claude-sonnet-4-5',
      'const onSessionEnd = CodeMieCodePluginMetadata.lifecycle!.onSessionEnd!;',
      'src/utils/auth.ts:9:import type { ProviderProfile }',
      '{"tokenUsage": "in4096out512"}',
      'OPENAI_API_KEY=your_api_key',
      'DB_PASSWORD=db_password',
      '{"password": "db_password", "apiKey": "YOUR_OPENAI_API_KEY_2"}',
      'tokenizer: cl100k_base',
      'api_key_v2: OPENAI_API_KEY',
      'accessTokenExpiresAt: 2026-12-04T11:00:00Z',
      'apiKeyHelper: ~/bin/get_key2.sh',
    ];
    keepsAll(HEADER, kept);
  });
});
