/**
 * npm run bench:index -- [--logs N] [--total SIZE] [--threads N] [--dir DIR] [--fresh]
 *
 * The session library's benchmark: generates N logs (default 1,000) whose sizes mix small,
 * medium and large (a fifth of them gzip-compressed) and add up to SIZE uncompressed
 * (default 2G), then
 * measures with the built CLI (bin/seqscope.mjs, run `npm run build:cli` first):
 *
 *   - `seqscope index` from scratch: wall time, logs/s, MB/s;
 *   - `seqscope index` again (nothing changed: every log fingerprinted, none parsed);
 *   - `seqscope check` over the same files, one process per file, as many at once as cores:
 *     what a shell loop over the folder costs today;
 *   - the README's three queries (scripts/readme-queries.ts) with embedded DuckDB: best of 3.
 *
 * The logs are kept in .seqscope-cache/bench-index-N-SIZE/logs (git-ignored) with a manifest, and
 * reused while the manifest matches the files on disk: generating 2 GB takes about ten minutes on
 * two cores, indexing it is what is measured. `--fresh` generates them again; `--dir` puts them
 * elsewhere.
 *
 * Prints a table and writes the figures as JSON under bench/results/ (git-ignored).
 */
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { queryIndex } from '../src/cli/index/queryCommand';
import { generateLogText } from './gen/index';
import { writeLog } from './gen/write';
import { readmeQueries } from './readme-queries';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin/seqscope.mjs');

function size(text: string): number {
  const m = /^(\d+(?:\.\d+)?)([kmgt]?)$/i.exec(text.trim());
  if (!m) throw new Error(`not a size: ${text}`);
  return Math.round(Number(m[1]) * 1024 ** ' kmgt'.indexOf((m[2] || ' ').toLowerCase()));
}

const { values: opts } = parseArgs({
  options: {
    logs: { type: 'string', default: '1000' },
    total: { type: 'string', default: '2G' },
    threads: { type: 'string' },
    dir: { type: 'string' },
    fresh: { type: 'boolean', default: false },
  },
});
const LOGS = Number(opts.logs);
const TOTAL = size(opts.total ?? '2G');
const THREADS = opts.threads ? Number(opts.threads) : availableParallelism();

function run(args: string[]): Promise<{ code: number | null; ms: number; out: string; err: string }> {
  const t0 = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
    child.on('error', fail);
    child.on('close', (code) => done({ code, ms: performance.now() - t0, out, err }));
  });
}

