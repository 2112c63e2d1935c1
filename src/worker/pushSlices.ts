/**
 * The loading loop's pacing. How much source it pushes into the parser at once. Plain input goes in
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

/**
 * How long the loading loop waits between progress posts, `elapsedMs` into a load: 50 ms in
 * its first second (rows show early), then 200 ms. Each post re-renders the page's header,
 * timeline and scrubber; on a machine with few cores that work is taken from the workers
 * reading the log.
 */
export function progressInterval(elapsedMs: number): number {
  return elapsedMs < 1000 ? 50 : 200;
}
