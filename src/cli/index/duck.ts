/**
 * Embedded DuckDB for the library: loaded on first use (a native module;
 * `derive`/`check` never load it), and the helpers every DuckDB user here
 * shares: quoting, views over a dataset folder, rows as plain JSON values.
 */
import type { DuckDBConnection, DuckDBResultReader } from '@duckdb/node-api';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TABLE_NAMES } from '../../core/library/schema';
import { errorMessage } from '../../core/errorMessage';

export async function connect(): Promise<DuckDBConnection> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:');
  return instance.connect();
}

export function sqlString(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

export function parquetPath(dir: string, table: string): string {
  return join(dir, `${table}.parquet`);
}

/** Views named like the tables over a dataset folder's Parquet files (the ones that exist). */
export async function attachDataset(c: DuckDBConnection, dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const t of TABLE_NAMES) {
    const file = parquetPath(dir, t);
    if (!existsSync(file)) continue;
    await c.run(`CREATE OR REPLACE VIEW ${t} AS SELECT * FROM read_parquet(${sqlString(file)})`);
    found.push(t);
  }
  return found;
}

/** Integer-ish types DuckDB's JSON conversion returns as strings (to keep 64-bit exact). */
const WIDE_NUMBERS = new Set(['BIGINT', 'HUGEINT', 'UBIGINT', 'UHUGEINT', 'DECIMAL', 'UINTEGER']);

export interface Table {
  columns: string[];
  types: string[];
  rows: Record<string, unknown>[];
}

/** A result as row objects; 64-bit integers and decimals become numbers when that loses nothing. */
export function toTable(result: DuckDBResultReader): Table {
  const columns = result.columnNames();
  const types = result.columnTypes().map((t) => t.toString());
  const wide = columns.filter((_, i) => WIDE_NUMBERS.has((types[i] ?? '').replace(/\(.*$/, '')));
  const rows = result.getRowObjectsJson() as Record<string, unknown>[];
  for (const row of rows)
    for (const col of wide) {
      const v = row[col];
      if (typeof v !== 'string') continue;
      const n = Number(v);
      if (Number.isFinite(n) && (!Number.isInteger(n) || Number.isSafeInteger(n))) row[col] = n;
    }
  return { columns, types, rows };
}

/** DuckDB's error text without its "Error: " noise, one clear paragraph. */
export function sqlErrorMessage(err: unknown): string {
  const text = errorMessage(err);
  return text.replace(/^\[?Error:\s*/, '').trim();
}
