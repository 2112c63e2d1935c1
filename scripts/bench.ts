/**
 * `npm run bench`: the core and the CLI against the bare baseline (split the
 * bytes into lines, decode and JSON.parse each, nothing else) on generated
 * logs, plus messagesAt/streamAt latency and the loaded log's memory (those two each in a
 * fresh process that loads the log once: bench/queryLatency.ts, bench/loadedMemory.ts).
 * A script, not a test: the machines are shared and noisy, so it reports
 * figures and never fails on them. Prints one table and writes it as JSON
 * under bench/results/ (git-ignored).
 *
 *   npm run bench -- [--events 100000,1000000] [--runs 3] [--queries 1000] [--workers 1,2,N]
 *
 * The CLI rows run `bin/seqscope.mjs check` (build it first: `npm run build:cli`)
 * with SEQSCOPE_WORKERS=0 (one pass) and each worker count, against the
 * baseline run the same way (a fresh Node process reading the file).
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { bytesSource, forEachRange, localPool } from '../src/core/log/parallel';
import { SessionLog } from '../src/core/log/sessionLog';
import { writeLog } from './gen/write';
import { printTable, writeResults, type Row } from './bench/table';

const ROOT = resolve(import.meta.dirname, '..');
const CACHE = join(ROOT, '.seqscope-cache');
const BIN = join(ROOT, 'bin/seqscope.mjs');
const CHUNK = 1 << 20;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const cores = availableParallelism();
const sizes = arg('events', '100000,1000000').split(',').map(Number);
const runs = Number(arg('runs', '3'));
const queries = Number(arg('queries', '1000'));
const workerCounts = [
  ...new Set(
    arg('workers', '1,2,N')
      .split(',')
      .map((w) => (w === 'N' ? cores : Number(w))),
  ),
];
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

async function logFile(events: number): Promise<string> {
  mkdirSync(CACHE, { recursive: true });
  const file = join(CACHE, `bench-${events}-seed1.jsonl`);
  if (!existsSync(file)) {
    const t = performance.now();
    const out = createWriteStream(`${file}.part`);
    await writeLog({ events, seed: 1 }, out);
    out.end();
    await finished(out);
    renameSync(`${file}.part`, file);
    console.log(`  generated ${file} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  return file;
}

function chunksOf(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK)
    out.push(bytes.subarray(i, Math.min(bytes.length, i + CHUNK)));
  return out;
}

/** The bare baseline: split the same chunks into lines, decode and JSON.parse each. Nothing else. */
function baseline(chunks: Uint8Array[]): number {
  const decoder = new TextDecoder();
  let carry: Uint8Array | null = null;
  let lines = 0;
  const parse = (bytes: Uint8Array) => {
    if (bytes.length === 0) return;
    JSON.parse(decoder.decode(bytes));
    lines++;
  };
  for (const chunk of chunks) {
    let start = 0;
    let nl = chunk.indexOf(10);
    if (carry && nl >= 0) {
      const joined: Uint8Array = new Uint8Array(carry.length + nl);
      joined.set(carry);
      joined.set(chunk.subarray(0, nl), carry.length);
      parse(joined);
      carry = null;
      start = nl + 1;
      nl = chunk.indexOf(10, start);
    }
    while (nl >= 0) {
      parse(chunk.subarray(start, nl));
      start = nl + 1;
      nl = chunk.indexOf(10, start);
    }
    const rest = chunk.subarray(start);
    if (carry) {
      const joined: Uint8Array = new Uint8Array(carry.length + rest.length);
      joined.set(carry);
      joined.set(rest, carry.length);
      carry = joined;
    } else carry = rest.slice();
  }
  if (carry) parse(carry);
  return lines;
}

/** Chunks kept as they are, not copied (`ownsChunks`), as the CLI and the app's worker push them. */
function index(chunks: Uint8Array[]): SessionLog {
  const log = new SessionLog({ ownsChunks: true });
  for (const c of chunks) log.push(c);
  log.end();
  return log;
}

/** The owner's share of a parallel load: ranges prescanned beforehand, then pushed (what the owner thread does). */
async function ownerShare(bytes: Uint8Array): Promise<{ prescanMs: number; ownerMs: number }> {
  const src = bytesSource(bytes);
  const ranges: Parameters<Parameters<typeof forEachRange>[2]>[0][] = [];
  let t = performance.now();
  await forEachRange(src, localPool(src), (r) => void ranges.push(r));
  const prescanMs = performance.now() - t;
  t = performance.now();
  const log = new SessionLog({ ownsChunks: true });
  for (const r of ranges) log.push(r.bytes, r.prescan);
  log.end();
  return { prescanMs, ownerMs: performance.now() - t };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] as number;

