/**
 * Audit 29: a database URL whose scheme holds `_` (SQLAlchemy's `oracle+cx_oracle://`), ASP.NET's
 * JWT key in its usual places (`"Jwt": {"Key": …}`, `Jwt:Key=`, `dotnet user-secrets set`,
 * `SymmetricSecurityKey(…)`), an option's default (argparse, optparse, click), API keys as curl's
 * user with a dummy `X` password, Oracle's export tools' `user/pw@db`.
 */
import { describe, expect, it } from 'vitest';
import { redactLogText } from './redactLog';
import { keepsAll, stayLinear, toolResultLog, unmaskedAlone } from './testing';

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
  // N5 wrapped literals, hashed passwords, keys passed to MACs, ciphers and JWT signers
  ['Ia84yRnBUbHoWC8FJowoRoWD8s7b', 'SECRET_KEY = b"%"'],
  ['A16J7PglOU3shVv5UTG79BG16Qmt', "app.secret_key = b'%'"],
  ['L4F28GzL2cEpVZzAQlxJ4SXRVxfC', 'var jwtKey = []byte("%")'],
  ['CQGgXkH1zxFUbEctT2NLLzPkkGoa', 'let api_key = String::from("%");'],
  ['42cL0n95KDk033', 'var password = Buffer.from("%");'],
  ['3xKJm8GAF0wAwaIINYNvDMbZoOlJ', 'String apiKey = new String("%");'],
  ['7sUMuCzuzee6uM', "'password' => Hash::make('%'),"],
  ['D5rgYc0saNQafA', 'bcrypt.hashpw(b"%", bcrypt.gensalt())'],
  ['uMDhqnYNX5I3SEQwqlIntmpxf0rf', 'hmac.new(b"%", msg, hashlib.sha256)'],
  ['WCfPKPv8oy9tculuY2L56tpvgINL', "crypto.createHmac('sha256', '%')"],
  ['9T4FiLJXgucAey3Yj1ivhNLY7yeK', 'JWT.encode(payload, "%", "HS256")'],
  ['GcymwgnKR5BLmFg8QysGFbuN3z5s', 'Algorithm.HMAC256("%")'],
  ['INYNvDMbZoOlJLl3fZJZ207qc18R', 'token.SignedString([]byte("%"))'],
  // N6 XML: a name attribute labels the element's text; plists
  ['YngFb51yBMWXaS', '<property name="hibernate.connection.password">%</property>'],
  ['v5UTG79BG16QmtsL4F28GzL2cEpV', '<string name="api_key">%</string>'],
  ['8FJowoRoWD8s7b', '<setting name="Password" serializeAs="String">\n  <value>%</value>\n</setting>'],
  ['oOlJm8GAF0wAwa', '<entry key="db.password">%</entry>'],
  ['iK2ZWeqhFWCEPy', '\t<key>Password</key>\n\t<string>%</string>'],
  ['zRKZuQOBdVti9n4dte2et68tVkAK', '<Setting Name="StorageKey" Value="%" />'],
  // N7 credentials servers print when they create them; N8 an Azure key as a Spark property
  ['iK2ZWeqhFWCE', '[Server] A temporary password is generated for root@localhost: %'],
  [
    'WAm*dX3a5IDnOdcdbWB2',
    'Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n  %',
  ],
  ['A16J7PglOU3shVv5UTG7', 'Password for the [elastic] user successfully reset.\nNew value: %'],
  ['9BG16QmtsL4F28GzL2cE', 'Changed password for user elastic\nPASSWORD elastic = %'],
  ['Gn9MB0bobzjcU9kCTGRBI1oOZSHCoHPbzRKZuQOBdVti+', 'Unseal Key 1: %\nUnseal Key 2: x'],
  [
    'a4ad683cbf721245568a8baa397f43a1',
    'Please use the following password to proceed to installation:\n\n%\n\n',
  ],
  [
    'KwD6rQJM9UayY20948VGZiHXJnB8dE3xKJm8GAF0wAwaIINYNvDMbZoOlJLl3fZJZ207qc18Ref3bCaWWrprhZ==',
    'spark.conf.set("fs.azure.account.key.acct.dfs.core.windows.net", "%")',
  ],
  // N9 labels in other languages
  ['YngFb51yBMWXaS', 'パスワード: %'],
  ['CrUZoL8g5ubbbP', 'パスワード：%'],
  ['Ia84yRnBUbHoWC', '{"パスワード": "%"}'],
  ['8FJowoRoWD8s7b', '비밀번호: %'],
  ['v5UTG79BG16Qmt', 'пароль: %'],
  ['ZzAQlxJ4SXRVxf', 'contraseña: %'],
  ['60sJqTEugnPucb', 'la contraseña es %'],
  ['ctT2NLLzPkkGoa', 'senha: %'],
  ['D6rQJM9UayY209', 'Passwort: %'],
  ['48VGZiHXJnB8dE', 'mot de passe : %'],
  ['FXIpKPv8oy9tculuY2L56tpv', 'токен: %'],
  ['ZzAQlxJfSXRVxf', 'كلمة المرور: %'],
  ['QwertyAbcdEfgh', 'パスワード: %'],
  // L2, L3 and more of their kind
  ['Rg1y7Jw641RIFX', "User.objects.create_superuser('admin', 'a@b.c', '%')"],
  ['IpeUcfikk6InrW', "user.set_password('%')"],
  ['DhqnYNX5I3SEQw', 'drush user:password admin "%"'],
  ['Mq4Vn2Xc5Mz7Lk', 'masterauth %'],
  ['CrUZoL8g5ubbbP', 'sudo -S <<< "%" apt install -y jq'],
  ['O0gh2BOLpVnGGz', 'security add-generic-password -a me -s svc -w %'],
  ['h65Tn08yQ7Hi0T', 'secret-tool store --label=x service y <<< "%"'],
  ['DrUAkMiJT0uXIO', 'restic -r s3:x init\nenter password for new repository: %'],
  [
    'RBI1oOZSHCoHPbzRKZuQOBdVti9n',
    "await page.context().addCookies([{ name: 'session', value: '%', domain: 'x.com' }])",
  ],
  // L4 wallet keys in code
  ['0x1782ed8ee0ca58f0d01b44488cc527f05ae77aff7da8712b56999b5e23c548d6', 'accounts: ["%"],'],
  ['1fcbc512838242e7cdc5ae4f63dd3987c06e007865946898e5bfd36c69303094', 'const signer = new Wallet("%")'],
  ['0x2fcbc512838242e7cdc5ae4f63dd3987c06e007865946898e5bfd36c69303094', 'privateKeyToAccount("%")'],
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
  'la contraseña es obligatoria',
  'Passwort: vergessen?',
  'パスワード: 未設定',
  '<string name="app_name">My Application</string>',
  '<property name="hibernate.dialect">org.hibernate.dialect.MySQLDialect</property>',
  'msg = b"hello world, this is text"',
  'hmac.new(key, msg, hashlib.sha256)',
  'tx 0x1782ed8ee0ca58f0d01b44488cc527f05ae77aff7da8712b56999b5e23c548d6 confirmed',
  'accounts: []',
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
    keepsAll(HEADER, KEPT);
  });

  it('stays linear: a megabyte of each near miss is masked in one pass', () =>
    stayLinear((M) => [
      '"Jwt": {'.repeat(M / 8),
      `"Jwt": {${' '.repeat(M)}"Key": "x"`,
      'jwt:\n  a: b\n'.repeat(M / 12),
      '"--password" '.repeat(M / 13) + 'default="x"',
      `"--password"${'"a" '.repeat(M / 4)}default="x"`,
      'A:B:C:D:E='.repeat(M / 10),
      'user-secrets set '.repeat(M / 17),
      `a_b${'_c'.repeat(M / 2)}://x:y@z`,
      'パスワード '.repeat(M / 6),
      `contraseña es ${'x'.repeat(M)}`,
      `<property name="password" ${'a'.repeat(M)}>`,
      '<property name="password">'.repeat(M / 27),
      '<key>Password</key>'.repeat(M / 19),
      `<key>Password</key>${' '.repeat(M)}<string>x</string>`,
      'Password for the elastic user '.repeat(M / 30),
      'PASSWORD a = '.repeat(M / 13),
      'x = b"'.repeat(M / 6),
      `x = ${' '.repeat(M)}b"yyyyyyyy"`,
      'hmac.new(b"'.repeat(M / 11),
      'createHmac("a", '.repeat(M / 16),
    ]));
});

describe("Hardhat's accounts list", () => {
  it('masks every key of the list, not only the last', () => {
    const keys = ['a', 'b', 'c'].map(
      (c) => `0x${c.repeat(8)}${'1234567890abcdef'.repeat(3)}${'9'.repeat(8)}`,
    );
    const r = redactLogText(
      toolResultLog(HEADER, [
        `networks: { sepolia: { accounts: [${keys.map((k) => `"${k}"`).join(', ')}] } }`,
      ]),
    );
    for (const k of keys) expect(r.text).not.toContain(k);
  });
});
