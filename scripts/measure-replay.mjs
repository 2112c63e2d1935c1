#!/usr/bin/env node
// Measures token-level replay on a big log (the replay figures):
//   1. frames dropped while dragging the scrubber across the log (requestAnimationFrame
//      gaps longer than 1.5x the frame interval during a scripted drag), and the main
//      thread's longest task meanwhile;
//   2. the time from a slider move to the preview being painted (messages pane and
//      streaming preview showing the new seq, then the next frame): p50 / p95 / max;
//   3. playback drift against recorded time: real-time pacing at a speed (default 1x)
//      for a stretch of wall time (default 60 s); the wall time elapsed between the first
//      and last position shown is compared with the recorded time those positions span,
//      idle gaps over 2 s (skipped by the player, 250 ms beat each at 1x) excluded.
//
//   npm run gen -- --events 1000000 --out /tmp/big.jsonl
//   npx vite build && node --import tsx scripts/measure-replay.mjs /tmp/big.jsonl [--seconds 60] [--speed 1] [--port 4198]
//
// Serves dist/ with `vite preview` on a spare port and drives the system Chromium
// (SEQSCOPE_CHROMIUM or /usr/bin/chromium) headless. The expectations for the drift
// come from the core (src/core) reading the same file in Node, hence `--import tsx`.
// The page.evaluate callbacks below run in the browser.
/* global window, document, location, requestAnimationFrame, MutationObserver */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { launchChromium, startPreview } from './measure-browser.mjs';
import { loadThroughInput, openApp, portArgument, recordFrames } from './loadProbe.mjs';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
if (!file) {
  console.error(
    'usage: node --import tsx scripts/measure-replay.mjs <log file> [--seconds 60] [--speed 1] [--port 4198]',
  );
  process.exit(2);
}
const seconds = opt('seconds', 60);
const speed = opt('speed', 1);
const IDLE_GAP_MS = 2000; // core/replay/pacing.ts DEFAULT_IDLE_GAP_MS
const SKIPPED_BEAT_MS = 250; // DEFAULT_SKIPPED_GAP_MS

const { base, server } = await startPreview(portArgument(4198));
const name = basename(file);
const round = (x) => Math.round(x);
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];

/** The recorded times of the log, read by the core (the same bytes the page reads). */
async function recordedTimes() {
  const { loadLogFromBytes } = await import('../src/core/log/load.ts');
  const log = loadLogFromBytes(readFileSync(file));
  return { count: log.eventCount, timeOf: (s) => log.timeOf(s) };
}

