/**
 * UTF-8 bytes of text[from, to), as TextEncoder would write them, counted without encoding a copy:
 * a surrogate pair is 4 bytes, a lone surrogate 3 (it is written as U+FFFD).
 */
export function utf8Length(text: string, from = 0, to = text.length): number {
  let bytes = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < to && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}
