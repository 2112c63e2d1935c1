/**
 * Secret words labels.ts judges by their case and the word before them (audit25 M5): a personal
 * access token (`GITHUB_PAT`, `AZURE_DEVOPS_EXT_PAT`: Azure's have no prefix, only the label can
 * catch them; `githubPat`), though code's lone `pat` is a pattern (`pat = "^[A-Z]\d+$"`); what
 * `sshpass -e` reads (`SSHPASS`), though `sshpass: command not found` is the tool; WPA's and
 * IPsec's pre-shared key (`psk="x"`), a credential, so prose after it (`PSK: configured`) is kept.
 */
import type { LabelTier } from './labels';

/** The words judged here. */
export const CASED_WORDS: ReadonlySet<string> = new Set(['pat', 'sshpass', 'psk']);

/** The tier of a part in CASED_WORDS, by the part before it and whether its name is all capitals. */
export function casedWordTier(part: string, before: string | undefined, shouting: boolean): LabelTier | null {
  if (part === 'pat') return shouting || before !== undefined ? 'weak' : null;
  if (part === 'sshpass') return shouting ? 'password' : null;
  return 'credential';
}

/**
 * The character a `%XX` escape glued before a name at `from` stands for (`%3Fapi_key%3D`, `%26sig%3D`:
 * a URL inside a URL's query, audit25 M6), and the escape's length after its `%`; or undefined. Its hex
 * digits are no part of the name (`3Fapi_key` names nothing); `word` is where the secret word starts,
 * which the name must keep. An escape encoded twice (`%253F`: `%25` is `%`) stands for what it encodes.
 */
export function escapeBefore(
  s: string,
  from: number,
  word: number,
): { char: string; length: number } | undefined {
  if (s[from - 1] !== '%' || from + 2 > word) return undefined;
  const twice = /^25[0-9a-fA-F]{2}/.test(s.slice(from, from + 4)) && from + 4 <= word;
  const hex = s.slice(twice ? from + 2 : from, twice ? from + 4 : from + 2);
  if (!/^[0-9a-fA-F]{2}$/.test(hex)) return undefined;
  return { char: String.fromCharCode(parseInt(hex, 16)), length: twice ? 4 : 2 };
}
