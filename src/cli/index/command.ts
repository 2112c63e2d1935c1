/**
 * `seqscope index PATH... [--out DIR] [--json] [--threads N]`: read every log
 * under the paths on all cores and write the library's Parquet dataset
 * (dataset.ts). A second run re-reads only logs whose size or fingerprint
 * changed. An unreadable or corrupt log is a row with its diagnostics, never
 * a failed run.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { unreadableRecord } from '../../core/library/sessionRecord';
import {
  FOLDER,
  hasSwitch,
  lastNumber,
  lastValue,
  positionals,
  readArgs,
  THREADS,
  type OptionTable,
} from '../args';
import { DatasetWriter, readPrevious } from './dataset';
import { defaultThreads, runPool } from './pool';
import { jsonProgress, silentProgress, terminalProgress, type ProgressState } from './progress';
import { listLogs, type SkippedFile } from './sources';
import type { IndexJob } from './indexWorker';
import { isObjectUrl } from './objectStore';

export interface IndexArgs {
  paths: string[];
  out: string;
  json: boolean;
  threads: number;
}

/** Where the index goes by default: inside the one folder indexed, else ./seqscope-index. */
export function defaultOut(paths: string[]): string {
  const only = paths.length === 1 ? (paths[0] as string) : undefined;
  if (only !== undefined && !isObjectUrl(only) && existsSync(only) && statSync(only).isDirectory())
    return resolve(only, '.seqscope-index');
  return resolve('seqscope-index');
}

const INDEX_OPTIONS: OptionTable = { '--out': FOLDER, '--threads': THREADS, '--json': 'switch' };

export function parseIndexArgs(argv: string[]): IndexArgs | string {
  const args = readArgs(argv, INDEX_OPTIONS);
  if (typeof args === 'string') return args;
  const paths = positionals(args);
  if (paths.length === 0)
    return 'index needs at least one PATH (a log, a folder, or an s3:// gs:// https:// URL)';
  return {
    paths,
    out: resolve(lastValue(args, '--out') ?? defaultOut(paths)),
    json: hasSwitch(args, '--json'),
    threads: lastNumber(args, '--threads') ?? defaultThreads(),
  };
}

export interface IndexSummary {
  logs: number;
  read: number;
  unchanged: number;
  unreadable: number;
  /** Files the walk left out, with why (serve's Library lists them). */
  skipped: SkippedFile[];
  rows: Record<string, number>;
  out: string;
  seconds: number;
}

/** Skipped files named on stderr before the rest are counted. */
const SKIPPED_PRINTED = 20;

export async function buildIndex(
  args: IndexArgs,
  io: { out: (s: string) => void; err: (s: string) => void; tty: boolean },
): Promise<IndexSummary | string> {
  const t0 = performance.now();
  const listing = await listLogs(args.paths, args.out);
  for (const p of listing.problems)
    if (args.json) io.out(JSON.stringify({ event: 'warning', message: p }) + '\n');
    else io.err(`seqscope: warning: ${p}\n`);
  listing.skipped.forEach((f, i) => {
    if (args.json) io.out(JSON.stringify({ event: 'skipped', path: f.path, reason: f.reason }) + '\n');
    // a terminal gets the first few; 30,000 lines from a node_modules folder would bury the rest
    else if (i < SKIPPED_PRINTED) io.err(`seqscope: skipped ${f.path}: ${f.reason}\n`);
  });
  if (!args.json && listing.skipped.length > SKIPPED_PRINTED)
    io.err(
      `seqscope: ... and ${listing.skipped.length - SKIPPED_PRINTED} more skipped (--json lists every one)\n`,
    );
  if (listing.logs.length === 0 && listing.problems.length > 0) return 'nothing to index';

  const previous = await readPrevious(args.out);
  const jobs: IndexJob[] = listing.logs.map((ref, id) => {
    const prev = previous.get(ref.path);
    return prev ? { id, ref, previous: prev } : { id, ref };
  });
  const state: ProgressState = {
    total: jobs.length,
    done: 0,
    skipped: 0,
    failed: 0,
    bytes: 0,
    totalBytes: jobs.reduce((s, j) => s + j.ref.size, 0),
  };
  const progress = args.json ? jsonProgress(io.out) : io.tty ? terminalProgress(io.err) : silentProgress;
  const writer = await DatasetWriter.create();
  try {
    const unchanged: string[] = [];
    // One append at a time: the writer's appenders are not safe to interleave.
    let adding: Promise<void> = Promise.resolve();
    const add = (record: Parameters<DatasetWriter['add']>[0]) => {
      adding = adding.then(() => writer.add(record));
    };
    await runPool(jobs, args.threads, (reply) => {
      const job = jobs[reply.id] as IndexJob;
      state.done++;
      state.bytes += job.ref.size;
      if ('failure' in reply) {
        state.failed++;
        const source = { path: job.ref.path, sizeBytes: job.ref.size, fingerprint: '', compression: 'plain' };
        add(unreadableRecord(source, `internal error: ${reply.failure.split('\n')[0]}`));
      } else if (reply.outcome.status === 'unchanged') {
        state.skipped++;
        unchanged.push(job.ref.path);
      } else {
        if (reply.outcome.record.session.read_error !== null) state.failed++;
        add(reply.outcome.record);
      }
      progress.update(state);
    });
    await adding;
    await writer.keep(args.out, unchanged);
    const rows = await writer.write(args.out);
    const summary: IndexSummary = {
      logs: jobs.length,
      read: jobs.length - state.skipped,
      unchanged: state.skipped,
      unreadable: state.failed,
      skipped: listing.skipped,
      rows,
      out: args.out,
      seconds: (performance.now() - t0) / 1000,
    };
    progress.finish(state, { out: args.out, rows, seconds: summary.seconds });
    return summary;
  } finally {
    writer.close();
  }
}

export async function runIndex(argv: string[]): Promise<number> {
  const err = (s: string) => process.stderr.write(s);
  const args = parseIndexArgs(argv);
  if (typeof args === 'string') {
    err(`seqscope: ${args}\n`);
    return 2;
  }
  const result = await buildIndex(args, {
    out: (s) => process.stdout.write(s),
    err,
    tty: process.stderr.isTTY === true,
  });
  if (typeof result === 'string') {
    err(`seqscope: ${result}\n`);
    return 2;
  }
  if (!args.json)
    process.stdout.write(
      `indexed ${result.logs} logs (${result.read} read, ${result.unchanged} unchanged, ${result.unreadable} unreadable) ` +
        `into ${result.out} in ${result.seconds.toFixed(1)} s: ` +
        `${result.rows.sessions} sessions, ${result.rows.steps} steps, ${result.rows.tool_calls} tool calls, ${result.rows.diagnostics} diagnostics\n`,
    );
  return 0;
}
