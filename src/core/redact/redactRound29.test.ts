/**
 * Audit 29: a database URL whose scheme holds `_` (SQLAlchemy's `oracle+cx_oracle://`), ASP.NET's
 * JWT key in its usual places (`"Jwt": {"Key": …}`, `Jwt:Key=`, `dotnet user-secrets set`,
 * `SymmetricSecurityKey(…)`), an option's default (argparse, optparse, click), API keys as curl's
 * user with a dummy `X` password, Oracle's export tools' `user/pw@db`.
 */
import { describe, expect, it } from 'vitest';
import { redactLogText } from './redactLog';
import { createMasker } from './rules';
import { toolResultLog, unmaskedAlone } from './testing';

const HEADER = '{"type":"session","version":0,"id":"r29","createdAt":0}';

const CASES: [string, string][] = [
  ['iK2ZWeqhFWCEPy', 'oracle+cx_oracle://app:%@db:1521/x'],
  ['Ll3fZJZ207qc18', 'DATABASE_URL="oracle+cx_oracle://app:%@db:1521/?service_name=orcl"'],
  ['ZzAQlxJ4SXRVxf', 'redshift+redshift_connector://app:%@db:5439/x'],
  ['CQGgXkH1zxFUbE', 'db2+ibm_db://app:%@db:50000/x'],
  ['48VGXkH1zxFUbE', 'postgres_fdw://app:%@db/x'],
  ['3xKJm8GAF0wAwaIINYNvDMbZoOlJ', '  "Jwt": {\n    "Issuer": "https://localhost",\n    "Key": "%"\n  }'],
  ['LOidOOvDwR6wMTrVFbLd9Rb9xqOD', '"Jwt": {"Key": "%", "Issuer": "x", "Audience": "y"}'],
  ['tLMuOOvDwR6wMTrVFbLd9Rb9xqOD', '"jwt": {"key": "%"}'],
  ['Ll3fZJZ207qc18Ref3bCaWWrprhZ', '  "Stripe": {\n    "Key": "%"\n  }'],
  ['NlwsekkqH8kQrPTsDSuFEhbtyvAY', '  "SendGrid": { "Key": "%" }'],
  ['CrUZoL8g5ubbbPIa84yRnBUbHoWC', '  "TokenKey": "%",'],
  ['D6rQJM9UayY20948VGZiHXJnB8dE', 'jwt:\n  issuer: x\n  key: %'],
  ['ZzAQlxJ4SXRVxfCQGgXkH1zxFUbE', 'Jwt:Key=%'],
  ['64yTY6BzUZKC97i4xgciFnq9RBXO', 'dotnet user-secrets set "Jwt:Key" "%"'],
  ['ZzAQlxJ4SXRVxfCQGgXkH1zxFUbF', 'dotnet user-secrets set "SendGridKey" "%"'],
  ['ucAeQJM9UayY20948VGZiHXJnB8d', 'var key = builder.Configuration["Jwt:Key"] ?? "%";'],
  [
    'JgN8ZGrBOUTp7tBqHtJvaYALubyN',
    'IssuerSigningKey = new SymmetricSecurityKey(Encoding.UTF8.GetBytes("%"))',
  ],
  ['mqgq5UGn9MB0bobzjcU9kCTGRBI1', 'parser.add_argument("--api_key", type=str, default="%")'],
  [
    'oOZSn9MB0bobzjcU9kCTGRBI1mqg',
    '    parser.add_argument(\n        "--api-key",\n        default="%",\n    )',
  ],
  ['hunter2Xy9Q', 'parser.add_argument("-p", "--password", default="%")'],
  ['rWvMG1qxvvhsp3', 'parser.add_option("--password", dest="password", default="%")'],
  ['KZuQn9MB0bobzjcU9kCTGRBI1mqg', '@click.option("--token", default="%", help="API token")'],
  ['1yBMWXaSCrUZoL8g5ubbbPIa84yRnBUb', 'curl -u %:X https://api.example.com'],
  ['qiaJ42cL0n95KDk033XT', 'curl -u %:X https://domain.freshservice.com/api/v2/tickets'],
  ['I1oOZSHCoHPbzR', 'expdp system/%@orcl schemas=app directory=DATA_PUMP_DIR dumpfile=app.dmp'],
];

const KEPT = [
  '"Cache": {"Key": "users-by-id"}',
  '"Logging": {"LogLevel": {"Default": "Information"}}',
  'i18n:\n  key: button.submit',
  'parser.add_argument("--model", default="gpt-4o-mini-2024-07-18")',
  'parser.add_argument("-p", "--port", default="8080")',
  'parser.add_argument("--token-limit", default="4096")',
  'curl -u admin:X https://example.com',
  'Logging:LogLevel:Default=Information',
  'dotnet user-secrets set "Movies:Enabled" "true"',
];

describe('audit 29 shapes', () => {
  it('masks each, each alone in its own log', () => {
    expect(unmaskedAlone(HEADER, CASES)).toEqual([]);
  });

  it("masks a section's key in a structured value and in JSON text, keeping a cache's key", () => {
    const settings = { Jwt: { Issuer: 'x', Key: 'Wd7kP2xQ9mZ4vL8nR3tYb5Nc' }, Cache: { Key: 'users-by-id' } };
    for (const output of [settings, JSON.stringify(settings, null, 2)]) {
      const r = redactLogText(toolResultLog(HEADER, [output]));
      expect(r.text).not.toContain('Wd7kP2xQ9mZ4vL8nR3tYb5Nc');
      expect(r.text).toContain('users-by-id');
    }
  });

  it('keeps sections, options and paths that name no secret', () => {
    const log = toolResultLog(HEADER, KEPT);
    expect(redactLogText(log).text).toBe(log);
  });

  it('stays linear: a megabyte of each near miss is masked in one pass', () => {
    const m = createMasker();
    const M = 1 << 20;
    for (const s of [
      '"Jwt": {'.repeat(M / 8),
      `"Jwt": {${' '.repeat(M)}"Key": "x"`,
      'jwt:\n  a: b\n'.repeat(M / 12),
      '"--password" '.repeat(M / 13) + 'default="x"',
      `"--password"${'"a" '.repeat(M / 4)}default="x"`,
      'A:B:C:D:E='.repeat(M / 10),
      'user-secrets set '.repeat(M / 17),
      `a_b${'_c'.repeat(M / 2)}://x:y@z`,
    ])
      expect(m.mask(s)).toHaveLength(s.length);
  });
});
