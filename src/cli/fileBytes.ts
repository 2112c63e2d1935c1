/**
 * A plain log file as its own byte store (core/reader/byteStore.ts `ByteSource`): the CLI's loads
 * do not hold the file's bytes once its lines are read, and read an event's line again from the
 * file when a command shows it. Holding them cost the one-pass `check` of a 164 MB log about a
 * third of its time: the kernel faults in every fresh page (about 40,000 of them, 11 µs each on a
 * VM), where a bare split-and-parse reuses one buffer.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { InputChanged, type ByteSource } from '../core/reader/byteStore';

/** A file this large is read again rather than held: below it, holding it costs little. */
export const REREAD_FROM_FILE_BYTES = 4 * 1024 * 1024;

export interface FileByteSource extends ByteSource {
  /** The file descriptor: the load reads through it too, so both read one file (not a path renamed over between). */
  readonly fd: number;
  close(): void;
}

/**
 * Reads are served from windows of the file this large, the last few kept: a command that shows
 * many events (an OTLP export with content) re-reads them in runs of neighbours, and one read
 * per event (200,000 of them for a 164 MB log) cost it about a tenth of its time.
 */
const WINDOW_BYTES = 64 * 1024;
const WINDOWS_KEPT = 16;

interface Window {
  start: number;
  /** Bytes read into `bytes` (fewer than its length at the file's end). */
  length: number;
  bytes: Buffer;
}

/** What a command says of `path` when it no longer holds byte `end - 1`, which was read from it. */
export function fileChanged(path: string, end: number): InputChanged {
  return new InputChanged(
    `${path} changed while it was read: it now ends before byte ${end}, which was read from it (a log is only ever appended to)`,
  );
}

/**
 * `path`'s bytes by offset. A log is append-only: bytes once read stay where they were. A file
 * cut short since is said so (InputChanged: the command fails with that message); one rewritten
 * in place to at least its length is not noticed (only a hash of it all would tell).
 */
export function fileByteSource(path: string): FileByteSource {
  let fd: number | null = openSync(path, 'r');
  /** Most recently used first; their buffers are reused, so what is handed out is a copy. */
  const windows: Window[] = [];
  const readFully = (out: Buffer, at: number, length: number, offset: number): number => {
    if (fd === null) throw new Error(`${path}: closed`);
    let n = 0;
    while (n < length) {
      const got = readSync(fd, out, at + n, length - n, offset + n);
      if (got === 0) break;
      n += got;
    }
    return n;
  };
  return {
    get fd(): number {
      if (fd === null) throw new Error(`${path}: closed`);
      return fd;
    },
    readAt(offset: number, length: number): Uint8Array {
      const end = offset + length;
      if (length > WINDOW_BYTES / 2) {
        const out = Buffer.allocUnsafe(length);
        if (readFully(out, 0, length, offset) < length) throw fileChanged(path, end);
        return out;
      }
      const i = windows.findIndex((w) => w.start <= offset && end <= w.start + w.length);
      if (i < 0) {
        const w: Window =
          windows.length < WINDOWS_KEPT
            ? { start: 0, length: 0, bytes: Buffer.allocUnsafe(WINDOW_BYTES) }
            : (windows.pop() as Window);
        // Aligned, unless the bytes asked for cross the aligned window's end.
        const aligned = offset - (offset % WINDOW_BYTES);
        w.start = end <= aligned + WINDOW_BYTES ? aligned : offset;
        w.length = readFully(w.bytes, 0, WINDOW_BYTES, w.start);
        windows.unshift(w);
        if (end > w.start + w.length) throw fileChanged(path, end);
      } else if (i > 0) windows.unshift(...windows.splice(i, 1));
      const w = windows[0] as Window;
      return Uint8Array.prototype.slice.call(w.bytes, offset - w.start, end - w.start);
    },
    close(): void {
      if (fd !== null) closeSync(fd);
      fd = null;
      windows.length = 0;
    },
  };
}
