/** Character classes the inline markdown scanner decides by (CommonMark's, ASCII-only). */

const PUNCT = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

/** Whitespace, or the start/end of the text (`undefined`), which counts as whitespace. */
export function isWs(ch: string | undefined): boolean {
  return ch === undefined || ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\u00a0';
}
export function isPunct(ch: string | undefined): boolean {
  return ch !== undefined && PUNCT.has(ch);
}
export function isAlnum(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
