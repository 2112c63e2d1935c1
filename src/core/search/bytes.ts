/**
 * Byte-level substring search over raw log bytes (no decoding): Horspool with
 * an optional ASCII case fold, and a native `indexOf` scan for short marks
 * such as a `\u` escape. Both report positions in ascending order.
 */

const IDENTITY = new Uint8Array(256).map((_, i) => i);
const ASCII_LOWER = new Uint8Array(256).map((_, i) => (i >= 65 && i <= 90 ? i + 32 : i));

/**
 * Calls `found(pos)` for each match of `needle` in `hay[from..]`; `found`
 * returns where to continue (e.g. the end of the matching line), or -1 to stop.
 * With `fold`, ASCII letters of `hay` compare lower-cased (`needle` must be).
 */
export function scanNeedle(
  hay: Uint8Array,
  needle: Uint8Array,
  fold: boolean,
  found: (pos: number) => number,
  /** `skipTable(needle, fold)`, made once by a caller that scans many short hays. */
  skip: Int32Array = skipTable(needle, fold),
): void {
  const m = needle.length;
  if (m === 0) return;
  const table = fold ? ASCII_LOWER : IDENTITY;
  const last = needle[m - 1] as number;
  const end = hay.length - m;
  let i = 0;
  while (i <= end) {
    const c = table[hay[i + m - 1] as number] as number;
    if (c === last) {
      let j = m - 2;
      while (j >= 0 && table[hay[i + j] as number] === needle[j]) j--;
      if (j < 0) {
        const next = found(i);
        if (next < 0) return;
        i = Math.max(i + 1, next);
        continue;
      }
    }
    i += skip[c] as number;
  }
}

/** Horspool's shift for each byte of the hay: how far the needle may move past it. */
export function skipTable(needle: Uint8Array, fold: boolean): Int32Array {
  const m = needle.length;
  const skip = new Int32Array(256).fill(m);
  for (let i = 0; i < m - 1; i++) skip[needle[i] as number] = m - 1 - i;
  if (fold) for (let c = 65; c <= 90; c++) skip[c] = skip[c + 32] as number;
  return skip;
}

/** Whether `hay` holds `mark` (a few bytes) anywhere. */
export function holdsMark(hay: Uint8Array, mark: readonly number[]): boolean {
  let held = false;
  scanMark(hay, mark, () => {
    held = true;
    return -1;
  });
  return held;
}

/**
 * Calls `found(pos)` for each occurrence of `mark` (a few bytes) in `hay`,
 * jumping with the native `indexOf` from one occurrence of its first byte to
 * the next; `found` returns where to continue, or -1 to stop.
 */
export function scanMark(hay: Uint8Array, mark: readonly number[], found: (pos: number) => number): void {
  const first = mark[0] as number;
  for (let i = hay.indexOf(first); i !== -1;) {
    let ok = i + mark.length <= hay.length;
    for (let j = 1; ok && j < mark.length; j++) ok = hay[i + j] === mark[j];
    let next = i + 1;
    if (ok) {
      next = found(i);
      if (next < 0) return;
      next = Math.max(i + 1, next);
    }
    i = hay.indexOf(first, next);
  }
}

/** `\u`: a JSON escape that may spell any character. */
export const ESCAPE_MARK = [0x5c, 0x75];
/** U+212A KELVIN SIGN and U+017F LONG S in UTF-8: they fold to ASCII `k` and `s`. */
export const FOLD_TRAP_MARKS = [
  [0xe2, 0x84, 0xaa],
  [0xc5, 0xbf],
];
