/**
 * Reading a log file (or stdin) into a SessionLog in chunks: the CLI's only
 * Node-specific loading code. Errors that mean "there is no log to read" come
 * back as values with one clear line, never as stack traces.
 */
import { createReadStream, statSync } from 'node:fs';
import { SessionLog } from '../core/log/sessionLog';

export type LoadResult = { ok: true; log: SessionLog } | { ok: false; message: string };

export async function loadFile(path: string): Promise<LoadResult> {
  if (path !== '-') {
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch (err) {
      return { ok: false, message: `${path}: ${describe(err)}` };
    }
    if (isDir) return { ok: false, message: `${path}: is a directory, not a log file` };
  }
  const stream = path === '-' ? process.stdin : createReadStream(path, { highWaterMark: 1 << 20 });
  return loadStream(stream, path === '-' ? 'standard input' : path);
}

/**
 * Reads a log from any stream of chunks (a file, stdin, an object-store body).
 * `onChunk` sees every chunk as stored, before decoding (the index fingerprints them).
 */
export async function loadStream(
  stream: AsyncIterable<unknown>,
  label: string,
  onChunk?: (chunk: Uint8Array) => void,
): Promise<LoadResult> {
  const log = new SessionLog();
  try {
    for await (const chunk of stream) {
      const bytes = chunk instanceof Uint8Array ? chunk : new TextEncoder().encode(String(chunk));
      onChunk?.(bytes);
      log.push(bytes);
    }
  } catch (err) {
    return { ok: false, message: `${label}: ${describe(err)}` };
  }
  log.end();
  return { ok: true, log };
}

function describe(err: unknown): string {
  const code = (err as { code?: string }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory, not a log file';
  return err instanceof Error ? err.message : String(err);
}
