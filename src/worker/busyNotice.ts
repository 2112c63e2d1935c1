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

/** `bytes` in MB as the notices name it: one decimal under 10 MB. */
function megabytes(bytes: number): string {
  const mb = bytes / 1e6;
  return `${mb.toFixed(mb < 10 ? 1 : 0)} MB`;
}

/**
 * The `busy` push to send before a long task over `bytes` of load `loadId`; `what` names the task
 * given the size ("making a redacted copy of 82 MB").
 */
export function busyNotice(loadId: number, bytes: number, what: (size: string) => string): Push {
  return {
    kind: 'busy',
    loadId,
    what: what(megabytes(bytes)),
    quietMs: QUIET_BASE_MS + (bytes / 1e6) * QUIET_MS_PER_MB,
  };
}

/** The `busy` push to send before `c`'s read ends, or null when nothing waits to be imported. */
export function importNotice(c: LoadedLog): Push | null {
  const held = c.log.log.foreignBytesHeld;
  if (held === 0) return null;
  return busyNotice(c.log.loadId, held, (size) => `importing ${size} of another agent's log`);
}
