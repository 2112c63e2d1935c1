/**
 * Reading one log for the library: fingerprint its bytes as they stream in,
 * load it with the CLI's own loader, and turn it into its rows. A log that
 * cannot be read at all is still one row (with `read_error`), never a failed run.
 */
import type { SessionLog } from '../../core/log/sessionLog';
import { createReadStream } from 'node:fs';
import { sniffFormat } from '../../core/reader/decompress';
import { createFingerprintHasher, type FingerprintHasher } from '../../core/view/fingerprint';
import {
  sessionRecord,
  unreadableRecord,
  type LogSource,
  type SessionRecord,
} from '../../core/library/sessionRecord';
import type { ReadLimits } from '../../core/reader/readLimits';
import { defaultLimits } from '../limitArgs';
import { loadStream } from '../readInput';
import type { ImportOptions } from '../../core/import/importers';
import { recordHooks } from './hooks';
import { openObject } from './objectStore';
import { reason, type LogRef } from './sources';

export type ReadOutcome =
  { status: 'unchanged'; fingerprint: string } | { status: 'indexed'; record: SessionRecord };

async function openRef(ref: LogRef): Promise<AsyncIterable<unknown>> {
  if (ref.path === '-') return process.stdin;
  return ref.remote
    ? openObject(ref.path, ref.named === true)
    : createReadStream(ref.path, { highWaterMark: 1 << 20 });
}

/** Streams the bytes through the app's fingerprint hasher; counts them and keeps the first few for the format sniff. */
class Fingerprinter {
  size = 0;
  head: Uint8Array = new Uint8Array(0);
  private constructor(private readonly hash: FingerprintHasher) {}
  static async create(): Promise<Fingerprinter> {
    return new Fingerprinter(await createFingerprintHasher());
  }
  update = (chunk: Uint8Array) => {
    this.hash.update(chunk);
    this.size += chunk.length;
    if (this.head.length < 8) this.head = concatHead(this.head, chunk);
  };
  digest(): string {
    return this.hash.finish();
  }
}

function concatHead(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.min(8, a.length + b.length));
  out.set(a.subarray(0, out.length));
  if (out.length > a.length) out.set(b.subarray(0, out.length - a.length), a.length);
  return out;
}

/** The fingerprint of a log's bytes (first 16 hex of their SHA-256), the app's `?log=` identity. */
export async function fingerprintRef(ref: LogRef): Promise<string> {
  const fp = await Fingerprinter.create();
  for await (const chunk of await openRef(ref)) fp.update(toBytes(chunk));
  return fp.digest();
}

function toBytes(chunk: unknown): Uint8Array {
  return chunk instanceof Uint8Array ? chunk : new TextEncoder().encode(String(chunk));
}

/** Loads a log and its fingerprint (the shared path of `index` and `stats --json`). */
export async function readRecord(
  ref: LogRef,
  limits: ReadLimits = defaultLimits(),
  importOptions?: ImportOptions,
  /** Sees the loaded log before it becomes a record (`stats` reports a read limit from it). */
  onLoaded?: (log: SessionLog) => void,
): Promise<SessionRecord> {
  const fp = await Fingerprinter.create();
  let loaded;
  try {
    loaded = await loadStream(await openRef(ref), ref.path, {
      limits,
      onChunk: fp.update,
      ...(importOptions ? { import: importOptions } : {}),
    });
  } catch (err) {
    loaded = { ok: false as const, message: `${ref.path}: ${reason(err)}` };
  }
  const source: LogSource = {
    path: ref.path,
    sizeBytes: loaded.ok ? fp.size : ref.size,
    fingerprint: fp.digest(),
    compression: sniffFormat(fp.head) ?? 'plain',
  };
  if (!loaded.ok) return unreadableRecord(source, loaded.message.replace(`${ref.path}: `, ''));
  onLoaded?.(loaded.log);
  return sessionRecord(loaded.log, source, recordHooks);
}

/**
 * Reads a log unless the previous index has it with the same size and
 * fingerprint (then only the fingerprint is computed, nothing is parsed).
 */
export async function readForIndex(
  ref: LogRef,
  previous: { size: number; fingerprint: string } | undefined,
): Promise<ReadOutcome> {
  if (previous && previous.size === ref.size) {
    try {
      const fingerprint = await fingerprintRef(ref);
      if (fingerprint === previous.fingerprint) return { status: 'unchanged', fingerprint };
    } catch {
      // unreadable now: readRecord says why
    }
  }
  return { status: 'indexed', record: await readRecord(ref) };
}