/** Sizes with a long tail: 60% small, 30% medium (8x), 10% large (40x), scaled to the total. */
function plannedSizes(n: number, total: number): number[] {
  const weights = Array.from({ length: n }, (_, i) => (i % 10 === 9 ? 40 : i % 10 >= 6 ? 8 : 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => Math.max(4096, Math.round((w / sum) * total)));
}

interface GeneratedLogs {
  logs: number;
  total: number;
  files: string[];
  sizes: number[];
  bytes: number;
  events: number;
}

/** The logs a previous run generated with the same plan, when every file is still as it was. */
function cachedLogs(dir: string): GeneratedLogs | null {
  const manifest = join(dir, '..', 'manifest.json');
  if (opts.fresh || !existsSync(manifest)) return null;
  try {
    const m = JSON.parse(readFileSync(manifest, 'utf8')) as GeneratedLogs;
    if (m.logs !== LOGS || m.total !== TOTAL || m.files.length !== LOGS) return null;
    const intact = m.files.every((f, i) => existsSync(f) && statSync(f).size === m.sizes[i]);
    return intact ? m : null;
  } catch {
    return null;
  }
}

async function generate(dir: string): Promise<GeneratedLogs> {
  const cached = cachedLogs(dir);
  if (cached) {
    process.stderr.write(`reusing ${LOGS} generated logs in ${dir} (--fresh to generate them again)\n`);
    return cached;
  }
  rmSync(join(dir, '..', 'manifest.json'), { force: true });
  // Bytes per event of this generator, measured once on a sample.
  const sample = generateLogText({ events: 20_000, seed: 7 });
  const perEvent = Buffer.byteLength(sample) / 20_000;
  const files: string[] = [];
  let bytes = 0;
  let events = 0;
  const sizes = plannedSizes(LOGS, TOTAL);
  for (const [i, target] of sizes.entries()) {
    const gz = i % 5 === 4;
    const file = join(dir, `run-${String(i).padStart(4, '0')}.jsonl${gz ? '.gz' : ''}`);
    const n = Math.max(20, Math.round(target / perEvent));
    const out = createWriteStream(file);
    if (gz) {
      const z = zlib.createGzip({ level: 1 });
      z.pipe(out);
      await writeLog({ events: n, seed: i + 1 }, z);
      z.end();
    } else {
      await writeLog({ events: n, seed: i + 1 }, out);
      out.end();
    }
    await finished(out);
    files.push(file);
    bytes += statSync(file).size;
    events += n;
    if (i % 100 === 99) process.stderr.write(`generated ${i + 1}/${LOGS} logs\n`);
  }
  const generated = {
    logs: LOGS,
    total: TOTAL,
    files,
    sizes: files.map((f) => statSync(f).size),
    bytes,
    events,
  };
  writeFileSync(join(dir, '..', 'manifest.json'), JSON.stringify(generated) + '\n');
  return generated;
}

async function checkAll(files: string[]): Promise<number> {
  const t0 = performance.now();
  const queue = files.slice();
  await Promise.all(
    Array.from({ length: THREADS }, async () => {
      for (let f = queue.shift(); f !== undefined; f = queue.shift()) {
        const r = await run(['check', f]);
        if (r.code !== 0 && r.code !== 1) throw new Error(`check ${f}: ${r.err}`);
      }
    }),
  );
  return performance.now() - t0;
}

async function main(): Promise<void> {
  if (!existsSync(BIN)) throw new Error('bin/seqscope.mjs is missing: run `npm run build:cli` first');
  const dir = opts.dir
    ? resolve(opts.dir)
    : join(ROOT, '.seqscope-cache', `bench-index-${LOGS}-${opts.total ?? '2G'}`);
  const logsDir = join(dir, 'logs');
  const indexDir = join(dir, 'index');
  mkdirSync(logsDir, { recursive: true });
  rmSync(indexDir, { recursive: true, force: true });
  process.stderr.write(`${LOGS} logs, ${(TOTAL / 2 ** 20).toFixed(0)} MB in all, in ${logsDir}\n`);
  const gen = await generate(logsDir);
  const mb = gen.bytes / 2 ** 20;
  const load0 = loadavg()[0] ?? 0;

  const first = await run(['index', logsDir, '--out', indexDir, '--json', '--threads', String(THREADS)]);
  if (first.code !== 0) throw new Error(`index failed: ${first.err}`);
  const again = await run(['index', logsDir, '--out', indexDir, '--json', '--threads', String(THREADS)]);
  if (again.code !== 0) throw new Error(`index (again) failed: ${again.err}`);
  process.stderr.write('running check over every file\n');
  const checkMs = await checkAll(gen.files);

  const queries = [];
  for (const q of readmeQueries(ROOT)) {
    let best = Infinity;
    let rows = 0;
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const r = await queryIndex(indexDir, q.sql);
      best = Math.min(best, performance.now() - t0);
      if (!r.ok) throw new Error(`${q.title}: ${r.message}`);
      rows = r.table.rows.length;
    }
    queries.push({ query: q.title.replace(/ \(.*$/, ''), ms: best, rows });
  }
  const counts = await queryIndex(
    indexDir,
    'SELECT (SELECT count(*) FROM sessions) AS sessions, (SELECT count(*) FROM steps) AS steps, (SELECT count(*) FROM tool_calls) AS tool_calls, (SELECT count(*) FROM diagnostics) AS diagnostics',
  );

  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, loadAverageAtStart: load0 },
    threads: THREADS,
    logs: LOGS,
    bytes: gen.bytes,
    events: gen.events,
    rows: counts.ok ? counts.table.rows[0] : null,
    index: { ms: first.ms, logsPerSecond: LOGS / (first.ms / 1000), mbPerSecond: mb / (first.ms / 1000) },
    reindexUnchanged: { ms: again.ms, logsPerSecond: LOGS / (again.ms / 1000) },
    checkEachFile: {
      ms: checkMs,
      logsPerSecond: LOGS / (checkMs / 1000),
      mbPerSecond: mb / (checkMs / 1000),
      concurrency: THREADS,
    },
    queries,
  };
  const table: [string, string][] = [
    ['logs', `${LOGS} (${mb.toFixed(0)} MB on disk, ${gen.events.toLocaleString('en')} events, 1 in 5 gzip)`],
    ['threads', String(THREADS)],
    [
      'index (first run)',
      `${(first.ms / 1000).toFixed(1)} s  ${result.index.logsPerSecond.toFixed(1)} logs/s  ${result.index.mbPerSecond.toFixed(1)} MB/s`,
    ],
    [
      'index (unchanged, again)',
      `${(again.ms / 1000).toFixed(1)} s  ${result.reindexUnchanged.logsPerSecond.toFixed(1)} logs/s`,
    ],
    [
      `check, each file (${THREADS} at once)`,
      `${(checkMs / 1000).toFixed(1)} s  ${result.checkEachFile.logsPerSecond.toFixed(1)} logs/s  ${result.checkEachFile.mbPerSecond.toFixed(1)} MB/s`,
    ],
    ...queries.map((q): [string, string] => [`query: ${q.query}`, `${q.ms.toFixed(1)} ms (${q.rows} rows)`]),
  ];
  const w = Math.max(...table.map(([k]) => k.length));
  process.stdout.write(table.map(([k, v]) => `${k.padEnd(w)}  ${v}`).join('\n') + '\n');
  process.stdout.write(`load average at start: ${load0.toFixed(1)} on ${cpus().length} cores\n`);
  const outDir = join(ROOT, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const outFile = join(outDir, `index-${result.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(outFile, JSON.stringify(result, null, 2) + '\n');
  process.stdout.write(`written: ${outFile}\n`);
  rmSync(indexDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:index: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
