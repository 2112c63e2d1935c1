/**
 * Writing the library's Parquet dataset with DuckDB (`COPY ... TO`): the rows
 * of the logs read this run, plus the rows of the previous index for the logs
 * that did not change. Files are written into a temporary folder and renamed
 * into place, so a reader never sees half an index.
 *
 *   DIR/sessions.parquet, steps.parquet, tool_calls.parquet, diagnostics.parquet
 *   DIR/library.json   schema name and version, columns with their docs, row counts
 *
 * Every Parquet file also carries `schema` and `version` in its key-value metadata.
 * Child rows (steps, tool calls, diagnostics) are keyed by session_id, the content
 * fingerprint: two paths holding the same bytes share one set of them.
 */
import type { DuckDBAppender, DuckDBConnection, DuckDBTimestampValue } from '@duckdb/node-api';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  LIBRARY_SCHEMA,
  LIBRARY_SCHEMA_VERSION,
  LIBRARY_TABLES,
  TABLE_NAMES,
  type Column,
  type Row,
  type TableName,
} from '../../core/library/schema';
import type { SessionRecord } from '../../core/library/sessionRecord';
import { connect, parquetPath, sqlString } from './duck';

export const MANIFEST = 'library.json';

const SQL_TYPE: Record<Column['type'], string> = {
  text: 'VARCHAR',
  int: 'BIGINT',
  float: 'DOUBLE',
  bool: 'BOOLEAN',
  time: 'TIMESTAMP',
};

/** What the previous index knew of each path: its size and fingerprint. */
export type PreviousIndex = Map<string, { size: number; fingerprint: string }>;

/** The previous index in DIR, when there is one of this schema version. */
export async function readPrevious(dir: string): Promise<PreviousIndex> {
  const out: PreviousIndex = new Map();
  const manifest = readManifest(dir);
  if (manifest?.version !== LIBRARY_SCHEMA_VERSION || !existsSync(parquetPath(dir, 'sessions'))) return out;
  const c = await connect();
  try {
    const r = await c.runAndReadAll(
      `SELECT path, size_bytes, session_id FROM read_parquet(${sqlString(parquetPath(dir, 'sessions'))}) WHERE read_error IS NULL`,
    );
    for (const [path, size, fingerprint] of r.getRows())
      out.set(String(path), { size: Number(size), fingerprint: String(fingerprint) });
  } finally {
    c.closeSync();
  }
  return out;
}

export interface Manifest {
  schema: string;
  version: string;
  writtenAt: string;
  tables: Record<string, { rows: number; columns: Column[] }>;
}

