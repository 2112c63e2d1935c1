/**
 * Recently opened logs: their metadata in IndexedDB (name, size,
 * fingerprint, date, how to open them again). The bytes of local files and
 * pasted text live in the origin private file system (opfs.ts), whatever
 * their size, under the user-visible cap of logStore.ts; `stored` says
 * whether they are there.
 *
 * Every call degrades to a no-op when IndexedDB is unavailable (private
 * modes, blocked storage): the list is a convenience, never a failure.
 */
import type { LoadSource } from '../../worker/protocol';

export interface RecentEntry {
  fingerprint: string;
  name: string;
  /** Source bytes (compressed, as on disk). */
  size: number;
  /** Epoch ms of the last open. */
  date: number;
  kind: LoadSource['kind'];
  url?: string;
  sample?: string;
  /** The bytes are in the origin private file system under the fingerprint. */
  stored?: boolean;
  /** Entries of an older version kept small files here. */
  blob?: Blob;
}

const DB = 'seqscope';
const STORE = 'recent';
const MAX_ENTRIES = 50;

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

export async function getRecent(fingerprint: string): Promise<RecentEntry | null> {
  return (
    (await tx<RecentEntry | undefined>(
      'readonly',
      (s) => s.get(fingerprint) as IDBRequest<RecentEntry | undefined>,
    )) ?? null
  );
}

/** Adds or updates an entry; the oldest beyond MAX_ENTRIES are dropped (returned, to drop their bytes). */
export async function putRecent(entry: RecentEntry): Promise<RecentEntry[]> {
  await tx('readwrite', (s) => s.put(entry));
  const all = await listRecent();
  const dropped = all.slice(MAX_ENTRIES);
  for (const old of dropped) await removeRecent(old.fingerprint);
  return dropped;
}

export async function removeRecent(fingerprint: string): Promise<void> {
  await tx('readwrite', (s) => s.delete(fingerprint));
}

/** How to reopen an entry without its stored bytes (URL, sample, an old inline blob), or null. */
export function sourceOf(entry: RecentEntry): LoadSource | null {
  if (entry.kind === 'sample' && entry.sample) return { kind: 'sample', name: entry.sample };
  if (entry.kind === 'url' && entry.url) return { kind: 'url', url: entry.url };
  if (entry.blob) return { kind: 'file', file: new File([entry.blob], entry.name) };
  return null;
}
