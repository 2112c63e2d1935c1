/**
 * The reader: bytes in (compressed or not, in chunks of any size, down to one
 * byte), normalized events, header and meta lines out to a RecordSink, and
 * findings to a DiagnosticSink.
 *
 *   push(bytes) -> decompress -> ByteStore -> LineSplitter -> RecordReader -> sink
 *
 * It never throws on any input: a bad line is a diagnostic, and a corrupt or
 * truncated compressed stream is one `bad-compression` error, with everything
 * decoded before it kept (the last, partial line then shows as a torn tail),
 * except a zstd stream that stops inside its last frame: that is a routine
 * torn tail (one `torn-tail` warning, the partial last line dropped).
 * The ByteStore keeps the decompressed bytes, so `readEventAt` can parse any
 * event again later from its EventLocation and the reader's `context`.
 * Reading stops at the read limits (readLimits.ts: decoded size, compression
 * ratio, line length) with one `read-limit` error; what came before is kept.
 */
import type { DiagnosticSink } from '../diagnostics';
import type { RecordSink } from '../pipeline';
import type { ByteStore } from './byteStore';
import { createDecompressor, type CompressionFormat, type Decompressor } from './decompress';
import { LineSplitter } from './lineSplitter';
import { PrescanCursor, type Prescan } from './prescan';
import { LineLengthGuard } from './lineLengthGuard';
import {
  DEFAULT_READ_LIMITS,
  describeLimitHit,
  ratioLimits,
  type ReadLimitHit,
  type ReadLimits,
} from './readLimits';
import { MapReadContext, type ReadContext, type ReadContextRecorder } from './readContext';
import { RecordReader } from './records';

export { readEventAt } from './records';
export { MapReadContext, type ReadContext, type ReadContextRecorder } from './readContext';

export interface LogReaderOptions {
  /**
   * Where the first pass records what re-reads need (see readContext.ts).
   * Default: a MapReadContext, which stays empty for current-dialect logs.
   */
  context?: ReadContext & ReadContextRecorder;
  /** Where reading stops (default DEFAULT_READ_LIMITS). */
  limits?: ReadLimits;
  /**
   * The caller hands each pushed chunk over and never changes it afterwards (a
   * file read's fresh buffer): plain bytes are then kept as they are, not
   * copied into the store (ByteStore.adopt).
   */
  ownsChunks?: boolean;
}

export interface LogReader {
  /**
   * The next bytes of the log. `prescan`: a range worker's prescan of exactly
   * these bytes (prescan.ts), used when they are plain text starting at a line
   * boundary; otherwise ignored (the lines are parsed here as usual).
   */
  push(bytes: Uint8Array, prescan?: Prescan): void;
  /** The input is complete. Later pushes are ignored. */
  end(): void;
  /** The input pauses here and may go on (follow mode): its complete lines are read now. */
  checkpoint(): void;
  /**
   * Every push so far and from now on is the input's own bytes, from its first one (not another
   * agent's log re-told): a store that can read plain input again (ByteStore `source`) may then
   * let go of the lines already read. The importing reader in front says it (importingReader.ts).
   */
  pushesInput(): void;
  /** Pass this to `readEventAt` to re-read an event the way this pass read it. */
  readonly context: ReadContext;
  /** The detected compression, once known. */
  readonly format: CompressionFormat | undefined;
  /** Events handed to the sink so far. */
  readonly eventCount: number;
  /** Lines seen so far (blank ones included). */
  readonly lineCount: number;
  /** Lines rebuilt from a range worker's prescan instead of parsed here. */
  readonly prescannedLines: number;
  /** Tool/result lines read without their result texts (elidedResults.ts). */
  readonly elidedLines: number;
  /** The read limit that stopped reading, once one did. */
  readonly limitHit: ReadLimitHit | undefined;
}

export function createLogReader(
  sink: RecordSink,
  diags: DiagnosticSink,
  store: ByteStore,
  options: LogReaderOptions = {},
): LogReader {
  return new StreamingLogReader(
    sink,
    diags,
    store,
    options.context ?? new MapReadContext(),
    options.limits ?? DEFAULT_READ_LIMITS,
    options.ownsChunks === true,
  );
}

class StreamingLogReader implements LogReader {
  private readonly decompressor: Decompressor;
  private readonly records: RecordReader;
  private readonly splitter: LineSplitter;
  private readonly lines: LineLengthGuard;
  private ended = false;
  private compressionReported = false;
  /** Source bytes pushed so far (equal to the store's length for plain input). */
  private pushed = 0;
  private input = false;
  limitHit: ReadLimitHit | undefined;

