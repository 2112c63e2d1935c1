/**
 * Keeping opened logs in this browser, so a `?log=<fingerprint>` link reopens
 * them after a reload or in a new tab: metadata in IndexedDB (recent.ts), the
 * bytes of local files and pasted text in the origin private file system
 * (opfs.ts), any size, under a cap the user sees and can change or clear on
 * the start page. The least recently opened logs make room for new ones; a
 * log bigger than the whole cap is listed but not kept.
 *
 * Logs from a URL or the bundled samples are only listed: the URL reopens them.
 */
import { create } from 'zustand';
import type { LoadSource, LogSummary } from '../../worker/protocol';
import { clearLogs, readLog, removeLog, writeLog } from './opfs';
import { getRecent, listRecent, putRecent, removeRecent, sourceOf, type RecentEntry } from './recent';
import { formatBytes } from '../components/format';
import { errorMessage } from '../../core/errorMessage';

const GB = 1024 ** 3;
export const DEFAULT_CAP = 2 * GB;
export const CAP_CHOICES = [0.25 * GB, 0.5 * GB, 1 * GB, 2 * GB, 4 * GB, 8 * GB, 16 * GB];
const CAP_KEY = 'seqscope.storageCap';

export type SaveState =
  | { fingerprint: string; state: 'saving' | 'stored' }
  | { fingerprint: string; state: 'too-big' | 'failed'; message: string };

interface StorageState {
  /** What happened to the last log's bytes (the header's "stored" badge, the tests' signal). */
  save: SaveState | null;
  /** Bumped whenever the list or the stored bytes change: views re-read. */
  version: number;
}

export const useStorage = create<StorageState>()(() => ({ save: null, version: 0 }));
const changed = () => useStorage.setState((s) => ({ version: s.version + 1 }));

export function getCap(): number {
  try {
    const v = Number(localStorage.getItem(CAP_KEY));
    return Number.isFinite(v) && v > 0 ? v : DEFAULT_CAP;
  } catch {
    return DEFAULT_CAP;
  }
}

export async function setCap(bytes: number): Promise<void> {
  try {
    localStorage.setItem(CAP_KEY, String(bytes));
  } catch {
    // not persisted: the default applies next time
  }
  await serialize(() => evict(0, bytes));
  changed();
}

/** One storage operation at a time: copies, evictions and clears never interleave. */
let chain: Promise<unknown> = Promise.resolve();
function serialize<T>(run: () => Promise<T>): Promise<T> {
  const next = chain.then(run, run);
  chain = next.catch(() => undefined);
  return next;
}

/**
 * Records a log that finished loading: lists it, and for local files and
 * pasted text keeps the bytes. Resolves when done (the copy of a big file
 * takes a moment); never rejects.
 */
export function remember(source: LoadSource, summary: LogSummary): Promise<void> {
  // An empty file is not worth a place in the list nor a "stored" badge: it has nothing to reopen.
  const empty = summary.events === 0 && (summary.fileBytes ?? summary.bytes) === 0;
  if (!summary.fingerprint || empty) return Promise.resolve();
  return serialize(() => doRemember(source, summary)).catch(() => undefined);
}

