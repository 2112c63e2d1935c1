/**
 * A pool of worker threads that read logs in parallel, one log per worker at
 * a time (logs are independent, so this uses every core without splitting a
 * file). A worker that dies takes only its current log with it: that log comes
 * back as a failure and a fresh worker takes its place.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { IndexJob, IndexReply } from './indexWorker';
import { INDEX_WORKER } from './workerKind';

export function defaultThreads(): number {
  return Math.max(1, availableParallelism());
}

/**
 * The most worker threads started, whatever `--threads` asks: four per core. Each costs ~30 MB, and
 * past the cores they only wait (`--threads 9999` over 800 logs would have taken 24 GB: audit 29 L5).
 */
export function threadCap(): number {
  return 4 * defaultThreads();
}

/** Worker threads started for `jobs` logs when `threads` are asked for. */
export function poolSize(threads: number, jobs: number): number {
  return Math.max(1, Math.min(threads, jobs, threadCap()));
}

/**
 * What a worker runs: this bundle itself (main.ts), or, running from source, indexWorker.ts behind
 * tsx's loader, registered in the worker first (Node 20 does not apply an `--import tsx` given in
 * a worker's execArgv to its entry: "Unknown file extension .ts").
 */
function workerScript(): { script: URL | string; eval?: true } {
  const self = new URL(import.meta.url);
  if (!self.pathname.endsWith('.ts')) return { script: self };
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./indexWorker.ts', self).href;
  return {
    script: `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(entry)}); });`,
    eval: true,
  };
}

export async function runPool(
  jobs: IndexJob[],
  threads: number,
  onReply: (reply: IndexReply) => void,
): Promise<void> {
  if (jobs.length === 0) return;
  const queue = jobs.slice();
  const script = workerScript();
  const count = poolSize(threads, jobs.length);
  let pending = jobs.length;
  await new Promise<void>((done) => {
    const start = () => {
      const worker = new Worker(script.script, {
        workerData: { kind: INDEX_WORKER },
        ...(script.eval ? { eval: true } : {}),
      });
      let current: IndexJob | undefined;
      const next = () => {
        current = queue.shift();
        if (current) worker.postMessage(current);
        else void worker.terminate();
      };
      const finish = (reply: IndexReply) => {
        current = undefined;
        onReply(reply);
        if (--pending === 0) done();
      };
      worker.on('message', (reply: IndexReply) => {
        finish(reply);
        next();
      });
      worker.on('error', (err) => {
        if (current) finish({ id: current.id, failure: err.message });
      });
      worker.on('exit', () => {
        // died with a log in hand: report it, and let a new worker carry on with the queue
        if (current) finish({ id: current.id, failure: 'the worker reading it stopped' });
        if (queue.length > 0) start();
      });
      next();
    };
    for (let i = 0; i < count; i++) start();
  });
}