  constructor(
    sink: RecordSink,
    private readonly diags: DiagnosticSink,
    private readonly store: ByteStore,
    readonly context: ReadContext & ReadContextRecorder,
    limits: ReadLimits,
    private readonly ownsChunks: boolean,
  ) {
    this.records = new RecordReader(sink, diags, context);
    this.splitter = new LineSplitter(store, this.records);
    this.decompressor = createDecompressor({
      maxOutputBytes: limits.maxDecodedBytes,
      ...ratioLimits(limits),
    });
    this.lines = new LineLengthGuard(limits.maxLineBytes);
  }

  get format(): CompressionFormat | undefined {
    return this.decompressor.format;
  }

  get eventCount(): number {
    return this.records.position;
  }

  get lineCount(): number {
    return this.splitter.lineNumber;
  }

  get prescannedLines(): number {
    return this.splitter.hintedLines;
  }
  get elidedLines(): number {
    return this.splitter.elidedLines;
  }

  push(bytes: Uint8Array, prescan?: Prescan): void {
    if (this.ended || this.limitHit !== undefined) return;
    const base = this.pushed;
    this.pushed += bytes.length;
    const storeBase = this.store.length;
    this.keep(this.decompressor.push(bytes));
    this.splitter.hints = this.hintsFor(prescan, base, storeBase);
    this.splitter.scan();
    this.checkCompression();
    this.checkLimits();
    // The store's offsets are the input's while it is plain and nothing was cut or transformed.
    if (this.input && this.decompressor.format === 'plain' && this.store.length === this.pushed)
      this.store.release(this.splitter.lineStart);
  }

  pushesInput(): void {
    this.input = true;
  }

  /**
   * A range may be pushed in several slices with the same prescan: its cursor
   * (based at the range's first byte) lives until another prescan, or none,
   * comes. The prescan's offsets are the source's: they name the stored bytes
   * only while nothing was transformed (plain input).
   */
  private hintsFor(prescan: Prescan | undefined, base: number, storeBase: number): PrescanCursor | null {
    if (prescan === undefined || this.decompressor.format !== 'plain' || storeBase !== base) {
      this.cursor = null;
      return null;
    }
    if (this.cursor?.prescan !== prescan) this.cursor = new PrescanCursor(prescan, base);
    return this.cursor;
  }

  private cursor: PrescanCursor | null = null;

  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.limitHit === undefined) {
      this.keep(this.decompressor.end());
      this.splitter.scan();
      this.checkCompression();
      this.checkLimits();
    }
    // A line cut by a limit is refused whole: it is not handed on as a torn tail.
    if (this.limitHit === undefined) this.splitter.end();
    this.records.end(this.splitter.lineNumber);
    this.store.trim();
  }

  checkpoint(): void {
    if (this.ended || this.limitHit !== undefined) return;
    this.keep(this.decompressor.flush());
    this.splitter.scan();
    this.checkCompression();
    this.checkLimits();
  }

  private keep(parts: Uint8Array[]): void {
    for (const part of parts) {
      const kept = this.lines.admit(part, this.store.length);
      // Only plain input is the caller's own chunk (a decompressor may reuse its output buffer).
      if (kept.length > 0 && this.ownsChunks && this.decompressor.format === 'plain') this.store.adopt(kept);
      else if (kept.length > 0) this.store.append(kept);
      if (kept.length < part.length) return;
    }
  }

  private checkLimits(): void {
    if (this.limitHit !== undefined) return;
    const d = this.decompressor;
    const hit = this.lines.hit ?? d.limited;
    if (hit === undefined) return;
    const compressed = d.format === 'gzip' || d.format === 'zstd';
    const where = {
      kind: hit.kind,
      limit: hit.limit,
      ...('containers' in hit && hit.containers !== undefined ? { containers: hit.containers } : {}),
      ...('ratioFloor' in hit && hit.ratioFloor !== undefined ? { ratioFloor: hit.ratioFloor } : {}),
      inputBytes: d.consumed,
      keptBytes: this.store.length,
      line: this.splitter.lineNumber + 1,
    };
    this.limitHit = { ...where, message: describeLimitHit(where, compressed) };
    this.diags.report('read-limit', this.limitHit.message, { line: where.line });
  }

  private checkCompression(): void {
    const truncated = this.decompressor.truncated;
    if (truncated !== undefined) this.records.streamCutShort(truncated);
    const error = this.decompressor.error;
    if (error === undefined || this.compressionReported) return;
    this.compressionReported = true;
    this.diags.report(
      'bad-compression',
      `${error}; the ${this.store.length} bytes decoded before it are kept`,
      {
        line: this.splitter.lineNumber + 1,
      },
    );
  }
}
