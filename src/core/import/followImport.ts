/**
 * Follow mode on another agent's log (a live Claude Code, Codex or pi session).
 *
 * A format whose records only add to what came before (a Codex rollout) is read piece by piece
 * (lineImport.ts): each checkpoint imports only the lines appended since the last one, and shows
 * the events they settled. Following it costs the file's size once (audit R11-2: re-importing a
 * 41 MB rollout from its start every few seconds kept the worker busy and seeks waited 15 s).
 *
 * Any other importer needs the whole log (the active branch is chosen from the last entry,
 * assistant messages assembled from several records, turns closed at the end), so each import
 * reads the log from its start. Importing at every growth cost the file's size per appended line:
 * quadratic over a live session. Imports there are geometric instead: a growth is imported once it
 * adds REIMPORT_GROWTH of what the last import read; a smaller one is `deferred` until a
 * checkpoint asks for `now` (the follower's trailing import, follower.ts, whose wait grows with
 * `importMs`, so the newest lines still show within seconds and the worker stays mostly free).
 *
 * When a whole import only adds events after the ones shown, those are read on; when it re-tells
 * shown events, `reimportNeeded` says the log must be opened again (nothing is half-applied).
 */
import { importForeign, lineImporter, type ForeignFormat, type ImportOptions } from './importers';
import type { LineImport } from './lineImport';
import { ImportStopped, type ImportNote } from './nativeLog';
import { errorMessage } from '../errorMessage';
import type { ImportStop } from './emitBudget';
import type { ReadLimitHit } from '../reader/readLimits';

/** A growth smaller than this fraction of the bytes last imported waits for a `now` checkpoint. */
export const REIMPORT_GROWTH = 0.25;

/** `now`: import whatever grew; `grown`: only when it grew by REIMPORT_GROWTH. */
export type CheckpointWhen = 'now' | 'grown';

export interface FollowStatus {
  /** The growth re-told events already shown: the log must be opened again. */
  readonly reimportNeeded: boolean;
  /** Complete lines a small growth left unimported (a `now` checkpoint imports them). */
  readonly deferred: boolean;
  /** Bytes of the log imported so far (the end of the last import). */
  readonly importedBytes: number;
  /** Bytes handed to the importer over every import so far: the work following costs. */
  readonly bytesImported: number;
  /** Milliseconds the last import took (the follower waits longer after a costly one). */
  readonly importMs: number;
}

/** The log's decoded bytes from `from` to `to` (the reader holds them in parts). */
export type ReadBytes = (from: number, to: number) => Uint8Array;

export class FollowImport implements FollowStatus {
  reimportNeeded = false;
  deferred = false;
  importedBytes = 0;
  bytesImported = 0;
  importMs = 0;
  /** Set when an import stopped at what it may write (emitBudget.ts): the log's read-limit hit. */
  stoppedHit: ReadLimitHit | undefined;
  /** The re-told JSONL lines pushed so far (a whole import must extend them). */
  private pushedLines: string[] = [];
  /** Piece by piece: its importer, the header line and the events pushed so far. */
  private lines: LineImport | undefined;
  private pushedHeader: string | undefined;
  private pushedEvents = 0;
  private notesSeen = 0;
  private readonly reportedNotes = new Set<string>();
  /** The last whole import's provisional notes (ImportNote.provisional), said once the log ends. */
  private unsaid: ImportNote[] = [];

  constructor(
    private readonly format: ForeignFormat,
    private readonly options: ImportOptions,
    /** Re-told lines from index `from` on, to the reader. */
    private readonly pushLines: (lines: readonly string[], from: number) => void,
    private readonly report: (note: ImportNote) => void,
  ) {
    this.lines = lineImporter(format, options.limits);
  }

  /**
   * True when `upto` bytes (complete lines) would be imported at a checkpoint `when`; `final`:
   * the log ended (read piece by piece, what is still open is closed then, even with no new bytes).
   */
  wants(upto: number, when: CheckpointWhen, final = false): boolean {
    if (!this.reimportNeeded && final && this.lines) return true;
    if (this.reimportNeeded || upto <= this.importedBytes) {
      this.deferred = false;
      return false;
    }
    // piece by piece, a growth costs its own size: never deferred
    const small = !this.lines && upto - this.importedBytes < this.importedBytes * REIMPORT_GROWTH;
    this.deferred = when === 'grown' && small;
    return !this.deferred;
  }

