// The one load probe of the browser scripts (bench-browser, measure-app, measure-load,
// measure-seek), and the set-up they share: reading their arguments, opening the built app on
// its demo, opening a log through the file input and timing it from the input's change event
// (first timeline rows, ready, long tasks), the random seqs a seek run visits, a DevTools
// session on the log worker (heap, CPU profile), a record of the page's worker messages
// (first-rows, measure-seek) and a DevTools trace (measure-seek, trace-tasks). A script helper,
// not a test.
// The page.evaluate callbacks below run in the browser.
/* global window, document, requestAnimationFrame */
import { basename } from 'node:path';
import { launchChromium, startPreview } from './measure-browser.mjs';

/** The value after `--name` on the command line, else `fallback`. */
export function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

/** The log file, the first argument; without one, prints `usage` and exits 2. */
export function logArgument(usage) {
  const file = process.argv[2];
  if (!file || file.startsWith('--')) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return file;
}

/** The port to serve on: --port, else SEQSCOPE_E2E_PORT, else `fallback`. */
export const portArgument = (fallback = 4199) =>
  Number(arg('port', process.env.SEQSCOPE_E2E_PORT ?? fallback));

/**
 * What a diagnostic browser script starts with: its log (the first argument; without one, prints
 * `usage` and exits 2), the built app (--dist, default dist) served on --port, and Chromium.
 * `close()` closes the browser and stops the server.
 */
export async function startProbe(usage) {
  const file = logArgument(usage);
  const { base, server } = await startPreview(portArgument(), arg('dist', 'dist'));
  const browser = await launchChromium();
  const close = async () => {
    await browser.close();
    server.kill();
  };
  return { file, base, browser, close };
}

/** `count` seqs below `events`, the same every run (a fixed-seed LCG), so runs compare seek for seek. */
export function seekTargets(events, count) {
  let seed = 42;
  const seqs = [];
  for (let i = 0; i < count; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    seqs.push(Math.floor((seed / 2147483648) * events));
  }
  return seqs;
}

/** The p-th quantile (0..1) of `xs` by rank; NaN when empty. */
export const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;

/**
 * A page of the built app at `base` with the demo loaded (the root URL is the start page, whose
 * file input the probe uses), or the start page itself with `fromStart` (default: the command
 * line has --from-start, as the e2e long-task test opens its log); page errors are printed. `initScript`, if given, runs in the page
 * before the app's own scripts (page.addInitScript); `storage` (key -> string) is put in the
 * page's local storage before the app reads it (stored preferences such as the pane layout).
 */
export async function openApp(
  browser,
  base,
  { width = 1600, height = 900, initScript, storage, fromStart = process.argv.includes('--from-start') } = {},
) {
  const page = await browser.newPage({ viewport: { width, height } });
  if (initScript) await page.addInitScript(initScript);
  if (storage)
    await page.addInitScript((items) => {
      for (const [k, v] of Object.entries(items)) window.localStorage.setItem(k, v);
    }, storage);
  page.on('pageerror', (e) => console.error('  page error:', e.message));
  // --from-start: the start page (no log open), so the file input's change leaves it for the panes.
  if (fromStart) {
    await page.goto(base);
    await page.waitForSelector('input[type=file]', { state: 'attached' });
    return page;
  }
  await page.goto(`${base}?sample=demo.jsonl`);
  await page.waitForSelector('[data-testid=status][data-state=ready]');
  return page;
}

/**
 * Opens `file` through the app's file input and waits until it is ready, fails or stalls. The
 * clock starts at the input's change event. Returns, in ms from then: `firstRows` (a timeline row
 * drawn), `ready`; `events` (the status's count when it stopped); `error` (the status's text, or
 * "stalled: ..." when the event count has not moved for `stallMs`), else null; and the long
 * tasks (PerformanceObserver `longtask`, over 50 ms) while loading, `load: { longest, count }`.
 * The probe keeps counting long tasks after ready: `readLongTasks(page)` reads them since the
 * change event (load and whatever the script did next).
 */
