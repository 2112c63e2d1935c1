/** Test helpers for the CLI's library commands (never imported by the CLI itself). */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');
const BIN = join(ROOT, 'bin/seqscope.mjs');

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

/** `npm test` builds first; a lone `vitest run` builds the CLI when it is missing or stale. */
export async function ensureCli(): Promise<void> {
  const stale = () =>
    statSync(BIN).mtimeMs <
    Math.max(newestSource(join(ROOT, 'src/cli')), newestSource(join(ROOT, 'src/core')));
  if (!existsSync(BIN) || stale()) {
    // @ts-expect-error: a plain .mjs build script without types
    const { buildCli } = (await import('../../../scripts/build-cli.mjs')) as {
      buildCli: () => Promise<void>;
    };
    await buildCli();
  }
}

/** Runs the built CLI. */
export function seqscope(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 64 << 20,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** `seqscope query INDEX SQL --json`, parsed. */
export function query(
  index: string,
  sql: string,
  env: Record<string, string> = {},
): Record<string, unknown>[] {
  const r = seqscope(['query', index, sql, '--json'], env);
  if (r.code !== 0) throw new Error(`query failed (${r.code}): ${r.err}`);
  return JSON.parse(r.out) as Record<string, unknown>[];
}

/** Runs the built CLI without blocking this process (needed when this process serves what it reads). */
export function seqscopeAsync(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
    child.on('error', fail);
    child.on('close', (code) => done({ code, out, err }));
  });
}

/** `seqscope query INDEX SQL --json` without blocking. */
export async function queryAsync(
  index: string,
  sql: string,
  env: Record<string, string> = {},
): Promise<Record<string, unknown>[]> {
  const r = await seqscopeAsync(['query', index, sql, '--json'], env);
  if (r.code !== 0) throw new Error(`query failed (${r.code}): ${r.err}`);
  return JSON.parse(r.out) as Record<string, unknown>[];
}
