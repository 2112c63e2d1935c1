/**
 * A string's JSON escapes decoded, with the way back: JSON text inside a string (a tool call's
 * arguments, a file a tool wrote) may spell a key name or a value with escapes
 * (`"api\u005fkey":"sk\u002dant-..."`), and the rules (rules.ts) read letters, not escapes.
 * The rules run on the decoded views too, and a span found there is masked over the escapes it
 * came from: a mask keeps the length of what it hides in the original, and covers whole escapes,
 * so JSON text inside stays JSON. `\/` is how PHP's `json_encode` writes every `/` (`\/home\/alice\/`,
 * `redis:\/\/:PW@host`: audit R18-2).
 *
 * JSON text inside JSON text inside a string escapes again: PHP's `json_encode` of encoded JSON
 * writes `/` as `\\\/`, and an MCP result's text holds `C:\\\\Users\\\\x` (audit R19-3). So a view is
 * decoded again while it still holds such escapes, up to MAX_LEVELS levels.
 */

/**
 * An escaped `\` or `/`, a `\uXXXX`, or an escaped line break or tab: the text is (or holds) JSON
 * string text. A tool call's arguments are JSON text, so its command's second line opens after the
 * two characters `\n`, and `\nmysql -pPW` read as it is defeats every rule's word boundary (audit 31 N6).
 */
const ESCAPE = /\\[\\/nrt]|\\u[0-9a-fA-F]{4}/;

/** The levels of escaping read through (each halves a run of backslashes: 2^4 backslashes per `/`). */
export const MAX_LEVELS = 4;

/** What `\x` stands for, by x's code (`"`, `\`, `/`, b, f, n, r, t). */
const SIMPLE = new Map<number, number>([
  [0x22, 0x22],
  [0x5c, 0x5c],
  [0x2f, 0x2f],
  [0x62, 0x08],
  [0x66, 0x0c],
  [0x6e, 0x0a],
  [0x72, 0x0d],
  [0x74, 0x09],
]);

const HEX4 = /^[0-9a-fA-F]{4}$/;

export interface DecodedView {
  text: string;
  /** Where each unit of `text` starts in the original (one more entry: the original's length). */
  starts: Uint32Array;
}

/**
 * `s` with one level of JSON string escapes decoded, or null when it holds no `\\`, `\/` or
 * `\uXXXX`. A `\` before anything else is kept as it is.
 */
function decodeOnce(s: string): DecodedView | null {
  if (!ESCAPE.test(s)) return null;
  const units = new Uint16Array(s.length);
  const starts = new Uint32Array(s.length + 1);
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    starts[n] = i;
    if (c === 0x5c && i + 1 < s.length) {
      const simple = SIMPLE.get(s.charCodeAt(i + 1));
      if (simple !== undefined) {
        units[n++] = simple;
        i++;
        continue;
      }
      if (s.charCodeAt(i + 1) === 0x75 && HEX4.test(s.slice(i + 2, i + 6))) {
        units[n++] = parseInt(s.slice(i + 2, i + 6), 16);
        i += 5;
        continue;
      }
    }
    units[n++] = c; // a `\` before anything else is kept as it is
  }
  starts[n] = s.length;
  let text = '';
  // in chunks, by apply: a spread of a typed array iterates it (many times slower)
  for (let k = 0; k < n; k += 8192)
    text += String.fromCharCode.apply(null, units.subarray(k, Math.min(n, k + 8192)) as unknown as number[]);
  return { text, starts: starts.subarray(0, n + 1) };
}

/**
 * The views of `s` with one, two, ... levels of escapes decoded (none when `s` has no escapes),
 * each mapped to `s` itself.
 */
export function decodedViews(s: string): DecodedView[] {
  const views: DecodedView[] = [];
  let last: DecodedView | undefined;
  for (let level = 0; level < MAX_LEVELS; level++) {
    const view = decodeOnce(last?.text ?? s);
    if (view === null) break;
    // compose with the levels before: each unit's start in the original
    if (last)
      for (let k = 0; k < view.starts.length; k++)
        view.starts[k] = last.starts[view.starts[k] as number] as number;
    views.push(view);
    last = view;
  }
  return views;
}

/** The original's span for the view's span [from, to). */
export function originalSpan(view: DecodedView, from: number, to: number): readonly [number, number] {
  return [view.starts[from] as number, view.starts[to] as number];
}
