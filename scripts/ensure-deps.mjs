#!/usr/bin/env node
// Makes node_modules match package-lock.json. Quiet when nothing needs doing.
//
// Reinstalls when node_modules is missing, or when package-lock.json is newer
// than npm's hidden lockfile (node_modules/.package-lock.json). Tries `npm ci`,
// then `npm install`. If npm complains that the lockfile lacks
// napi-windows-process-start-time (an optional dependency of vite 8 that some
// npm versions leave out of the lockfile), re-pins vite with
// `npm i -D -E vite@8.3.8` and retries.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync, utimesSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const defaultRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
// npm ci says e.g. `Missing: napi-windows-process-start-time@1.0.0 from lock file`.
const NAPI_HINT = /Missing:?\s+napi-windows-process-start-time/;
const npmBin = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Why an install is needed, or undefined when node_modules is up to date. */
export function installReason(root = defaultRoot) {
  if (!existsSync(join(root, 'node_modules'))) return 'node_modules is missing';
  const lock = mtime(join(root, 'package-lock.json'));
  const hidden = mtime(join(root, 'node_modules/.package-lock.json'));
  if (hidden === undefined) return 'node_modules/.package-lock.json is missing';
  if (lock !== undefined && lock > hidden) return 'package-lock.json is newer than node_modules';
  return undefined;
}

function npm(root, args) {
  const res = spawnSync(npmBin, args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false' },
  });
  const output = `${res.stdout ?? ''}${res.stderr ?? ''}${res.error ? String(res.error) : ''}`;
  return { ok: res.status === 0, output };
}

/** Runs `npm <args>`; on the napi-windows lockfile error, re-pins vite and retries once. */
function npmWithNapiFix(root, args, log) {
  let res = npm(root, args);
  if (!res.ok && NAPI_HINT.test(res.output)) {
    log.push(res.output);
    console.log(
      'ensure-deps: lockfile lacks napi-windows-process-start-time; running npm i -D -E vite@8.3.8',
    );
    const fix = npm(root, ['install', '--save-dev', '--save-exact', 'vite@8.3.8']);
    log.push(fix.output);
    res = npm(root, args);
  }
  log.push(res.output);
  return res.ok;
}

/**
 * Installs dependencies if needed. Returns true when it installed, false when
 * nothing was needed; throws when every install attempt failed.
 */
export function ensureDeps(root = defaultRoot) {
  const reason = installReason(root);
  if (!reason) return false;
  console.log(`ensure-deps: ${reason}; running npm ci`);
  const log = [];
  let ok = npmWithNapiFix(root, ['ci'], log);
  if (!ok) {
    console.log('ensure-deps: npm ci failed; trying npm install');
    ok = npmWithNapiFix(root, ['install'], log);
  }
  if (!ok) {
    console.error(log.join('\n'));
    throw new Error('ensure-deps: could not install dependencies (npm ci and npm install both failed)');
  }
  // npm may leave its hidden lockfile untouched when nothing changed; mark
  // node_modules as fresh so the next run stays quiet.
  const hidden = join(root, 'node_modules/.package-lock.json');
  if (existsSync(hidden)) {
    const now = new Date();
    utimesSync(hidden, now, now);
  }
  console.log('ensure-deps: dependencies installed');
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    ensureDeps();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
