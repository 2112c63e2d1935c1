/**
 * The one place where bytes meet the harness's reader, with format detection
 * in front: the first bytes (decompressed when gzip or zstd) say which format
 * the log is in (formats.ts). A harness log goes straight through to the
 * ordinary reader, byte for byte. Any other format is collected whole (its
 * importer needs the whole file: message assembly, branches, zip members),
 * re-told as harness events at `end()`, and that text is what the reader
 * reads, so every later re-read (`readEventAt`) sees the imported events.
 */
import type { DiagnosticSink } from '../diagnostics';
import type { RecordSink } from '../pipeline';
import type { ByteStore } from '../reader/byteStore';
import {
  createDecompressor,
  sniffFormat,
  type CompressionFormat,
  type Decompressor,
} from '../reader/decompress';
import type { Prescan } from '../reader/prescan';
import type { ReadLimitHit } from '../reader/readLimits';
import {
  createLogReader,
  type LogReader,
  type LogReaderOptions,
  type ReadContext,
} from '../reader/logReader';
import { detectTextFormat, isZip, type SourceFormat } from './formats';
import { importForeign, type ImportOptions } from './importers';

/** How many decoded bytes detection looks at before it settles for the harness format. */
const SNIFF_BYTES = 1 << 16;

export interface ImportingReader extends LogReader {
  /** The detected format; undefined until the first bytes decided it. */
  readonly sourceFormat: SourceFormat | undefined;
}

export function createImportingReader(
  sink: RecordSink,
  diags: DiagnosticSink,
  store: ByteStore,
  options: LogReaderOptions & { import?: ImportOptions } = {},
): ImportingReader {
  return new DetectingReader(createLogReader(sink, diags, store, options), diags, options.import ?? {});
}

class DetectingReader implements ImportingReader {
  sourceFormat: SourceFormat | undefined;
  /** Raw chunks held while the format is undecided (with a range worker's prescan, when given). */
  private held: Uint8Array[] = [];
  private heldPrescans: (Prescan | undefined)[] = [];
  /**
   * Held bytes at which detection is tried next. Each try reads (and, for
   * gzip/zstd, decodes) the whole held head, so trying on every push would be
   * quadratic in tiny chunks: the threshold doubles after each try.
   */
  private nextTryAt = 64;
  private heldBytes = 0;
  /** For a foreign format: the decoded bytes, collected until the end. */
  private decoder: Decompressor | undefined;
  private foreign: Uint8Array[] = [];
  private ended = false;

  constructor(
    private readonly inner: LogReader,
    private readonly diags: DiagnosticSink,
    private readonly options: ImportOptions,
  ) {}

  get context(): ReadContext {
    return this.inner.context;
  }
  get format(): CompressionFormat | undefined {
    return this.decoder?.format ?? this.inner.format;
  }
  get eventCount(): number {
    return this.inner.eventCount;
  }
  get lineCount(): number {
    return this.inner.lineCount;
  }
  get prescannedLines(): number {
    return this.inner.prescannedLines;
  }
  get limitHit(): ReadLimitHit | undefined {
    return this.inner.limitHit;
  }

  push(bytes: Uint8Array, prescan?: Prescan): void {
    if (this.ended) return;
    if (this.sourceFormat === 'seqscope') return this.inner.push(bytes, prescan);
    if (this.sourceFormat !== undefined) return this.collect(bytes);
    this.held.push(bytes);
    this.heldPrescans.push(prescan);
    this.heldBytes += bytes.length;
    if (this.heldBytes < this.nextTryAt) return;
    this.nextTryAt = this.heldBytes * 2;
    this.decide(false);
  }

  end(): void {
    if (this.ended) return;
    if (this.sourceFormat === undefined) this.decide(true);
    this.ended = true;
    if (this.sourceFormat === 'seqscope' || this.sourceFormat === undefined) return this.inner.end();
    this.importNow(this.sourceFormat);
  }

  private decide(atEnd: boolean): void {
    const head = concat(this.held, Math.min(this.heldBytes, SNIFF_BYTES));
    if (head.length < 4 && !atEnd) return;
    let format: SourceFormat | undefined;
    if (isZip(head)) format = 'inspect-eval';
    else {
      const compression = sniffFormat(head);
      if (compression === undefined && !atEnd) return;
      const text = compression === 'plain' || compression === undefined ? head : decodeHead(this.held, atEnd);
      format = detectTextFormat(new TextDecoder().decode(text), atEnd || this.heldBytes >= SNIFF_BYTES);
    }
    if (format === undefined) return;
    this.sourceFormat = format;
    const held = this.held;
    const prescans = this.heldPrescans;
    this.held = [];
    this.heldPrescans = [];
    if (format === 'seqscope') held.forEach((b, i) => this.inner.push(b, prescans[i]));
    else {
      if (format !== 'inspect-eval') this.decoder = createDecompressor();
      for (const b of held) this.collect(b);
    }
  }

  private collect(bytes: Uint8Array): void {
    if (this.decoder) this.foreign.push(...this.decoder.push(bytes));
    else this.foreign.push(bytes);
  }

  private importNow(format: Exclude<SourceFormat, 'seqscope'>): void {
    if (this.decoder) {
      this.foreign.push(...this.decoder.end());
      if (this.decoder.error !== undefined)
        this.diags.report(
          'bad-compression',
          `${this.decoder.error}; the bytes decoded before it were imported`,
        );
    }
    const all = concat(this.foreign, Infinity);
    this.foreign = [];
    const log = importForeign(format, all, this.options);
    this.inner.push(new TextEncoder().encode(log.toJsonl()));
    this.inner.end();
    for (const n of log.notes)
      this.diags.report(n.code, n.message, n.seq === undefined ? {} : { seq: n.seq });
  }
}

/** The first bytes a compressed head decodes to (a separate probe decoder; an error just means "not enough"). */
function decodeHead(held: Uint8Array[], atEnd: boolean): Uint8Array {
  const probe = createDecompressor();
  const out: Uint8Array[] = [];
  for (const b of held) {
    out.push(...probe.push(b));
    if (out.reduce((n, x) => n + x.length, 0) >= SNIFF_BYTES) return concat(out, SNIFF_BYTES);
  }
  // The decoder holds small inputs back; at the end of the input, flush it.
  if (atEnd) out.push(...probe.end());
  return concat(out, SNIFF_BYTES);
}

function concat(parts: Uint8Array[], max: number): Uint8Array {
  const total = Math.min(
    max,
    parts.reduce((n, p) => n + p.length, 0),
  );
  if (parts.length === 1 && (parts[0] as Uint8Array).length <= total) return parts[0] as Uint8Array;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    if (at >= total) break;
    const take = Math.min(p.length, total - at);
    out.set(p.subarray(0, take), at);
    at += take;
  }
  return out;
}
