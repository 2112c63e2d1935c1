/**
 * A secret in code where the label is not right before the value (audit R27-1): after a type
 * annotation (`SECRET_KEY: str = "…"` in a settings class, `const apiKey: string = '…'`, Kotlin's
 * `val apiKey: String = "…"`, Go's `var apiKey string = "…"`, Rust's `let api_key: &str = "…"`,
 * pydantic's `Field(default="…")`), and as an environment variable's fallback
 * (`process.env.JWT_SECRET || "…"`, `?? "…"`, `ENV["API_KEY"] || "…"`, Python's `… or "…"`,
 * Ruby's `ENV.fetch("X", "…")`, Java's `getOrDefault("X", "…")`), and Terraform's variable
 * `default`: the name labels the value as in
 * `NAME = "…"` (labels.ts's labelTier and valueTest). And W&B's documented logins, `wandb login KEY`
 * and `wandb.login(key="…")`.
 *
 * Linear by construction: each regex starts at a fixed token (`=` before a literal, an environment
 * read, `wandb`), and the annotated name is looked for in at most 128 units before that `=` on
 * its line. (A first draft started at every name and let `[ \t]*` and `[ \t]+` share a run of
 * spaces: a megabyte of spaces after a name took minutes.)
 */
import { codeKeys } from './codeKeys';
import { labelTier, valueTest } from './labels';
import { literal, Q } from './literals';
import { groupSpans } from './matchSpans';
import { nestedLabel } from './namedValues';

/** `= "…"`, `= Field(default="…")`, `= Field(default_factory=lambda: "…")`, `= SecretStr("…")`: group 2 is the value. */
const ASSIGNED = new RegExp(
  String.raw`=[ \t]*(?:[\w.]{1,40}\((?:default(?:_factory)?[ \t]*=[ \t]*(?:lambda[ \t]*:[ \t]*)?)?)?` +
    literal(1),
  'dg',
);
/**
 * What must end right before that `=`: a name, then `: TYPE` (tokens of a type separated by spaces
 * or commas: `str`, `Optional[str]`, `&'static str`, `str | None`, `String?`,
 * `Annotated[str, Field(min_length=8)]`) or Go's ` string`.
 * The token class and the separator class are disjoint, so no run is matched two ways.
 */
const ANNOTATED =
  /(?:(?<![\w$])|(?<=\\[nt]))([A-Za-z_$][\w$]{0,63})(?:[ \t]*:[ \t]*[\w.&'<>[\]|?()=]{1,40}(?:[ \t,]{1,3}[\w.&'<>[\]|?()=]{1,40}){0,4}|[ \t]+(?:string|String|str))[ \t]*$/;

/**
 * An environment read: `process.env.X`, `import.meta.env.X`, `Bun.env.X`, `ENV["X"]`, PHP's
 * `$_ENV['X']`/`$_SERVER['X']`, `os.environ.get("X")`, `getenv("X")` (C, PHP, Python, Java's
 * `System.getenv`), C#'s `GetEnvironmentVariable("X")`, Rust's `env::var("X")`, Go's
 * `os.Getenv("X")`, Deno's `Deno.env.get("X")`, Ruby's `ENV.fetch("X")`; the name is group 1.
 */
const ENV_READ = String.raw`(?:(?:process|import\.meta|Bun)\.env(?:\.|\[${Q})|(?:\bENV|\$_ENV|\$_SERVER|\bConfiguration)\[${Q}|(?:\bos\.environ\.get|\bgetenv|\bGetEnvironmentVariable|\benv::var|\bos\.Getenv|\bDeno\.env\.get|\bENV\.fetch)\([ \t]*${Q})([A-Za-z_][\w:]{0,63})(?:${Q})?\]?\)?\)?`;
/**
 * Then its fallback: `||`, `??`, `?:`, `or`, Rust's `.unwrap_or("…")` and `.unwrap_or_else(|_| "…")`,
 * Java's `Optional.ofNullable(…).orElse("…")`, Ruby's `ENV.fetch("X") { "…" }`; then a literal.
 * (No space is allowed between the read's closing tokens: `[ \t]*` twice in a row went quadratic.)
 */
