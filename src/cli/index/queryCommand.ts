/**
 * `seqscope query INDEX "SQL" [--json]`: SQL over the library's Parquet files
 * with embedded DuckDB. The tables are views named sessions, steps,
 * tool_calls and diagnostics. Prints an aligned table, or with --json an
 * array of row objects. A bad query is a clear message and exit status 2.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TABLE_NAMES } from '../../core/library/schema';
import { hasSwitch, positionals, readArgs } from '../args';
import { MANIFEST } from './dataset';
import { attachDataset, connect, sqlErrorMessage, toTable, type Table } from './duck';

/** The dataset folder INDEX names: itself, or the .seqscope-index inside a folder of logs. */
export function resolveIndexDir(index: string): string | undefined {
  const dir = resolve(index);
  if (existsSync(join(dir, MANIFEST))) return dir;
  const inner = join(dir, '.seqscope-index');
  if (existsSync(join(inner, MANIFEST))) return inner;
  return undefined;
}

export type QueryResult = { ok: true; table: Table } | { ok: false; message: string };

export async function queryIndex(dir: string, sql: string): Promise<QueryResult> {
  const c = await connect();
  try {
    await attachDataset(c, dir);
    try {
      return { ok: true, table: toTable(await c.runAndReadAll(sql)) };
    } catch (err) {
      const message = sqlErrorMessage(err);
      const hint = /Table with name \S+ does not exist/i.test(message)
        ? `\nthe tables are: ${TABLE_NAMES.join(', ')}`
        : '';
      return { ok: false, message: `${message}${hint}` };
    }
  } finally {
    c.closeSync();
  }
}

/** Control characters shown as escapes, so a log's text cannot drive the terminal. */
function printable(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f\u007f-\u009f]/g, (ch) =>
    ch === '\n' ? '\\n' : ch === '\t' ? '\\t' : `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const CELL_MAX = 60;

export function formatTable(table: Table): string {
  const cell = (v: unknown): string => {
    const s = v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
    const p = printable(s);
    if (p.length <= CELL_MAX) return p;
    // a path or URL is told apart by its end, anything else by its start
    return /^\S*\/\S*$/.test(p) ? `…${p.slice(p.length - CELL_MAX + 1)}` : `${p.slice(0, CELL_MAX - 1)}…`;
  };
  const rows = table.rows.map((r) => table.columns.map((c) => cell(r[c])));
  const numeric =
    table.rows.length > 0
      ? table.columns.map((c) => table.rows.every((r) => r[c] === null || typeof r[c] === 'number'))
      : [];
  const widths = table.columns.map((c, i) => Math.max(c.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    cells
      .map((s, i) => (numeric[i] ? s.padStart(widths[i] as number) : s.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd();
  const out = [line(table.columns), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
  out.push(`(${table.rows.length} row${table.rows.length === 1 ? '' : 's'})`);
  return out.join('\n') + '\n';
}

export async function runQuery(argv: string[]): Promise<number> {
  const err = (s: string) => process.stderr.write(`seqscope: ${s}\n`);
  const args = readArgs(argv, { '--json': 'switch' });
  if (typeof args === 'string') {
    err(args);
    return 2;
  }
  const rest = positionals(args);
  const json = hasSwitch(args, '--json');
  if (rest.length !== 2) {
    err(
      'query needs INDEX and one SQL statement, e.g. seqscope query ./logs "SELECT count(*) FROM sessions"',
    );
    return 2;
  }
  const [index, sql] = rest as [string, string];
  const dir = resolveIndexDir(index);
  if (!dir) {
    err(`${index}: no session library here (build one with \`seqscope index PATH --out ${index}\`)`);
    return 2;
  }
  const result = await queryIndex(dir, sql);
  if (!result.ok) {
    err(`SQL error: ${result.message}`);
    return 2;
  }
  process.stdout.write(json ? JSON.stringify(result.table.rows, null, 2) + '\n' : formatTable(result.table));
  return 0;
}
