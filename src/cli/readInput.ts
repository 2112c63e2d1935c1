/**
 * Reading a log file (or stdin) into a SessionLog in chunks: the CLI's only
 * Node-specific loading code. Errors that mean "there is no log to read" come
 * back as values with one clear line, never as stack traces.
 */
import { createReadStream, statSync, type Stats } from 'node:fs';
import { canSplit, forEachRange, type RangePool } from '../core/log/parallel';
import { SessionLog, type SessionLogOptions } from '../core/log/sessionLog';
import type { ImportOptions } from '../core/import/importers';
import type { ReadLimits } from '../core/reader/readLimits';
import { fileSource, rangeWorkersBesideOwner, workerPool } from './rangeWorkers';
import { errorMessage } from '../core/errorMessage';
import { listedSamples } from '../core/import/inspect/sampleList';
import { REREAD_FROM_FILE_BYTES, fileByteSource, type FileByteSource } from './fileBytes';
import { InputChanged } from '../core/reader/byteStore';

/** Below this a file loads in one pass: starting workers would cost more than it saves. */
const PARALLEL_MIN_BYTES = 4 * 1024 * 1024;

export type LoadResult = { ok: true; log: SessionLog } | { ok: false; message: string };

/**
 * Diagnostics the CLI keeps of each code (the rest are counted): room for every real finding,
 * and a bound on memory when every line of a large file is bad (audit R25-M7).
 */
export const DIAGNOSTICS_PER_CODE = 20_000;

/** Reads path (or stdin for -); stops reading once the log hits one of `limits` (log.limitHit says which). */
export async function loadFile(
  path: string,
  limits?: ReadLimits,
  importOptions?: ImportOptions,
): Promise<LoadResult> {
  const options: SessionLogOptions = {
    ...(limits ? { limits } : {}),
    // The path as typed, for advice that names the file (a JSON array's conversion command).
    import: { ...importOptions, ...(path !== '-' ? { name: path } : {}) },
  };
  if (path === '-') return loadStream(process.stdin, 'standard input', options);
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (err) {
    return { ok: false, message: `${path}: ${describe(err, path)}` };
  }
  if (stats.isDirectory()) return { ok: false, message: `${path}: is a directory, not a log file` };
  // A large plain file is read again for what a command shows, not held (fileBytes.ts).
  let source: FileByteSource | undefined;
  if (stats.isFile() && stats.size >= REREAD_FROM_FILE_BYTES) {
    try {
      source = fileByteSource(path);
    } catch (err) {
      return { ok: false, message: `${path}: ${describe(err, path)}` };
    }
  }
  const result = await loadReadAgain(path, stats.size, options, source);
  // Nothing to read again (a compressed file, another agent's log, a failure): the file is let go.
  if (source && (!result.ok || result.log.bytesHeld === result.log.bytesDecoded)) source.close();
  return result;
}

/** A file loaded in ranges or in one pass; read again from `source` when one is given. */
async function loadReadAgain(
  path: string,
  size: number,
  logOptions: SessionLogOptions,
  source: FileByteSource | undefined,
): Promise<LoadResult> {
  const options = source ? { ...logOptions, rereadFrom: source } : logOptions;
  const workers = rangeWorkersBesideOwner();
  if (workers > 0 && size >= PARALLEL_MIN_BYTES) {
    const parallel = await loadInRanges(path, workers, options);
    if (parallel) return parallel;
  }
  // The file's size: the log's columns grow at once to fit (core/log/columns.ts). Read through
  // the source's descriptor, when there is one: what is read again is what was read.
  const fd = source?.fd;
  const stream = createReadStream(path, {
    highWaterMark: 1 << 20,
    ...(fd !== undefined ? { fd, autoClose: false, start: 0 } : {}),
  });
  return loadStream(stream, path, { ...options, expectedBytes: size });
}

/**
 * Reads a log in one pass from any stream of chunks (a file, stdin, an object-store body).
 * `onChunk` sees every chunk as stored, before decoding (the index fingerprints them).
 */
export async function loadStream(
  stream: AsyncIterable<unknown>,
  label: string,
  options: SessionLogOptions & { onChunk?: (chunk: Uint8Array) => void; expectedBytes?: number } = {},
): Promise<LoadResult> {
  const { onChunk, expectedBytes, ...logOptions } = options;
  // A Node stream's chunks are fresh buffers, never written again: the log keeps them uncopied.
  const log = new SessionLog({
    maxDiagnosticsPerCode: DIAGNOSTICS_PER_CODE,
    ...logOptions,
    ownsChunks: true,
  });
  if (expectedBytes !== undefined) log.expectedBytes = expectedBytes;
  try {
    for await (const chunk of stream) {
      const bytes = chunk instanceof Uint8Array ? chunk : new TextEncoder().encode(String(chunk));
      onChunk?.(bytes);
      log.push(bytes);
      if (log.limitHit || log.notText) break; // the rest is refused: stop reading (an endless stdin too)
    }
  } catch (err) {
    // An input changed while read names itself (its message starts with the path).
    return {
      ok: false,
      message: err instanceof InputChanged ? err.message : `${label}: ${describe(err, label)}`,
    };
  }
  log.end();
  return loaded(log, label, logOptions.import?.sample);
}

