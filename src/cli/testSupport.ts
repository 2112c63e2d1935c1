/**
 * TEST-ONLY: the built CLI (bin/seqscope.mjs), rebuilt when a source is newer, and the
 * ways the tests run it as a user does (every CLI test spawns it through here).
 */
import { spawn, spawnSync } from 'node:child_process';
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

export interface CliOptions {
  /** standard input */
  input?: Buffer;
  /** Node's own flags (a heap limit), before the script */
  nodeArgs?: string[];
  /** added to this process's environment */
  env?: Record<string, string>;
}

/** Runs the built CLI with args to its end (blocking: not while this process serves what it reads). */
export function runCli(args: string[], options: CliOptions = {}): CliRun {
  const r = spawnSync(process.execPath, [...(options.nodeArgs ?? []), BIN, ...args], {
    input: options.input,
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/**
 * Runs the built CLI with its standard output and error on a terminal (a pseudo-terminal opened
 * by util-linux `script`): what the terminal got, its CRLF newlines made LF again; undefined
 * without `script`.
 */
export function runCliOnTerminal(args: string[]): string | undefined {
  const word = (a: string) => `'${a.replaceAll("'", "'\\''")}'`;
  const command = [process.execPath, BIN, ...args].map(word).join(' ');
  const r = spawnSync('script', ['-qec', command, '/dev/null'], { input: '', encoding: 'utf8' });
  return r.error || r.status === null ? undefined : r.stdout.replaceAll('\r\n', '\n');
}

/** Runs the built CLI without blocking this process (needed when this process serves what it reads). */
export function runCliAsync(args: string[], options: Omit<CliOptions, 'input'> = {}): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), BIN, ...args], {
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
    child.on('error', fail);
    child.on('close', (code) => done({ code, out, err }));
  });
}