try {
  const times = await recordedTimes();
  const browser = await launchChromium();
  const page = await openApp(browser, base);
  const loaded = await loadThroughInput(page, file);
  if (loaded.error !== null) throw new Error(`${name} did not open: ${loaded.error}`);
  const events = loaded.events;
  const slider = page.getByRole('slider', { name: 'Replay position' });
  await page.waitForTimeout(1500); // let the scrubber's axis and the panes settle

  // ---------------------------------------------------------------- 1. drag: dropped frames
  const recorder = await recordFrames(page);
  // The frame interval, idle.
  await recorder.start();
  await page.waitForTimeout(1000);
  const idleFrames = (await recorder.stop()).frames;
  const idle = idleFrames
    .slice(1)
    .map((t, i) => t - idleFrames[i])
    .sort((a, b) => a - b)[Math.floor((idleFrames.length - 1) / 2)];
  const box = await slider.boundingBox();
  const y = box.y + box.height / 2;
  const moves = 240;
  await page.mouse.move(box.x + 2, y);
  await page.mouse.down();
  await recorder.start();
  const dragStart = Date.now();
  for (let i = 1; i <= moves; i++) {
    await page.mouse.move(box.x + 2 + ((box.width - 4) * i) / moves, y);
    await page.waitForTimeout(12);
  }
  const dragMs = Date.now() - dragStart;
  await page.mouse.up();
  const drag = await recorder.stop();
  const gaps = drag.frames.slice(1).map((t, i) => t - drag.frames[i]);
  const slow = gaps.filter((g) => g > 1.5 * idle);
  const dropped = slow.reduce((a, g) => a + Math.max(1, Math.round(g / idle) - 1), 0);
  const expectedFrames = Math.round((drag.frames.at(-1) - drag.frames[0]) / idle);

  // ---------------------------------------------------------------- 2. move -> preview painted
  await page.waitForTimeout(500);
  await page.mouse.move(box.x + box.width * 0.5, y);
  await page.mouse.down();
  await page.waitForTimeout(300);
  const latencies = [];
  for (let i = 0; i < 60; i++) {
    // Spread over the bar, never the same place twice in a row.
    const f = 0.02 + ((i * 0.618034) % 1) * 0.96;
    const px = box.x + box.width * f;
    const probe = page.evaluate(() => {
      const el = document.querySelector('[role=slider]');
      const pane = document.querySelector('[data-testid=messages]');
      return new Promise((resolve) => {
        let t0 = null;
        const done = () => {
          const seq = el.getAttribute('aria-valuenow');
          if (t0 === null || pane.getAttribute('data-seq') !== seq) return false;
          const s = document.querySelector('[data-testid=streaming]');
          if (s && s.getAttribute('data-seq') !== seq) return false;
          // Painted: the frame after the DOM change (rAF, then the paint that follows it).
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
          return true;
        };
        el.addEventListener(
          'pointermove',
          (e) => {
            t0 = e.timeStamp;
            const obs = new MutationObserver(() => {
              if (done()) obs.disconnect();
            });
            obs.observe(document.body, { attributes: true, subtree: true, attributeFilter: ['data-seq'] });
            setTimeout(() => {
              if (!done()) return;
              obs.disconnect();
            }, 0);
          },
          { once: true, capture: true },
        );
      });
    });
    await page.mouse.move(px, y);
    latencies.push(await probe);
  }
  await page.mouse.up();
  latencies.sort((a, b) => a - b);

  // ---------------------------------------------------------------- 3. playback drift
  const startSeq = Math.floor(events * 0.4);
  await page.getByRole('button', { name: 'Real time', exact: true }).click();
  await page.getByLabel('Speed').selectOption(String(speed));
  await page.evaluate((s) => (location.hash = `#seq=${s}`), startSeq);
  await page.waitForFunction(
    (s) => document.querySelector('[role=slider]')?.getAttribute('aria-valuenow') === String(s),
    startSeq,
  );
  await page.waitForTimeout(500);
  await page.evaluate(() => {
    const el = document.querySelector('[role=slider]');
    const log = [];
    window.__play = log;
    new MutationObserver(() =>
      log.push([performance.now(), Number(el.getAttribute('aria-valuenow'))]),
    ).observe(el, { attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForTimeout(seconds * 1000);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  const shown = await page.evaluate(() => window.__play);
  // Expected playback time of each shown seq from the first one: the recorded gaps, with
  // idle gaps over 2 s played as a 250 ms beat (and counted as skipped).
  const first = shown[0];
  const last = shown.at(-1);
  let expectedMs = 0;
  let recordedMs = 0;
  let skipped = 0;
  let skippedMs = 0;
  const residuals = [];
  let k = 1;
  for (let s = first[1] + 1; s <= last[1]; s++) {
    const a = times.timeOf(s - 1);
    const b = times.timeOf(s);
    if (a !== undefined && b !== undefined) {
      const d = b - a;
      if (d > IDLE_GAP_MS) {
        skipped++;
        skippedMs += d;
        expectedMs += SKIPPED_BEAT_MS;
      } else if (d > 0) {
        expectedMs += d;
        recordedMs += d;
      }
    } else expectedMs += 100; // untimed: 10 events/s
    while (k < shown.length && shown[k][1] === s) {
      residuals.push((shown[k][0] - first[0]) * speed - expectedMs);
      k++;
    }
  }
  const wallMs = last[0] - first[0];
  const wallExcludingBeats = wallMs - (skipped * SKIPPED_BEAT_MS) / speed;
  const drift = wallExcludingBeats * speed - recordedMs;
  const maxResidual = residuals.reduce((a, r) => Math.max(a, Math.abs(r)), 0);

  console.log(`log: ${name}, ${events.toLocaleString('en-US')} events`);
  console.log(
    `drag: ${moves} pointer moves over ${dragMs} ms; frame interval ${idle.toFixed(1)} ms; ` +
      `${drag.frames.length} frames painted of ~${expectedFrames}; ${slow.length} gaps > 1.5x ` +
      `(${dropped} frames dropped, ${((100 * dropped) / Math.max(1, expectedFrames)).toFixed(1)}%); ` +
      `worst gap ${round(Math.max(...gaps))} ms; longest task ${round(Math.max(0, ...drag.long))} ms ` +
      `(${drag.long.length} over 50 ms)`,
  );
  console.log(
    `slider move -> preview painted (${latencies.length} moves): p50 ${round(pct(latencies, 0.5))} ms, ` +
      `p95 ${round(pct(latencies, 0.95))} ms, max ${round(latencies.at(-1))} ms`,
  );
  console.log(
    `playback drift, real time at ${speed}x for ${seconds} s from seq ${first[1]} to ${last[1]} ` +
      `(${shown.length} positions shown, ${skipped} idle gaps skipped = ${round(skippedMs / 1000)} s recorded): ` +
      `wall ${round(wallMs)} ms (${round(wallExcludingBeats)} ms without the skip beats) x ${speed} vs ` +
      `recorded ${round(recordedMs)} ms -> drift ${round(drift)} ms ` +
      `(${((100 * drift) / Math.max(1, recordedMs)).toFixed(3)}%); ` +
      `largest lag of a shown position behind its due time ${round(maxResidual)} ms (scaled to 1x)`,
  );
  await browser.close();
} finally {
  server.kill();
}
