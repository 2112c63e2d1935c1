/**
 * A string's `\uXXXX` and `\/` escapes decoded, with the way back: JSON text inside a string (a tool
 * call's arguments, a file a tool wrote) may spell a key name or a value with escapes
 * (`"api\u005fkey":"sk\u002dant-..."`), and the rules (rules.ts) read letters, not escapes.
 * The rules run on the decoded view too, and a span found there is masked over the escapes it
 * came from: a mask keeps the length of what it hides in the original. `\/` is how PHP's
 * `json_encode` writes every `/` (`\/home\/alice\/`, `redis:\/\/:PW@host`: audit R18-2).
 */

/** A `\`, then `uXXXX` or `/` (whether the `\` is itself escaped is told below). */
const ESCAPE = /\\u[0-9a-fA-F]{4}|\\\//;

export interface DecodedView {
  text: string;
  /** Where each unit of `text` starts in the original (one more entry: the original's length). */
  starts: Uint32Array;
}

/** The view with every `\uXXXX` and `\/` escape decoded, or null when `s` has none. */
export function decodeUnicodeEscapes(s: string): DecodedView | null {
  if (!ESCAPE.test(s)) return null;
  let text = '';
  const starts = new Uint32Array(s.length + 1);
  let n = 0;
  let plain = 0; // start of the run of units copied as they are
  const flush = (to: number) => {
    for (let k = plain; k < to; k++) starts[n++] = k;
    text += s.slice(plain, to);
  };
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '\\') continue;
    // `\\` is an escaped backslash: the `u` after it is a letter
    if (s[i + 1] === '\\') {
      i++;
      continue;
    }
    if (s[i + 1] === '/') {
      flush(i);
      starts[n++] = i;
      text += '/';
      plain = i + 2;
      i += 1;
      continue;
    }
    if (s[i + 1] !== 'u' || !/^[0-9a-fA-F]{4}$/.test(s.slice(i + 2, i + 6))) continue;
    flush(i);
    starts[n++] = i;
    text += String.fromCharCode(parseInt(s.slice(i + 2, i + 6), 16));
    plain = i + 6;
    i += 5;
  }
  flush(s.length);
  starts[n] = s.length;
  return { text, starts: starts.subarray(0, n + 1) };
}

/** The original's span for the view's span [from, to). */
export function originalSpan(view: DecodedView, from: number, to: number): readonly [number, number] {
  return [view.starts[from] as number, view.starts[to] as number];
}
