/**
 * The memory of one loaded log, measured in a fresh process (`npm run bench`
 * spawns it): heap and array buffers before and after loading the file into a
 * SessionLog, each read once the garbage is collected AND the freed array
 * buffers are swept. V8 frees a dead ArrayBuffer's bytes after the collection
 * that found it dead, so a reading right after `gc()` still counts the dead
 * buffers of whatever ran before (in the bench's own process: the earlier
 * runs' columns grown and dropped, the prescans); waiting a few ticks between
 * collections lets the sweeper finish. Prints one JSON line.
 *
 *   node --expose-gc --import tsx scripts/bench/loadedMemory.ts <file>
 */
import { readFileSync } from 'node:fs';
import { SessionLog } from '../../src/core/log/sessionLog';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');

async function settled(): Promise<NodeJS.MemoryUsage> {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 50));
  }
  return process.memoryUsage();
}

const file = process.argv[2];
if (file === undefined) throw new Error('usage: loadedMemory.ts <file>');
const CHUNK = 1 << 20;
/** The file in 1 MiB pieces of their own (the whole file's buffer is garbage before the first reading). */
function pieces(path: string): Uint8Array[] {
  const bytes = new Uint8Array(readFileSync(path));
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) out.push(bytes.slice(i, Math.min(bytes.length, i + CHUNK)));
  return out;
}
const chunks = pieces(file);
const m0 = await settled();
const log = new SessionLog();
for (const c of chunks) log.push(c);
log.end();
// The input chunks stay alive (the caller's, not the log's): only what loading added is counted.
const m1 = await settled();
console.log(
  JSON.stringify({
    heap: m1.heapUsed - m0.heapUsed,
    arrayBuffers: m1.arrayBuffers - m0.arrayBuffers,
    bytesDecoded: log.bytesDecoded,
    events: log.eventCount,
    inputChunks: chunks.length,
  }),
);
