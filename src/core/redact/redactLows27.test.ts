/**
 * Redaction misses audit 27 rated low, closed: credentials package managers and admin tools take
 * by position or a short flag (`cargo login T`, `composer config`, `poetry config`, `bundle
 * config`, `dotnet nuget … -p`, `az sql server create -p`, `xfreerdp /p:`, `htpasswd -b`) and code
 * passes by position (paramiko's `connect`, `jwt.encode`, Twilio's `Client`) (L1); services'
 * tokens bare in prose (L2); a value that opens with `<` and never closes it (L3). The near misses
 * (variables, `--help`, placeholders, words that start like a prefix) are kept, and each shape
 * stays linear on a megabyte of its near miss.
 */
import { describe, expect, it } from 'vitest';
import { redactLogText } from './redactLog';
import { createMasker } from './rules';
import { shape, survivors, toolResultLog } from './testing';

const HEADER = '{"type":"session","version":0,"id":"lows27","createdAt":0}';

/** [text, the secret in it]: each kept before its fix. */
const L1: [string, string][] = [
  ['cargo login cioNUS0hmi4Fs9Z6YkRYU7oe1wNWqku5Nr5', 'cioNUS0hmi4Fs9Z6YkRYU7oe1wNWqku5Nr5'],
  ['cargo login --registry crates-io PgHV7iB3m03nbqnsGpWLuqIA1id6Vw5D', 'PgHV7iB3m03nbqnsGpWLuqIA1id6Vw5D'],
  [
    'composer config --global github-oauth.github.com 54b95523cf6941fa1c257c6f561c5cb347611a3c',
    '54b95523cf6941fa1c257c6f561c5cb347611a3c',
  ],
  ['composer config -g github-oauth.github.com 0f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6', '0f1e2d3c4b5a'],
  ['composer config http-basic.repo.example.com bob UzDzV8fUkkibjL', 'UzDzV8fUkkibjL'],
  ['composer config -g gitlab-token.gitlab.com 5DZPjN0MEQ7wjJJibaZU', '5DZPjN0MEQ7wjJJibaZU'],
  ['poetry config http-basic.private bob OIfPkzSrAsQtA9', 'OIfPkzSrAsQtA9'],
  ['poetry config http-basic.foo alice "Gl4bT0kenXy7Qw"', 'Gl4bT0kenXy7Qw'],
  [
    'bundle config set --global rubygems.pkg.github.com bob:e9d97dcbee500fe7ee5fc324bdb2e1142a21c402',
    'e9d97dcbee500fe7ee5fc324bdb2e1142a21c402',
  ],
  ['bundle config gems.example.com deploy:Bn7dLe9Pw2Xc', 'Bn7dLe9Pw2Xc'],
  [
    'dotnet nuget add source https://x/index.json -n gh -u bob -p e48f687ab165c58ac5831be38cb8cb4ba2e75198 --store-password-in-clear-text',
    'e48f687ab165c58ac5831be38cb8cb4ba2e75198',
  ],
  ['dotnet nuget update source gh -u bob -p ueQpBenQtYh5Xj8TPQxjq4i9', 'ueQpBenQtYh5Xj8TPQxjq4i9'],
  ['dotnet nuget add source https://x -u bob -p "Np8Wd3Lk6Zq"', 'Np8Wd3Lk6Zq'],
  ['az sql server create -n s -g g -u admin -p Mvxrv99NcqVT', 'Mvxrv99NcqVT'],
  ['az postgres flexible-server create -g g -n pg -u admin -p "Pg5Fl3xPw8"', 'Pg5Fl3xPw8'],
  ['xfreerdp /v:10.0.0.5 /u:Administrator /p:NPRVdD53X83R', 'NPRVdD53X83R'],
  ['wfreerdp /u:admin /p:"Rd9Pw4Xc2Vb" /v:host', 'Rd9Pw4Xc2Vb'],
  ['htpasswd -b -c .htpasswd admin B9t2039bicBT', 'B9t2039bicBT'],
  ['htpasswd -nb admin Ht7Nb2Pw5Lk', 'Ht7Nb2Pw5Lk'],
  ['ssh.connect(hostname, 22, "root", "PCB9t2039bic")', 'PCB9t2039bic'],
  ["client.connect('10.0.0.5', port, 'deploy', 'Sh4Pw8Mn1Zx')", 'Sh4Pw8Mn1Zx'],
  [
    'jwt.encode(payload, "BTW5ZE9LFaez7770H2DCpYgojjHRg80U", algorithm="HS256")',
    'BTW5ZE9LFaez7770H2DCpYgojjHRg80U',
  ],
  ["jwt.encode({'sub': uid, 'exp': exp}, 'Jw7Sk2Ey9Qp4', algorithm='HS256')", 'Jw7Sk2Ey9Qp4'],
  ["const t = jwt.sign({ id: user.id }, 'Js9Gn3Sc5Rt', { expiresIn: '1h' });", 'Js9Gn3Sc5Rt'],
  [
    'client = Client("AC0123456789abcdef0123456789abcdef", "478da6bd0c621de49f145fda9988c79f")',
    '478da6bd0c621de49f145fda9988c79f',
  ],
];

