// Shared by the measure-* scripts: serve dist/ with `vite preview` on a port
// and drive the system Chromium (SEQSCOPE_CHROMIUM or /usr/bin/chromium)
// headless, with the flags this machine needs (no background networking).
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts `vite preview` of the build in `dist` (relative to the working directory; the repo's
 * dist/ by default) on 127.0.0.1:port and waits until it answers; returns its base URL and the process.
 */
export async function startPreview(port, dist = join(root, 'dist')) {
  const base = `http://127.0.0.1:${port}/`;
  const server = spawn(
    join(root, 'node_modules/.bin/vite'),
    ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--outDir', resolve(dist)],
    { cwd: root, stdio: 'ignore' },
  );
  for (let i = 0; i < 150; i++) {
    const up = await fetch(base).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, server };
}

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.SEQSCOPE_CHROMIUM || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
