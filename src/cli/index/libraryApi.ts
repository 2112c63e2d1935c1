/**
 * The Library's JSON API, answered by DuckDB over the index's Parquet files:
 *
 *   GET /api/library?q=TEXT&sort=COLUMN&order=asc|desc&only=FLAG,...&limit=N&offset=N
 *
 * `q` matches (case-insensitive, as a substring) the path, title, model, session id,
 * first user message, or the name of a tool the session called. `only` keeps sessions
 * with tool errors, error diagnostics, a compaction, a failed attempt, or a refused
 * resume. The answer: `{schema, version, total, offset, rows}`; each row has the
 * columns of LIBRARY_COLUMNS plus `file`, its path under the served folder (null
 * when the log is elsewhere, e.g. in a bucket).
 */
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { relative, sep } from 'node:path';
import type { LibraryAnswer, LibraryFilter, LibraryRow } from '../../core/library/routes';
import { LIBRARY_SCHEMA, LIBRARY_SCHEMA_VERSION, SESSIONS } from '../../core/library/schema';
import { attachDataset, connect, toTable } from './duck';

/** The sessions columns the Library lists (the long text is clipped). */
export const LIBRARY_COLUMNS = [
  'session_id',
  'path',
  'title',
  'model',
  'started_at',
  'duration_ms',
  'turns',
  'steps',
  'model_calls',
  'tool_calls',
  'tool_errors',
  'failed_attempts',
  'compactions',
  'errors',
  'warnings',
  'input_tokens',
  'cache_read_tokens',
  'cache_write_tokens',
  'output_tokens',
  'cost_usd',
  'unpriced_steps',
  'resume_verdict',
  'size_bytes',
  'first_user_message',
] as const;

export const LIBRARY_FILTERS: Record<LibraryFilter, string> = {
  'tool-errors': 'tool_errors > 0',
  errors: 'errors > 0',
  compactions: 'compactions > 0',
  'failed-attempts': 'failed_attempts > 0',
  'resume-refused': "resume_verdict = 'refused'",
};

const SORTABLE = new Set(SESSIONS.map((c) => c.name));
const MAX_LIMIT = 5000;
const PREVIEW_CHARS = 200;

export interface LibraryRequest {
  q: string;
  sort: string;
  order: 'asc' | 'desc';
  only: LibraryFilter[];
  limit: number;
  offset: number;
}

/** The request's parameters, each checked alone: a bad one falls back to its default. */
export function parseLibraryRequest(search: URLSearchParams): LibraryRequest {
  const int = (v: string | null, dflt: number, max: number) =>
    v !== null && /^\d{1,9}$/.test(v) ? Math.min(Number(v), max) : dflt;
  const sort = search.get('sort') ?? '';
  return {
    q: (search.get('q') ?? '').slice(0, 500),
    sort: SORTABLE.has(sort) ? sort : 'started_at',
    order: search.get('order') === 'asc' ? 'asc' : 'desc',
    // Own keys only: `constructor` or `__proto__` is `in` every object, and would reach SQL.
    only: (search.get('only') ?? '')
      .split(',')
      .filter((f): f is LibraryFilter => Object.hasOwn(LIBRARY_FILTERS, f)),
    limit: int(search.get('limit'), 100, MAX_LIMIT),
    offset: int(search.get('offset'), 0, 1e9),
  };
}

/** A DuckDB connection over one index folder, re-attached when the index is rewritten. */
export class LibraryQueries {
  private constructor(
    private readonly c: DuckDBConnection,
    private readonly indexDir: string,
    private readonly logRoot: string,
  ) {}

  static async open(indexDir: string, logRoot: string): Promise<LibraryQueries> {
    const c = await connect();
    await attachDataset(c, indexDir);
    return new LibraryQueries(c, indexDir, logRoot);
  }

  /** The path under the served folder a session's log has, or null when it is outside. */
  fileOf(path: string): string | null {
    const rel = relative(this.logRoot, path);
    if (rel === '' || rel.startsWith('..') || rel.includes(`${sep}.`) || rel.startsWith('.')) return null;
    return rel.split(sep).join('/');
  }

  /** path -> fingerprint of every indexed log (the file server checks links against it). */
  async fingerprints(): Promise<Map<string, string>> {
    const r = await this.c.runAndReadAll('SELECT path, session_id FROM sessions');
    return new Map(r.getRows().map(([p, id]) => [String(p), String(id)]));
  }

  async list(req: LibraryRequest): Promise<LibraryAnswer> {
    const where: string[] = req.only.map((f) => LIBRARY_FILTERS[f]);
    const values: DuckDBValue[] = [];
    if (req.q !== '') {
      const like = `%${req.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      const cols = ['path', 'title', 'model', 'session_id', 'first_user_message'];
      where.push(
        `(${cols.map((col) => `${col} ILIKE $1 ESCAPE '\\'`).join(' OR ')} OR session_id IN ` +
          `(SELECT session_id FROM tool_calls WHERE name ILIKE $1 ESCAPE '\\'))`,
      );
      values.push(like);
    }
    const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const total = await this.c.runAndReadAll(`SELECT count(*) FROM sessions ${filter}`, values);
    const select = LIBRARY_COLUMNS.map((col) =>
      col === 'first_user_message'
        ? `left(first_user_message, ${PREVIEW_CHARS}) AS first_user_message`
        : col === 'started_at'
          ? 'epoch_ms(started_at) AS started_at' // epoch ms, as everywhere else in the app
          : col,
    ).join(', ');
    const rows = await this.c.runAndReadAll(
      `SELECT ${select} FROM sessions ${filter} ORDER BY ${req.sort} ${req.order} NULLS LAST, path ` +
        `LIMIT ${req.limit} OFFSET ${req.offset}`,
      values,
    );
    const table = toTable(rows);
    return {
      schema: LIBRARY_SCHEMA,
      version: LIBRARY_SCHEMA_VERSION,
      total: Number(total.getRows()[0]?.[0] ?? 0),
      offset: req.offset,
      rows: table.rows.map((r) => ({ ...r, file: this.fileOf(String(r.path)) }) as unknown as LibraryRow),
    };
  }

  /** Sees a rewritten index (after a re-index) on the next query. */
  async refresh(): Promise<void> {
    await attachDataset(this.c, this.indexDir);
  }

  close(): void {
    this.c.closeSync();
  }
}
