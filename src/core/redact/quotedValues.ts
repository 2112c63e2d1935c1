/**
 * Where values after a label end when a quote or an escape bounds them (labels.ts): a quoted value
 * at its closing quote, a value after an encoded `=` (`%3D`) at the next encoded `&`.
 */

/** The longest quoted value looked at: a longer quote is no value. */
export const MAX_QUOTED = 256;

/**
 * Where the value opened by `quote` (`"`, `'`, `` ` ``, one escaped any number of times, `\u0022`,
 * `&quot;`) ends on its line, or -1.
 */
export function closingQuote(s: string, start: number, quote: string): number {
  const limit = Math.min(s.length, start + MAX_QUOTED + 1);
  if (quote.startsWith('\\u') || quote.startsWith('&')) {
    const value = s.slice(start, limit + quote.length - 1);
    const end = value.indexOf(quote);
    return end !== -1 && !/[\r\n]/.test(value.slice(0, end)) ? start + end : -1;
  }
  const q = quote.at(-1) as string;
  const escapes = quote.length - 1;
  for (let i = start; i < limit; i++) {
    const c = s[i];
    if (c === '\n' || c === '\r') return -1;
    if (c !== q) continue;
    let k = 0; // the backslashes before this quote
    while (k < i - start && s[i - 1 - k] === '\\') k++;
    if (k !== escapes) continue;
    // SQL's doubled quote inside a literal (`PASSWORD 'Kq9''mZ2'`; a shell's `'a''b'` is one word too)
    if (escapes === 0 && q === "'" && s[i + 1] === "'" && i > start) {
      i++;
      continue;
    }
    return i - escapes;
  }
  return -1;
}

/** Where a triple-quoted value on one line from `start` ends (its closing `"""` or `'''`), or -1. */
export function closingTriple(s: string, start: number, quote: string): number {
  const ahead = s.slice(start, start + MAX_QUOTED + 3);
  const end = ahead.indexOf(quote.repeat(3));
  return end !== -1 && !/[\r\n]/.test(ahead.slice(0, end)) ? start + end : -1;
}

/** An encoded `&`, `#` or space (once or twice: `%26`, `%2526`), or a `%25` that encodes a `%` again. */
const ENCODED_END = /%(?:25)?(?:26|23|20)/i;

/**
 * Where a value after an encoded `=` (`%26key%3DV%26b%3D2`, a URL inside a URL's query) ends, at
 * most `end`: at the next encoded `&` (audit 26 L4: the pairs after it are no part of the value).
 */
export function encodedValueEnd(s: string, start: number, end: number): number {
  const at = s.slice(start, end).search(ENCODED_END);
  return at === -1 ? end : start + at;
}

/** A value percent-encoded once or twice, decoded (as written when it is no valid encoding). */
export function percentDecoded(v: string): string {
  try {
    const once = decodeURIComponent(v);
    return /%[0-9a-fA-F]{2}/.test(once) ? decodeURIComponent(once) : once;
  } catch {
    return v;
  }
}
