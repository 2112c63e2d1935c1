/**
 * Audit R27-1 and R27-3: a secret after a type annotation (settings classes, typed constants in
 * TypeScript, Kotlin, Go, Rust; pydantic's Field(default=…)) or as an environment variable's
 * fallback (`process.env.X || "…"`, `?? "…"`, `ENV["X"] || "…"`, Python's `… or "…"`), and
 * W&B's logins (`wandb login KEY`, `wandb.login(key="…")`). The near misses are kept.
 */
import { describe, expect, it } from 'vitest';
import { createMasker } from './rules';
import { keepsAll, stayLinear, survivors, unmaskedAlone } from './testing';

const HEADER = '{"type":"session","version":0,"id":"r27","createdAt":0}';

const CASES: [string, string][] = [
  ['a4c123b1612dd272d1371c17149d439536b3216f', '    SECRET_KEY: str = "%"'],
  ['RIBXuDL7DxtpYlSXpfKtHF4vUCsMehGAkWvj7FAc', '    OPENAI_API_KEY: str = "%"'],
  ['9QeWJKY40uvSwM', '    database_password: str = "%"'],
  ['FLZDe1f8rESQedUStPKR0CsTy4Qwb8Dw', '    api_key: Optional[str] = "%"'],
  ['kNhFdnXsiVpzz63FfkCzJr4i0B3JrTAw', '    jwt_secret: str = Field(default="%")'],
  ['R4y9ojfljoQoaF1LlqsajAIxNKu8iS2G', "const apiKey: string = '%';"],
  ['8NPRVdD53X83RZ', 'let password: string = "%";'],
  ['JzzzzgEOzdmenCkhvMdgaKjIg8xNbe', 'private readonly clientSecret: string = "%";'],
  ['3nNyjOq9wMxEhh2FDEEtfjgVvVqE1SkH', 'val apiKey: String = "%"'],
  ['bn88HxjSI6bWHtP3fS2qHx6kwXoIIXGv', 'var apiKey string = "%"'],
  ['QedUStPKR0CsTy4Qwb8DwkNhFdnXsiVp', 'let api_key: &str = "%";'],
  ['hJduRHHJEYXg4JdpmrcXgGCJ', 'const JWT_SECRET = process.env.JWT_SECRET || "%";'],
  ['1id6Vw5DQL05HA064GiIjHGb', 'const secret = process.env.SESSION_SECRET ?? "%";'],
  ['3CXlMaXZjljENU', 'password: process.env.DB_PASSWORD || "%",'],
  ['6bWHtP3fS2qHx6kwXoIIXGvOoNZYW2mZ', 'api_key = ENV["API_KEY"] || "%"'],
  ['p0zVZomHFwUbbYrEqmSM9wCZ7Uw9xfog', 'API_KEY = os.environ.get("API_KEY") or "%"'],
  ['4c1c099724caf4941d4072014b3ce107f80e222f', 'wandb login %'],
  ['daeeb975729fae923d5a4fd12aabfe228f219e9c', '!wandb login %'],
  ['b0eb53f16947ccf25ec84d8dbc74254770f58904', 'wandb login --relogin %'],
  ['e4c123b1612dd272d1371c17149d439536b3216a', 'wandb.login(key="%")'],
  ['Wd7kP2xQ9mZ4vL8nR3tY6bH1', '    client_secret: str | None = "%"'],
  ['Zq4cLmN8pR2sT6vX0yB3dF7h', '  secret_key = ENV.fetch("SECRET_KEY_BASE", "%")'],
  ['Hk3Jm9Pq2Rs6Tv0Wx4Yz8Ab5', 'String key = System.getenv().getOrDefault("API_KEY", "%");'],
  [
    'Bn5Cd8Ef2Gh6Ij9Kl3Mn7Op1',
    '{"path": "settings.py", "content": "class S(BaseSettings):\\n    SECRET_KEY: str = \\"%\\"\\n"}',
  ],
];
const KEPT = [
  'api_key: str = "your-api-key-here"',
  'token_count: int = 1234567890',
  'password: str = ""',
  'const apiKeyHeader: string = "X-API-Key";',
  'const model = process.env.MODEL || "gpt-4o-mini-2024"',
  'timeout: str = "30s"',
  'wandb login --help',
  'secret_name: str = "prod/db/password"',
];

describe('secrets after a type, as an env fallback, and W&B logins (audit R27-1, R27-3)', () => {
  it('masks each (each alone in its own log: the second pass does not help); the copy loads the same', () => {
    expect(unmaskedAlone(HEADER, CASES)).toEqual([]);
  });

  it('keeps placeholders, counts, header names, model names and secret names', () => {
    keepsAll(HEADER, KEPT);
  });
});

describe('the same shapes in a file written by a tool call (JSON text inside the arguments string)', () => {
  it('masks values whose quotes are escaped, and names after an escaped newline', () => {
    const content = [
      'export const config = {',
      '  jwtSecret: process.env.JWT_SECRET || "Yh7Kq2Lm9Np4Rs6Tv8Wx1Za3",',
      '};',
      'const apiKey: string = "Bq8Vn2Xc5Mz7Lk3Jh9Gf4Dd6";',
      'SECRET_KEY: str = "Cq8Vn2Xc5Mz7Lk3Jh9Gf4Dd6"',
      'api_key = ENV["API_KEY"] || "Dq8Vn2Xc5Mz7Lk3Jh9Gf4Dd6"',
    ].join('\n');
    const args = JSON.stringify({ path: 'src/config.ts', content });
    const masked = createMasker().mask(args);
    expect(
      survivors(masked, [
        'Yh7Kq2Lm9Np4Rs6Tv8Wx1Za3',
        'Bq8Vn2Xc5Mz7Lk3Jh9Gf4Dd6',
        'Cq8Vn2Xc5Mz7Lk3Jh9Gf4Dd6',
        'Dq8Vn2Xc5Mz7Lk3Jh9Gf4Dd6',
      ]),
    ).toEqual([]);
    expect(JSON.parse(masked)).toMatchObject({ path: 'src/config.ts' });
  });
});

describe('the new rules stay linear', () => {
  it('a megabyte of each near-miss is masked in one pass', () =>
    stayLinear((M) => [
      'a'.repeat(M),
      'a: '.repeat(M / 3),
      'apiKey: str '.repeat(M / 12),
      'x: Optional[str] ='.repeat(M / 18),
      'process.env.API_KEY || '.repeat(M / 23),
      'os.environ.get("A") or '.repeat(M / 23),
      'wandb login --x '.repeat(M / 16),
      'wandb.login(key='.repeat(M / 16),
      `x${' '.repeat(M)}: str = "y"`,
      `secret: ${' '.repeat(M)}= "y"`,
      `secret: str${' '.repeat(M)}= "y"`,
      `PASSWORD=x ${' '.repeat(M)}y`,
      'a: b = "c" '.repeat(M / 11),
      '= "'.repeat(M / 3),
      `= "${'a='.repeat(M / 2)}`,
      'token: Dict[str, '.repeat(M / 17),
      'process.env[\\\\\\"A\\\\\\"] || '.repeat(M / 30),
      '\\n'.repeat(M / 2) + 'secret: str = "x"',
    ]));
});
