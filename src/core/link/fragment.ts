/**
 * A deep link's hash read into fields (`a=1&b=x%20y`): the first value of each key, decoded
 * ('+' is a space, as in forms), and what could not be read, for parseUrl (deepLink.ts) to name.
 *
 * A value longer than MAX_FIELD_CHARS is not read at all (audit R20-7): a 1.8 MB `types=` cost
 * the page a main-thread task of seconds, and no link the app writes needs one that long.
 */

/** The longest raw (still percent-encoded) value a field may have; a longer one is dropped. */
export const MAX_FIELD_CHARS = 64 * 1024;

export interface Fragment {
  get(key: string): string | undefined;
  /** Keys whose value was not valid percent-encoding, each once, in link order. */
  undecodable: Set<string>;
  /** Keys whose value was over MAX_FIELD_CHARS (dropped unread), each once, in link order. */
  tooLong: Set<string>;
  /** A key's second and later values (the first counts), in link order. */
  repeated: [key: string, value: string][];
}

export function readFragment(hash: string): Fragment {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const values = new Map<string, string>();
  const undecodable = new Set<string>();
  const tooLong = new Set<string>();
  const repeated: [string, string][] = [];
  for (const part of body.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = eq < 0 ? part : part.slice(0, eq);
    const rawValue = eq < 0 ? '' : part.slice(eq + 1);
    if (rawKey.length > MAX_FIELD_CHARS) continue; // no field has such a name: an unknown one, silent
    let key: string;
    let value: string;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    } catch {
      continue;
    }
    if (rawValue.length > MAX_FIELD_CHARS) {
      tooLong.add(key);
      continue;
    }
    try {
      value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    } catch {
      undecodable.add(key); // a Set: includes() per bad field made a long link quadratic (R8-8)
      continue;
    }
    if (!values.has(key)) values.set(key, value);
    else repeated.push([key, value]);
  }
  return { get: (k) => values.get(k), undecodable, tooLong, repeated };
}
