/**
 * Query latency on one loaded log, measured in a fresh process (`npm run bench`
 * spawns it), as the log worker answers them: the file loaded once, then
 * `messagesAt` (the count, then the newest 50 messages) and `streamAt` at the
 * same random seqs. In the bench's own process the queries ran after nine
 * loads of the same file (baseline, one pass and owner runs): the collector
 * was still sweeping their garbage, which raised the p95 (0.7-2.0 ms there,
 * mostly over 1 ms; 0.6-1.5 ms here, on a 2-core machine). A user's log
 * worker holds one load's garbage, which this process has too. Prints one
 * JSON line: per query kind, the wall times and this process's CPU times per
 * query, in ms (on a loaded machine the wall time also counts waiting for a
 * core).
 *
 *   node --import tsx scripts/bench/queryLatency.ts <file> <queries>
 */
import { readFileSync } from 'node:fs';
import { SessionLog } from '../../src/core/log/sessionLog';
import { Rng } from '../gen/prng';

const [file, count] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: queryLatency.ts <file> <queries>');
const queries = Number(count ?? '1000');

const CHUNK = 1 << 20;
const bytes = new Uint8Array(readFileSync(file));
// As the bench's one-pass load pushes them: 1 MiB views, kept uncopied.
const log = new SessionLog({ ownsChunks: true });
for (let i = 0; i < bytes.length; i += CHUNK) log.push(bytes.subarray(i, Math.min(bytes.length, i + CHUNK)));
log.end();

const rng = new Rng(42);
const seqs = Array.from({ length: queries }, () => rng.int(0, log.eventCount - 1));

function latency(f: (seq: number) => unknown): { wall: number[]; cpu: number[] } {
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
  return { wall, cpu };
}

const newest50 = latency((s) => log.messagesAt(s, Math.max(0, log.messagesAt(s, 0, 0).count - 50), Infinity));
const stream = latency((s) => log.streamAt(s));
console.log(JSON.stringify({ events: log.eventCount, newest50, stream }));
