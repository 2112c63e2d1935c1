#!/usr/bin/env node
// Measures the web app on a big log (the timeline's load figures): time from opening
// the file to the first timeline rows and to ready, the main thread's longest
// task while loading, page and worker heap, and click-to-messages latency.
//
//   npm run gen -- --events 1000000 --out /tmp/big.jsonl
//   npx vite build && node scripts/measure-app.mjs /tmp/big.jsonl [--port 4199]
//
// Serves dist/ with `vite preview` (--port, else SEQSCOPE_E2E_PORT, else 4199) and drives the system
// Chromium (SEQSCOPE_CHROMIUM or /usr/bin/chromium) headless.
// The page.evaluate callbacks below run in the browser.
/* global document, MutationObserver */
import { basename } from 'node:path';
import { launchChromium, startPreview } from './measure-browser.mjs';
import { heapsMB, loadThroughInput, logArgument, openApp, portArgument } from './loadProbe.mjs';

const file = logArgument('node scripts/measure-app.mjs <log file> [--port 4199]');
const { base, server } = await startPreview(portArgument());
const name = basename(file);
const round = (x) => Math.round(x);

/** Click-to-messages: clicks visible rows; per click, the ms until the messages pane shows that seq. */
async function clicksToMessages(page) {
  const clicks = [];
  for (let i = 0; i < 15; i++) {
    const t = await page.evaluate(async (i) => {
      const rows = [...document.querySelectorAll('[data-testid=timeline] [data-seq]')];
      const row = rows[(i * 7 + 3) % rows.length];
      const seq = row.getAttribute('data-seq');
      const pane = document.querySelector('[data-testid=messages]');
      if (pane.getAttribute('data-seq') === seq) return null;
      const t0 = performance.now();
      return new Promise((resolve) => {
        const obs = new MutationObserver(() => {
          if (pane.getAttribute('data-seq') !== seq) return;
          obs.disconnect();
          resolve(performance.now() - t0);
        });
        obs.observe(pane, { attributes: true });
        row.click();
      });
    }, i);
    if (t !== null) clicks.push(round(t));
  }
  return clicks.sort((a, b) => a - b);
}

const browser = await launchChromium();
try {
  const page = await openApp(browser, base);
  const m = await loadThroughInput(page, file);
  if (m.error !== null) {
    console.error(`${name} did not open: ${m.error}`);
    process.exitCode = 1;
  } else {
    const heap = await heapsMB(page);
    const clicks = await clicksToMessages(page);
    console.log(`log: ${name}, ${m.events} events`);
    console.log(`first rows: ${round(m.firstRows)} ms, ready: ${round(m.ready)} ms`);
    console.log(
      `main thread while loading: longest task ${round(m.load.longest)} ms, ${m.load.count} tasks over 50 ms`,
    );
    console.log(`page JS heap: ${round(heap.page)} MB`);
    console.log(
      heap.worker !== null
        ? `worker JS heap: ${round(heap.worker)} MB live after a GC (${round(heap.workerBeforeGc)} MB used before it), of ${round(heap.workerTotal)} MB (the log's bytes are ArrayBuffers outside it)`
        : 'worker JS heap: not available',
    );
    console.log(
      `click to messages: p50 ${clicks[Math.floor(clicks.length / 2)]} ms, max ${clicks.at(-1)} ms (${clicks.length} clicks)`,
    );
  }
} finally {
  await browser.close();
  server.kill();
}
