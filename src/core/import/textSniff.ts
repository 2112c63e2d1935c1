/**
 * Is this text at all? A log is UTF-8 text (JSON lines), so a file whose first 64 KiB (after
 * decompression) are largely binary (NUL and other control bytes, invalid UTF-8) is refused
 * before anything is read: an image or a database named `.jsonl` would otherwise open with a
 * screenful of bad-json errors. A text log with one binary line somewhere stays under the
 * share and loads (that line is a diagnostic, nothing valid is lost).
 *
 * Known file types are named by their magic number, so the refusal says what the file is.
 */

/** The share of binary bytes in the head above which a file is not text. */
const BINARY_SHARE = 0.1;

const MAGIC: readonly { name: string; bytes: readonly number[]; at?: number }[] = [
  { name: 'a PNG image', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { name: 'a JPEG image', bytes: [0xff, 0xd8, 0xff] },
  { name: 'a GIF image', bytes: [0x47, 0x49, 0x46, 0x38] },
  { name: 'a WebP image', bytes: [0x57, 0x45, 0x42, 0x50], at: 8 },
  { name: 'a PDF document', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { name: 'a zip archive', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { name: 'an ELF executable', bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { name: 'a Mach-O executable', bytes: [0xcf, 0xfa, 0xed, 0xfe] },
  { name: 'a Windows executable', bytes: [0x4d, 0x5a] },
  { name: 'an SQLite database', bytes: [...'SQLite format 3'].map((c) => c.charCodeAt(0)) },
  { name: 'a Parquet file', bytes: [0x50, 0x41, 0x52, 0x31] },
  { name: 'a bzip2 stream', bytes: [0x42, 0x5a, 0x68] },
  { name: 'an xz stream', bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00] },
  { name: 'a 7-Zip archive', bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { name: 'a WebAssembly module', bytes: [0x00, 0x61, 0x73, 0x6d] },
  { name: 'UTF-16 text (save it as UTF-8)', bytes: [0xff, 0xfe] },
  { name: 'UTF-16 text (save it as UTF-8)', bytes: [0xfe, 0xff] },
];

export interface TextSniff {
  /** Bytes looked at (the head: at most 64 KiB). */
  looked: number;
  /** Of those, NUL and control bytes other than tab, line ends, form feed and escape, and invalid UTF-8. */
  binary: number;
  /** What the magic number says the file is, when it names a known binary type. */
  looksLike?: string;
}

/** Counts the binary bytes of a head; `complete`: the head is the whole input (a cut sequence at its end is not cut). */
export function sniffText(head: Uint8Array, complete: boolean): TextSniff {
  let binary = 0;
  const n = head.length;
  for (let i = 0; i < n;) {
    const b = head[i] as number;
    if (b < 0x80) {
      if (b < 0x20 ? b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b : b === 0x7f)
        binary++;
      i++;
      continue;
    }
    const len = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (len === 0) {
      binary++;
      i++;
      continue;
    }
    if (i + len > n && !complete) break; // cut by the head's end: not counted
    let ok = i + len <= n;
    for (let k = 1; ok && k < len; k++) ok = ((head[i + k] as number) & 0xc0) === 0x80;
    // Overlong and surrogate forms (UTF-8's second-byte ranges).
    const c1 = head[i + 1] as number;
    if (ok && b === 0xe0 && c1 < 0xa0) ok = false;
    if (ok && b === 0xed && c1 > 0x9f) ok = false;
    if (ok && b === 0xf0 && c1 < 0x90) ok = false;
    if (ok && b === 0xf4 && c1 > 0x8f) ok = false;
    if (ok) i += len;
    else {
      binary++;
      i++;
    }
  }
  const out: TextSniff = { looked: n, binary };
  const magic = MAGIC.find((m) => m.bytes.every((v, k) => head[(m.at ?? 0) + k] === v));
  if (magic) out.looksLike = magic.name;
  return out;
}

/**
 * The refusal for a head that is not text, or null when it is text enough to read: over a
 * tenth binary, or any binary byte behind a known binary magic number.
 */
export function notTextMessage(s: TextSniff): string | null {
  if (s.looked === 0 || s.binary === 0) return null;
  if (s.binary / s.looked <= BINARY_SHARE && s.looksLike === undefined) return null;
  const of = s.looked >= 65_536 ? 'the first 64 KiB' : `its ${s.looked}`;
  const what = s.looksLike === undefined ? '' : `; it looks like ${s.looksLike}`;
  return `this is not a text log: ${s.binary} of ${of} bytes are binary (NUL, control or invalid UTF-8 bytes)${what}. A session log is UTF-8 JSON, one event per line.`;
}
