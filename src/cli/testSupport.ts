/**
 * TEST-ONLY: the built CLI (bin/seqscope.mjs), rebuilt when a source is newer, and a way
 * to run it as a user does.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
export const BIN = join(ROOT, 'bin/seqscope.mjs');

/** The newest mtime of the sources the bundle is built from (tests aside). */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
      newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds bin/seqscope.mjs when it is missing or older than src/cli or src/core. */
export async function ensureBuiltCli(): Promise<void> {
  const stale = () =>
    statSync(BIN).mtimeMs <
    Math.max(newestSource(join(ROOT, 'src/cli')), newestSource(join(ROOT, 'src/core')));
  if (!existsSync(BIN) || stale()) {
    // @ts-expect-error: a plain .mjs build script without types
    const { buildCli } = (await import('../../scripts/build-cli.mjs')) as { buildCli: () => Promise<void> };
    await buildCli();
  }
}

export interface CliRun {
  code: number | null;
  out: string;
  err: string;
}

/** Runs the built CLI with args (and stdin input); the heap limit is Node's default unless given. */
export function runCli(args: string[], options: { input?: Buffer; nodeArgs?: string[] } = {}): CliRun {
  const r = spawnSync(process.execPath, [...(options.nodeArgs ?? []), BIN, ...args], {
    input: options.input,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
