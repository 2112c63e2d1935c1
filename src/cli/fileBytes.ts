/**
 * A plain log file as its own byte store (core/reader/byteStore.ts `ByteSource`): the CLI's loads
 * do not hold the file's bytes once its lines are read, and read an event's line again from the
 * file when a command shows it. Holding them cost the one-pass `check` of a 164 MB log about a
 * third of its time: the kernel faults in every fresh page (about 40,000 of them, 11 µs each on a
 * VM), where a bare split-and-parse reuses one buffer.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { ByteSource } from '../core/reader/byteStore';

/** A file this large is read again rather than held: below it, holding it costs little. */
export const REREAD_FROM_FILE_BYTES = 4 * 1024 * 1024;

/** The file no longer holds bytes the log read from it: said as it is, not as an internal error. */
export class FileChanged extends Error {
  override name = 'FileChanged';
}

export interface FileByteSource extends ByteSource {
  close(): void;
}

/**
 * `path`'s bytes by offset. A log is append-only: bytes once read stay where they were. A file
 * cut short or replaced since is said so (the command fails with that message), never misread
 * as other events.
 */
export function fileByteSource(path: string): FileByteSource {
  let fd: number | null = openSync(path, 'r');
  return {
    readAt(offset: number, length: number): Uint8Array {
      if (fd === null) throw new Error(`${path}: closed`);
      const out = Buffer.allocUnsafe(length);
      let at = 0;
      while (at < length) {
        const n = readSync(fd, out, at, length - at, offset + at);
        if (n === 0)
          throw new FileChanged(
            `${path} changed while it was read: it now ends before byte ${offset + length}, which was read from it (a log is only ever appended to)`,
          );
        at += n;
      }
      return out;
    },
    close(): void {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
