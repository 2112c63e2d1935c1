/**
 * Log bytes in the origin private file system (navigator.storage.getDirectory):
 * one file per log, named by its fingerprint, in a `logs` folder. Files are
 * copied in as streams (never whole in memory) and read back as File objects
 * backed by the disk, so a multi-gigabyte log costs no RAM while stored.
 *
 * Every call degrades to "not available" (false / null) where the browser
 * has no OPFS or refuses it: storing is a convenience, never a failure.
 */

const FOLDER = 'logs';

async function root(): Promise<FileSystemDirectoryHandle | null> {
  try {
    if (typeof navigator === 'undefined' || !navigator.storage?.getDirectory) return null;
    return await navigator.storage.getDirectory();
  } catch {
    return null;
  }
}

async function folder(create: boolean): Promise<FileSystemDirectoryHandle | null> {
  const r = await root();
  if (!r) return null;
  try {
    return await r.getDirectoryHandle(FOLDER, { create });
  } catch {
    return null;
  }
}

/**
 * Bytes written at a time. The copy starts as a log is ready, when its user starts seeking; piped
 * whole (`pipeTo`), the copy of 99 MB took the CPU the seeks needed on 2 cores: the messages of a
 * seek took 68-96 ms to paint at p50 during it, 44-50 ms without it (measure-seek.mjs). Written
 * a piece at a time whenever the page was idle, still 60 ms: the pieces go on while the user acts.
 */
const PIECE_BYTES = 2 * 1024 * 1024;

/**
 * A log up to this size is kept at once (a moment's work), so a reload right after opening it
 * finds it; a larger one a piece at a time while the user is idle.
 */
const AT_ONCE_BYTES = 8 * 1024 * 1024;

/** What the user does (on `window`, captured): the copy waits until none of it for a while. */
const USER_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'hashchange'] as const;

/**
 * A pause that resolves once the user has done nothing for `quietMs` (USER_EVENTS on `target`)
 * and the page is idle; `stop()` removes its listeners.
 */
export function quietPause(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  quietMs = 1000,
): { pause: () => Promise<void>; stop: () => void } {
  let last = performance.now();
  const seen = () => void (last = performance.now());
  for (const type of USER_EVENTS) target.addEventListener(type, seen, { capture: true, passive: true });
  const pause = async (): Promise<void> => {
    for (let wait = last + quietMs - performance.now(); wait > 0; wait = last + quietMs - performance.now())
      await new Promise((resolve) => setTimeout(resolve, wait));
    await new Promise<void>((resolve) => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
      else setTimeout(resolve, 0);
    });
  };
  const stop = () => {
    for (const type of USER_EVENTS) target.removeEventListener(type, seen, { capture: true });
  };
  return { pause, stop };
}

/**
 * Writes `blob` to `writable` a piece at a time, each after `pause()` (the page idle): the copy
 * yields to what the user does. Closes the writable when done; aborts it on failure (and throws).
 */
export async function copyInPieces(
  blob: Blob,
  writable: FileSystemWritableFileStream,
  pause: () => Promise<void>,
): Promise<void> {
  try {
    for (let at = 0; at < blob.size; at += PIECE_BYTES) {
      await pause();
      await writable.write(blob.slice(at, Math.min(blob.size, at + PIECE_BYTES)));
    }
    await writable.close();
  } catch (err) {
    await writable.abort().catch(() => undefined);
    throw err;
  }
}

/**
 * Copies `blob` in under `name`. Written to a temporary file first and moved
 * into place when complete, so a reload mid-copy never finds half a log.
 * Throws on failure (quota, no OPFS) after removing what it wrote.
 */
export async function writeLog(name: string, blob: Blob): Promise<void> {
  const dir = await folder(true);
  if (!dir) throw new Error('The origin private file system is not available here');
  const part = `${name}.part`;
  const handle = await dir.getFileHandle(part, { create: true });
  if (typeof handle.createWritable !== 'function')
    throw new Error('This browser cannot write to the origin private file system from a page');
  const quiet = blob.size > AT_ONCE_BYTES ? quietPause(window) : null;
  try {
    await copyInPieces(blob, await handle.createWritable(), quiet?.pause ?? (() => Promise.resolve()));
    const movable = handle as FileSystemFileHandle & { move?: (name: string) => Promise<void> };
    if (typeof movable.move === 'function') {
      await dir.removeEntry(name).catch(() => undefined);
      await movable.move(name);
    } else {
      // No move(): copy again under the final name (rare: every browser with createWritable has move).
      const final = await dir.getFileHandle(name, { create: true });
      const w = await final.createWritable();
      await (await handle.getFile()).stream().pipeTo(w);
      await dir.removeEntry(part);
    }
  } catch (err) {
    await dir.removeEntry(part).catch(() => undefined);
    throw err;
  } finally {
    quiet?.stop();
  }
}

/** The stored bytes as a disk-backed File, or null when absent (or not of `size`, when given). */
export async function readLog(name: string, size?: number): Promise<File | null> {
  const dir = await folder(false);
  if (!dir) return null;
  try {
    const file = await (await dir.getFileHandle(name)).getFile();
    return size === undefined || file.size === size ? file : null;
  } catch {
    return null;
  }
}

export async function removeLog(name: string): Promise<void> {
  const dir = await folder(false);
  await dir?.removeEntry(name).catch(() => undefined);
}

/** Removes every stored log (the whole folder, so orphans of interrupted copies go too). */
export async function clearLogs(): Promise<void> {
  const r = await root();
  await r?.removeEntry(FOLDER, { recursive: true }).catch(() => undefined);
}
