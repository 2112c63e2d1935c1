/**
 * `npm run bench`: load+index throughput against a bare baseline, and
 * messagesAt latency, on generated logs (100k and 1M events by default).
 * A script, not a test: the machines are shared and noisy, so it reports
 * figures and never fails on them.
 *
 *   npm run bench -- [--events 100000,1000000] [--runs 3] [--queries 1000]
 */
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import { join, resolve } from 'node:path';
import { SessionLog } from '../src/core/log/sessionLog';
import { writeLog } from './gen/write';

const ROOT = resolve(import.meta.dirname, '..');
const CACHE = join(ROOT, '.seqscope-cache');
const CHUNK = 1 << 20;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const sizes = arg('events', '100000,1000000').split(',').map(Number);
const runs = Number(arg('runs', '3'));
const queries = Number(arg('queries', '1000'));

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

function index(chunks: Uint8Array[]): SessionLog {
  const log = new SessionLog();
  for (const c of chunks) log.push(c);
  log.end();
  return log;
}

function time<T>(f: () => T): [T, number] {
  const t = performance.now();
  const r = f();
  return [r, performance.now() - t];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] as number;
const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`);

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function benchSize(events: number) {
  const file = await logFile(events);
  const bytes = new Uint8Array(readFileSync(file));
  const mb = statSync(file).size / 1e6;
  const chunks = chunksOf(bytes);
  console.log(`\n${events.toLocaleString('en')} events, ${mb.toFixed(1)} MB (${file})`);

  const base: number[] = [];
  const idx: number[] = [];
  let log: SessionLog | undefined;
  let lines = 0;
  for (let r = 0; r < runs; r++) {
    // Alternate so both see the same machine state; GC between runs where exposed.
    (globalThis as { gc?: () => void }).gc?.();
    const [n, tb] = time(() => baseline(chunks));
    lines = n;
    base.push(tb);
    log = undefined;
    (globalThis as { gc?: () => void }).gc?.();
    const [l, ti] = time(() => index(chunks));
    log = l;
    idx.push(ti);
  }
  if (!log) return;
  const baseMBs = mb / (median(base) / 1000);
  const idxMBs = mb / (median(idx) / 1000);
  console.log(
    `  baseline (split + JSON.parse): ${baseMBs.toFixed(0)} MB/s  (median of ${runs}: ${median(base).toFixed(0)} ms, ${lines} lines)`,
  );
  console.log(
    `  load + index (SessionLog):     ${idxMBs.toFixed(0)} MB/s  (median of ${runs}: ${median(idx).toFixed(0)} ms, ${log.eventCount} events)`,
  );
  console.log(`  ratio index/baseline:          ${(idxMBs / baseMBs).toFixed(2)}x`);
  // Memory of one loaded log: heap (JS objects) and array buffers (the raw bytes and the columns).
  const gc = (globalThis as { gc?: () => void }).gc;
  log = undefined;
  gc?.();
  const m0 = process.memoryUsage();
  const loaded = index(chunks);
  gc?.();
  const m1 = process.memoryUsage();
  const mbOf = (n: number) => (n / 1e6).toFixed(0);
  console.log(
    `  memory of the loaded log: heap +${mbOf(m1.heapUsed - m0.heapUsed)} MB, typed arrays +${mbOf(m1.arrayBuffers - m0.arrayBuffers)} MB (raw bytes ${mbOf(loaded.bytesDecoded)} MB)`,
  );
  log = loaded;
  console.log(
    `  diagnostics: ${log.diagnostics.counts.error} errors, ${log.diagnostics.counts.warning} warnings, ${log.diagnostics.counts.info} info`,
  );

  const rnd = mulberry32(42);
  const seqs = Array.from({ length: queries }, () => Math.floor(rnd() * log.eventCount));
  const lat = (f: (s: number) => unknown) =>
    seqs.map((s) => {
      const t = performance.now();
      f(s);
      return performance.now() - t;
    });
  const report = (label: string, xs: number[]) =>
    console.log(
      `  ${label.padEnd(44)} p50 ${fmt(pct(xs, 0.5))}, p95 ${fmt(pct(xs, 0.95))}, max ${fmt(Math.max(...xs))}`,
    );
  const counts = seqs.map((s) => log.messagesAt(s, 0, 0).count);
  console.log(`  derived messages at the sampled seqs: median ${median(counts)}, max ${Math.max(...counts)}`);
  report(
    'messagesAt(seq): count + the newest 50',
    lat((s) => log.messagesAt(s, Math.max(0, log.messagesAt(s, 0, 0).count - 50), Infinity)),
  );
  report(
    'messagesAt(seq): count only',
    lat((s) => log.messagesAt(s, 0, 0)),
  );
  report(
    'messagesAt(seq): every message (whole history)',
    lat((s) => log.messagesAt(s)),
  );
  report(
    'streamAt(seq)',
    lat((s) => log.streamAt(s)),
  );
}

console.log(`Seqscope bench: node ${process.version}, ${runs} runs, ${queries} random seqs`);
for (const n of sizes) await benchSize(n);
