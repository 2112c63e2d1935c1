/**
 * Another agent's log is imported in one task at the end of its read, which answers nothing (no
 * ping either): the host says so first, with time for it in proportion to its size, or the client
 * takes the silence of a 100 MB import for a dead worker (audit R8-14).
 */
import type { LoadedLog } from './loadedLog';
import type { Push } from './protocol';

/** Time an import may run silent: a base, and per MB (a slow machine imports about 10 MB/s). */
const IMPORT_QUIET_BASE_MS = 15_000;
const IMPORT_QUIET_MS_PER_MB = 1_000;

/** The `busy` push to send before `c`'s read ends, or null when nothing waits to be imported. */
export function importNotice(c: LoadedLog): Push | null {
  const held = c.log.log.foreignBytesHeld;
  if (held === 0) return null;
  const mb = held / 1e6;
  return {
    kind: 'busy',
    loadId: c.log.loadId,
    what: `importing ${mb.toFixed(mb < 10 ? 1 : 0)} MB of another agent's log`,
    quietMs: IMPORT_QUIET_BASE_MS + mb * IMPORT_QUIET_MS_PER_MB,
  };
}
