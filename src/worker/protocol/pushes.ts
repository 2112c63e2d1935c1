/** Updates the worker sends unasked while a log loads or grows; each names the load it is about. */
import type { SearchHit } from './answers';
import type { WorkerError } from './transport';
import type { CodeGroup, DiagnosticCounts, LogSummary, RowsInfo } from './logSummary';

export interface LoadProgress extends RowsInfo {
  loadId: number;
  name: string;
  /** Bytes of the source read so far (compressed, as on disk). */
  bytes: number;
  /** Source size when known (files, fetches with Content-Length). */
  totalBytes: number | null;
  /** Bytes after decompression. */
  decodedBytes: number;
  events: number;
  /** Source bytes per second since the load began. */
  rate: number;
  elapsedMs: number;
  diagnostics: DiagnosticCounts;
}

/** Follow mode connection: 'live' (connected), 'reconnecting' (lost, retrying), 'rewritten' (reload). */
export type FollowState = 'live' | 'reconnecting' | 'rewritten';

/** The `rewritten` message when a followed log of another agent grew and is imported again. */
export const REIMPORTED_MESSAGE = 'The log grew; imported again from the start';

/** The `reconnecting` message while a followed log's file is missing (deleted, about to be recreated). */
export const GONE_MESSAGE = 'The log is gone from disk; waiting for it to come back';

export type Push =
  | ({ kind: 'progress' } & LoadProgress)
  | { kind: 'diagnostics'; loadId: number; counts: DiagnosticCounts; codes: CodeGroup[] }
  | { kind: 'ready'; loadId: number; summary: LogSummary }
  /**
   * The worker is about to run one long task that cannot answer anything (another agent's log
   * imported whole): the client waits up to `quietMs` for it before a silence means a dead worker.
   */
  | { kind: 'busy'; loadId: number; what: string; quietMs: number }
  /** The load failed for good (the previous log is gone). */
  | { kind: 'fatal'; loadId: number; error: WorkerError }
  /** Follow mode: appended bytes were read after `ready`; the counts and rows grew. */
  | { kind: 'grew'; loadId: number; summary: LogSummary }
  /** A search's progress: its new hits (up to its limit), the running count, how far it got. */
  | {
      kind: 'searchHits';
      loadId: number;
      searchId: number;
      hits: SearchHit[];
      /** Seqs of this batch's hits past the limit (the scrubber ticks every hit; the list keeps `limit`). */
      moreSeqs?: number[];
      count: number;
      searched: number;
      total: number;
    }
  /**
   * A filter answered before its scan read the whole log found more matches (`through`: the scan
   * has now read it all).
   */
  | ({ kind: 'rows'; loadId: number; through: boolean } & RowsInfo)
  /** Follow mode: the server's event stream; 'rewritten' means the file changed under us: reload it. */
  | { kind: 'follow'; loadId: number; state: FollowState; message?: string };
