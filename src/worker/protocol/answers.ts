/**
 * Answering "why": search over every event, the diff of the model's input
 * between two seqs or two calls, per-step metrics for the charts, and a run's
 * profile for comparing two runs (each log in its own worker).
 */
import type { HistoryDiffPage } from '../../core/diff/historyPage';
import type { RunProfile } from '../../core/diff/runs';
import type { CompactionPoint, StepMetrics } from '../../core/metrics/steps';
import type { ToolStats } from '../../core/metrics/tools';
import type { SearchHit } from '../../core/search/search';

export type { DiffRow } from '../../core/diff/history';
export type { DiffItem, HistoryDiffPage, KeptRow } from '../../core/diff/historyPage';
export { DIFF_PAGE, KEPT_LISTED } from '../../core/diff/historyPage';
export type { RunProfile, StepProfile } from '../../core/diff/runs';
export type { CompactionPoint, StepMetrics } from '../../core/metrics/steps';
export type { ToolStats } from '../../core/metrics/tools';
export type { ModelUsage, UsageTotals } from '../../core/cost/usageTotals';
export type { SearchHit } from '../../core/search/search';

/** Which events a search looks at (combined with the query): the timeline's filters plus turns and a tool. */
export interface SearchScope {
  /** Only these types (null: all); with `excludeTypes`, all but these. */
  types: string[] | null;
  excludeTypes?: boolean;
  /** Only events with an error diagnostic or an error outcome (the timeline's errors-only rule). */
  errorsOnly: boolean;
  /** Turn numbers, inclusive; null: every turn (events outside turns are kept only then). */
  turns?: { from: number; to: number } | null;
  /** Only the tool/call and tool/result events of calls to this tool. */
  tool?: string | null;
}

export const ALL_EVENTS: SearchScope = { types: null, errorsOnly: false };

export interface SearchQuery {
  /** The caller's name for this search: its `searchHits` pushes carry it. */
  searchId: number;
  query: string;
  regex: boolean;
  caseSensitive: boolean;
  /** Hits kept and sent, at most (the count counts them all). */
  limit: number;
  scope: SearchScope;
}

export interface SearchAnswer {
  /** Events matched (each once). */
  count: number;
  /** The first `limit` hits in seq order. */
  hits: SearchHit[];
  /** Events searched (after the scope). */
  searched: number;
  /** A bad regular expression, said for the user; nothing was searched. */
  error?: string;
  /** Why the search stopped before the end (a pattern too costly to finish: core/search/search.ts); its hits stand. */
  stopped?: string;
}

/** The input diff of the model call a seq belongs to, against the previous call. */
export type CallDiff = HistoryDiffPage & {
  /** Index of the call among the log's model calls, from 0. */
  call: number;
  calls: number;
};

export interface MetricsAnswer {
  steps: StepMetrics[];
  compactions: CompactionPoint[];
  tools: ToolStats[];
}

export type { RunProfile as RunProfileAnswer };
