/**
 * SessionLog: a loaded (or loading) session log and every question asked of
 * it. It keeps the decompressed bytes (or reads them again: `rereadFrom`) and
 * compact per-event columns; events are parsed again on demand (small LRU), so
 * memory stays ~34 bytes an event plus the bytes themselves.
 *
 * It is queryable while it loads: `eventCount` grows as bytes are pushed, and
 * every query answers for the events read so far.
 */
import { DiagnosticList } from '../diagnostics';
import type { ChunkDelta, EventLocation, RecordSink } from '../pipeline';
import type { Diagnostic, Message, MetaLine, SessionEvent, SessionHeader } from '../types';
import { ColumnReadContext } from './columnReadContext';
import { EventColumns } from './columns';
import { TypeTable } from './eventTypes';
import { ParsedEvents } from './parsedEvents';
import { derivesMessage, messageOf } from './message';
import { SurfaceIndex, type NodeWindow, type ReplaceRecord } from './surface';
import { ByteStore, type ByteSource } from '../reader/byteStore';
import type { Prescan } from '../reader/prescan';
import { createImportingReader, type ImportingReader } from '../import/importingReader';
import type { SourceFormat } from '../import/formats';
import type { ImportOptions } from '../import/importers';
import type { CheckpointWhen, FollowStatus } from '../import/followImport';
import type { ReadLimitHit, ReadLimits } from '../reader/readLimits';
import { StructureBuilder, type StructureIndex } from '../analysis/structure';
import { isDeltaChunkEvent } from '../analysis/assemble';
import { StreamIndex, type StreamState } from '../analysis/streamIndex';
import { resumeCheck, resumeDiagnostics } from '../harness/resumeCheck';
import { formatSeq } from '../view/seqText';

/** One derived message and where it came from. */
export interface DerivedMessage {
  /** Place in the derived list at the queried seq, from 0. */
  index: number;
  /** The surface event it is projected from. */
  seq: number;
  message: Message;
}

export interface MessagesAt {
  seq: number;
  /** Number of derived messages at `seq`. */
  count: number;
  /** Surface nodes (including empty assistant messages, which derive nothing). */
  nodeCount: number;
  from: number;
  messages: DerivedMessage[];
}

/** A surface event's line this long or longer stays parsed in the cache once messagesAt read it. */
export const MESSAGE_CACHED_FROM_BYTES = 16 * 1024;
/**
 * The loading pass keeps the messages of such lines it parsed whole (a long user or assistant
 * message; a harness tool/result is read without its output, elidedResults.ts) while their lines
 * add up to at most this share of the bytes read: a first seek onto one parsed 100-400 KB again.
 */
export const MESSAGES_KEPT_PER_BYTE = 1 / 16;
const UTF8 = new TextDecoder();

/** Flags per event (bit set). */
export const EventFlag = {
  /** A surface event (user/message, assistant/message, tool/result). */
  surface: 1,
  /** A known type whose data failed validation. */
  invalid: 2,
  /** An assistant/chunk that is a text, reasoning or tool-call delta (read without parsing: `chunkDelta`). */
  delta: 4,
} as const;

export interface SessionLogOptions {
  /** ByteStore block size (tests use tiny blocks to exercise spanning). */
  blockSize?: number;
  /** Where reading stops (reader/readLimits.ts); default DEFAULT_READ_LIMITS. */
  limits?: ReadLimits;
  /** For imported formats: which sample of a multi-sample log (Inspect AI) opens. */
  import?: ImportOptions;
  /** The caller never changes a chunk after pushing it: plain bytes are kept without a copy. */
  ownsChunks?: boolean;
  /** Diagnostics kept per code (the rest counted: DiagnosticList); default all. */
  maxDiagnosticsPerCode?: number;
  /** The input again (a plain file the CLI reads): its lines once read are not held (ByteStore.release). */
  rereadFrom?: ByteSource;
}

export class SessionLog {
  readonly diagnostics: DiagnosticList;
  sessionHeader: SessionHeader | undefined;
  /** The header's 1-based line (normally 1). */
  sessionHeaderLine: number | undefined;
  readonly metas: MetaLine[] = [];
  /** True once `end()` ran: the counts and diagnostics are final. */
  done = false;
  /** Compressed bytes pushed so far (what the user's file size counts). */
  bytesIn = 0;

