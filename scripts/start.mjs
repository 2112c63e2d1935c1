#!/usr/bin/env node
// `npm start`: install deps if needed, build, then serve dist/ with
// `vite preview` on 127.0.0.1 (port 4173, or the next free one) until Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDeps } from './ensure-deps.mjs';
import { startUrl } from './start-url.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const FIRST_PORT = 4173;

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

async function freePort(from) {
  for (let port = from; port < from + 100; port++) {
    if (await portIsFree(port)) return port;
  }
  throw new Error(`start: no free port in ${from}-${from + 99}`);
}

function responds(url) {
  return new Promise((resolve) => {
    const req = request(url, { method: 'GET', timeout: 1000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.once('error', () => resolve(false));
    req.once('timeout', () => {
      req.destroy();
      resolve(false);
    });
    req.end();
  });
}

function onPath(command) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function tryOpenBrowser(url) {
  if (!process.env.DISPLAY || !onPath('xdg-open')) return;
  try {
    const child = spawn('xdg-open', [url], { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // Opening a browser is a convenience only.
  }
}

try {
  ensureDeps(root);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const build = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) {
  console.error('start: the build failed');
  process.exit(1);
}

const port = await freePort(FIRST_PORT);
const rootUrl = `http://${HOST}:${port}/`;
// The app with the demo loaded; the root URL itself is the start page.
const url = startUrl(`http://${HOST}:${port}`);
const vite = join(root, 'node_modules/.bin', process.platform === 'win32' ? 'vite.cmd' : 'vite');
const server = spawn(vite, ['preview', '--host', HOST, '--port', String(port), '--strictPort'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  if (!stopping) console.error(`start: vite preview exited (${signal ?? code})`);
  process.exit(stopping ? 0 : (code ?? 1));
});

for (let i = 0; i < 300 && !(await responds(rootUrl)); i++) {
  await new Promise((resolve) => setTimeout(resolve, 100));
}
console.log(`\nSeqscope is running at ${url}\nPress Ctrl-C to stop.`);
tryOpenBrowser(url);