const FALLBACK = new RegExp(
  ENV_READ +
    String.raw`[ \t]*(?:\|\||\?\?|\?:|\bor\b|\.unwrap_or\(|\.unwrap_or_else\(\|_?\||\.orElse\(|\{)[ \t]*` +
    literal(2),
  'dg',
);
/** A secret-named variable's fallback, `self.api_key = api_key or "…"`, and R's `api_key <- "…"`. */
const NAME_FALLBACK = new RegExp(
  String.raw`(?<![\w$])([A-Za-z_$][\w$]{0,63})[ \t]*(?:\|\||\?\?|\bor\b|<<?-)[ \t]*` + literal(2),
  'dg',
);
/** `ENV.fetch("X", "…")`, `System.getenv().getOrDefault("X", "…")`. */
const DEFAULTED = new RegExp(
  String.raw`(?:\bENV\.fetch|\bgetOrDefault)\([ \t]*${Q}([A-Za-z_][\w]{0,63})${Q}[ \t]*,[ \t]*` + literal(2),
  'dg',
);
/**
 * A call naming a variable, then its `default=`: python-decouple's `config("SECRET_KEY", default="…")`,
 * django-environ's `env("SECRET_KEY", default="…")`, `env.str(…)`, with other keywords between.
 */
const KEYWORD_DEFAULT = new RegExp(
  String.raw`\([ \t]*${Q}([A-Za-z_][\w]{0,63})${Q}[^()\r\n]{0,128}?\bdefault[ \t]*=[ \t]*` + literal(2),
  'dg',
);
/**
 * An option's default: argparse's `add_argument("-p", "--password", default="…")` (over lines too),
 * click's `@click.option("--api-key", default="…")`: the last flag before `default=` labels it.
 */
const OPTION_DEFAULT = new RegExp(
  String.raw`${Q}--?([A-Za-z_][\w-]{0,63})${Q}(?:[^()"'\x60]|"[^"\r\n-][^"\r\n]{0,63}"|'[^'\r\n-][^'\r\n]{0,63}'){0,256}?\bdefault[ \t]*=[ \t]*` +
    literal(2),
  'dg',
);
/**
 * A configuration path's value: `Jwt:Key=…` (a .NET command line or ini), `dotnet user-secrets set
 * "Jwt:Key" "…"`: the path labels it as its environment spelling `Jwt__Key` does (audit 29 N2).
 */
const CONFIG_PATH = new RegExp(
  String.raw`(?:(?<![\w:.-])((?:[A-Za-z]\w{0,40}:){1,4}[A-Za-z]\w{0,40})=|\buser-secrets[ \t]+set[ \t]+${Q}?([\w:.-]{1,128})${Q}?[ \t]+)(${Q}?)([^\s"'\x60\\]{1,512})`,
  'dg',
);
/**
 * A section's key as text: `"Jwt": {"Key": "…"}` (a fragment of appsettings.json, as a tool prints
 * it), YAML's `jwt:` then an indented `key: …`; the section names it (namedValues.ts nestedLabel).
 * Each with the groups of the section's key and of the value; the section is group 2.
 */