  private readonly store: ByteStore;
  private readonly reader: ImportingReader;
  private readonly cols = new EventColumns();
  private readonly typeTable = new TypeTable();
  private readonly parsed: ParsedEvents;
  private readonly surface: SurfaceIndex;
  private readonly structureBuilder: StructureBuilder;
  private streams: StreamIndex | undefined;
  /** Messages of large surface lines kept from the loading pass (newest kept), and their lines' bytes. */
  private readonly kept = new Map<number, Message>();
  private keptBytes = 0;

  constructor(options: SessionLogOptions = {}) {
    this.diagnostics = new DiagnosticList(options.maxDiagnosticsPerCode);
    this.store = new ByteStore(options.blockSize, options.rereadFrom ? { source: options.rereadFrom } : {});
    this.surface = new SurfaceIndex(
      this.diagnostics,
      // Read without caching: a load's re-reads must not fill the views' cache (GC churn).
      (s) => (s < this.eventCount ? this.parsed.pass(s) : undefined),
      (s) => this.cols.derives[s] as number,
      (s) => this.cols.lineLength[s] as number,
    );
    this.structureBuilder = new StructureBuilder(this.diagnostics);
    const sink: RecordSink = {
      header: (h, line) => {
        this.sessionHeader = h;
        this.sessionHeaderLine = line;
      },
      meta: (value, line) => this.metas.push({ line, beforeSeq: this.eventCount, value }),
      event: (ev, loc) => this.record(ev, loc),
      delta: (d, seq, loc) => this.recordDelta(d, seq, loc),
      // Nothing here reads a result's text (the surface keeps a result's shape without it): the
      // reader may leave it unread. Most tool output is in a few long results (a file, a test
      // run), which the load spares most: so they are not kept (`keep`), but read when shown.
      takesElidedResults: true,
    };
    // Detection in front of the harness reader: other agents' logs are imported (src/core/import).
    this.reader = createImportingReader(sink, this.diagnostics, this.store, {
      context: new ColumnReadContext(),
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.ownsChunks === true ? { ownsChunks: true } : {}),
      ...(options.import ? { import: options.import } : {}),
    });
    this.parsed = new ParsedEvents(this.store, this.cols, this.reader.context);
  }

  // ---------------------------------------------------------------- loading

  /** The next bytes; `prescan`: a range worker's prescan of exactly these bytes (parallel.ts). */
  push(bytes: Uint8Array, prescan?: Prescan): void {
    this.bytesIn += bytes.length;
    this.reader.push(bytes, prescan);
  }

  end(): void {
    if (this.done) return;
    this.reader.end();
    this.structureBuilder.end();
    // Last: the resume check reads every other finding (an error is a reason to refuse).
    for (const d of resumeDiagnostics(resumeCheck(this))) this.diagnostics.report(d.code, d.message, d);
    this.done = true;
  }

  /**
   * Everything pushed so far is the log for now, more may come (follow mode). Another agent's log
   * is imported here (`grown`: once it grew enough since, import/followImport.ts).
   */
  checkpoint(when?: CheckpointWhen): void {
    if (!this.done) this.reader.checkpoint(when);
  }

  /** Follow mode on another agent's log: deferred growth, re-told events (open it again), work done. */
  get follow(): FollowStatus | undefined {
    return this.reader.follow;
  }
  /** Decoded bytes of another agent's log waiting for its import at the end (0: none). */
  get foreignBytesHeld(): number {
    return this.reader.foreignBytesHeld;
  }
  /** The log's format, detected from its first bytes (undefined until they arrive). */
  get sourceFormat(): SourceFormat | undefined {
    return this.reader.sourceFormat;
  }
  /** Lines rebuilt from range workers' prescans (parallel loading) instead of parsed here. */
  get prescannedLines(): number {
    return this.reader.prescannedLines;
  }
  /** Tool/result lines read without their result texts (read from the bytes when shown). */
  get elidedLines(): number {
    return this.reader.elidedLines;
  }
  /** The read limit that stopped reading, once one did: the log holds what came before it. */
  get limitHit(): ReadLimitHit | undefined {
    return this.reader.limitHit;
  }
  /** Why the input was refused as not text (binary), once it was: the log then holds nothing. */
  get notText(): string | undefined {
    return this.reader.notText;
  }
  /** The log's size when known ahead (a plain file's): the columns grow at once to fit (columns.ts). */
  set expectedBytes(bytes: number) {
    this.cols.expectedBytes = bytes;
  }
  /** Decompressed bytes read so far. */
  get bytesDecoded(): number {
    return this.store.length;
  }
  /** Of those, the bytes held in memory (the rest are read again from `rereadFrom` when needed). */
  get bytesHeld(): number {
    return this.store.heldBytes;
  }

  private record(ev: SessionEvent, loc: EventLocation): void {
    const isSurface =
      ev.type === 'user/message' || ev.type === 'assistant/message' || ev.type === 'tool/result';
    const invalid = (ev as { invalid?: boolean }).invalid === true;
    const flags =
      (isSurface ? EventFlag.surface : 0) |
      (invalid ? EventFlag.invalid : 0) |
      (isDeltaChunkEvent(ev) ? EventFlag.delta : 0);
    const type = this.typeTable.intern(ev.type);
    const derives = isSurface && derivesMessage(ev) ? 1 : 0;
    this.cols.add(loc.offset, loc.length, loc.member, loc.line, type, ev.time ?? NaN, flags, derives);
    this.surface.event(ev);
    this.structureBuilder.event(ev, loc);
    // An elided result's text is a placeholder: its message is read from the bytes when shown.
    const large = isSurface && loc.elided !== true && loc.length >= MESSAGE_CACHED_FROM_BYTES;
    if (large && this.cols.derives[ev.seq] === 1) this.keep(ev, loc.length);
  }

  private keep(ev: SessionEvent, bytes: number): void {
    const m = messageOf(ev);
    if (!m) return;
    this.kept.set(ev.seq, m);
    this.keptBytes += bytes;
    const budget = this.store.length * MESSAGES_KEPT_PER_BYTE;
    for (const seq of this.kept.keys()) {
      if (this.keptBytes <= budget) break;
      this.kept.delete(seq);
      this.keptBytes -= this.cols.lineLength[seq] as number;
    }
  }

  /** Messages kept from the loading pass (tests count them). */
  get keptMessages(): number {
    return this.kept.size;
  }

  /** A delta chunk event as its fields: what `record` does for it (not a surface event, never invalid). */
  private recordDelta(d: ChunkDelta, seq: number, loc: EventLocation): void {
    const type = this.typeTable.intern('assistant/chunk');
    this.cols.add(loc.offset, loc.length, loc.member, loc.line, type, d.time ?? NaN, EventFlag.delta, 0);
    this.structureBuilder.delta(d, seq);
  }

  // ---------------------------------------------------------------- per event

  get eventCount(): number {
    return this.cols.length;
  }
  typeOf(seq: number): string {
    return this.typeTable.name(this.cols.typeId[seq] as number);
  }
  /** Epoch ms, or undefined when the event has no time. */
  timeOf(seq: number): number | undefined {
    const t = this.cols.time[seq] as number;
    return Number.isNaN(t) ? undefined : t;
  }
  lineOf(seq: number): number {
    return this.cols.line[seq] as number;
  }
  flagsOf(seq: number): number {
    return this.cols.flags[seq] as number;
  }
  /** A packed row's member: its line holds other events, and their shared fields. */
  isPackedMember(seq: number): boolean {
    return (this.cols.member[seq] as number) !== -1;
  }
  /** The interned type names; `typeIdOf(seq)` indexes it. */
  get types(): readonly string[] {
    return this.typeTable.names;
  }
  typeIdOf(seq: number): number {
    return this.cols.typeId[seq] as number;
  }

  /** Events held parsed in the cache (tests count what a query leaves behind). */
  get parsedEventsHeld(): number {
    return this.parsed.held;
  }

  /** The event at seq, parsed again from its bytes (cached). */
  event(seq: number): SessionEvent {
    return this.parsed.get(seq);
  }

  /**
   * A delta chunk's fields read from its bytes, nothing parsed or cached (the timeline's previews
   * read up to 40 a row); undefined for any other event (read `event`). Reused: read it at once.
   */
  chunkDelta(seq: number): ChunkDelta | undefined {
    return this.parsed.delta(seq);
  }

  /** The raw text of the event's line (a packed row's members share one line). */
  rawLine(seq: number): string {
    return UTF8.decode(this.rawBytes(this.lineOffset(seq), this.lineByteLength(seq)));
  }

  /** Where the event's line starts in the decompressed bytes (packed-row members share a line). */
  lineOffset(seq: number): number {
    return this.cols.offset[seq] as number;
  }

  /** The byte length of the event's line. */
  lineByteLength(seq: number): number {
    return this.cols.lineLength[seq] as number;
  }

  /** Decompressed bytes (a view when they lie in one block): search scans them in bulk. */
  rawBytes(offset: number, length: number): Uint8Array {
    return this.store.slice(offset, length);
  }

  // ---------------------------------------------------------------- projection

  /** The derived messages after events 0..seq (spec 4), windowed by message index. */
  messagesAt(seq: number, from = 0, to = Infinity): MessagesAt {
    const w = this.surface.window(seq, from, to);
    const messages = w.seqs.map((s, i) => ({
      index: w.from + i,
      seq: s,
      message: this.nodeMessage(s),
    }));
    return { seq, count: w.count, nodeCount: w.nodeCount, from: w.from, messages };
  }

  /** Source seqs of `messagesAt(seq)`'s messages from `from`, parsing none, and what they share with those at `since`. */
  messageSeqsAt(seq: number, from = 0, since?: number): NodeWindow {
    return this.surface.window(seq, from, Infinity, since);
  }

  /**
   * A surface node's message: nodes are valid surface events, so it always has one. A small one
   * is read with `pass` (from the cache when there, never put in it): a window of 50 messages
   * kept in the cache survived into the old generation and was dropped a few seeks later, and
   * the GC this caused (scavenges copying them, then mark-compacts) tripled messagesAt's p95. A
   * large one (a long tool output) is cached: it stays in the window for many seqs, costs the
   * most to parse again, and its few objects and large strings cost the GC little. Large ones the
   * loading pass parsed whole were kept (`keep`): never parsed again.
   */
  private nodeMessage(seq: number): Message {
    const kept = this.kept.get(seq);
    if (kept) return { ...kept };
    const large = (this.cols.lineLength[seq] as number) >= MESSAGE_CACHED_FROM_BYTES;
    const m = messageOf(large ? this.parsed.get(seq) : this.parsed.forMessage(seq));
    if (!m) throw new Error(`${formatSeq(seq)} is a surface node but not a valid surface event`);
    return m;
  }

  /** Index of surface event `node`'s message in `messagesAt(seq)`, or null when it is not there. */
  messageIndexOf(seq: number, node: number): number | null {
    return this.surface.messageIndexOf(seq, node);
  }
  /** Surface node seqs after events 0..seq, in order. */
  nodesAt(seq: number): number[] {
    return this.surface.nodesAt(seq);
  }
  /** What the replace at `seq` hid, or null when `seq` is no applied replace. */
  hiddenBy(seq: number): readonly number[] | null {
    return this.surface.hiddenBy(seq);
  }
  replacesUpTo(seq: number): ReplaceRecord[] {
    return this.surface.replacesUpTo(seq);
  }

  // ---------------------------------------------------------------- structure and stream

  get structure(): StructureIndex {
    return this.structureBuilder.index();
  }

  /** The partly streamed assistant message at seq (null outside a step). */
  streamAt(seq: number, chunkOffset?: number): StreamState | null {
    this.streams ??= new StreamIndex(
      (s) => this.parsed.pass(s),
      () => this.structure,
      // The loading pass's checkpoints: a first query deep into a long stream reads at most K chunks.
      {
        recorded: (first) => this.structureBuilder.streamCheckpoints.of(first),
        // The type column: events between two chunks of an attempt are skipped unread.
        isChunk: (s) => this.typeOf(s) === 'assistant/chunk',
        // A delta's fields straight from its bytes (or its packed row), as the loading pass read them.
        delta: (s) => this.parsed.delta(s),
      },
    );
    return this.streams.streamAt(seq, chunkOffset);
  }

  /** Every diagnostic so far, in report order (the resume check reads it). */
  get diagnosticList(): readonly Diagnostic[] {
    return this.diagnostics.items;
  }
}
