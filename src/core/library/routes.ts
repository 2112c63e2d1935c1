/**
 * The contract between `seqscope serve` and the app's Library: where the API and the
 * logs are, what the API answers, and the link that opens a library log. A library
 * link is a same-origin `?src=` path naming the file and its fingerprint, so it works
 * for anyone serving the same folder, on any port.
 */

export const LIBRARY_API = '/api/library';
export const LIBRARY_FILES = '/files/';

/** Filters the API knows (`only=a,b`): sessions with tool errors, error diagnostics, ... */
export const LIBRARY_FILTER_NAMES = [
  'tool-errors',
  'errors',
  'compactions',
  'failed-attempts',
  'resume-refused',
] as const;
export type LibraryFilter = (typeof LIBRARY_FILTER_NAMES)[number];

/** One row of the API's answer: the Library's columns of `sessions`, times in epoch ms. */
export interface LibraryRow {
  session_id: string;
  path: string;
  /** The log's path under the served folder ('/'-separated), or null when it is elsewhere. */
  file: string | null;
  title: string | null;
  model: string | null;
  started_at: number | null;
  duration_ms: number | null;
  turns: number;
  steps: number;
  /** Null when the log's format records no model calls (see the schema). */
  model_calls: number | null;
  tool_calls: number;
  tool_errors: number;
  failed_attempts: number;
  compactions: number;
  errors: number;
  warnings: number;
  /** Uncached input; the cache's reads and writes are the next two (absent from an older server). */
  input_tokens: number;
  cache_read_tokens?: number;
  cache_write_tokens?: number;
  output_tokens: number;
  cost_usd: number | null;
  /** Steps with usage whose model has no price: left out of cost_usd (absent from an older server). */
  unpriced_steps?: number;
  resume_verdict: string | null;
  size_bytes: number;
  /** Clipped to 200 characters. */
  first_user_message: string | null;
}

export interface LibraryAnswer {
  schema: string;
  version: string;
  /** Rows matching the query, all pages together. */
  total: number;
  offset: number;
  rows: LibraryRow[];
  /** Files under the served folder the index left out, with why: the first ones (absent when none). */
  skipped?: { file: string; reason: string }[];
  /** How many files were left out in all (`skipped` names at most the first 100). */
  skippedTotal?: number;
}

/** What the Library asks the API: a text, a sort, filters and a page size. */
export interface LibraryQuery {
  q: string;
  sort: keyof LibraryRow;
  order: 'asc' | 'desc';
  only: LibraryFilter[];
  limit: number;
}

/** The API's URL (a same-origin path) for a query. */
export function libraryApiUrl(p: LibraryQuery): string {
  const search = new URLSearchParams({ q: p.q, sort: p.sort, order: p.order, limit: String(p.limit) });
  if (p.only.length > 0) search.set('only', p.only.join(','));
  return `${LIBRARY_API}?${search.toString()}`;
}

/** A body that has the answer's shape (rows and a total). */
export function isLibraryAnswer(v: unknown): v is LibraryAnswer {
  const a = v as Partial<LibraryAnswer> | null;
  return typeof a === 'object' && a !== null && typeof a.total === 'number' && Array.isArray(a.rows);
}

/** The file's URL on the library server: its path and the fingerprint the link expects. */
export function libraryFileUrl(file: string, fingerprint: string): string {
  return `${LIBRARY_FILES}${file.split('/').map(encodeURIComponent).join('/')}?fp=${fingerprint}`;
}

/** The app's link opening a library log, exactly as `?src=` does. */
export function libraryLink(file: string, fingerprint: string): string {
  return `/?src=${encodeURIComponent(libraryFileUrl(file, fingerprint))}`;
}
