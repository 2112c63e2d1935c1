/** A log's compression, told by its magic bytes and never by its file name (spec section 1). */

export type CompressionFormat = 'plain' | 'gzip' | 'zstd';

/**
 * The format named by the first bytes, or undefined when `head` is a prefix
 * of a magic number and more bytes are needed to tell.
 */
export function sniffFormat(head: Uint8Array): CompressionFormat | undefined {
  const b0 = head[0];
  if (b0 === undefined) return undefined;
  if (b0 === 0x1f) return needOrMatch(head, GZIP_MAGIC);
  if (b0 === 0x28) return needOrMatch(head, ZSTD_MAGIC);
  // A zstd skippable frame (magic 0x184D2A5?, little-endian) may open a stream (pzstd writes one).
  if ((b0 & 0xf0) === 0x50) return needOrMatch(head, SKIPPABLE_TAIL, 1);
  return 'plain';
}

const GZIP_MAGIC = [0x1f, 0x8b];
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
const SKIPPABLE_TAIL = [0x00, 0x2a, 0x4d, 0x18]; // byte 0 varies, checked by the caller

function needOrMatch(head: Uint8Array, magic: number[], from = 0): CompressionFormat | undefined {
  for (let i = from; i < magic.length; i++) {
    const b = head[i];
    if (b === undefined) return undefined;
    if (b !== magic[i]) return 'plain';
  }
  return magic === GZIP_MAGIC ? 'gzip' : 'zstd';
}
