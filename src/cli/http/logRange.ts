/**
 * Serving one log file's bytes: whole, or the slice a `Range: bytes=N-[M]` asks for (206),
 * so a following client fetches only the tail that grew. Served as an attachment that is
 * never sniffed: a log's content must not be rendered as a page of this origin.
 */
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename } from 'node:path';
import { notFound } from './staticApp';

/** The log's content type: compressed logs are opaque bytes (the app detects the format by content). */
export function logContentType(path: string): string {
  return /\.(gz|zst|zstd)$/i.test(path) ? 'application/octet-stream' : 'application/x-ndjson';
}

/** `attachment` with the file's name, ASCII-safe and RFC 5987-encoded for the rest. */
export function contentDisposition(path: string): string {
  const name = basename(path);
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** `bytes=N-` or `bytes=N-M` against a size: the inclusive range, 'unsatisfiable', or undefined to ignore. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const m = /^bytes=(\d+)-(\d*)$/.exec(header.trim());
  if (!m) return undefined; // suffix ranges, multiple ranges, other units: serve the whole file
  const start = Number(m[1]);
  const end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * A log file opened for reading without waiting: opening a FIFO named like a log would otherwise
 * wait for a writer forever and hold one of libuv's four pool threads; four such opens stopped
 * every request (audit R5-3; the follow watcher's, R23-4). The caller's stat then refuses
 * anything that is not a regular file.
 */
export function openLogFile(file: string, noFollow = false): Promise<FileHandle> {
  // noFollow: the named file was no symlink when serving began, so a symlink put in its place later
  // is not followed (`/etc/passwd` was served at /log/<name>: audit R27-L5)
  const nofollow = noFollow ? (constants.O_NOFOLLOW ?? 0) : 0;
  return open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | nofollow);
}

/** Answers GET/HEAD of file, honouring a byte range. */
export async function serveLogFile(
  file: string,
  req: IncomingMessage,
  res: ServerResponse,
  head: boolean,
  noFollow = false,
): Promise<void> {
  // A pipelined request's response waits behind the ones before it: open the file only when
  // this response has the socket. Opened as each request was parsed, 20,000 pipelined GETs that
  // were never read held 20,000 handles, closed by GC if ever (audit R13-L2, DEP0137).
  if (!(await hasSocket(res))) return;
  let fh;
  try {
    fh = await openLogFile(file, noFollow);
  } catch {
    return notFound(res);
  }
  let handedOver = false;
  try {
    const st = await fh.stat();
    if (!st.isFile()) return notFound(res);
    if (res.destroyed) return; // the client left while the file was opened: its 'close' has passed
    const headers: Record<string, string | number> = {
      'Content-Type': logContentType(file),
      'Content-Disposition': contentDisposition(file),
      'X-Content-Type-Options': 'nosniff',
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'no-store',
    };
    const range = parseRange(req.headers.range, st.size);
    if (range === 'unsatisfiable') {
      res.writeHead(416, { ...headers, 'Content-Range': `bytes */${st.size}`, 'Content-Length': 0 });
      res.end();
      return;
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? st.size - 1; // inclusive; -1 for an empty file
    const length = end - start + 1;
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${st.size}`;
    res.writeHead(range ? 206 : 200, { ...headers, 'Content-Length': length });
    if (head || length === 0) {
      res.end();
      return;
    }
    // The bytes of the file as it was stat'ed: the open handle keeps a rotated file's
    // inode, `end` caps a growing one, and a shrunk one breaks the response.
    const stream = fh.createReadStream({ start, end, autoClose: true, highWaterMark: 1 << 16 });
    handedOver = true;
    let sent = 0;
    stream.on('data', (chunk) => {
      sent += chunk.length;
    });
    stream.on('error', () => res.destroy());
    stream.on('end', () => {
      if (sent !== length) res.destroy();
    });
    res.on('close', () => stream.destroy());
    stream.pipe(res);
  } finally {
    if (!handedOver) await fh.close();
  }
}

/** Resolves true once res is the response its socket is writing; false if it closed first. */
function hasSocket(res: ServerResponse): Promise<boolean> {
  if (res.socket !== null) return Promise.resolve(true);
  return new Promise((done) => {
    res.once('socket', () => done(true));
    res.once('close', () => done(false));
  });
}
