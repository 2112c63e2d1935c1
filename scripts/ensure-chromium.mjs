#!/usr/bin/env node
// Finds a Chromium for Playwright (which cannot download its own browsers
// here), installing Debian's `chromium` with apt-get when running as root,
// and a colour emoji font (Debian's `fonts-noto-color-emoji`) when none is
// installed, so screenshots of logs with emoji show them instead of boxes.
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

export const EMOJI_FONT_PACKAGE = 'fonts-noto-color-emoji';

/**
 * True when fontconfig knows a font that draws U+2705 (✅), false when it knows none, and
 * undefined when there is no fontconfig to ask (not Linux): Chromium then uses the system's own.
 */
export function hasEmojiFont(run = spawnSync) {
  const res = run('fc-list', [':charset=2705', 'family'], { encoding: 'utf8' });
  if (res.error || res.status !== 0) return undefined;
  return String(res.stdout).trim() !== '';
}

/**
 * Installs Debian's colour emoji font with apt-get when none is installed and this runs as root;
 * otherwise says once how to (a missing font is no test failure: emoji only draw as boxes).
 * Returns what it did: 'present', 'installed', 'missing' (could not install) or 'unknown'.
 */
export function ensureEmojiFont({
  run = spawnSync,
  isRoot = process.getuid?.() === 0,
  hasApt = onPath('apt-get'),
} = {}) {
  const has = hasEmojiFont(run);
  if (has === undefined) return 'unknown';
  if (has) return 'present';
  if (isRoot && hasApt) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () =>
      run('apt-get', ['install', '-y', EMOJI_FONT_PACKAGE], { stdio: 'inherit', env }).status === 0;
    console.log(`ensure-chromium: installing ${EMOJI_FONT_PACKAGE} with apt-get (emoji in screenshots)`);
    // A fresh image may have no package lists yet: update only when the install needs it.
    if (install() || (run('apt-get', ['update'], { stdio: 'inherit', env }), install())) return 'installed';
  }
  console.warn(
    `ensure-chromium: no emoji font, so emoji in screenshots draw as boxes: run \`sudo apt-get install -y ${EMOJI_FONT_PACKAGE}\``,
  );
  return 'missing';
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
  ensureEmojiFont();
  return found;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(ensureChromium());
}
