/**
 * How much source the loading loop pushes into the parser at once. Plain input goes in
 * PUSH_SLICE pieces; compressed input in pieces shrunk by the compression ratio seen so far,
 * so that 256 kB of a decompression bomb (70 MB and more decoded) cannot hold the worker for
 * seconds in one push: each push decodes about PUSH_SLICE bytes.
 */

/** Decoded bytes pushed into the parser at once (plain input: source bytes). */
export const PUSH_SLICE = 256 * 1024;
/** Source bytes pushed first, before any ratio is known. */
export const FIRST_SLICE = 4 * 1024;
const MIN_SLICE = 1024;

/**
 * The next piece's size after `pieceBytes` of source decoded to `decodedBytes`, with
 * `totalDecoded` from `totalIn` so far: by this piece's ratio or the whole input's (a decoder
 * may hold output back), growing at most twofold per push.
 */
export function nextSlice(
  slice: number,
  pieceBytes: number,
  decodedBytes: number,
  totalIn: number,
  totalDecoded: number,
): number {
  const ratio = Math.max(1, decodedBytes / Math.max(1, pieceBytes), totalDecoded / Math.max(1, totalIn));
  return Math.max(MIN_SLICE, Math.min(2 * slice, Math.floor(PUSH_SLICE / ratio)));
}