export async function loadThroughInput(page, file, { stallMs = Infinity, timeout = 600_000 } = {}) {
  await page.evaluate(
    ({ logName, stallMs }) => {
      const m = {
        t0: 0,
        firstRows: null,
        ready: null,
        error: null,
        events: null,
        movedAt: 0,
        load: { longest: 0, count: 0 },
        all: { longest: 0, count: 0 },
      };
      window.__loadProbe = m;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          if (m.t0 === 0 || e.startTime < m.t0) continue;
          m.all.count++;
          m.all.longest = Math.max(m.all.longest, e.duration);
          if (m.ready !== null && e.startTime >= m.t0 + m.ready) continue;
          m.load.count++;
          m.load.longest = Math.max(m.load.longest, e.duration);
        }
      }).observe({ type: 'longtask' });
      const poll = () => {
        const st = document.querySelector('[data-testid=status]');
        if (st?.getAttribute('data-name') === logName) {
          if (m.firstRows === null && document.querySelector('[data-testid=timeline] [data-seq]'))
            m.firstRows = performance.now() - m.t0;
          const state = st.getAttribute('data-state');
          if (state === 'ready') m.ready = performance.now() - m.t0;
          if (state === 'error') m.error = st.textContent || 'error';
          const events = st.getAttribute('data-events');
          if (events !== m.events) {
            m.events = events;
            m.movedAt = performance.now();
          }
        }
        if (m.ready === null && m.error === null && performance.now() - m.movedAt > stallMs)
          m.error = `stalled: no progress for ${stallMs / 1000} s at ${m.events} events`;
        if (m.ready === null && m.error === null) requestAnimationFrame(poll);
      };
      document.querySelector('input[type=file]').addEventListener(
        'change',
        () => {
          m.t0 = performance.now();
          m.movedAt = m.t0;
          requestAnimationFrame(poll);
        },
        { once: true, capture: true },
      );
    },
    { logName: basename(file), stallMs },
  );
  await page.locator('input[type=file]').first().setInputFiles(file);
  await page.waitForFunction(
    () => window.__loadProbe.ready !== null || window.__loadProbe.error !== null,
    void 0,
    { timeout, polling: 200 },
  );
  const m = await page.evaluate(() => window.__loadProbe);
  return { firstRows: m.firstRows, ready: m.ready, error: m.error, events: Number(m.events), load: m.load };
}

/**
 * Installs a recorder of every animation frame's time and every long task's duration, which
 * records only between `start()` (which clears what it had) and `stop()` (which returns
 * `{ frames, long }`): the intervals between frames say whether each was painted in time (a frame
 * the main thread missed shows as a longer interval).
 */
export async function recordFrames(page) {
  await page.evaluate(() => {
    const m = { frames: [], long: [], on: false };
    window.__frames = m;
    const tick = (t) => {
      if (m.on) m.frames.push(t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    new PerformanceObserver((list) => {
      if (m.on) for (const e of list.getEntries()) m.long.push(e.duration);
    }).observe({ type: 'longtask' });
  });
  return {
    start: () =>
      page.evaluate(() => {
        Object.assign(window.__frames, { frames: [], long: [], on: true });
      }),
    stop: () =>
      page.evaluate(() => {
        const m = window.__frames;
        m.on = false;
        return { frames: m.frames, long: m.long };
      }),
  };
}

/** The long tasks since the last `loadThroughInput`'s change event: `{ longest, count }`. */
export const readLongTasks = (page) => page.evaluate(() => window.__loadProbe.all);

/**
 * A DevTools session on the page's log worker (not a range worker): `send(method, params,
 * waitMs)` resolves with the method's result (null after `waitMs`, 5 s by default, without an
 * answer). Null when no such worker shows up within 3 s.
 */
export async function attachLogWorker(page) {
  const cdp = await page.context().newCDPSession(page);
  const sessionId = await new Promise((ok) => {
    cdp.on('Target.attachedToTarget', (e) => {
      if (e.targetInfo.type === 'worker' && !/rangeWorker/.test(e.targetInfo.url)) ok(e.sessionId);
    });
    void cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    });
    setTimeout(() => ok(null), 3e3);
  });
  if (!sessionId) {
    await cdp.detach();
    return null;
  }
  let next = 1;
  const waiting = new Map();
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const msg = JSON.parse(e.message);
    waiting.get(msg.id)?.(msg.result ?? null);
    waiting.delete(msg.id);
  });
  const send = (method, params = {}, waitMs = 5e3) =>
    new Promise((ok) => {
      const id = next++;
      waiting.set(id, ok);
      setTimeout(() => ok(null), waitMs);
      void cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method, params }),
      });
    });
  return { send, detach: () => cdp.detach() };
}

