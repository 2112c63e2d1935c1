/**
 * Follow mode on another agent's log (a live Claude Code, Codex or pi session). Its importer
 * needs the whole log (assistant messages assembled from several records, turns closed at the
 * end), so each import reads the log from its start. Importing at every growth cost the file's
 * size per appended line: quadratic over a live session. Imports here are geometric instead: a
 * growth is imported once it adds REIMPORT_GROWTH of what the last import read; a smaller one
 * is `deferred` until a checkpoint asks for `now` (the follower's trailing import, follower.ts,
 * so the newest lines still show within seconds). The bytes imported over a session stay within
 * a constant factor of the file (1 / REIMPORT_GROWTH + 1, plus one import per trailing call).
 *
 * When an import only adds events after the ones shown, those are read on; when it re-tells
 * shown events, `reimportNeeded` says the log must be opened again (nothing is half-applied).
 */
import type { DiagnosticCode } from '../types';
import { importForeign, type ForeignFormat, type ImportOptions } from './importers';

/** A growth smaller than this fraction of the bytes last imported waits for a `now` checkpoint. */
export const REIMPORT_GROWTH = 0.25;

/** `now`: import whatever grew; `grown`: only when it grew by REIMPORT_GROWTH. */
export type CheckpointWhen = 'now' | 'grown';

export interface FollowStatus {
  /** The growth re-told events already shown: the log must be opened again. */
  readonly reimportNeeded: boolean;
  /** Complete lines a small growth left unimported (a `now` checkpoint imports them). */
  readonly deferred: boolean;
  /** Bytes the last import read. */
  readonly importedBytes: number;
  /** Bytes handed to the importer over every import so far: the work following costs. */
  readonly bytesImported: number;
}

type Note = { code: DiagnosticCode; message: string; seq?: number };

export class FollowImport implements FollowStatus {
  reimportNeeded = false;
  deferred = false;
  importedBytes = 0;
  bytesImported = 0;
  /** The re-told JSONL lines pushed so far (a new import must extend them). */
  private pushedLines: string[] = [];
  private readonly reportedNotes = new Set<string>();

  constructor(
    private readonly format: ForeignFormat,
    private readonly options: ImportOptions,
    /** Re-told lines from index `from` on, to the reader. */
    private readonly pushLines: (lines: readonly string[], from: number) => void,
    private readonly report: (note: Note) => void,
  ) {}

  /** True when `upto` bytes (complete lines) would be imported at a checkpoint `when`. */
  wants(upto: number, when: CheckpointWhen): boolean {
    if (this.reimportNeeded || upto <= this.importedBytes) {
      this.deferred = false;
      return false;
    }
    const small = upto - this.importedBytes < this.importedBytes * REIMPORT_GROWTH;
    this.deferred = when === 'grown' && small;
    return !this.deferred;
  }

  /** Imports `bytes` (the log from its start, as it stands) and reads on what it adds. */
  importAll(bytes: Uint8Array): void {
    this.importedBytes = bytes.length;
    this.bytesImported += bytes.length;
    const log = importForeign(this.format, bytes, this.options);
    const lines = log.jsonlLines();
    const pushed = this.pushedLines;
    if (lines.length < pushed.length || pushed.some((line, i) => lines[i] !== line)) {
      this.reimportNeeded = true;
      return;
    }
    this.pushLines(lines, pushed.length);
    this.pushedLines = lines;
    for (const n of log.notes) {
      const key = `${n.code} ${n.seq ?? ''} ${n.message}`;
      if (this.reportedNotes.has(key)) continue;
      this.reportedNotes.add(key);
      this.report(n);
    }
  }
}
