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
 */
import type { DiagnosticSink } from '../diagnostics';
import type { RecordSink } from '../pipeline';
import type { ByteStore } from './byteStore';
import { createDecompressor, type CompressionFormat, type Decompressor } from './decompress';
import { LineSplitter } from './lineSplitter';
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
  push(bytes: Uint8Array): void;
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

  push(bytes: Uint8Array): void {
    if (this.ended) return;
    this.keep(this.decompressor.push(bytes));
    this.splitter.scan();
    this.checkCompression();
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.keep(this.decompressor.end());
    this.splitter.scan();
    this.checkCompression();
    this.splitter.end();
    this.records.end(this.splitter.lineNumber);
    this.store.trim();
  }

  private keep(parts: Uint8Array[]): void {
    for (const part of parts) this.store.append(part);
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
