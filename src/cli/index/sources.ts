/**
 * What `seqscope index PATH...` reads: every log file under each path. A path
 * is a file (taken whatever its name), a folder (walked; files named like a
 * log), or an object-store URL (objectStore.ts).
 */
import { open, readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { isObjectUrl, listBucket, listHttp, parseBucketUrl } from './objectStore';
import { errorMessage } from '../../core/errorMessage';
import { detectTextFormat } from '../../core/import/formats';

/** One log to index: a local file or an object. */
export interface LogRef {
  /** Absolute file path, or the object's URL. */
  path: string;
  size: number;
  remote: boolean;
  /** A URL the user named itself: its redirects are followed (objectStore.ts ObjectRef.named). */
  named?: true;
}

/**
 * Names a log file may have inside a walked folder: JSONL (compressed or not)
 * and Inspect AI's .eval archives. A plain .json is indexed when named on the
 * command line; a walk takes it only when its first bytes are a JSON document
 * an importer reads, as `open` tells them (an Inspect AI eval log, a JSON array
 * of session events: folders are full of other JSON), and lists the others as
 * skipped. Folders and files whose names start with a dot are skipped (the
 * index's own folder, .git).
 */
export const LOG_NAME = /\.((jsonl|ndjson)(\.(gz|zst|zstd))?|eval)$/i;

export function looksLikeLog(name: string): boolean {
  return LOG_NAME.test(name);
}

export interface Listing {
  logs: LogRef[];
  /**
   * Paths that could not be listed, and links of a remote listing skipped or left out, with
   * why (the run goes on without them).
   */
  problems: string[];
  /** Files a walk saw but left out (.json that no importer reads), with why. */
  skipped: SkippedFile[];
}

export interface SkippedFile {
  path: string;
  reason: string;
}

/** Bytes of a .json read to tell a log (its first keys) from other JSON. */
const JSON_SNIFF_BYTES = 1 << 16;

export const SKIPPED_JSON_REASON =
  'a .json file that is neither an Inspect AI eval log nor a JSON array of session events (the JSON documents the importers read)';

/**
 * True when a .json file's first bytes are a log an importer reads, as `open` sniffs them
 * (core/import/formats.ts): an Inspect AI eval log, or a JSON array whose first element is an
 * object with a `type` (an event; audit R13-L3: such arrays open, but the walk skipped them).
 */
async function isJsonLog(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const buf = new Uint8Array(JSON_SNIFF_BYTES);
    const { bytesRead } = await file.read(buf, 0, JSON_SNIFF_BYTES, 0);
    const text = new TextDecoder().decode(buf.subarray(0, bytesRead));
    const format = detectTextFormat(text, bytesRead < JSON_SNIFF_BYTES);
    if (format === 'inspect-json') return true;
    // a JSON array of other things (a list of names, of settings) is not a log
    return format === 'json-array' && /^\uFEFF?\s*\[\s*\{/.test(text) && /"type"\s*:/.test(text);
  } finally {
    await file.close();
  }
}

export async function listLogs(paths: string[], exclude?: string): Promise<Listing> {
  const logs = new Map<string, LogRef>();
  const problems: string[] = [];
  const skipped: SkippedFile[] = [];
  const skip = exclude !== undefined ? resolve(exclude) : undefined;
  const add = (ref: LogRef) => {
    if (!logs.has(ref.path)) logs.set(ref.path, ref);
  };

  async function walk(dir: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      problems.push(`${dir}: ${reason(err)}`);
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const full = join(dir, e.name);
      if (full === skip) continue;
      if (e.isDirectory()) await walk(full);
      else if (e.isFile() && (looksLikeLog(e.name) || /\.json$/i.test(e.name))) {
        try {
          if (!looksLikeLog(e.name) && !(await isJsonLog(full)))
            skipped.push({ path: full, reason: SKIPPED_JSON_REASON });
          else add({ path: full, size: (await stat(full)).size, remote: false });
        } catch (err) {
          problems.push(`${full}: ${reason(err)}`);
        }
      }
    }
  }

  for (const p of paths) {
    if (isObjectUrl(p)) {
      try {
        const found = parseBucketUrl(p) ? await listBucket(p, looksLikeLog) : await listHttp(p, looksLikeLog);
        for (const o of found.refs)
          add({ path: o.url, size: o.size, remote: true, ...(o.named ? { named: o.named } : {}) });
        problems.push(...found.warnings);
        if (found.refs.length === 0) problems.push(`${p}: no log files there`);
      } catch (err) {
        problems.push(`${p}: ${reason(err)}`);
      }
      continue;
    }
    const full = resolve(p);
    try {
      const st = await stat(full);
      if (st.isDirectory()) await walk(full);
      else add({ path: full, size: st.size, remote: false });
    } catch (err) {
      problems.push(`${p}: ${reason(err)}`);
    }
  }
  return { logs: [...logs.values()], problems, skipped };
}

export function reason(err: unknown): string {
  const code = (err as { code?: string; name?: string }).code ?? (err as { name?: string }).name;
  if (code === 'ENOENT') return 'no such file or folder';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'NoSuchBucket') return 'no such bucket';
  if (code === 'AccessDenied' || code === 'InvalidAccessKeyId' || code === 'SignatureDoesNotMatch')
    return `access denied (${code}): check the credentials in the environment`;
  if (code === 'CredentialsProviderError')
    return 'no credentials: set AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY';
  return errorMessage(err);
}