/** Wall time of a fresh Node process (the CLI, or the baseline as a one-liner), median of `runs`. */
function processMs(args: string[], env: Record<string, string> = {}): { ms: number; cpuMs: number } {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < runs; r++) {
    const c = childrenCpuMs();
    const t = performance.now();
    const p = spawnSync(process.execPath, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    if (p.status !== 0 && p.status !== 1)
      throw new Error(`${args.join(' ')}: exit ${p.status} ${String(p.stderr)}`);
    times.push(performance.now() - t);
    cpu.push(childrenCpuMs() - c);
  }
  return { ms: median(times), cpuMs: median(cpu) };
}

/**
 * CPU time of this process's waited-for children (all their threads), from /proc/self/stat's
 * cutime + cstime (Linux; NaN elsewhere), in ms at the clock-tick resolution (10 ms).
 */
function childrenCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of stat(5), counted from the state field (3): indexes 13 and 14 here.
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return NaN;
  }
}

/** bench/loadedMemory.ts's figures for `file`, from a fresh Node process. */
function loadedMemory(file: string): { heap: number; arrayBuffers: number; bytesDecoded: number } {
  const p = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(ROOT, 'scripts/bench/loadedMemory.ts'), file],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (p.status !== 0) throw new Error(`loadedMemory.ts: exit ${p.status} ${String(p.stderr)}`);
  return JSON.parse(String(p.stdout)) as { heap: number; arrayBuffers: number; bytesDecoded: number };
}

/** Per query, in ms: wall time, and the process's CPU time (no wait for a core in it). */
interface Latency {
  wall: number[];
  cpu: number[];
}

/** bench/queryLatency.ts's figures for `file`, from a fresh Node process. */
function queryLatency(file: string): { newest50: Latency; stream: Latency } {
  const p = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'scripts/bench/queryLatency.ts'), file, String(queries)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 },
  );
  if (p.status !== 0) throw new Error(`queryLatency.ts: exit ${p.status} ${String(p.stderr)}`);
  return JSON.parse(String(p.stdout)) as { newest50: Latency; stream: Latency };
}

const BASELINE_PROCESS = `
const fs = require('node:fs');
const d = new TextDecoder();
const fd = fs.openSync(process.argv[1], 'r');
const buf = new Uint8Array(1 << 20);
let carry = new Uint8Array(0), n;
while ((n = fs.readSync(fd, buf, 0, buf.length, null)) > 0) {
  let chunk = buf.subarray(0, n);
  if (carry.length) { const j = new Uint8Array(carry.length + n); j.set(carry); j.set(chunk, carry.length); chunk = j; }
  let s = 0, nl;
  while ((nl = chunk.indexOf(10, s)) >= 0) { if (nl > s) JSON.parse(d.decode(chunk.subarray(s, nl))); s = nl + 1; }
  carry = chunk.slice(s);
}
if (carry.length) JSON.parse(d.decode(carry));
`;

