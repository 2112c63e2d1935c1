#!/usr/bin/env node
// What stands between opening a log and its first timeline rows: opens a log through the file
// input and prints, in ms after the input's change event, every message between the page and the
// log worker (requests, answers, pushes) until the first row is drawn, then the first rows and
// ready times. A diagnostic script, not a benchmark table.
//
//   node scripts/first-rows.mjs <log> [--dist dist] [--port 4199] [--runs 1]
/* global window */
import { basename } from 'node:path';
import { arg, loadThroughInput, openApp, recordWorkerMessages, startProbe } from './loadProbe.mjs';

const { file, base, browser, close } = await startProbe(
  'node scripts/first-rows.mjs <log> [--dist dist] [--runs 1]',
);
const runs = Number(arg('runs', '1'));
try {
  for (let r = 0; r < runs; r++) {
    const page = await openApp(browser, base, { initScript: recordWorkerMessages });
    await page.evaluate(() => (window.__workerMessages.length = 0));
    const m = await loadThroughInput(page, file);
    const t0 = await page.evaluate(() => window.__loadProbe.t0);
    const log = await page.evaluate(() => window.__workerMessages);
    console.log(
      `${basename(file)}: first rows ${m.firstRows?.toFixed(0)} ms, ready ${m.ready?.toFixed(0)} ms`,
    );
    for (const e of log) {
      const at = e.at - t0;
      if (at > (m.firstRows ?? 0) + 100) break;
      console.log(
        `  ${at.toFixed(0).padStart(6)} ms  ${e.what} ${e.kind}${e.events !== undefined ? ` (${e.events})` : ''}`,
      );
    }
    await page.close();
  }
} finally {
  await close();
}
