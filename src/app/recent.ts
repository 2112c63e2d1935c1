/**
 * Recently opened logs, kept in IndexedDB: name, size, fingerprint, date and
 * how to open it again (a URL or sample name; for local files and pasted
 * text up to BLOB_LIMIT, the bytes themselves; larger files must be picked
 * again, and the fingerprint tells whether it is the same file).
 *
 * Every call degrades to a no-op when IndexedDB is unavailable (private
 * modes, blocked storage): the list is a convenience, never a failure.
 */
import type { LoadSource } from '../worker/protocol';

export interface RecentEntry {
  fingerprint: string;
  name: string;
  size: number;
  /** Epoch ms of the last open. */
  date: number;
  kind: LoadSource['kind'];
  url?: string;
  sample?: string;
  blob?: Blob;
}

const DB = 'seqscope';
const STORE = 'recent';
const MAX_ENTRIES = 20;
/** Files up to this size are kept whole so they reopen in one click. */
export const BLOB_LIMIT = 32 * 1024 * 1024;

let dbPromise: Promise<IDBDatabase | null> | null = null;

function db(): Promise<IDBDatabase | null> {
  dbPromise ??= new Promise((resolve) => {
    try {
      const req = indexedDB.open(DB, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'fingerprint' });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
      req.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return dbPromise;
}

function tx<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | null> {
  return db().then(
    (d) =>
      new Promise<T | null>((resolve) => {
        if (!d) return resolve(null);
        try {
          const req = run(d.transaction(STORE, mode).objectStore(STORE));
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => resolve(null);
        } catch {
          resolve(null);
        }
      }),
  );
}

export async function listRecent(): Promise<RecentEntry[]> {
  const all = (await tx<RecentEntry[]>('readonly', (s) => s.getAll() as IDBRequest<RecentEntry[]>)) ?? [];
  return all.sort((a, b) => b.date - a.date);
}

export async function addRecent(entry: RecentEntry): Promise<void> {
  await tx('readwrite', (s) => s.put(entry));
  const all = await listRecent();
  for (const old of all.slice(MAX_ENTRIES)) await removeRecent(old.fingerprint);
}

export async function removeRecent(fingerprint: string): Promise<void> {
  await tx('readwrite', (s) => s.delete(fingerprint));
}

/** How to reopen an entry, or null when its file must be picked again. */
export function sourceOf(entry: RecentEntry): LoadSource | null {
  if (entry.kind === 'sample' && entry.sample) return { kind: 'sample', name: entry.sample };
  if (entry.kind === 'url' && entry.url) return { kind: 'url', url: entry.url };
  if (entry.blob) return { kind: 'file', file: new File([entry.blob], entry.name) };
  return null;
}