/**
 * A log refused as not text (a binary file) is no log: the command fails and says why. So is a
 * `--sample N` the log does not hold (`sample` 0-based): an export of it would be an empty log
 * and a check of it a warning with exit 0 (audit R18-6).
 */
function loaded(log: SessionLog, label: string, sample?: number): LoadResult {
  if (log.notText !== undefined) return { ok: false, message: `${label}: ${log.notText}` };
  const missing = missingSample(log, sample);
  return missing === undefined ? { ok: true, log } : { ok: false, message: `${label}: ${missing}` };
}

/** Why `--sample` (0-based) names no sample of the log, or undefined when it names one. */
function missingSample(log: SessionLog, sample: number | undefined): string | undefined {
  if (sample === undefined || sample === 0) return undefined;
  const samples = listedSamples(log.sessionHeader);
  if (!samples)
    return `--sample ${sample + 1}: this log has no samples to choose from (only Inspect AI logs do)`;
  const count = samples.length;
  if (sample < count) return undefined;
  return `--sample ${sample + 1}: the Inspect AI log holds ${count} sample${count === 1 ? '' : 's'}${count > 0 ? ` (--sample 1${count > 1 ? `..${count}` : ''})` : ''}`;
}

/**
 * A plain file split into ranges that `workers` range workers prescan
 * (core/log/parallel.ts); null when it cannot be split (compressed), so the
 * caller reads it in one pass. Once the log refuses the rest (a binary file, a
 * read limit), no range is asked for and the workers are ended (`pool.close`
 * terminates them): they would otherwise read the rest of the file for nothing.
 */
export async function loadInRanges(
  path: string,
  workers: number,
  options: SessionLogOptions,
  makePool: (path: string, workers: number, withoutBytes: boolean) => RangePool = workerPool,
  /** Range sizes (tests); default parallel.ts's. */
  sizes?: { first: number; rest: number },
): Promise<LoadResult | null> {
  let src: Awaited<ReturnType<typeof fileSource>>;
  try {
    src = await fileSource(path);
  } catch (err) {
    return { ok: false, message: `${path}: ${describe(err, path)}` };
  }
  try {
    if (!(await canSplit(src))) return null;
    // A file read again is read here, in pieces let go as they are read: the workers send back
    // their prescans alone (core/log/parallel.ts PrescannedRange).
    const pool = makePool(path, workers, options.rereadFrom !== undefined);
    // Each range's bytes are a fresh read (or a worker's transferred buffer): kept uncopied.
    const log = new SessionLog({ maxDiagnosticsPerCode: DIAGNOSTICS_PER_CODE, ...options, ownsChunks: true });
    log.expectedBytes = src.size;
    const refused = new AbortController();
    try {
      // A read limit (line length) stops the pushes: the log keeps what came before it.
      await forEachRange(
        src,
        pool,
        (range) => {
          log.push(range.bytes, range.prescan);
          if (log.limitHit || log.notText) refused.abort();
        },
        { signal: refused.signal, ...sizes },
      );
    } finally {
      pool.close();
    }
    log.end();
    return loaded(log, path, options.import?.sample);
  } catch (err) {
    // A file cut while read names itself (rangeWorkers.ts fileSource).
    return {
      ok: false,
      message: err instanceof InputChanged ? err.message : `${path}: ${describe(err, path)}`,
    };
  } finally {
    await src.close();
  }
}

function describe(err: unknown, path: string): string {
  const code = (err as { code?: string }).code;
  if (code === 'ENOENT') return noSuchFile(path);
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory, not a log file';
  return errorMessage(err);
}

/**
 * "no such file", and why when the name held bytes that are not UTF-8: Node reads arguments as
 * UTF-8, so such a name reaches us as another one (U+FFFD in place of each bad byte) (audit R14-L2).
 */
export function noSuchFile(path: string): string {
  if (!path.includes('\uFFFD')) return 'no such file';
  return 'no such file: its name holds bytes that are not UTF-8, which arguments cannot pass; rename the file, or give it on standard input (seqscope check - < FILE)';
}
