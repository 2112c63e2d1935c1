/**
 * An HTTP header named `x-<service>-key` (RapidAPI's `x-rapidapi-key`, `x-listenapi-key`,
 * Mashape's `X-Mashape-Key`; Honeycomb's `X-Honeycomb-Team`): a service's API key in any case (audit26 N5). RapidAPI's generated
 * snippets write it in lower case, where keyOwners.ts cannot split `rapidapi` into an owner and
 * `api`; and its keys have no prefix. The header's name needs no owner list, but its value must
 * look random (`x-cache-key: users` names no secret).
 */
import { looksRandom } from './labels';
import { groupSpans } from './matchSpans';

/** The header's name (quoted or JSON-escaped in code), `:` or `=`, then its value (quoted or bare). */
const HEADER_KEY =
  /(?<![\w-])(?:x-[a-z0-9]{2,32}(?:-[a-z0-9]{1,32}){0,2}-key|x-honeycomb-team)\\?["']?[ \t]*[:=][ \t]*\\?["']?([A-Za-z0-9._~+/=-]{8,512})/dgi;

/** Headers whose random value is an id, not a credential (`X-Idempotency-Key: <uuid>`). */
const NOT_SECRET =
  /^x-(?:idempotency|cache|request|correlation|partition|routing|dedup(?:lication)?|trace|cursor|lookup)-key/i;

/**
 * The Authorization header set by name and value (audit 37 N1): Go's `Header.Set("Authorization", "V")`,
 * Java's `setRequestProperty`, JS's `setRequestHeader`, C#'s `Headers.Add`, nginx's
 * `proxy_set_header Authorization "V"`: a quoted value, maybe after its scheme (`SSWS V`, `Splunk V`),
 * masked when it looks random.
 */
const AUTHORIZATION_VALUE =
  /\bAuthorization\\?["']?(?:[ \t]*,[ \t]*|[ \t]+)\\?["'](?:[A-Za-z][\w-]{1,20}[ \t]+)?([A-Za-z0-9._~+/=:-]{8,512})\\?["']/dgi;

export function* headerKeys(s: string): Generator<readonly [number, number]> {
  if (/authorization/i.test(s)) yield* groupSpans(AUTHORIZATION_VALUE, s, 1, looksRandom);
  if (!/x-/i.test(s)) return;
  yield* groupSpans(HEADER_KEY, s, 1, (v, m) => !NOT_SECRET.test(m[0]) && looksRandom(v));
}
