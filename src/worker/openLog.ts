/**
 * One loaded (or loading) log in the worker: the core's SessionLog plus the
 * viewer's own incremental indexes over it (diagnostics by code and seq,
 * chunk runs, type counts, the fingerprint hash). Everything here is fed as
 * bytes arrive and costs O(new events) per push.
 */
import { SessionLog } from '../core/log/sessionLog';
import type { CheckpointWhen } from '../core/import/followImport';
import type { ReadLimitKind, ReadLimits } from '../core/reader/readLimits';
import { DiagnosticIndex } from '../core/view/diagIndex';
import { ProblemIndex } from '../core/view/problems';
import { recordedTime } from '../core/view/duration';
import { ChunkRunTracker } from '../core/view/rowMap';
import type { Prescan } from '../core/reader/prescan';
import {
  createFingerprintHasher,
  createTsFingerprintHasher,
  type FingerprintHasher,
} from '../core/view/fingerprint';
import { REIMPORTED_MESSAGE, type DiagnosticCounts, type LoadSource, type Push } from './protocol';
import { BATCH_BYTES, type OffThreadHasher } from './hashThread';
import { sniffFormat } from '../core/reader/decompress';

/** Bytes of the store hashed at a time when the hashing thread failed. */
const STORE_PIECE = 16 * 1024 * 1024;

/** Source bytes kept at the end (see `tail`). */
const TAIL_BYTES = 256;

/**
 * Local files from this size are fingerprinted on a thread of their own (smaller ones: here,
 * sooner). One batch's worth: the thread starts with its first full batch (hashThread.ts), and
 * starting it for less costs more than hashing that here (about 20 ms for 8 MiB).
 */
export const OFF_THREAD_HASH_BYTES = BATCH_BYTES;

/** What the log worker's host provides to every log it opens. */
export interface OpenLogOptions {
  /** A hashing thread for a large local file's fingerprint (hashThread.ts); none: hashed here. */
  hashThread?: () => OffThreadHasher;
}

/** Chunk runs shorter than this are left as ordinary rows. */
const MIN_CHUNK_RUN = 3;

export class OpenLog {
  readonly log: SessionLog;
  readonly diag = new DiagnosticIndex();
  readonly chunkRuns = new ChunkRunTracker(MIN_CHUNK_RUN);
  /** Which events are errors / problems: the rule the filter and the scrubber share. */
  readonly problems = new ProblemIndex({
    structure: () => this.log.structure,
    diagnostics: () => this.log.diagnostics.items,
    eventCount: () => this.log.eventCount,
    // The diagnostic index is synced on every push (ingest), before anyone asks.
    severityAt: (seq) => this.diag.at(seq)?.severity,
  });
  /** The pure-TS engine until `prepare()` swaps in the wasm one (before any byte arrives). */
  private hasher: FingerprintHasher = createTsFingerprintHasher();
  private hashed = 0;
  /** Set at the first push of a large local file when a hashing thread is offered. */
  private offThread: OffThreadHasher | null = null;
  private offThreadOffer: (() => OffThreadHasher) | undefined;
  /** Events per type id (`log.types` names them). */
  readonly typeCounts: number[] = [];
  /** First and last event time seen (epoch ms). */
  startTime: number | undefined;
  endTime: number | undefined;
  /** Events folded into the indexes above. */
  private ingested = 0;
  private chunkTypeId = -1;
  fingerprint = '';
  readonly startedAt = performance.now();
  finishedAt: number | undefined;
  /** The source's size: the Content-Length or File size at open; followed, what has been read since (it grows). */
  totalBytes: number | null = null;

  constructor(
    readonly loadId: number,
    readonly sourceKind: LoadSource['kind'],
    public name: string,
    public url?: string,
    /** Where reading stops (core/reader/readLimits.ts); the core's defaults when absent. */
    limits?: ReadLimits,
    /** The sample of a multi-sample log (Inspect AI) to open, from 1 (absent: the first). */
    readonly part?: number,
  ) {
    this.log = new SessionLog({
      // Every chunk pushed is a fresh buffer (a file slice read, a fetched part, a range worker's
      // bytes) that nothing changes afterwards: kept as it is, not copied into the store.
      ownsChunks: true,
      ...(limits ? { limits } : {}),
      // The name, for advice that names the file (a JSON array's conversion command).
      import: { name, ...(part !== undefined && part > 1 ? { sample: part - 1 } : {}) },
    });
  }

  /**
   * Before the first push: the fastest fingerprint engine this runtime has (hash-wasm's SHA-256),
   * and the hashing thread a large local file will use (`options.hashThread`).
   */
  async prepare(options: OpenLogOptions = {}): Promise<void> {
    this.offThreadOffer = options.hashThread;
    const fast = await createFingerprintHasher();
    if (this.hashed === 0) this.hasher = fast;
  }

