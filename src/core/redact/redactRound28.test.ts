/**
 * Shapes found while probing common agent-log secrets after audit 27: a flag and its value as
 * separate items of an argument vector (an MCP server's `args`, a spawned argv), Terraform's
 * variable default, and `gh auth login --with-token <<< T`.
 */
import { describe, expect, it } from 'vitest';
import { redactLogText } from './redactLog';
import { keepsAll, shape, stayLinear, survivors, toolResultLog, unmaskedAlone } from './testing';

const HEADER = '{"type":"session","version":0,"id":"r28","createdAt":0}';
const V = 'Kq7Lm2Xp9Rt4Vw8Zb3Nc';

describe('an argument vector: a secret flag labels the next item', () => {
  it('in a structured value and in JSON text inside a string', () => {
    const mcp = {
      mcpServers: { brave: { command: 'npx', args: ['-y', 'srv', '--api-key', V, '--port', '8080'] } },
    };
    for (const output of [
      mcp,
      JSON.stringify(mcp),
      ['node', 'cli.js', '--password', V],
      ['-t', V, '--token', V],
    ]) {
      const log = toolResultLog(HEADER, [output]);
      const r = redactLogText(log);
      expect(survivors(r.text, [V]), JSON.stringify(output)).toEqual([]);
      expect(shape(r.text)).toEqual(shape(log));
    }
  });

  it('keeps the items after other flags, and placeholders after secret ones', () => {
    keepsAll(HEADER, [
      { args: ['--port', '8080', '--model', 'gpt-4o-mini-2024-07-18', '--token', '$GITHUB_TOKEN'] },
      ['--api-key-file', 'secrets/key.txt'],
    ]);
  });
});

describe('Terraform and gh', () => {
  it("masks a variable's default when its name labels a secret, and a here-string token", () => {
    const lines = [
      `variable "db_password" {\n  type      = string\n  sensitive = true\n  default   = "${V}"\n}`,
      `gh auth login --with-token <<< ${V}`,
      `gh auth login --hostname github.example.com --with-token <<< '${V}'`,
    ];
    for (const line of lines) {
      const r = redactLogText(toolResultLog(HEADER, [line]));
      expect(survivors(r.text, [V]), line).toEqual([]);
    }
    keepsAll(HEADER, [
      'variable "region" {\n  default = "us-east-1-production"\n}',
      'variable "db_password" {\n  default = "${local.db_password}"\n}',
      'gh auth login --with-token < token.txt',
    ]);
  });

  it('stays linear: a megabyte of each near miss is masked in one pass', () =>
    stayLinear((M) => [
      'variable "db_password" { '.repeat(M / 25),
      `variable "db_password" {${' '.repeat(M)}default = "x"`,
      'gh auth login --with-token '.repeat(M / 27),
      `gh auth login ${'--a '.repeat(M / 4)}--with-token <<< x`,
    ]));
});