const SECTION_KEY = [
  [
    /(["']?)([A-Za-z][\w-]{0,63})\1[ \t]*:[ \t]*\{[^{}]{0,512}?(["'])([Kk]ey|KEY|[Ss]ecret|SECRET|[Tt]oken|TOKEN)\3[ \t]*:[ \t]*(["'])([^"'\r\n\\]{1,512})\5/dg,
    4,
    6,
  ],
  [
    /(?:^|\n)([ \t]*)([A-Za-z][\w-]{0,63}):[ \t]*\r?\n(?:\1[ \t]+[\w-]{1,64}:[^\n]{0,256}\n){0,8}\1[ \t]+([Kk]ey|[Ss]ecret|[Tt]oken):[ \t]*(["']?)([^\s"'#]{1,512})\4/dg,
    3,
    5,
  ],
] as const;
/**
 * A literal wrapped before it is assigned (audit 29 N5): Python's `SECRET_KEY = b"…"` (Flask's
 * quickstart), Go's `[]byte("…")`, Rust's `String::from("…")`, Node's `Buffer.from("…")`,
 * `String("…")`, `new String("…")`, `str("…")`, `SecretStr("…")`, `Some("…")`: group 2 is the
 * value; the name before the `=` labels it (looked for as after ASSIGNED: namedBefore).
 */
const WRAPPED = new RegExp(
  String.raw`(?:\bb|\[\]byte\(|\b(?:String|SecretString|Secret)::from\(|\bBuffer\.from\(|\bnew[ \t]+String\(|\bString\(|\bstr\(|\bSecretStr\(|\bSome\()[ \t]*` +
    literal(1),
  'dg',
);
/** What must end right before the wrapper: a name (a dotted member, a quoted key) and `=`, `:=`, `=>` or `:`. */
const ASSIGNED_NAME = /(?<![\w$])(["']?)([A-Za-z_$][\w$.]{0,63})\1[ \t]*(?::=|=>|=|:)[ \t]*(?:&)?$/;
/** Terraform's `variable "db_password" { default = "…" }`: the block's name labels its default. */
const TF_DEFAULT =
  /\bvariable[ \t]+"([\w-]{1,64})"[ \t]*\{[^{}]{0,512}?\bdefault[ \t]*=[ \t]*(")([^"\r\n]{1,512})"/dg;

export function* typedSecrets(s: string): Generator<readonly [number, number]> {
  if (s.includes('=')) yield* namedBefore(ASSIGNED, ANNOTATED, 1, s);
  if (/\|\||\?\?|\?:|\bor\b|\.unwrap_or|\.orElse\(|\{/.test(s)) yield* labelled(FALLBACK, s);
  if (s.includes('fetch(') || s.includes('getOrDefault(')) yield* labelled(DEFAULTED, s);
  if (s.includes('default')) {
    yield* labelled(KEYWORD_DEFAULT, s);
    yield* labelled(OPTION_DEFAULT, s);
  }
  if (s.includes('user-secrets') || s.includes(':')) yield* configPaths(s);
  if (s.includes(':')) {
    for (const [re, key, value] of SECTION_KEY)
      yield* groupSpans(re, s, value, (v, m) => {
        const label = nestedLabel(m[2], m[key] as string);
        return label !== undefined && accepts(label, v);
      });
  }
  if (s.includes('=') || s.includes(':')) yield* namedBefore(WRAPPED, ASSIGNED_NAME, 2, s);
  yield* codeKeys(s); // keys and passwords handed to functions (codeKeys.ts)
  if (/\|\||\?\?|\bor\b|<-/.test(s)) yield* labelled(NAME_FALLBACK, s);
  if (s.includes('variable')) yield* labelled(TF_DEFAULT, s);
}

/** Group 2 of each match of `re` that the name before it labels: group `g` of `name` matched on the text before it. */
function* namedBefore(re: RegExp, name: RegExp, g: number, s: string): Generator<readonly [number, number]> {
  yield* groupSpans(re, s, 2, (value, m) => {
    // at most 128 units back, and only on this line (never `lastIndexOf` over the whole text)
    const before = s.slice(Math.max(0, m.index - 128), m.index);
    const label = name.exec(before.slice(before.lastIndexOf('\n') + 1))?.[g];
    return label !== undefined && accepts(label, value);
  });
}

/** Group 3 of each match of `re` that its group 1 labels. */
function* labelled(re: RegExp, s: string): Generator<readonly [number, number]> {
  yield* groupSpans(re, s, 3, (value, m) => accepts(m[1] as string, value));
}

function* configPaths(s: string): Generator<readonly [number, number]> {
  CONFIG_PATH.lastIndex = 0;
  for (let m = CONFIG_PATH.exec(s); m !== null; m = CONFIG_PATH.exec(s)) {
    const at = m.indices?.[4];
    const value = (m[4] as string).replace(/[;,)]+$/, '');
    // a value `dotnet user-secrets` stores is a secret whatever its name (`SendGridKey`)
    const ok = m[2] !== undefined ? valueTest('credential', value, false) : accepts(m[1] as string, value);
    if (at && ok) yield [at[0], at[0] + value.length];
  }
}

function accepts(name: string, value: string): boolean {
  const tier = labelTier(name);
  return tier !== null && valueTest(tier, value, false);
}

/** Each with the group of the key. */
const WANDB = [
  [
    /\bwandb[ \t]+login[ \t]+(?:--?[\w-]{1,32}(?:[ \t]+(?!-)[^\s-]\S{0,255}(?=[ \t]+\S))?[ \t]+){0,4}([0-9a-f]{40}|[A-Za-z0-9_-]{32,256})\b/dg,
    1,
  ],
  [/\bwandb\.login\([^)\r\n]{0,256}?\bkey[ \t]*=[ \t]*(["'])([^"'\r\n]{8,256})\1/dg, 2],
] as const;

export function* wandbKeys(s: string): Generator<readonly [number, number]> {
  if (!s.includes('wandb')) return;
  for (const [re, key] of WANDB) yield* groupSpans(re, s, key);
}