  /**
   * Imports the log up to `upto` bytes and reads on what it adds: only the bytes after the last
   * import when the format is read piece by piece, else the log from its start. `final`: the log
   * ended (what is still open is closed).
   */
  importUpTo(read: ReadBytes, upto: number, final: boolean): void {
    const started = performance.now();
    if (this.lines) this.importPiece(this.lines, read, upto, final);
    else this.importAll(read(0, upto), final);
    this.importMs = performance.now() - started;
  }

  private importPiece(lines: LineImport, read: ReadBytes, upto: number, final: boolean): void {
    const piece = read(this.importedBytes, upto);
    this.importedBytes = upto;
    this.bytesImported += piece.length;
    try {
      if (!lines.log.stopped) lines.feed(new TextDecoder().decode(piece));
      if (final && !lines.log.stopped) lines.end();
    } catch (e) {
      // the budget stopped it (emitBudget.ts): every event before is shown, nothing after
      if (e instanceof ImportStopped) final = true;
      else return this.fallBack(lines, read, upto, final, e);
    }
    this.noteStop(lines.log.stopped);
    this.pushPiece(lines, final || lines.log.stopped !== undefined);
  }

  /** A stop at the budget is the log's read-limit hit, as in a whole import: "Load anyway" lifts it. */
  private noteStop(stop: ImportStop | undefined): void {
    if (stop && !this.stoppedHit)
      this.stoppedHit = { ...stop, keptBytes: this.importedBytes, inputBytes: this.importedBytes };
  }

  /** A bug in the importer must not lose the log: from here on, whole imports (as importForeign does). */
  private fallBack(lines: LineImport, read: ReadBytes, upto: number, final: boolean, e: unknown): void {
    this.lines = undefined;
    const header = this.pushedHeader;
    this.pushedLines = header === undefined ? [] : [header, ...lines.log.eventLines(0, this.pushedEvents)];
    this.report({
      code: 'import-unmapped',
      message: `the ${this.format} importer failed: ${errorMessage(e)}`,
    });
    this.importAll(read(0, upto), final);
  }

  /** The events a piece settled (every one, `final`), to the reader; the header line first, once. */
  private pushPiece(lines: LineImport, final: boolean): void {
    const log = lines.log;
    const header = log.headerLine();
    if (this.pushedHeader !== undefined && header !== this.pushedHeader) {
      this.reimportNeeded = true; // the session's header came late: shown lines change
      return;
    }
    const settled = final ? log.events.length : lines.settled;
    if (settled > this.pushedEvents || this.pushedHeader === undefined) {
      // the header line first, once; then the events newly settled
      const out = this.pushedHeader === undefined ? [header] : [];
      for (const line of log.eventLines(this.pushedEvents, settled)) out.push(line);
      this.pushedHeader = header;
      this.pushedEvents = Math.max(this.pushedEvents, settled);
      this.pushLines(out, 0);
    }
    this.reportNew(log.notes.slice(this.notesSeen));
    this.notesSeen = log.notes.length;
  }

  /**
   * Imports `bytes` (the log from its start, as it stands) and reads on what it adds; what the
   * importer says of the input's end as it stands (a JSON array still missing its `]`) only once
   * the log ended (`final`): said earlier it stayed when the writer went on (audit R12-3).
   */
  private importAll(bytes: Uint8Array, final: boolean): void {
    this.importedBytes = bytes.length;
    this.bytesImported += bytes.length;
    const log = importForeign(this.format, bytes, this.options);
    this.noteStop(log.stopped);
    const lines = log.jsonlLines();
    const pushed = this.pushedLines;
    if (lines.length < pushed.length || pushed.some((line, i) => lines[i] !== line)) {
      this.reimportNeeded = true;
      return;
    }
    this.pushLines(lines, pushed.length);
    this.pushedLines = lines;
    this.reportNew(log.notes.filter((n) => n.provisional !== true));
    this.unsaid = log.notes.filter((n) => n.provisional === true);
    if (final) this.ended();
  }

  /** The log ended: what the last import said of its end as it stood is said now. */
  ended(): void {
    this.reportNew(this.unsaid);
    this.unsaid = [];
  }

  private reportNew(notes: readonly ImportNote[]): void {
    for (const n of notes) {
      const key = `${n.code} ${n.seq ?? ''} ${n.message}`;
      if (this.reportedNotes.has(key)) continue;
      this.reportedNotes.add(key);
      this.report(n);
    }
  }
}