async function benchSize(events: number, rows: Row[]): Promise<void> {
  const file = await logFile(events);
  const bytes = new Uint8Array(readFileSync(file));
  const mb = statSync(file).size / 1e6;
  const chunks = chunksOf(bytes);
  const label = `${events >= 1e6 ? `${events / 1e6}M` : `${events / 1e3}k`} events (${mb.toFixed(0)} MB)`;
  console.log(`\n${label}: ${file}`);

  const base: number[] = [];
  const idx: number[] = [];
  // This process's CPU time for the same runs: on a shared machine the wall time includes waiting
  // for a core, the CPU time does not (the notes give both ratios).
  const baseCpu: number[] = [];
  const idxCpu: number[] = [];
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const owner: number[] = [];
  const prescan: number[] = [];
  for (let r = 0; r < runs; r++) {
    gc();
    let c = cpuMs();
    const t = performance.now();
    baseline(chunks);
    base.push(performance.now() - t);
    baseCpu.push(cpuMs() - c);
    gc();
    c = cpuMs();
    const t2 = performance.now();
    index(chunks);
    idx.push(performance.now() - t2);
    idxCpu.push(cpuMs() - c);
    gc();
    const share = await ownerShare(bytes);
    owner.push(share.ownerMs);
    prescan.push(share.prescanMs);
  }
  const b = median(base);
  rows.push({
    figure: `core: load + index, one pass, ${label}`,
    value: median(idx),
    unit: 'ms',
    baseline: b,
    target: '<= 1.0x',
    met: median(idx) <= b,
    note: `CPU ${median(idxCpu).toFixed(0)} ms against the baseline's ${median(baseCpu).toFixed(0)} ms: ${(median(idxCpu) / median(baseCpu)).toFixed(2)}x`,
  });
  rows.push({
    figure: `core: the owner's share of a parallel load, ${label}`,
    value: median(owner),
    unit: 'ms',
    baseline: b,
    target: '<= 0.67x',
    met: median(owner) <= 0.67 * b,
    note: `range prescans: ${median(prescan).toFixed(0)} ms of CPU, spread over the range workers`,
  });

  // The CLI, as a user runs it.
  if (existsSync(BIN)) {
    const { ms: bare, cpuMs: bareCpu } = processMs(['-e', BASELINE_PROCESS, file]);
    for (const workers of [0, ...workerCounts]) {
      const { ms, cpuMs } = processMs([BIN, 'check', file], { SEQSCOPE_WORKERS: String(workers) });
      rows.push({
        figure: `CLI check, ${workers === 0 ? 'one pass' : `${workers} range worker${workers === 1 ? '' : 's'}`}, ${label}`,
        value: ms,
        unit: 'ms',
        baseline: bare,
        target: workers === 0 ? '<= 1.0x' : '<= 1.0x, aim 0.67x',
        met: ms <= bare,
        note: `CPU (all threads) ${cpuMs.toFixed(0)} ms against the baseline's ${bareCpu.toFixed(0)} ms: ${(cpuMs / bareCpu).toFixed(2)}x`,
      });
    }
  } else console.log('  (no bin/seqscope.mjs: run `npm run build:cli` for the CLI rows)');

  // Memory of one loaded log (heap + array buffers), in a fresh process: in this one, what the
  // runs above dropped is still being swept when the log is loaded (see bench/loadedMemory.ts).
  const mem = loadedMemory(file);
  const memMb = (mem.heap + mem.arrayBuffers) / 1e6;
  rows.push({
    figure: `core: memory of the loaded log (heap + buffers), ${label}`,
    value: memMb,
    unit: 'MB',
    baseline: mem.bytesDecoded / 1e6,
    target: '<= 1.5x the file',
    met: memMb <= (1.5 * mem.bytesDecoded) / 1e6,
    note: `heap ${(mem.heap / 1e6).toFixed(1)} MB, array buffers ${(mem.arrayBuffers / 1e6).toFixed(1)} MB (bytes and columns)`,
  });
  // Query latency, in a fresh process with the log loaded once (bench/queryLatency.ts says why).
  const q = queryLatency(file);
  rows.push({
    figure: `core: messagesAt (count + newest 50) p95, ${label}`,
    value: pct(q.newest50.wall, 0.95),
    unit: 'ms',
    target: '<= 1 ms',
    met: pct(q.newest50.wall, 0.95) <= 1,
    note: `p50 ${pct(q.newest50.wall, 0.5).toFixed(3)} ms, max ${Math.max(...q.newest50.wall).toFixed(1)} ms; CPU p95 ${pct(q.newest50.cpu, 0.95).toFixed(3)} ms`,
  });
  rows.push({
    figure: `core: streamAt p95, ${label}`,
    value: pct(q.stream.wall, 0.95),
    unit: 'ms',
    target: '<= 1 ms',
    met: pct(q.stream.wall, 0.95) <= 1,
    note: `p50 ${pct(q.stream.wall, 0.5).toFixed(3)} ms; CPU p95 ${pct(q.stream.cpu, 0.95).toFixed(3)} ms`,
  });
}

const rows: Row[] = [];
const machine = `node ${process.version}, ${cores} cores, load average ${loadavg()
  .map((l) => l.toFixed(1))
  .join(' ')} at the start`;
console.log(`Seqscope bench: ${machine}; ${runs} runs, ${queries} random seqs`);
for (const n of sizes) await benchSize(n, rows);
printTable(rows);
const path = writeResults('bench-node', { machine, runs, queries, rows });
console.log(`\nwritten ${path}`);
