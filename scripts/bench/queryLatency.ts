/**
 * Query latency on one loaded log, measured in a fresh process (`npm run bench`
 * spawns it), as the log worker answers them: the file loaded once, then
 * `messagesAt` (the count, then the newest 50 messages) and `streamAt` at the
 * same random seqs. In the bench's own process the queries ran after nine
 * loads of the same file (baseline, one pass and owner runs): the collector
 * was still sweeping their garbage, and that, not the query, set the p95 (1.4-
 * 2.0 ms there against 0.4-0.5 ms here on a 2-core machine). A user's log
 * worker holds one load's garbage, which this process has too. Prints one
 * JSON line: per query kind, the wall times (ms) and the p95 of this process's
 * CPU time per query (on a loaded machine the wall time also counts waiting
 * for a core).
 *
 *   node --expose-gc --import tsx scripts/bench/queryLatency.ts <file> <queries>
 */
import { readFileSync } from 'node:fs';
import { SessionLog } from '../../src/core/log/sessionLog';

const [file, count] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: queryLatency.ts <file> <queries>');
const queries = Number(count ?? '1000');

const CHUNK = 1 << 20;
const bytes = new Uint8Array(readFileSync(file));
// As the bench's one-pass load pushes them: 1 MiB views, kept uncopied.
const log = new SessionLog({ ownsChunks: true });
for (let i = 0; i < bytes.length; i += CHUNK) log.push(bytes.subarray(i, Math.min(bytes.length, i + CHUNK)));
log.end();

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = mulberry32(42);
const seqs = Array.from({ length: queries }, () => Math.floor(rnd() * log.eventCount));
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] as number;

function latency(f: (seq: number) => unknown): { wall: number[]; cpuP95: number } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const s of seqs) {
    const c = process.cpuUsage();
    const t = performance.now();
    f(s);
    wall.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  return { wall, cpuP95: pct(cpu, 0.95) };
}

const newest50 = latency((s) => log.messagesAt(s, Math.max(0, log.messagesAt(s, 0, 0).count - 50), Infinity));
const stream = latency((s) => log.streamAt(s));
console.log(JSON.stringify({ events: log.eventCount, newest50, stream }));
