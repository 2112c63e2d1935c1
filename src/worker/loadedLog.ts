/**
 * What the handler table (handlers.ts) sees of the worker: the loaded log
 * and the host's operations that outlive one answer (loading, filter scans,
 * searches). The host (host.ts) implements `HandlerHost`; handlers never
 * import the host itself, so the two stay out of an import cycle.
 */
import type { AnswerQueries } from './answerQueries';
import type { BackgroundGate } from './backgroundGate';
import type { HarnessQueries } from './harnessQueries';
import type { OpenLog } from './openLog';
import type { ReadLimitKind } from '../core/reader/readLimits';
import type { LoadSource, Push, SearchQuery, ResponseValues, Result, TimelineFilter } from './protocol';
import type { Queries } from './queries';
import type { TimelineRows } from './timelineRows';
import { errorMessage } from '../core/errorMessage';

/** The log the worker holds, with its row model and queries, and how to stop its load. */
export interface LoadedLog {
  log: OpenLog;
  rows: TimelineRows;
  queries: Queries;
  /** Diffs, metrics and run profiles (answerQueries.ts). */
  answers: AnswerQueries;
  /** The request in force, header changes, the resume preview (harnessQueries.ts). */
  harness: HarnessQueries;
  abort: AbortController;
}

export interface HandlerHost {
  readonly current: LoadedLog | null;
  open(
    loadId: number,
    source: LoadSource,
    liftLimits?: ReadLimitKind[],
  ): Promise<Result<ResponseValues['open']>>;
  cancel(loadId: number): ResponseValues['cancel'];
  /** Posts a push to the page now, ahead of the answer (a `busy` before a long task). */
  push(p: Push): void;
  /** The pause between two slices of a background read (backgroundGate.ts). */
  readonly background: BackgroundGate;
  filter(id: number, filter: TimelineFilter): Promise<Result<ResponseValues['filter']>>;
  readonly searches: {
    run(
      q: SearchQuery,
      c: LoadedLog,
      current: () => LoadedLog | null,
    ): Promise<Result<ResponseValues['search']>>;
  };
}

export function errorText(err: unknown): string {
  return errorMessage(err);
}
