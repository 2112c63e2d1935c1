/**
 * The benchmarks' one output shape: a table of figures (figure, value,
 * baseline, ratio, target, met or not) printed, and the same rows written as
 * JSON under bench/results/ (git-ignored).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Row {
  figure: string;
  value: number;
  unit: 'ms' | 'MB' | 'count';
  /** The same figure for the bare baseline, when there is one (ratio = value / baseline). */
  baseline?: number;
  target: string;
  met: boolean | null;
  note?: string;
}

const fmt = (v: number | undefined, unit: string) =>
  v === undefined || Number.isNaN(v)
    ? '-'
    : unit === 'ms'
      ? v >= 1000
        ? `${(v / 1000).toFixed(2)} s`
        : `${v < 10 ? v.toFixed(2) : v.toFixed(0)} ms`
      : unit === 'MB'
        ? `${v.toFixed(0)} MB`
        : String(v);

export function printTable(rows: Row[]): void {
  const cells = rows.map((r) => [
    r.figure,
    fmt(r.value, r.unit),
    fmt(r.baseline, r.unit),
    r.baseline ? `${(r.value / r.baseline).toFixed(2)}x` : '-',
    r.target,
    r.met === null ? '-' : r.met ? 'met' : 'NOT met',
  ]);
  const head = ['figure', 'value', 'baseline', 'ratio', 'target', 'met'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] as string).length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i] as number)).join(' | ')} |`;
  console.log('');
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
  const notes = rows.filter((r) => r.note);
  if (notes.length > 0) console.log('');
  for (const r of notes) console.log(`  ${r.figure}: ${r.note}`);
}

/** Writes `data` to bench/results/<name>-<timestamp>.json; returns the path. */
export function writeResults(name: string, data: unknown): string {
  const dir = resolve(import.meta.dirname, '../../bench/results');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(path, JSON.stringify(data, null, 2) + '\n');
  return path;
}
