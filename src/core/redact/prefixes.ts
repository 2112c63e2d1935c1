/**
 * Services' token prefixes (rules.ts, kind `api-key`), beside the model providers' keys in
 * rules.ts: each a literal prefix and a run long enough that a word or an id does not match.
 * After any non-alphanumeric (`NAME_xapp-...`), like the other key shapes.
 */
/** Alphabets of the runs below. */
const ALNUM = '[A-Za-z0-9]';
const WORD = String.raw`\w`;
/**
 * Lookaheads: within the next `n` units of `alphabet`, a digit, a lowercase and an uppercase
 * letter each occur. A random run of 20 or more holds all three (the odds it lacks one are under
 * 4 in 1,000 at 32 units); a word, a name or a placeholder (`ciao…`, `LTAILOGGER…`, `xxxx`) does not.
 * Bounded, so each is a constant's work per place its literal prefix matches.
 */
function mixed(alphabet: string, n: number): string {
  return ['[0-9]', '[a-z]', '[A-Z]'].map((c) => `(?=${alphabet}{0,${n - 1}}${c})`).join('');
}

const SHAPES = [
  // HashiCorp Vault service, batch and recovery tokens; Terraform Cloud
  String.raw`hv[sbr]\.[A-Za-z0-9_-]{24,}`,
  String.raw`[a-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,}`,
  // DigitalOcean personal, OAuth and refresh tokens
  String.raw`do[por]_v1_[a-f0-9]{64}`,
  // Databricks
  String.raw`dapi[a-f0-9]{32}(?:-\d)?`,
  // Slack app-level and rotating tokens (xox[abposr]- is in rules.ts)
  String.raw`xapp-\d-[A-Za-z0-9-]{20,}`,
  String.raw`xoxe(?:\.xox[bp])?-\d-[A-Za-z0-9-]{20,}`,
  // PyPI upload tokens (a macaroon: `pypi-AgEIcHlwaS5vcmc...`), RubyGems, NuGet
  String.raw`pypi-AgE[A-Za-z0-9_-]{50,}`,
  String.raw`rubygems_[a-f0-9]{48}`,
  String.raw`oy2[a-z0-9]{43}`,
  // Stripe webhook signing secrets
  String.raw`whsec_[A-Za-z0-9+/=]{24,}`,
  // GitLab runner, deploy, trigger, feed, incoming-mail, agent and OAuth tokens (glpat- is in rules.ts)
  String.raw`gl(?:rt|dt|ptt|soat|ft|imt|agent|oas|cbt|ffct)-[A-Za-z0-9_-]{20,}`,
  String.raw`GR1348941[A-Za-z0-9_-]{20,}`,
  // Docker Hub personal access tokens
  String.raw`dckr_pat_[A-Za-z0-9_-]{20,}`,
  // Shopify access, custom-app, private-app and shared secrets
  String.raw`shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}`,
  // Notion (old and new), Linear, Figma, Postman, Contentful, Netlify, Supabase, E2B, PlanetScale
  String.raw`secret_[A-Za-z0-9]{43}`,
  String.raw`ntn_[A-Za-z0-9]{40,}`,
  String.raw`lin_(?:api|oauth)_[A-Za-z0-9]{40}`,
  String.raw`figd_[A-Za-z0-9_-]{40,}`,
  String.raw`PMAK-[a-f0-9]{24}-[a-f0-9]{34}`,
  String.raw`CFPAT-[A-Za-z0-9_-]{43}`,
  String.raw`nfp_[A-Za-z0-9]{36}`,
  String.raw`sbp_[a-f0-9]{40}`,
  String.raw`sb_secret_[A-Za-z0-9_-]{20,}`,
  String.raw`e2b_[a-f0-9]{40}`,
  String.raw`pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{32,}`,
  // Sentry auth tokens, Grafana Cloud and service-account tokens, Doppler, Atlassian, Heroku
  // (`sntrys_` org and `sntryu_` user tokens: `sntr[ysu]_` matched neither, audit 27 L2)
  String.raw`sntr(?:y[su]|[ysu])_[A-Za-z0-9_=+/-]{40,}`,
  String.raw`glc_[A-Za-z0-9+/=_-]{32,}`,
  String.raw`glsa_(?:[A-Za-z0-9]{32}_[a-f0-9]{8}|${mixed(WORD, 41)}\w{41}(?!\w))`,
  String.raw`dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,}`,
  String.raw`ATATT3[A-Za-z0-9_=-]{100,}`,
  String.raw`HRKU-[A-Za-z0-9_-]{60,}`,
  // LangSmith, Cerebras, Square, Brevo, Dropbox short-lived tokens, an age secret key
  String.raw`lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}`,
  String.raw`csk-[a-z0-9]{40,}`,
  String.raw`sq0(?:atp|csp)-[A-Za-z0-9_-]{22,}`,
  String.raw`xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}`,
  String.raw`sl\.[A-Za-z0-9_-]{130,}`,
  String.raw`AGE-SECRET-KEY-1[A-Z0-9]{58}`,
  // Tailscale auth, API, OAuth-client, SCIM and webhook keys; Mailgun's API key (after no word or `-`)
  String.raw`tskey-(?:auth|api|client|scim|webhook)-[A-Za-z0-9_-]{20,}`,
  String.raw`(?<![\w-])key-[a-f0-9]{32}(?![A-Za-z0-9])`,
  // a Google OAuth refresh token (not inside base64: a screenshot's `…+1//0…/…`, audit 37 L5),
  // a Telegram bot token, a Discord bot token
  `(?<![+/])1//(?:0[A-Za-z0-9_-]{40,}|${mixed('[A-Za-z0-9_-]', 60)}[A-Za-z0-9_-]{60,})(?![A-Za-z0-9_+/=-])`,
  // (Telegram's: `AA` and 32-33 more; its own docs' example has 32: audit 34 N1)
  String.raw`\d{5,16}:AA[A-Za-z0-9_-]{30,40}(?![A-Za-z0-9_-])`,
  String.raw`[MN][A-Za-z\d]{23,25}\.[\w-]{6}\.[\w-]{27,38}`,
  // Airtable personal access tokens, Resend API keys, Mailgun's newer API keys (audit 28 L7)
  String.raw`pat[A-Za-z0-9]{14}\.[a-f0-9]{64}(?![A-Za-z0-9])`,
  `re_${mixed('[A-Za-z0-9_]', 24)}[A-Za-z0-9_]{24,}(?![A-Za-z0-9_])`,
  String.raw`(?=[a-f0-9]{0,31}[a-f])[a-f0-9]{32}-[a-f0-9]{8}-[a-f0-9]{8}(?![\w-])`,
  // a Mapbox secret token (`sk.` and a base64 JSON head; `pk.` ones are public) (audit 28 L3)
  String.raw`sk\.eyJ1[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{20,}`,
  // New Relic user and ingest keys, Pinecone API keys (audit R25-L3)
  String.raw`NRAK-[A-Z0-9]{27}`,
  String.raw`NRII-[A-Za-z0-9_-]{32}`,
  String.raw`pcsk_[A-Za-z0-9]{5,}_[A-Za-z0-9]{40,}`,
  // audit 27 L2, each at its documented length and random (mixed): crates.io, Tavily (`tvly-dev-` too),
  // Firecrawl (32 hex), NVIDIA, 1Password service accounts (base64 JSON), PostHog personal keys
  // (43), Alibaba AccessKey ids (`LTAI` + 20, or 12 in old ones), Volcengine (`AKLT` + base64)
  `cio${mixed(ALNUM, 32)}[A-Za-z0-9]{32}(?![A-Za-z0-9])`,
  `tvly-(?:dev-|prod-)?${mixed(ALNUM, 32)}[A-Za-z0-9]{32}(?![A-Za-z0-9])`,
  String.raw`fc-(?=[a-f0-9]{0,31}[0-9])(?=[a-f0-9]{0,31}[a-f])[a-f0-9]{32}(?![A-Za-z0-9])`,
  String.raw`nvapi-${mixed(String.raw`[\w-]`, 64)}[\w-]{64}(?![\w-])`,
  String.raw`ops_eyJ${mixed('[A-Za-z0-9+/]', 250)}[A-Za-z0-9+/]{250,}={0,3}`,
  String.raw`phx_${mixed(WORD, 40)}\w{40,48}(?!\w)`,
  `LTAI(?:${mixed(ALNUM, 20)}[A-Za-z0-9]{20}|${mixed(ALNUM, 12)}[A-Za-z0-9]{12})(?![A-Za-z0-9])`,
  `AKLT${mixed(ALNUM, 36)}[A-Za-z0-9]{36,64}(?![A-Za-z0-9])`,
  // a Microsoft Entra (Azure AD) client secret: 3 characters, a digit, `Q~`, 31-34 more (audit 33 L1)
  String.raw`[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])`,
  // a Fly.io token, `FlyV1 fm2_…[,fm2_…]` whole (its `FlyV1 ` is part of it: audit 40 N1)
  String.raw`FlyV1 fm[12]_[A-Za-z0-9+/=_-]{20,}(?:,fm[12]_[A-Za-z0-9+/=_-]{20,}){0,8}`,
  // a Facebook access token (EAAG, EAAB, ...): a long run, not inside base64 (a screenshot's `/EAAA…`)
  String.raw`(?<![+/])EAA[B-Z]${mixed(ALNUM, 100)}[A-Za-z0-9]{100,}(?![A-Za-z0-9+/=])`,
];

export const KNOWN_PREFIXES = new RegExp(`(?<![A-Za-z0-9])(?:${SHAPES.join('|')})`, 'dg');