/**
 * The JS heaps in MB: the page's, and the log worker's (null when it cannot be read). The worker's
 * is what stays live after a full garbage collection (`worker`): the used size before one
 * (`workerBeforeGc`) also counts the load's garbage not yet collected, which V8 leaves longer the
 * larger the heap, so it grew faster than the log (736 MB at 2 GB against 193 MB at 1 GB).
 */
export async function heapsMB(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const used =
    (await cdp.send('Performance.getMetrics')).metrics.find((x) => x.name === 'JSHeapUsedSize')?.value ?? NaN;
  await cdp.detach();
  const worker = await attachLogWorker(page);
  const before = worker ? await worker.send('Runtime.getHeapUsage') : null;
  const collected = worker ? await worker.send('HeapProfiler.collectGarbage', {}, 60e3) : null;
  const usage = worker && collected !== null ? await worker.send('Runtime.getHeapUsage') : null;
  await worker?.detach();
  return {
    page: used / 1e6,
    worker: usage ? usage.usedSize / 1e6 : null,
    workerBeforeGc: before ? before.usedSize / 1e6 : null,
    workerTotal: usage ? usage.totalSize / 1e6 : null,
  };
}

/**
 * An init script for `openApp`: records every message between the page and its workers in
 * `window.__workerMessages`, `{ at, what: 'ask' | 'answer' | 'push', kind, id, events, bytes }`
 * (`at`: the page's clock; `kind`: the request's, the answer's or the push's; `events`: the event or
 * row count it carries, if any; `bytes`: an answer's JSON length, once `window.__sizeAnswers` is
 * set). It wraps the page's Worker class before the app's scripts run.
 */
export function recordWorkerMessages() {
  const log = [];
  window.__workerMessages = log;
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        const d = e.data;
        const push = d?.type === 'push';
        log.push({
          at: performance.now(),
          what: push ? 'push' : 'answer',
          kind: push ? d.push?.kind : d?.kind,
          id: d?.id,
          events: d?.push?.events ?? d?.result?.value?.rowCount,
          // The answer's size as JSON (what structured clone copies, roughly): only when asked,
          // since measuring it costs the page time.
          bytes: window.__sizeAnswers && !push ? (JSON.stringify(d?.result ?? null)?.length ?? 0) : undefined,
        });
      });
    }
    postMessage(msg, ...rest) {
      if (msg && typeof msg.kind === 'string')
        log.push({ at: performance.now(), what: 'ask', kind: msg.kind, id: msg.id });
      return super.postMessage(msg, ...rest);
    }
  };
}

/**
 * The trace categories of the main thread's tasks (with their thread CPU time, `tdur`); with
 * `.stack`, a layout forced by script carries that script's stack.
 */
export const TIMELINE_TRACE = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
];

/**
 * Starts a DevTools trace of the page (`categories`); `stop()` ends it and resolves with its
 * events once Chromium has sent them all.
 */
export async function startTrace(page, categories = TIMELINE_TRACE) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: categories } });
  return {
    async stop() {
      const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
      await cdp.send('Tracing.end');
      await done;
      await cdp.detach();
      return events;
    },
  };
}
