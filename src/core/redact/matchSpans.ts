/**
 * The spans the redaction rules mask, read off a global regex's matches by their indices (flag d):
 * a search for a group's text in the match could find the label instead (`password: password1`).
 * Each starts its regex from the text's start (lastIndex 0), as the regexes are shared constants.
 */

/**
 * Group `g` of each match of the global regex `re` in `s` (a match where it took no part is
 * passed over) that passes `keep`, which is given the group's text and the whole match. Given
 * several groups (alternatives: a quoted value or a bare one), the first that took part.
 * `re` must not match empty text (nothing here steps past an empty match).
 */
export function* groupSpans(
  re: RegExp,
  s: string,
  g: number | readonly number[],
  keep?: (value: string, m: RegExpExecArray) => boolean,
): Generator<readonly [number, number]> {
  const groups = typeof g === 'number' ? [g] : g;
  re.lastIndex = 0;
  for (let m = re.exec(s); m !== null; m = re.exec(s)) {
    const k = groups.find((i) => m.indices?.[i] !== undefined);
    const at = k === undefined ? undefined : m.indices?.[k];
    if (at && (keep === undefined || keep(m[k as number] as string, m))) yield at;
  }
}

/**
 * Each match of a rule's regex in s that passes `accept` (rules.ts): group 1 when the regex has one,
 * else the whole match. An empty match is stepped past, unmasked (exec would find it again forever):
 * a rule's regex may be built from a value (a home's user name), so none is trusted not to match empty.
 */
export function* regexSpans(
  re: RegExp,
  s: string,
  accept?: (m: RegExpExecArray) => boolean,
): Generator<readonly [number, number]> {
  re.lastIndex = 0;
  for (let m = re.exec(s); m !== null; m = re.exec(s)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    if (accept && !accept(m)) continue;
    const group = m.indices?.[1];
    yield group ?? [m.index, m.index + m[0].length];
  }
}
