/**
 * A label written as words with spaces, as CLI and console output print a new key: `API Key: x`,
 * `api key = x`, the Azure portal's `Client secret value: x` (audit R24-8). The secret word alone
 * (`Key`, `secret`) labels little or nothing; with the word before it, and a holder word after it,
 * it is the identifier `API_Key`, `Client_secret_value` (labels.ts judges that as any other name).
 */

/** One word of letters, alone (not the end of an identifier or path), one space before the secret word. */
const WORD_BEFORE = /(?:^|[^A-Za-z0-9_.\-/\\$])([A-Za-z]{2,20}) $/;
/** A holder word after the secret word: the value is the secret itself. */
const HOLDER_AFTER = /^ value(?![A-Za-z0-9_])/i;
/** How far back the word before is looked for. */
const REACH = 22;

export interface SpacedLabel {
  from: number;
  to: number;
  /** The words joined as an identifier. */
  name: string;
}

/**
 * The label of words around the name s[from, to) (not before `floor`, what was read already), or
 * null when no word stands beside it.
 */
export function spacedLabel(s: string, from: number, to: number, floor: number): SpacedLabel | null {
  let start = from;
  let end = to;
  if (s[from - 1] === ' ') {
    const before = WORD_BEFORE.exec(s.slice(Math.max(floor, from - REACH), from));
    if (before) start = from - 1 - (before[1] as string).length;
  }
  if (s[to] === ' ') {
    const after = HOLDER_AFTER.exec(s.slice(to, to + 7));
    if (after) end = to + after[0].length;
  }
  if (start === from && end === to) return null;
  return { from: start, to: end, name: s.slice(start, end).replace(/ /g, '_') };
}
