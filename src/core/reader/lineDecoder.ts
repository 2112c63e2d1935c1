/** The one UTF-8 decoder setting every path uses (lines, a delta's strings, the re-read). */

/** A decoder of log bytes: invalid bytes become U+FFFD, a BOM is never dropped silently. */
export type LineDecoder = InstanceType<typeof TextDecoder>;

export function createLineDecoder(): LineDecoder {
  return new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
}
