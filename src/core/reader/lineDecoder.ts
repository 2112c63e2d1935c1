/** The one UTF-8 decoder setting every path uses (lines, a delta's strings, the re-read). */

/** A decoder of log bytes: invalid bytes become U+FFFD, a BOM is never dropped silently. */
export type LineDecoder = InstanceType<typeof TextDecoder>;

export function createLineDecoder(): LineDecoder {
  return new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
}

/**
 * The text of a line (or of a run of lines), or undefined when its bytes are too many to become
 * one string (the engine's string length limit): the caller reports the line as too long, or
 * decodes the run's lines one by one, instead of failing the read.
 */
export function decodeLine(decoder: LineDecoder, bytes: Uint8Array): string | undefined {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}