const L2: [string, string][] = [
  ['the token is ciou8jzPde0IgxLd6GncfBAepfJBd0Kh8oO ok', 'ciou8jzPde0IgxLd6GncfBAepfJBd0Kh8oO'],
  ['the token is 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 ok', 'z63FfkCzJr4i0B3JrTAwR4y9ojfljoQo'],
  ['key: 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', 'Fkp5UqQkvHP4HymGCavatHKlHO9JQbYM'],
  ['the token is fc-0f58904dba41ecccc3fc1626e53a1304 ok', '0f58904dba41ecccc3fc1626e53a1304'],
  [
    'the token is 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 ok',
    'EZDz_TddJ8HyS5SUkCnD8zRA9a9SkpXz9w3QlY7Zkuvqdt7s8Stqcbnr3yBdGBLE',
  ],
  [
    'the token is glsa_SufrdZSlB5er8bOfZqfM2oeq3hDavJA76rNicHTp8 ok',
    'SufrdZSlB5er8bOfZqfM2oeq3hDavJA76rNicHTp8',
  ],
  [`use ops_eyJ${'Ab3dEf9hIj'.repeat(30)} here`, 'Ab3dEf9hIj'],
  [
    'the token is sntrys_eyJywhjpU05mc4J1WRcQ1uhyMDJ2OXtPAtLpByQxCGClbaNFDpCWNX0D1lZEzgeiwBxfZCGGQ ok',
    'eyJywhjpU05mc4J1WRcQ1uhyMDJ2OXtPAtLpByQxCGClbaNFDpCWNX0D1lZEzgeiwBxfZCGGQ',
  ],
  [
    'the token is phx_Ru5ykYYqhXHdO2x93CJHLS45gqIO2zVZxqyxKjxv ok',
    'Ru5ykYYqhXHdO2x93CJHLS45gqIO2zVZxqyxKjxv',
  ],
  ['posthog: phx_WQV1jrBNdIiYiH_XoWIb5KqZv18v_4JQbNBVuGihaYw', 'WQV1jrBNdIiYiH_XoWIb5KqZv18v_4JQbNBVuGihaYw'],
  ['the token is LTAI6XgaNJQ8mjAmHMPGPPA0 ok', 'LTAI6XgaNJQ8mjAmHMPGPPA0'],
  [
    'the token is AKLTNDQ2YTRlNTBiYTg1NDcyNmE3MDA1MTUzNzc5MWMwNmI ok',
    'AKLTNDQ2YTRlNTBiYTg1NDcyNmE3MDA1MTUzNzc5MWMwNmI',
  ],
  [`the token is EAAG${'Gm7rtWT01NjUjpUuMHwk'.repeat(8)} ok`, 'Gm7rtWT01NjUjpUuMHwk'],
];

const L3: [string, string][] = [
  ['DB_PASSWORD=<Hq7Jk2Lm9Np4', '<Hq7Jk2Lm9Np4'],
  ["export SERVICE_SECRET='<abcDEF123ghiJKL456'", '<abcDEF123ghiJKL456'],
  ['SECRET_KEY="<Sk3Lm8&Np2/Qr"', 'Sk3Lm8&Np2/Qr'],
  ['mysql_password = <Kx9Lm2Np4Qr', 'Kx9Lm2Np4Qr'],
];

