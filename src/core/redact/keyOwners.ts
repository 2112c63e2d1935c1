/**
 * What a `key` part says after the word before it (labels.ts): `api_key`, `secretKey`,
 * `primaryKey` name a credential; `openai_key`, `sendgridKey`, `MAILGUN_KEY` a service's key
 * (weak: its value must look random); `sort_key`, `cache_key`, `foreign_key` nothing.
 */

/** Owners whose key is a credential in any spelling. */
const KEY_OWNER = new Set([
  'api',
  'secret',
  'private',
  'access',
  'client',
  'master',
  'signing',
  'encryption',
  'account',
  'app',
  'auth',
  'session',
  'webhook',
  'license',
  'subscription',
  'service',
  'storage',
  'shared',
  'admin',
  // Azure: a function app's `functionKeys`/`systemKeys`/`hostKey`, a storage or Cosmos account's
  // `primaryKey`/`secondaryKey` (audit R21-3)
  'function',
  'system',
  'host',
  'primary',
  'secondary',
  // Azure Functions' `x-functions-key` header; WireGuard's `PresharedKey` (audit25 M5)
  'functions',
  'preshared',
]);
/**
 * Services and signers whose `<name>_key` or `<name>Key` in lower or camel case is their key, as
 * an environment name's `MAILGUN_KEY` in any service's name is (audit R24-6).
 */
const KEY_SERVICE = new Set([
  'openai',
  'anthropic',
  'claude',
  'mistral',
  'groq',
  'cohere',
  'gemini',
  'google',
  'maps',
  'deepseek',
  'perplexity',
  'openrouter',
  'together',
  'replicate',
  'fireworks',
  'voyage',
  'pinecone',
  'elevenlabs',
  'huggingface',
  'hf',
  'tavily',
  'serpapi',
  'brave',
  'exa',
  'sendgrid',
  'mailgun',
  'mailchimp',
  'postmark',
  'resend',
  'twilio',
  'mapbox',
  'stripe',
  'algolia',
  'pusher',
  'sentry',
  'datadog',
  'cloudflare',
  'vercel',
  'supabase',
  'firebase',
  'github',
  'gitlab',
  'slack',
  'discord',
  'telegram',
  'aws',
  'azure',
  'deploy',
  'jwt',
  'hmac',
  // .NET tutorials' `TokenKey` (the JWT signing key) (audit 29 N2)
  'token',
]);

/** The tier of a label whose last part is `key`, by the part before it (none: a bare `key` names nothing). */
export function keyTier(before: string | undefined, shouting: boolean): 'credential' | 'weak' | null {
  if (before === undefined) return null;
  if (KEY_OWNER.has(before)) return 'credential';
  return shouting || KEY_SERVICE.has(before) ? 'weak' : null;
}
