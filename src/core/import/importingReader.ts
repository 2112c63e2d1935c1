/**
 * The one place where bytes meet the harness's reader, with format detection
 * in front: the first bytes (decompressed when gzip or zstd) say which format
 * the log is in (formats.ts). A harness log goes straight through to the
 * ordinary reader, byte for byte. Any other format is collected whole (its
 * importer needs the whole file: message assembly, branches, zip members),
 * re-told as harness events at `end()`, and that text is what the reader
 * reads, so every later re-read (`readEventAt`) sees the imported events.
 *
 * The read limits (reader/readLimits.ts) hold here too: a foreign log is collected
 * through a bounded decompressor and the line-length guard, and held in one piece: at most
 * FOREIGN_TEXT_BYTES for the line formats (their importers decode it as one string), at most
 * FOREIGN_DOCUMENT_BYTES for an Inspect AI .json (read in parts: inspect/inspectJson.ts); a
 * zip's members are checked by their declared sizes before anything is inflated
 * (inspect/evalZip.ts). Past the one-piece size nothing lifts the limit, and the message says
 * what would work instead.
 */
import { locationOf, type DiagnosticSink } from '../diagnostics';
import type { RecordSink } from '../pipeline';
import type { ByteStore } from '../reader/byteStore';
import {
  createDecompressor,
  sniffFormat,
  type CompressionFormat,
  type Decompressor,
} from '../reader/decompress';
import type { Prescan } from '../reader/prescan';
import { LineLengthGuard } from '../reader/lineLengthGuard';
import { DEFAULT_READ_LIMITS, ratioLimits, type ReadLimitHit, type ReadLimits } from '../reader/readLimits';
import {
  createLogReader,
  type LogReader,
  type LogReaderOptions,
  type ReadContext,
} from '../reader/logReader';
import { FORMAT_LABELS, detectTextFormat, isZip, type SourceFormat } from './formats';
import { importForeign, type ForeignFormat, type ImportOptions } from './importers';
import { FollowImport, type CheckpointWhen, type FollowStatus } from './followImport';
import { notTextMessage, sniffText } from './textSniff';
import {
  SNIFF_BYTES,
  bytesBetween,
  completeLinesEnd,
  concat,
  decodeHead,
  isWholeRecord,
} from './foreignBytes';
import { jsonlChunks } from './jsonlChunks';
import {
  FOREIGN_DOCUMENT_BYTES,
  FOREIGN_TEXT_BYTES,
  foreignLimitMessage,
  elementsLoaded,
  samplesLoaded,
} from './foreignLimits';

export interface ImportingReader extends Omit<LogReader, 'pushesInput'> {
  /** The detected format; undefined until the first bytes decided it. */
  readonly sourceFormat: SourceFormat | undefined;
  /**
   * Everything so far is in, more may come (follow mode): import another agent's log now, or
   * (`grown`) only once it grew enough since its last import (followImport.ts).
   */
  checkpoint(when?: CheckpointWhen): void;
  /** Follow mode on another agent's log (undefined before its first checkpoint, or for a harness log). */
  readonly follow: FollowStatus | undefined;
  /** Why the input was refused as not text (textSniff.ts); nothing of it is read. */
  readonly notText: string | undefined;
  /** Decoded bytes of another agent's log held for its import at the end (0: none waiting). */
  readonly foreignBytesHeld: number;
}

