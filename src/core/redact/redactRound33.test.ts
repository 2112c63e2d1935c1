/** Audit 33's medium findings: unquoted values holding punctuation, Google app passwords. */
import { describe, expect, it } from 'vitest';
import { createMasker } from './rules';
import { redactLogText } from './redactLog';
import { shape, toolResultLog, stayLinear } from './testing';

const HEADER = JSON.stringify({ type: 'session', version: 0, id: 'round33', createdAt: 0 });

/** The longest run (3 or more) of `secret` that `out` still holds. */
function longestKept(out: string, secret: string): number {
  let best = 0;
  for (let i = 0; i < secret.length; i++)
    for (let j = i + Math.max(3, best + 1); j <= secret.length && out.includes(secret.slice(i, j)); j++)
      best = j - i;
  return best;
}

const DJANGO = '29)326@ml64%$lg2tjf8(%c#z2^=$^k$a7edcmp#b)3u2@m7o%';
const PUNCTUATED = [
  DJANGO,
  'Xk9mP2&qLzR7wT',
  'Summer(2024)x9',
  'r7Tq(9vLmZ2k',
  'A8f)kQ2mZx9w',
  'k3Lm)9vQ2xWz',
];
const UNQUOTED = [
  'POSTGRES_PASSWORD: %',
  'DB_PASSWORD=%',
  'spring.datasource.password=%',
  'password: %',
  'SECRET_KEY=%',
  'DJANGO_SECRET_KEY: %',
  'API_KEY=%',
  'client_secret=%',
  'PGPASSWORD=% psql -h db',
  'DEBUG=True\nSECRET_KEY=%\nDATABASE_URL=postgres://localhost/app',
  'environment:\n  - DEBUG=1\n  - DJANGO_SECRET_KEY=%\n  - DB_HOST=db',
  'services:\n  web:\n    environment:\n      DEBUG: "1"\n      SECRET_KEY: %\n      DB_HOST: db',
];

describe('N1: an unquoted secret holding ( ) & [ ] { } < > ; , (audit 33)', () => {
  it('is masked whole after every label spelling', () => {
    const m = createMasker();
    const kept: string[] = [];
    for (const shape of UNQUOTED)
      for (const v of PUNCTUATED) {
        const text = shape.replace('%', v);
        if (longestKept(m.mask(text), v) >= 4) kept.push(text);
      }
    expect(kept).toEqual([]);
  });

  it('in a log: the .env file a tool printed', () => {
    const text = toolResultLog(HEADER, [`DEBUG=True\nSECRET_KEY=${DJANGO}\nALLOWED_HOSTS=*\n`]);
    const r = redactLogText(text);
    expect(longestKept(r.text, DJANGO)).toBeLessThan(4);
    expect(r.text).toContain('ALLOWED_HOSTS=*');
    expect(shape(r.text)).toEqual(shape(text));
  });

  it('keeps code and types after a label: calls, references, annotations', () => {
    const m = createMasker();
    for (const code of [
      'password=getpass()',
      'password = input("pw: ").strip()',
      'PASSWORD=os.getenv("PW")',
      'secret: Optional[str] = None',
      'apiKey: process.env.API_KEY,',
      'token: ${{ secrets.TOKEN }}',
      'password: string;',
      'api_key=settings.API_KEY)',
    ])
      expect(m.mask(code)).toBe(code);
  });
});

describe('N2: a Google app password as Google shows it (audit 33)', () => {
  it('is masked after a password label, in YAML, compose, .env, export and prose', () => {
    const m = createMasker();
    const v = 'qwer tyui opas dfgh';
    for (const text of [
      'spring:\n  mail:\n    username: me@gmail.com\n    password: %\n    port: 587',
      'environment:\n  - SMTP_USER=me@gmail.com\n  - SMTP_PASS=%',
      'SMTP_PASS=%',
      'export SMTP_PASSWORD=%',
      'MAIL_PASSWORD: %',
      'my gmail app password is %',
      'The app password is: %',
    ]) {
      const out = m.mask(text.replace('%', v));
      expect(out, text).not.toMatch(/qwer|tyui|opas|dfgh/);
    }
  });

  it('keeps prose that goes on, and stays linear', () => {
    const m = createMasker();
    for (const text of [
      'the password field must have more than eight',
      'Password: this will take some time\nok',
    ])
      expect(m.mask(text)).toBe(text);
    const big = `password: ${'abcd '.repeat(200_000)}`;
    expect(m.mask(big)).toHaveLength(big.length);
  });
});