describe('audit 28 N1: an environment variable default in other spellings', () => {
  const CASES: [string, string][] = [
    [
      'NqVwKd8sLp2Xr7Tm4Yb9Zc3Fh6Jg1Qe5Wu0AoIiEyRt',
      "SECRET_KEY = config('SECRET_KEY', default='django-insecure-%')",
    ],
    ['XykW7Lm2Np4Rs6Tv8Wx1Za3Bq8V', "SECRET_KEY = config('SECRET_KEY', default='%')"],
    ['ROnl2Xc5Mz7Lk3', "DATABASE_PASSWORD = config('DB_PASSWORD', default='%')"],
    ['km1xVn2Xc5Mz7Lk3Jh9Gf4Dd6Qp', 'SECRET_KEY = config("SECRET_KEY", cast=str, default="%")'],
    ['xAk7Vn2Xc5Mz7Lk3Jh9Gf4Dd6Qp', "SECRET_KEY = env('SECRET_KEY', default='%')"],
    ['Tldq7Vn2Xc5Mz7Lk3Jh9Gf4Dd6Q', "SECRET_KEY = env.str('SECRET_KEY', default='%')"],
    ['2AsjXc5Mz7Lk3J', 'val password = System.getenv("DB_PASSWORD") ?: "%"'],
    ['UuErXc5Mz7Lk3J', 'var password = Environment.GetEnvironmentVariable("DB_PASSWORD") ?? "%";'],
    ['PlL2Xc5Mz7Lk3J', "$password = $_ENV['DB_PASSWORD'] ?? '%';"],
    ['DNSWXc5Mz7Lk3Jh9Gf4Dd6Qp', "$key = getenv('API_KEY') ?: '%';"],
    ['0GPRXc5Mz7Lk3J', 'let password = std::env::var("DB_PASSWORD").unwrap_or_else(|_| "%".to_string());'],
    ['w71lXc5Mz7Lk3J', 'password = ENV.fetch("DB_PASSWORD") { "%" }'],
    ['MkCFXc5Mz7Lk3Jh9Gf4Dd6Qp', 'String key = Optional.ofNullable(System.getenv("API_KEY")).orElse("%");'],
    ['5hpvYIBzaQyylWPH5n6RNuyug1S4', 'self.api_key = api_key or "%"'],
    ['vXnjsH55SJfshgPzxtx6EJLC93p9', 'api_key <- "%"'],
    ['dq8b8Vw2zbJYAxyL1aCcTlN99mhW', '    password: Annotated[str, Field(min_length=8)] = "%"'],
    ['I7zcpVMw0qDPAjd6OcZFv1niUK8i', '    db_password: str = Field(default_factory=lambda: "%")'],
  ];
  it('masks each, each alone in its own log', () => {
    expect(unmaskedAlone(HEADER, CASES)).toEqual([]);
  });

  it('keeps ordinary defaults and fallbacks', () => {
    keepsAll(HEADER, [
      "DEBUG = config('DEBUG', default=False, cast=bool)",
      "TIME_ZONE = env('TIME_ZONE', default='Europe/Amsterdam')",
      'const model = process.env.MODEL ?? "gpt-4o-mini-2024-07-18"',
      'name = user_name or "anonymous-visitor"',
      'val region = System.getenv("AWS_REGION") ?: "eu-central-1"',
    ]);
  });
});

describe("audit 28 N3: go-sql-driver/mysql's DSN", () => {
  const CASES: [string, string][] = [
    ['fhrd4PsN4OSlUj', 'db, err := sql.Open("mysql", "root:%@/app")'],
    ['PA8i4TUfJxSaU4', 'db, err := sql.Open("mysql", "app:%@unix(/var/run/mysqld/mysqld.sock)/app")'],
    [
      'M0aooJaE6TIl40',
      'gorm.Open(mysql.Open("root:%@tcp(127.0.0.1:3306)/app?charset=utf8mb4&parseTime=True"))',
    ],
    ['JjGAjn2tEGeykk', 'DB_DSN=root:%@tcp(localhost:3306)/app?charset=utf8mb4'],
    ['LmgEN56wt7P15A', '    dsn: "root:%@tcp(127.0.0.1:3306)/app"'],
    ['MVc0Xc5Mz7Lk3J', '{"mysql": {"dsn": "app:%@tcp(db:3306)/app"}}'],
  ];
  it('masks the password, each alone in its own log', () => {
    expect(unmaskedAlone(HEADER, CASES)).toEqual([]);
  });

  it('keeps what only looks like one: a format string, a time before a path, a variable', () => {
    keepsAll(HEADER, [
      'dsn := fmt.Sprintf("%s:%s@tcp(%s)/%s", user, pass, host, name)',
      'at 12:30@/home is a path',
      'user:$DB_PASS@tcp(db:3306)/app',
    ]);
  });

  it('stays linear: a megabyte of each near miss is masked in one pass', () =>
    stayLinear((M) => [
      'a:b@'.repeat(M / 4),
      `a:${'b'.repeat(M)}@tcp(`,
      '.a'.repeat(M / 2) + ':b@/',
      `root:pw@tcp(${'('.repeat(M)}`,
      `process.env.API_KEY${' '.repeat(M)}|| "x"`,
      'getenv("API_KEY") '.repeat(M / 18),
      'api_key or '.repeat(M / 11),
      `api_key${' '.repeat(M)}<- "x"`,
      `config("SECRET_KEY", ${'a,'.repeat(M / 2)}default="x")`,
      '("SECRET_KEY" default'.repeat(M / 21),
    ]));
});