export function createImportingReader(
  sink: RecordSink,
  diags: DiagnosticSink,
  store: ByteStore,
  options: LogReaderOptions & { import?: ImportOptions } = {},
): ImportingReader {
  const limits = options.limits ?? DEFAULT_READ_LIMITS;
  return new DetectingReader(createLogReader(sink, diags, store, options), diags, {
    ...options.import,
    limits,
  });
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
  private foreignBytes = 0;
  private foreignLines: LineLengthGuard | undefined;
  private foreignHit: ReadLimitHit | undefined;
  private ended = false;

  get foreignBytesHeld(): number {
    return this.sourceFormat !== undefined && this.sourceFormat !== 'seqscope' && !this.ended
      ? this.foreignBytes
      : 0;
  }
  /** Imported at a checkpoint (follow mode): later checkpoints import what grew (followImport.ts). */
  follow: FollowImport | undefined;
  notText: string | undefined;

  constructor(
    private readonly inner: LogReader,
    private readonly diags: DiagnosticSink,
    private readonly options: ImportOptions & { limits: ReadLimits },
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
  get elidedLines(): number {
    return this.inner.elidedLines;
  }
  get limitHit(): ReadLimitHit | undefined {
    return this.foreignHit ?? this.follow?.stoppedHit ?? this.inner.limitHit;
  }

  push(bytes: Uint8Array, prescan?: Prescan): void {
    if (this.ended || this.notText !== undefined) return;
    if (this.sourceFormat === 'seqscope') return this.inner.push(bytes, prescan);
    if (this.sourceFormat !== undefined) return this.collect(bytes);
    this.held.push(bytes);
    this.heldPrescans.push(prescan);
    this.heldBytes += bytes.length;
    if (this.heldBytes < this.nextTryAt) return;
    this.nextTryAt = this.heldBytes * 2;
    this.decide('held');
  }

  end(): void {
    if (this.ended) return;
    if (this.sourceFormat === undefined && this.notText === undefined) this.decide('end');
    this.ended = true;
    if (this.sourceFormat === 'seqscope' || this.sourceFormat === undefined) return this.inner.end();
    if (this.follow) this.importGrown(this.follow, true, 'now');
    else this.importNow(this.sourceFormat);
    this.inner.end();
  }

  /**
   * The input stops here for now but may grow (follow mode). The harness's
   * format reads on as lines arrive; another agent's log is imported as it is
   * (its complete lines) now, or, `grown`, once it grew enough (followImport.ts).
   */
  checkpoint(when: CheckpointWhen = 'now'): void {
    if (this.ended || this.notText !== undefined) return;
    if (this.sourceFormat === undefined) this.decide('checkpoint');
    const format = this.sourceFormat;
    if (format === 'seqscope') return this.inner.checkpoint();
    if (format === undefined) return;
    // a compressed log's input held back for coalescing is decoded now (audit R11-3)
    if (this.decoder && this.foreignHit === undefined) this.keepForeign(this.decoder.flush(), Infinity);
    this.follow ??= new FollowImport(
      format,
      this.options,
      (lines, from) => this.pushChunks(lines, from),
      (n) => this.diags.report(n.code, n.message, locationOf(n)),
    );
    this.importGrown(this.follow, false, when);
  }

  /** Follow mode: imports the foreign log as it stands (complete lines, unless `final`) if it grew. */
  private importGrown(follow: FollowImport, final: boolean, when: CheckpointWhen): void {
    if (follow.reimportNeeded) return;
    if (final && this.decoder && this.foreignHit === undefined)
      this.keepForeign(this.decoder.end(), Infinity);
    // a line-based log: a line being written waits for its newline (one alone is read as it is)
    const upto =
      !final && this.decoder ? completeLinesEnd(this.foreign, this.foreignBytes) : this.foreignBytes;
    if (!follow.wants(upto, when, final)) return final ? follow.ended() : undefined;
    follow.importUpTo((from, to) => this.foreignBetween(from, to), upto, final);
  }

  /** Joined only to be imported whole: joining at every checkpoint would copy the log per growth. */
  private foreignBetween(from: number, to: number): Uint8Array {
    if (from > 0) return bytesBetween(this.foreign, this.foreignBytes, from, to);
    const all = concat(this.foreign, Infinity);
    this.foreign = all.length > 0 ? [all] : [];
    return all.subarray(0, to);
  }

  /** Re-told lines to the reader in chunks, never as one string (audit R8-11). */
  private pushChunks(lines: readonly string[], from: number): void {
    const encoder = new TextEncoder();
    for (const chunk of jsonlChunks(lines, from)) this.inner.push(encoder.encode(chunk));
  }

  /**
   * `held`: more input is coming; `checkpoint`: the input pauses (follow mode), so an empty head
   * or a torn first line is not judged yet (audit R11-4: judged complete, another agent's log was
   * locked into the harness format); `end`: the input is complete.
   */
  private decide(upTo: 'held' | 'checkpoint' | 'end'): void {
    const atEnd = upTo === 'end';
    const head = concat(this.held, Math.min(this.heldBytes, SNIFF_BYTES));
    if (head.length < 4 && !atEnd) return;
    let format: SourceFormat | undefined;
    if (isZip(head)) format = 'inspect-eval';
    else {
      const compression = sniffFormat(head);
      if (compression === undefined && !atEnd) return;
      const text = compression === 'plain' || compression === undefined ? head : decodeHead(this.held, upTo);
      if (this.refuseBinary(text, upTo !== 'held')) return; // binary bytes stay binary: judged at a pause too
      const decoded = new TextDecoder().decode(text);
      format = detectTextFormat(decoded, atEnd || this.heldBytes >= SNIFF_BYTES);
      // at a pause, one whole record not yet followed by its newline is judged as it is
      if (format === undefined && upTo === 'checkpoint' && isWholeRecord(decoded))
        format = detectTextFormat(decoded, true);
    }
    if (format === undefined) return;
    this.sourceFormat = format;
    const held = this.held;
    const prescans = this.heldPrescans;
    this.held = [];
    this.heldPrescans = [];
    if (format === 'seqscope') {
      this.inner.pushesInput();
      held.forEach((b, i) => this.inner.push(b, prescans[i]));
    } else {
      const limits = this.options.limits;
      if (format !== 'inspect-eval') {
        this.decoder = createDecompressor({
          maxOutputBytes: Math.min(limits.maxDecodedBytes, this.onePiece(format)),
          ...ratioLimits(limits),
        });
        // a JSON array's lines are not its records: its elements are guarded as lines (audit R12-2)
        if (format !== 'json-array')
          this.foreignLines = new LineLengthGuard(limits.maxLineBytes, {
            structure: format !== 'inspect-json',
          });
      }
      for (const b of held) this.collect(b);
    }
  }

  /**
   * True when the decision must wait or is made: a head with binary bytes is judged on the
   * first 64 KiB (or the whole input), and refused when it is not text (textSniff.ts).
   */
  private refuseBinary(head: Uint8Array, atEnd: boolean): boolean {
    const complete = atEnd && head.length < SNIFF_BYTES;
    const sniff = sniffText(head, complete);
    if (sniff.binary === 0) return false;
    if (!atEnd && head.length < SNIFF_BYTES) return true; // judge on more bytes
    const message = notTextMessage(sniff);
    if (message === null) return false;
    this.notText = message;
    this.held = [];
    this.heldPrescans = [];
    this.diags.report('not-text', message);
    return true;
  }

  private collect(bytes: Uint8Array): void {
    if (this.foreignHit !== undefined) return;
    if (!this.decoder) {
      // a zip: its own sizes are checked before inflating; here only the input is bounded
      this.keepForeign([bytes], this.options.limits.maxDecodedBytes);
      return;
    }
    this.keepForeign(this.decoder.push(bytes), Infinity);
  }

  /** Collects parts of a foreign log, up to the line-length guard and maxBytes; stops at a limit. */
  private keepForeign(parts: Uint8Array[], maxBytes: number): void {
    let hit: Pick<ReadLimitHit, 'kind' | 'limit'> | undefined;
    for (const part of parts) {
      let kept = this.foreignLines ? this.foreignLines.admit(part, this.foreignBytes) : part;
      if (this.foreignBytes + kept.length > maxBytes) {
        kept = kept.subarray(0, maxBytes - this.foreignBytes);
        hit = { kind: 'decoded-size', limit: maxBytes };
      }
      if (kept.length > 0) this.foreign.push(kept);
      this.foreignBytes += kept.length;
      if (kept.length < part.length) break;
    }
    hit ??= this.foreignLines?.hit ?? this.decoder?.limited;
    if (hit !== undefined) this.stopForeign(hit);
  }

  /** The most of this format held in one piece (tests lower it through `stringBytes`). */
  private onePiece(format: SourceFormat): number {
    if (format === 'inspect-json') return FOREIGN_DOCUMENT_BYTES;
    return this.options.stringBytes ?? FOREIGN_TEXT_BYTES;
  }

  /**
   * A limit stopped the collection: the cut line is refused whole, and the stop is reported.
   * An Inspect AI .json is one document, and a JSON array is read by elements, so what is loaded
   * is said once it is imported (`importNow`).
   */
  private stopForeign(hit: Pick<ReadLimitHit, 'kind' | 'limit'>): void {
    const format = this.sourceFormat;
    // a JSON array's unit is the element, not the line: the cut is its torn tail, every element
    // before it read (a one-line array lost them all to dropPartialLine: audit R13-L4)
    const document = format === 'inspect-json' || format === 'json-array';
    const lineBased = this.decoder !== undefined && !document;
    if (lineBased) this.dropPartialLine();
    let lines = 0;
    for (const p of this.foreign) for (let i = p.indexOf(10); i >= 0; i = p.indexOf(10, i + 1)) lines++;
    const onePiece =
      format !== undefined && hit.kind === 'decoded-size' && hit.limit === this.onePiece(format)
        ? { kind: 'one-piece' as const, format: FORMAT_LABELS[format] }
        : {};
    const where = {
      ...hit,
      ...onePiece,
      inputBytes: this.decoder?.consumed ?? this.foreignBytes,
      keptBytes: this.foreignBytes,
      line: lines + 1,
    };
    this.foreignHit = { ...where, message: this.limitMessage(where) };
    if (!document)
      this.diags.report('read-limit', this.foreignHit.message, lineBased ? { line: where.line } : {});
  }

  private limitMessage(where: Omit<ReadLimitHit, 'message'>, loaded?: string): string {
    const compressed = this.decoder?.format === 'gzip' || this.decoder?.format === 'zstd';
    return foreignLimitMessage(this.sourceFormat, where, compressed, loaded);
  }

  private dropPartialLine(): void {
    while (this.foreign.length > 0) {
      const last = this.foreign[this.foreign.length - 1] as Uint8Array;
      const nl = last.lastIndexOf(10);
      if (nl >= 0) {
        this.foreign[this.foreign.length - 1] = last.subarray(0, nl + 1);
        this.foreignBytes -= last.length - nl - 1;
        return;
      }
      this.foreign.pop();
      this.foreignBytes -= last.length;
    }
  }

  private importNow(format: ForeignFormat): void {
    if (this.decoder) {
      if (this.foreignHit === undefined) this.keepForeign(this.decoder.end(), Infinity);
      if (this.decoder.error !== undefined)
        this.diags.report(
          'bad-compression',
          `${this.decoder.error}; the bytes decoded before it were imported`,
        );
    }
    const all = concat(this.foreign, Infinity);
    this.foreign = [];
    const hit = this.foreignHit;
    const log = importForeign(format, all, this.options, { truncated: hit !== undefined });
    const inputBytes = this.decoder?.consumed ?? this.foreignBytes;
    // the import stopped at what it may write (emitBudget.ts; its note says so): "Load anyway" lifts it
    if (!hit && log.stopped) this.foreignHit = { ...log.stopped, keptBytes: this.foreignBytes, inputBytes };
    else if (!hit && (log.refusedContainers !== undefined || log.refusedLine !== undefined)) {
      // a part refused for a line limit (its note says which): "Load anyway" lifts it
      const message = log.notes.find((n) => n.code === 'read-limit')?.message ?? '';
      const keptBytes = this.foreignBytes;
      this.foreignHit = {
        kind: 'line-length',
        limit: this.options.limits.maxLineBytes,
        line: log.refusedLine ?? 1,
        message,
        keptBytes,
        inputBytes,
      };
      if (log.refusedContainers !== undefined) this.foreignHit.containers = log.refusedContainers;
    } else if (hit && (format === 'inspect-json' || format === 'json-array')) {
      // One document: what is loaded is the samples read whole before the cut, not lines; an
      // array's, the elements whole before it.
      const loaded = format === 'json-array' ? elementsLoaded(log) : samplesLoaded(log);
      this.foreignHit = { ...hit, message: this.limitMessage(hit, loaded) };
      this.diags.report('read-limit', this.foreignHit.message);
    }
    this.pushChunks(log.jsonlLines(), 0);
    for (const n of log.notes) this.diags.report(n.code, n.message, locationOf(n));
  }
}