describe('N3: secrets the usual connection calls and setters take as plain arguments (audit 33)', () => {
  const V = 'Xk9mP2qLzR7wT';
  const CALLS = [
    'Connection conn = DriverManager.getConnection("jdbc:mysql://localhost:3306/shop", "root", "%");',
    '$conn = mysqli_connect("localhost", "root", "%", "shop");',
    '$conn = new mysqli("localhost", "root", "%", "shop");',
    '$pdo = new PDO("mysql:host=localhost;dbname=shop", "root", "%");',
    'const sequelize = new Sequelize("shop", "root", "%", { host: "localhost", dialect: "mysql" });',
    'db = MySQLdb.connect("localhost", "root", "%", "shop")',
    "conn = cx_Oracle.connect('scott', '%', 'db.example.com/orcl')",
    'credentials = pika.PlainCredentials("admin", "%")',
    'dataSource.setPassword("%");',
    'client.setApiKey("%");',
    'opts.setClientSecret("%")',
    'DataSourceBuilder.create().url(url).username("sa").password("%").build();',
    'new PostgreSQLContainer("postgres:16").withPassword("%")',
    'jedis.auth("%");',
    '$redis->auth("%");',
    'req.SetBasicAuth("admin", "%")',
    'new UsernamePasswordCredentials("admin", "%")',
    'http.setRequestHeader("Authorization", "Basic " + btoa("admin:%"))',
    'Auth: []ssh.AuthMethod{ssh.Password("%")}',
    'c.Login("user", "%")',
    'cred = ClientSecretCredential(tenant_id, client_id, "%")',
    'Creds: credentials.NewStaticV4("minioadmin", "%", "")',
    'credentials.NewStaticCredentials("AKIAIOSFODNN7EXAMPLE", "%", "")',
    'app.use(cookieParser("%"))',
    'rman target sys/%@orcl',
  ];

  it('masks the literal in the secret’s place, and in a tool call’s written file', () => {
    const m = createMasker();
    expect(CALLS.filter((c) => m.mask(c.replace('%', V)).includes(V))).toEqual([]);
    const text = toolResultLog(HEADER, [CALLS.map((c) => c.replace('%', V)).join('\n')]);
    expect(redactLogText(text).text).not.toContain(V);
  });

  it('keeps variables, empty strings and placeholders there, and stays linear', () => {
    const m = createMasker();
    for (const code of [
      'conn = DriverManager.getConnection(url, user, password);',
      'config.setPassword(System.getenv("DB_PASSWORD"));',
      'builder.setToken(token)',
      'c.Login("user", "")',
      'setPassword("changeme")',
      'getConnection(url, "root", "")',
    ])
      expect(m.mask(code)).toBe(code);
    stayLinear((M) => [
      `mysqli_connect(${'"a", '.repeat(M / 5)}`,
      `new PDO(${'x,'.repeat(M / 2)}`,
      `.setPassword(${'('.repeat(M)}`,
      `btoa("${'a'.repeat(M)}`,
    ]);
  });
});

describe('audit 33 lows', () => {
  it('L1: a bare Microsoft Entra client secret; L2: grep --color=always around a label', () => {
    const m = createMasker();
    const entra = 'YS88Q~d7FguoV8FWnFbB0JxXujr4qqaaABvvLOzA';
    expect(m.mask(`Use ${entra} as the secret value`)).not.toContain(entra);
    expect(m.mask('\x1b[01;31m\x1b[KDB_PASSWORD\x1b[m\x1b[K=Xk9mP2qLzR7wT')).not.toContain('Xk9mP2qLzR7wT');
    expect(m.mask('version 1.2Q~3 is out')).toBe('version 1.2Q~3 is out');
  });
});

describe('audit 33 L8: a secret of lowercase words run together', () => {
  it('is masked quoted or after an environment name, and kept as code', () => {
    const m = createMasker();
    for (const text of [
      'JWT_SECRET=mysupersecretjwtkey',
      'SESSION_SECRET=keyboardcatsecret',
      "app.use(session({ secret: 'mysupersecretjwtkey' }))",
    ])
      expect(m.mask(text), text).not.toMatch(/mysuper|keyboardcat/);
    for (const code of [
      'const apiKey = apikeyprovider;',
      'api_key = getapikeyfromenv',
      'writer.encrypt("userpassword", "ownerpassword")',
    ])
      expect(m.mask(code)).toBe(code);
  });
});

describe('audit 33 L7: a call after a label is code, not the label’s value', () => {
  it('keeps the call’s name, masks the secret inside it; a random value with a ( after any label is whole', () => {
    const m = createMasker();
    const out = m.mask(
      'minio.Options{Creds: credentials.NewStaticV4("minioadmin", "Xk9mP2qLzR7wT", ""), Secure: true}',
    );
    expect(out).toContain('Creds: credentials.NewStaticV4("minioadmin", "');
    expect(out).not.toContain('Xk9mP2qLzR7wT');
    expect(m.mask('token: getToken()')).toBe('token: getToken()');
    expect(m.mask('token: Xk9mP2qL(zR7wT')).not.toContain('zR7wT');
  });
});

describe('audit 33 L6: a secret element whose value is its child', () => {
  it("masks Windows unattend.xml's <AdministratorPassword><Value>, keeps other elements' values", () => {
    const m = createMasker();
    const xml = '<AdministratorPassword>\n  <Value>Xk9mP2qLzR7wT</Value>\n  <PlainText>true</PlainText>';
    expect(m.mask(xml)).not.toContain('Xk9mP2qLzR7wT');
    expect(m.mask('<Name>\n  <Value>Alice-Admin</Value>')).toBe('<Name>\n  <Value>Alice-Admin</Value>');
  });
});

describe('audit 33 L4: a password opening with $', () => {
  it('is masked when what follows looks random; a variable is kept', () => {
    const m = createMasker();
    for (const text of ['DB_PASSWORD=$Xk9mP2qLzR7', '"password": "$Xk9mP2qLzR7"'])
      expect(m.mask(text), text).not.toContain('Xk9mP2qLzR7');
    for (const text of [
      'password: $DB_PASSWORD',
      'password=$dbPassword',
      'password=$password2',
      'token=$GITHUB_TOKEN',
    ])
      expect(m.mask(text)).toBe(text);
  });
});
