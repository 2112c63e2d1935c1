/** The re-told log's JSONL lines as text in chunks: what the reader is handed (importingReader.ts). */
/** How many characters one chunk of re-told JSONL holds at most (unless one line is longer). */
export const JSONL_CHUNK_CHARS = 1 << 20;

/**
 * Lines as JSONL text in chunks of about `chunkChars`, each line newline-terminated: never one
 * string for the whole log (a re-told log can pass the longest string an engine holds: audit R8-11).
 */
export function jsonlChunks(lines: readonly string[], from = 0, chunkChars = JSONL_CHUNK_CHARS): string[] {
  const chunks: string[] = [];
  let batch: string[] = [];
  let chars = 0;
  for (let i = from; i < lines.length; i++) {
    const line = lines[i] as string;
    if (chars > 0 && chars + line.length + 1 > chunkChars) {
      chunks.push(batch.join(''));
      batch = [];
      chars = 0;
    }
    batch.push(line, '\n');
    chars += line.length + 1;
  }
  if (batch.length > 0) chunks.push(batch.join(''));
  return chunks;
}