describe('audit 28 lows', () => {
  const CASES: [string, string][] = [
    ['0e0t7Kq2Lm9Np4Rs6Tv8Wx1Za3Bq8Vn2Xc5Mz7Lk3Jh9Gf4Dd6Qp!@#', "define( 'AUTH_SALT', '%' );"],
    ['x(9Kq2Lm9Np4Rs6Tv8Wx1Za3Bq8Vn2Xc5Mz7Lk3Jh9Gf4', "define('NONCE_SALT',        '%');"],
    ['Kq2Lm9Np4Rs6Tv8W', 'PASSWORD_SALT=%'],
    [`sk.eyJ1IjoiYWxpY2UiLCJhIjoiY2t4${'Kq2Lm9Np4R'.repeat(2)}.Xc5Mz7Lk3Jh9Gf4Dd6QpWs2`, 'MAPBOX token %'],
    [`1//${'Kq2Lm9Np4Rs6Tv8Wx1Za3'.repeat(4)}`, 'Use this token to login on a CI server:\n\n%'],
    ['Hq7Jk2Lm9Np4', "mysql> SET PASSWORD FOR 'root'@'localhost' = PASSWORD('%');"],
    ['Hq7Jk2Lm9Np4', "SET PASSWORD FOR 'app'@'localhost' = '%';"],
    ['pypi-Kq2Lm9Np4Rs6Tv8Wx1Za3Bq8Vn2Xc5', 'twine upload -u __token__ -p % dist/*'],
    ['UL4CsJw24BikWMgISuSw8P1FGNmtjwHsGQeZ52G6', 'auth_config = weaviate.auth.AuthApiKey("%")'],
    [
      'patXhN10rsrZ0Grr4.d7b77e776bf33c25d1406823ee924b2a124b271a79ba23bd558c4d237295a631',
      "base = Airtable('%').base('app123')",
    ],
    ['27fe96f22925c3355fa76e7c0b93f13e', 'const client = twilio("ACabcaf5f81fe71cef535a9c3e595bb1c8", "%");'],
    ['re_Uxqv6ggm3FBKCgS2ibwiyC5vQH6SBMhY', "const resend = new Resend('%');"],
    ['bc5a95080194960414b8e8b94bee7a28-09a3800e-c60041aa', 'mailgun.client({username: "api", key: "%"})'],
    ['7282141036fe9629a9f4eb895c90307d', 'algoliasearch("APPID", "%")'],
  ];
  it('masks each, each alone in its own log', () => {
    expect(unmaskedAlone(HEADER, CASES)).toEqual([]);
  });

  it('keeps counts, phrases and placeholders', () => {
    const kept = toolResultLog(HEADER, [
      'const saltRounds = 10;',
      'salt: 12',
      'the salt and pepper of the test suite',
      "define( 'LOGGED_IN_SALT', 'put your unique phrase here' );",
      'see 1//2 of the docs',
      'import re; re_compile_all_patterns_now = 1',
      'path = "patterns.txt"',
      "SET PASSWORD FOR 'app'@'%' = PASSWORD('$APP_PASSWORD');",
    ]);
    expect(redactLogText(kept).text).toBe(kept);
  });
});