const KEPT = [
  'cargo login --help',
  'cargo login $CARGO_REGISTRY_TOKEN',
  'cargo login --registry my-registry',
  'composer config --global github-oauth.github.com YOUR_TOKEN',
  'composer config http-basic.repo.example.com bob $PASSWORD',
  'composer config --unset http-basic.repo.example.com',
  'poetry config http-basic.private bob xxx',
  'poetry config virtualenvs.in-project true',
  'bundle config set --local path vendor/bundle',
  'bundle config set --global jobs 4',
  'bundle config set --local build.nokogiri --use-system-libraries',
  'dotnet nuget add source https://x -n gh --protocol-version 3',
  'az sql server create -n s -g g -u admin -p $SQL_PASSWORD',
  'xfreerdp /v:host /u:admin /p:$RDP_PASSWORD',
  'htpasswd -c .htpasswd admin',
  'htpasswd -b .htpasswd admin $PW',
  'ssh.connect(hostname, 22, user, password)',
  'conn = pymysql.connect("db", "app", "app", "shop")',
  'jwt.encode(payload, SECRET_KEY, algorithm="HS256")',
  'jwt.sign(payload, `${process.env.JWT_SECRET}`)',
  'client = Client(account_sid, auth_token)',
  'fc-button fc-0123456789 and fc-deadbeef',
  'LTAIL LTAILOGGERCONFIGURATION1234 LTAIxxxxxxxxxxxxxxxxxxxx',
  'ciocciolatetreefortestingthewords cioabcdefghijklmnopqrstuvwxyzabcdef',
  'TAVILY_API_KEY=tvly-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  'export NVIDIA_API_KEY="nvapi-..."',
  'phx_your_personal_api_key_here and phx_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  'DB_PASSWORD=<your-password>',
  'DB_PASSWORD=<PASSWORD>',
  'Set DB_PASSWORD=<your-password>.',
  'password: "<your password>"',
];

describe('audit 27 lows: each miss is masked', () => {
  const m = createMasker();
  it.each([...L1, ...L2, ...L3])('%s', (text, secret) => {
    expect(text).toContain(secret);
    expect(m.mask(text)).not.toContain(secret);
  });

  it('in a log: none survives, the copy loads as the same events', () => {
    const cases = [...L1, ...L2, ...L3];
    const log = toolResultLog(
      HEADER,
      cases.map(([text]) => text),
    );
    const secrets = cases.map(([, secret]) => secret);
    const r = redactLogText(log);
    expect(survivors(r.text, secrets)).toEqual([]);
    expect(shape(r.text)).toEqual(shape(log));
  });
});

describe('audit 27 lows: the near misses are kept', () => {
  it.each(KEPT)('%s', (text) => {
    expect(createMasker().mask(text)).toBe(text);
  });
});

describe('the audit-27 rules stay linear', () => {
  it('a megabyte of each near-miss is masked in one pass', () => {
    const m = createMasker();
    const M = 1 << 20;
    const runs = [
      'cargo login '.repeat(M / 12),
      `cargo login ${'--x '.repeat(M / 4)}`,
      `cargo login --registry ${'a'.repeat(M)}`,
      `composer config ${'-g '.repeat(M / 3)}`,
      `composer config http-basic.${'a.'.repeat(M / 2)}`,
      `composer config http-basic.a ${'u'.repeat(M)}`,
      `poetry config http-basic.${'a'.repeat(M)} `,
      `bundle config set ${'a.'.repeat(M / 2)} `,
      `bundle config set a.b ${'u'.repeat(M)}:`,
      `htpasswd${' -b'.repeat(M / 3)}`,
      `htpasswd -b ${'a '.repeat(M / 2)}`,
      `x.connect(${'a, '.repeat(M / 3)}`,
      `x.connect("h", 22, "u", "${'x'.repeat(M)}`,
      `jwt.encode({${'a'.repeat(M)}`,
      `jwt.sign(${'a, '.repeat(M / 3)}`,
      `Client("AC${'0'.repeat(M)}`,
      `dotnet nuget add source ${'-p '.repeat(M / 3)}`,
      'dotnet nuget add source x\n'.repeat(M / 26),
      `az sql server create ${'-p '.repeat(M / 3)}`,
      `xfreerdp ${'/p:'.repeat(M / 3)}`,
      `cio${'a1B'.repeat(M / 3)}`,
      'cio '.repeat(M / 4),
      'fc-'.repeat(M / 3),
      `fc-${'a'.repeat(M)}`,
      'tvly-'.repeat(M / 5),
      `tvly-dev-${'aB1'.repeat(M / 3)}`,
      `nvapi-${'-'.repeat(M)}`,
      `glsa_${'_'.repeat(M)}`,
      `ops_eyJ${'a'.repeat(M)}`,
      `phx_${'aB1'.repeat(M / 3)}`,
      'LTAI '.repeat(M / 5),
      `LTAI${'aB1'.repeat(M / 3)}`,
      `AKLT${'aB1'.repeat(M / 3)}`,
      `EAAG${'aB1'.repeat(M / 3)}+`,
      ' EAAG'.repeat(M / 5),
      `DB_PASSWORD=<${'a'.repeat(M)}`,
      `DB_PASSWORD=<a>${'.'.repeat(M)}x`,
      `"password": "<${'>'.repeat(M)}"`,
    ];
    for (const s of runs) expect(m.mask(s)).toHaveLength(s.length);
  });
});
