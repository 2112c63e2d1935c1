#!/usr/bin/env node
// Measures the web app on a big log (the timeline's load figures): time from opening
// the file to the first timeline rows and to ready, the main thread's longest
// task while loading, page and worker heap, and click-to-messages latency.
//
//   npm run gen -- --events 1000000 --out /tmp/big.jsonl
//   npx vite build && node scripts/measure-app.mjs /tmp/big.jsonl
//
// Serves dist/ with `vite preview` on a spare port and drives the system
// Chromium (SEQSCOPE_CHROMIUM or /usr/bin/chromium) headless.
// The page.evaluate callbacks below run in the browser.
/* global window, document, requestAnimationFrame, MutationObserver */
import { basename } from 'node:path';
import { launchChromium, startPreview } from './measure-browser.mjs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/measure-app.mjs <log file>');
  process.exit(2);
}
const { base, server } = await startPreview(4199);
const name = basename(file);
const round = (x) => Math.round(x);

try {
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${base}?sample=demo.jsonl`); // the root URL is the start page
  await page.waitForSelector('[data-testid=status][data-state=ready]');

  // In-page probes: long tasks, first rows, ready; the clock starts at the input's change event.
  await page.evaluate((name) => {
    const m = { t0: null, longest: 0, longTasks: 0, firstRows: null, ready: null };
    window.__measure = m;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (m.t0 === null || e.startTime < m.t0 || m.ready !== null) continue;
        m.longTasks++;
        m.longest = Math.max(m.longest, e.duration);
      }
    }).observe({ type: 'longtask' });
    const poll = () => {
      const st = document.querySelector('[data-testid=status]');
      if (st?.getAttribute('data-name') === name) {
        if (m.firstRows === null && document.querySelector('[data-testid=timeline] [data-seq]'))
          m.firstRows = performance.now() - m.t0;
        if (st.getAttribute('data-state') === 'ready') m.ready = performance.now() - m.t0;
      }
      if (m.ready === null) requestAnimationFrame(poll);
    };
    document.querySelector('input[type=file]').addEventListener(
      'change',
      () => {
        m.t0 = performance.now();
        requestAnimationFrame(poll);
      },
      { once: true, capture: true },
    );
  }, name);
  await page.locator('input[type=file]').setInputFiles(file);
  await page.waitForSelector(`[data-testid=status][data-state=ready][data-name="${name}"]`, {
    timeout: 600_000,
  });
  const m = await page.evaluate(() => window.__measure);
  const events = await page.getByTestId('status').getAttribute('data-events');

  // Heap: the page via Performance metrics, the worker via its CDP child target.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const pageHeap =
    (await cdp.send('Performance.getMetrics')).metrics.find((x) => x.name === 'JSHeapUsedSize')?.value ?? NaN;
  const workerSession = new Promise((resolve) => {
    cdp.on('Target.attachedToTarget', (e) => e.targetInfo.type === 'worker' && resolve(e.sessionId));
    setTimeout(() => resolve(null), 3000);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  let workerHeap = null;
  const sessionId = await workerSession;
  if (sessionId) {
    const reply = new Promise((resolve) => {
      cdp.on('Target.receivedMessageFromTarget', (e) => {
        const msg = JSON.parse(e.message);
        if (msg.id === 1) resolve(msg.result);
      });
      setTimeout(() => resolve(null), 5000);
    });
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id: 1, method: 'Runtime.getHeapUsage' }),
    });
    workerHeap = await reply;
  }

  // Click-to-messages: click visible rows, time until the messages pane shows that seq.
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
  clicks.sort((a, b) => a - b);

  console.log(`log: ${name}, ${events} events`);
  console.log(`first rows: ${round(m.firstRows)} ms, ready: ${round(m.ready)} ms`);
  console.log(
    `main thread while loading: longest task ${round(m.longest)} ms, ${m.longTasks} tasks over 50 ms`,
  );
  console.log(`page JS heap: ${round(pageHeap / 1e6)} MB`);
  console.log(
    workerHeap
      ? `worker JS heap: ${round(workerHeap.usedSize / 1e6)} MB used of ${round(workerHeap.totalSize / 1e6)} MB (the log's bytes are ArrayBuffers outside it)`
      : 'worker JS heap: not available',
  );
  console.log(
    `click to messages: p50 ${clicks[Math.floor(clicks.length / 2)]} ms, max ${clicks.at(-1)} ms (${clicks.length} clicks)`,
  );
  await browser.close();
} finally {
  server.kill();
}