  /** `prescan`: a range worker's prescan of exactly these bytes (parallel loading). */
  push(bytes: Uint8Array, prescan?: Prescan): void {
    this.keepTail(bytes);
    if (this.hashed === 0 && this.sourceKind === 'file' && sniffFormat(bytes) === 'plain') {
      // A plain file's size is the log's: its columns grow at once to fit (core/log/columns.ts).
      this.log.expectedBytes = this.totalBytes ?? 0;
      if (this.offThreadOffer && (this.totalBytes ?? 0) >= OFF_THREAD_HASH_BYTES)
        this.offThread = this.offThreadOffer();
    }
    if (this.offThread) this.offThread.update(bytes);
    else this.hasher.update(bytes);
    this.hashed += bytes.length;
    this.log.push(bytes, prescan);
    this.ingest();
  }

  /** The source is fully read: finalize counts and diagnostics (and the fingerprint: see `finish`). */
  end(): void {
    this.log.end();
    this.ingest();
    if (!this.offThread) this.fingerprint = this.hasher.finish();
    this.finishedAt = performance.now();
  }

  /**
   * `end()`, then the fingerprint from the hashing thread when one ran (it hashed while this
   * thread indexed). Should that thread fail, the bytes are hashed here from the log's store:
   * only plain files go to that thread, and the store holds their bytes as read (when it holds
   * all of them: else the fingerprint stays unknown, '').
   */
  async finish(): Promise<void> {
    this.end();
    const off = this.offThread;
    if (!off) return;
    try {
      this.fingerprint = await off.finish();
    } catch {
      const h = this.hasher;
      const n = this.log.bytesDecoded;
      if (n !== this.hashed) return;
      for (let at = 0; at < n; at += STORE_PIECE)
        h.update(this.log.rawBytes(at, Math.min(STORE_PIECE, n - at)));
      this.fingerprint = h.finish();
    }
  }

  /**
   * Follow mode: the log is read to the source's current end but not ended (more
   * bytes may come, a last line may be incomplete): fold what arrived and fingerprint the
   * bytes so far, the hasher kept running. Another agent's log is imported `now` or once it
   * `grown` enough (core/import/followImport.ts).
   */
  checkpoint(when: CheckpointWhen = 'now'): void {
    this.following = true;
    // A followed file is read to its end at every growth: its size is what we hold, no longer
    // the size at open (the header showed that one, audit R11-L1).
    if (this.totalBytes !== null) this.totalBytes = Math.max(this.totalBytes, this.log.bytesIn);
    this.log.checkpoint(when);
    this.ingest();
    this.fingerprint = this.hasher.soFar();
    this.finishedAt ??= performance.now(); // the initial read's time
  }

  /** Follow mode on another agent's log whose growth re-told shown events: the push to open it anew. */
  reimportPush(): Push | null {
    return this.log.follow?.reimportNeeded
      ? { kind: 'follow', loadId: this.loadId, state: 'rewritten', message: REIMPORTED_MESSAGE }
      : null;
  }

  /** Set by checkpoint(): the log may still grow. */
  following = false;
  /** The read limits this load lifted ("Load anyway"). */
  liftedLimits: ReadLimitKind[] | undefined;

  /** The last source bytes pushed (follow mode compares them with the server's on reconnection). */
  tail: Uint8Array = new Uint8Array(0);

  private keepTail(bytes: Uint8Array): void {
    const max = TAIL_BYTES;
    if (bytes.length >= max) {
      this.tail = bytes.slice(bytes.length - max);
      return;
    }
    const keep = Math.min(this.tail.length, max - bytes.length);
    const next = new Uint8Array(keep + bytes.length);
    next.set(this.tail.subarray(this.tail.length - keep), 0);
    next.set(bytes, keep);
    this.tail = next;
  }

  get done(): boolean {
    return this.log.done;
  }

  get eventCount(): number {
    return this.log.eventCount;
  }

  /** Folds new events and diagnostics into the indexes; true when anything changed. */
  ingest(): boolean {
    const log = this.log;
    const n = log.eventCount;
    const grew = n > this.ingested;
    if (this.chunkTypeId < 0) this.chunkTypeId = log.types.indexOf('assistant/chunk');
    for (let seq = this.ingested; seq < n; seq++) {
      const typeId = log.typeIdOf(seq);
      if (this.chunkTypeId < 0 && log.types[typeId] === 'assistant/chunk') this.chunkTypeId = typeId;
      this.typeCounts[typeId] = (this.typeCounts[typeId] ?? 0) + 1;
      this.chunkRuns.event(seq, typeId === this.chunkTypeId);
      const t = recordedTime(log.timeOf(seq));
      if (t !== undefined) {
        if (this.startTime === undefined) this.startTime = t;
        this.endTime = t;
      }
    }
    this.ingested = n;
    const diagsChanged = this.diag.sync(log.diagnostics.items);
    return grew || diagsChanged;
  }

  /** Milliseconds since the first timed event, when the event has a time. */
  relTime(seq: number): number | undefined {
    const t = recordedTime(this.log.timeOf(seq));
    return t === undefined || this.startTime === undefined ? undefined : t - this.startTime;
  }

  diagnosticCounts(): DiagnosticCounts {
    const c = this.log.diagnostics.counts;
    return { error: c.error, warning: c.warning, info: c.info };
  }

  types(): { type: string; count: number }[] {
    return this.log.types
      .map((type, id) => ({ type, count: this.typeCounts[id] ?? 0 }))
      .filter((t) => t.count > 0);
  }
}
