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
  try {
    const writable = await handle.createWritable();
    await blob.stream().pipeTo(writable); // closes the writable when done
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
