#!/usr/bin/env node
// Finds a Chromium for Playwright (which cannot download its own browsers
// here), installing Debian's `chromium` with apt-get when running as root.
// As a CLI it prints the path; as a module, `ensureChromium()` returns it.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const NOT_FOUND =
  'Chromium not found: run `sudo apt-get install -y chromium` (or set SEQSCOPE_CHROMIUM=/path/to/chrome)';

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && isExecutable(join(dir, command)));
}

/** The first usable Chromium, or undefined. SEQSCOPE_CHROMIUM wins when set. */
export function findChromium() {
  const fromEnv = process.env.SEQSCOPE_CHROMIUM;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    console.warn(`ensure-chromium: SEQSCOPE_CHROMIUM=${fromEnv} is not an executable; looking elsewhere`);
  }
  return CANDIDATES.find(isExecutable);
}

function aptInstallChromium() {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  console.log('ensure-chromium: installing Debian chromium with apt-get');
  spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  const res = spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env });
  return res.status === 0;
}

/** Returns a Chromium path, installing it if possible; prints one line and exits 1 otherwise. */
export function ensureChromium() {
  let found = findChromium();
  if (!found && process.getuid?.() === 0 && onPath('apt-get')) {
    aptInstallChromium();
    found = findChromium();
  }
  if (!found) {
    console.error(NOT_FOUND);
    process.exit(1);
  }
  return found;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(ensureChromium());
}