export function readManifest(dir: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

export class DatasetWriter {
  private readonly appenders = new Map<TableName, DuckDBAppender>();
  /** Fingerprints whose child rows are in already. */
  private readonly childrenOf = new Set<string>();

  private constructor(
    private readonly c: DuckDBConnection,
    private readonly Timestamp: typeof DuckDBTimestampValue,
  ) {}

  static async create(): Promise<DatasetWriter> {
    const c = await connect();
    for (const t of TABLE_NAMES) {
      const cols = LIBRARY_TABLES[t].map((col) => `"${col.name}" ${SQL_TYPE[col.type]}`).join(', ');
      await c.run(`CREATE TABLE ${t} (${cols})`);
    }
    const { DuckDBTimestampValue } = await import('@duckdb/node-api');
    return new DatasetWriter(c, DuckDBTimestampValue);
  }

  /** Copies the previous index's rows for the given paths (logs that did not change). */
  async keep(dir: string, paths: string[]): Promise<void> {
    if (paths.length === 0) return;
    await this.c.run('CREATE TEMP TABLE kept (path VARCHAR)');
    const a = await this.c.createAppender('kept');
    for (const p of paths) {
      a.appendVarchar(p);
      a.endRow();
    }
    a.closeSync();
    const src = (t: string) => `read_parquet(${sqlString(parquetPath(dir, t))})`;
    await this.c.run(
      `INSERT INTO sessions SELECT * FROM ${src('sessions')} WHERE path IN (SELECT path FROM kept)`,
    );
    for (const t of TABLE_NAMES)
      if (t !== 'sessions' && existsSync(parquetPath(dir, t)))
        await this.c.run(
          `INSERT INTO ${t} SELECT * FROM ${src(t)} WHERE session_id IN (SELECT session_id FROM sessions)`,
        );
    const ids = await this.c.runAndReadAll('SELECT DISTINCT session_id FROM sessions');
    for (const [id] of ids.getRows()) this.childrenOf.add(String(id));
  }

  async add(record: SessionRecord): Promise<void> {
    await this.append('sessions', [record.session]);
    const id = String(record.session.session_id);
    if (this.childrenOf.has(id) || record.session.read_error !== null) return;
    this.childrenOf.add(id);
    await this.append('steps', record.steps);
    await this.append('tool_calls', record.toolCalls);
    await this.append('diagnostics', record.diagnostics);
  }

  private async append(table: TableName, rows: Row[]): Promise<void> {
    if (rows.length === 0) return;
    let a = this.appenders.get(table);
    if (!a) {
      a = await this.c.createAppender(table);
      this.appenders.set(table, a);
    }
    const cols = LIBRARY_TABLES[table];
    for (const row of rows) {
      for (const col of cols) {
        const v = row[col.name];
        // a number the log did not give (a tool result with no turn, say) is NaN by now, and one
        // the column cannot hold (a time of 1e17 ms, a turn of 1e300) is out of int64: null, not
        // an internal error that stops the whole folder's index (audit R5-5, R6-8)
        const absent = v === null || v === undefined || !fits(col.type, v);
        if (absent) a.appendNull();
        else if (col.type === 'text') a.appendVarchar(String(v));
        else if (col.type === 'int') a.appendBigInt(BigInt(Math.round(Number(v))));
        else if (col.type === 'float') a.appendDouble(Number(v));
        else if (col.type === 'bool') a.appendBoolean(v === true);
        else a.appendTimestamp(new this.Timestamp(BigInt(Math.round(Number(v) * 1000))));
      }
      a.endRow();
    }
  }

  /** Writes the four Parquet files and the manifest into dir; returns the row counts. */
  async write(dir: string): Promise<Record<TableName, number>> {
    for (const a of this.appenders.values()) a.closeSync();
    this.appenders.clear();
    mkdirSync(dir, { recursive: true });
    const tmp = join(dir, `.writing-${process.pid}`);
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp);
    const counts = {} as Record<TableName, number>;
    const kv = `KV_METADATA {schema: ${sqlString(LIBRARY_SCHEMA)}, version: ${sqlString(LIBRARY_SCHEMA_VERSION)}}`;
    const order: Record<TableName, string> = {
      sessions: 'path',
      steps: 'session_id, start_seq',
      tool_calls: 'session_id, call_seq NULLS LAST, result_seq',
      diagnostics: 'session_id, seq NULLS FIRST, line',
    };
    try {
      for (const t of TABLE_NAMES) {
        await this.c.run(
          `COPY (SELECT * FROM ${t} ORDER BY ${order[t]}) TO ${sqlString(parquetPath(tmp, t))} (FORMAT parquet, COMPRESSION zstd, ${kv})`,
        );
        const r = await this.c.runAndReadAll(`SELECT count(*) FROM ${t}`);
        counts[t] = Number(r.getRows()[0]?.[0] ?? 0);
      }
      const manifest: Manifest = {
        schema: LIBRARY_SCHEMA,
        version: LIBRARY_SCHEMA_VERSION,
        writtenAt: new Date().toISOString(),
        tables: Object.fromEntries(
          TABLE_NAMES.map((t) => [t, { rows: counts[t], columns: LIBRARY_TABLES[t] }]),
        ),
      };
      writeFileSync(join(tmp, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
      for (const t of TABLE_NAMES) renameSync(parquetPath(tmp, t), parquetPath(dir, t));
      renameSync(join(tmp, MANIFEST), join(dir, MANIFEST));
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    return counts;
  }

  close(): void {
    this.c.closeSync();
  }
}

/** JavaScript's own date range (±8.64e15 ms); a column's microseconds hold it. */
const MAX_TIME_MS = 8.64e15;
/** The largest magnitude an int64 column takes from a double (2^63 rounds up past it). */
const MAX_INT = 9.2e18;

/** Whether v can be written into a column of this type (text and booleans always can). */
function fits(type: string, v: unknown): boolean {
  if (type === 'text' || type === 'bool') return true;
  const n = Number(v);
  if (!Number.isFinite(n)) return false;
  if (type === 'int') return Math.abs(n) < MAX_INT;
  if (type === 'float') return true;
  return Math.abs(n) <= MAX_TIME_MS;
}
