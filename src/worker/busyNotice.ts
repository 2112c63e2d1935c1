/**
 * Work that runs as one long synchronous task answers nothing meanwhile (no ping either): the host
 * says so first, with time for it in proportion to the log's bytes, or the client takes the silence
 * for a dead worker. Another agent's log is imported in one such task at the end of its read
 * (audit R8-14); a redacted copy, an OTLP export, the charts' metrics and a comparison's run
 * profile each go over the whole log in one (R9-6).
 */
import type { LoadedLog } from './loadedLog';
import type { Push } from './protocol';

/** Time a long task may run silent: a base, and per MB (a slow machine goes through about 10 MB/s). */
const QUIET_BASE_MS = 15_000;
const QUIET_MS_PER_MB = 1_000;

/**
 * Below this many bytes no notice goes out: even at a tenth of the 10 MB/s above, such a task
 * ends well inside the client's default silence (15 s), and a notice on every chart or export of
 * a small log is noise (and a watchdog held off for nothing).
 */
export const BUSY_MIN_BYTES = 1_000_000;

/** `bytes` in MB as the notices name it: one decimal under 10 MB. */
function megabytes(bytes: number): string {
  const mb = bytes / 1e6;
  return `${mb.toFixed(mb < 10 ? 1 : 0)} MB`;
}

/**
 * The `busy` push to send before a long task over `bytes` of load `loadId`, or null when the
 * task is too small to need one (BUSY_MIN_BYTES); `what` names the task given the size
 * ("making a redacted copy of 82 MB").
 */
export function busyNotice(loadId: number, bytes: number, what: (size: string) => string): Push | null {
  if (bytes < BUSY_MIN_BYTES) return null;
  return {
    kind: 'busy',
    loadId,
    what: what(megabytes(bytes)),
    quietMs: QUIET_BASE_MS + (bytes / 1e6) * QUIET_MS_PER_MB,
  };
}

/** The `busy` push to send before `c`'s read ends, or null when little or nothing waits to be imported. */
export function importNotice(c: LoadedLog): Push | null {
  const held = c.log.log.foreignBytesHeld;
  return busyNotice(c.log.loadId, held, (size) => `importing ${size} of another agent's log`);
}
