/**
 * Reading a log file (or stdin) into a SessionLog in chunks: the CLI's only
 * Node-specific loading code. Errors that mean "there is no log to read" come
 * back as values with one clear line, never as stack traces.
 */
import { createReadStream, statSync } from 'node:fs';
import { SessionLog } from '../core/log/sessionLog';
import type { ReadLimits } from '../core/reader/readLimits';

export type LoadResult = { ok: true; log: SessionLog } | { ok: false; message: string };

/** Reads path (or stdin for -); stops reading once the log hits one of `limits` (log.limitHit says which). */
export async function loadFile(path: string, limits?: ReadLimits): Promise<LoadResult> {
  if (path !== '-') {
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch (err) {
      return { ok: false, message: `${path}: ${describe(err)}` };
    }
    if (isDir) return { ok: false, message: `${path}: is a directory, not a log file` };
  }
  const log = new SessionLog(limits ? { limits } : {});
  const stream = path === '-' ? process.stdin : createReadStream(path, { highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream) {
      log.push(chunk instanceof Uint8Array ? chunk : new TextEncoder().encode(String(chunk)));
      if (log.limitHit) break; // the rest is refused: stop reading (an endless stdin too)
    }
  } catch (err) {
    return { ok: false, message: `${path === '-' ? 'standard input' : path}: ${describe(err)}` };
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
