/**
 * The reader: bytes in (compressed or not, in chunks of any size, down to one
 * byte), normalized events, header and meta lines out to a RecordSink, and
 * findings to a DiagnosticSink.
 *
 *   push(bytes) -> decompress -> ByteStore -> LineSplitter -> RecordReader -> sink
 *
 * It never throws on any input: a bad line is a diagnostic, and a corrupt or
 * truncated compressed stream is one `bad-compression` error, with everything
 * decoded before it kept (the last, partial line then shows as a torn tail).
 * The ByteStore keeps the decompressed bytes, so `readEventAt` can parse any
 * event again later from its EventLocation and the reader's `context`.
 */
import type { DiagnosticSink } from '../diagnostics';
import type { RecordSink } from '../pipeline';
import type { ByteStore } from './byteStore';
import { createDecompressor, type CompressionFormat, type Decompressor } from './decompress';
import { LineSplitter } from './lineSplitter';
import { PrescanCursor, type Prescan } from './prescan';
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
}

export function createLogReader(
  sink: RecordSink,
  diags: DiagnosticSink,
  store: ByteStore,
  options: LogReaderOptions = {},
): LogReader {
  return new StreamingLogReader(sink, diags, store, options.context ?? new MapReadContext());
}

class StreamingLogReader implements LogReader {
  private readonly decompressor: Decompressor = createDecompressor();
  private readonly records: RecordReader;
  private readonly splitter: LineSplitter;
  private ended = false;
  private compressionReported = false;
  /** Source bytes pushed so far (equal to the store's length for plain input). */
  private pushed = 0;

  constructor(
    sink: RecordSink,
    private readonly diags: DiagnosticSink,
    private readonly store: ByteStore,
    readonly context: ReadContext & ReadContextRecorder,
  ) {
    this.records = new RecordReader(sink, diags, context);
    this.splitter = new LineSplitter(store, this.records);
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

  push(bytes: Uint8Array, prescan?: Prescan): void {
    if (this.ended) return;
    const base = this.pushed;
    this.pushed += bytes.length;
    const storeBase = this.store.length;
    this.keep(this.decompressor.push(bytes));
    this.splitter.hints = this.hintsFor(prescan, base, storeBase);
    this.splitter.scan();
    this.checkCompression();
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
    this.keep(this.decompressor.end());
    this.splitter.scan();
    this.checkCompression();
    this.splitter.end();
    this.records.end();
    this.store.trim();
  }

  private keep(parts: Uint8Array[]): void {
    for (const part of parts) this.store.append(part);
  }

  private checkCompression(): void {
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