async function doRemember(source: LoadSource, s: LogSummary): Promise<void> {
  const fingerprint = s.fingerprint;
  // The stored copy is the whole file, so its entry has the whole file's size (a read limit reads less).
  const size = s.fileBytes ?? s.bytes;
  const base: RecentEntry = { fingerprint, name: s.name, size, date: Date.now(), kind: source.kind };
  if (source.kind === 'sample' || source.kind === 'url') {
    const where = source.kind === 'sample' ? { sample: source.name } : { url: source.url };
    // One entry per URL (a followed log changes its fingerprint as it grows).
    for (const e of await listRecent())
      if (
        e.fingerprint !== fingerprint &&
        e.kind === source.kind &&
        (e.url ?? e.sample) === (where.url ?? where.sample)
      ) {
        await dropBytes([e]);
        await removeRecent(e.fingerprint);
      }
    // The same bytes, kept from a local open, stay kept and counted: a `?log=` link to them still
    // opens (the URL's entry replaced theirs, and the bytes were left in storage, unaccounted).
    const kept = (await getRecent(fingerprint))?.stored ? { stored: true } : {};
    await dropBytes(await putRecent({ ...base, ...where, ...kept }));
    changed();
    return;
  }
  const existing = await getRecent(fingerprint);
  if (existing?.stored && (await readLog(fingerprint, existing.size))) {
    await putRecent({ ...existing, date: base.date, name: s.name });
    useStorage.setState({ save: { fingerprint, state: 'stored' } });
    changed();
    return;
  }
  const blob = source.kind === 'file' ? source.file : new Blob([source.text]);
  const cap = getCap();
  await dropBytes(await putRecent({ ...base, stored: false }));
  changed();
  if (blob.size > cap) {
    useStorage.setState({
      save: {
        fingerprint,
        state: 'too-big',
        message: `${s.name} is larger than the storage cap (${formatBytes(cap)}): links to it need the file`,
      },
    });
    return;
  }
  useStorage.setState({ save: { fingerprint, state: 'saving' } });
  try {
    await evict(blob.size, cap, fingerprint);
    void navigator.storage?.persist?.().catch(() => undefined);
    await writeLog(fingerprint, blob);
    const now = await getRecent(fingerprint);
    await putRecent({ ...(now ?? base), stored: true });
    useStorage.setState({ save: { fingerprint, state: 'stored' } });
  } catch (err) {
    useStorage.setState({
      save: {
        fingerprint,
        state: 'failed',
        message: `${s.name} could not be kept in this browser: ${errorMessage(err)}`,
      },
    });
  }
  changed();
}

/** Removes the bytes of the least recently opened logs until `needed` more fit under the cap. */
async function evict(needed: number, cap: number, keep?: string): Promise<void> {
  const stored = (await listRecent()).filter((e) => e.stored && e.fingerprint !== keep);
  let used = stored.reduce((n, e) => n + e.size, 0);
  for (const e of stored.reverse()) {
    if (used + needed <= cap) break;
    await removeLog(e.fingerprint);
    await putRecent({ ...e, stored: false });
    used -= e.size;
  }
}

async function dropBytes(entries: RecentEntry[]): Promise<void> {
  for (const e of entries) if (e.stored) await removeLog(e.fingerprint);
}

/** The stored log with this fingerprint, as a File named as it was opened, or null. */
export async function storedLog(
  fingerprint: string,
): Promise<{ file: File; entry: RecentEntry | null } | null> {
  const entry = await getRecent(fingerprint);
  if (entry && !entry.stored) return null;
  const bytes = await readLog(fingerprint, entry?.size);
  if (!bytes) return null;
  return { file: new File([bytes], entry?.name ?? `${fingerprint}.jsonl`), entry };
}

/** How to open a recently opened log again: its stored bytes, else its URL or sample; null when it must be picked. */
export async function recentSource(e: RecentEntry): Promise<LoadSource | null> {
  const stored = e.stored ? await storedLog(e.fingerprint) : null;
  return stored ? { kind: 'file', file: stored.file } : sourceOf(e);
}

export async function storageUsage(): Promise<{ used: number; count: number; cap: number }> {
  const stored = (await listRecent()).filter((e) => e.stored);
  return { used: stored.reduce((n, e) => n + e.size, 0), count: stored.length, cap: getCap() };
}

/** Removes every stored log's bytes (the list of names stays; each can be picked again). */
export async function clearStored(): Promise<void> {
  await serialize(async () => {
    await clearLogs();
    for (const e of await listRecent())
      if (e.stored || e.blob) {
        const { blob: _blob, ...rest } = e;
        await putRecent({ ...rest, stored: false });
      }
  });
  useStorage.setState({ save: null });
  changed();
}

/** Forgets one log: its entry and its bytes. */
export async function forget(fingerprint: string): Promise<void> {
  await serialize(async () => {
    await removeLog(fingerprint);
    await removeRecent(fingerprint);
  });
  changed();
}
