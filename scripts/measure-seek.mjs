#!/usr/bin/env node
// Where a seek's time goes: opens a log in the built app, then seeks (#seq=N) to
// random seqs and, per seek, splits the time from the hash change to the
// messages pane painted into: waiting for the worker's answer, and the main
// thread's work after it. With --profile, a CPU profile of the page's main thread
// during the seeks is summarised by self time per function (build unminified
// for readable names: `npx vite build --minify false --outDir dist-profile`, then
// `--dist dist-profile`). With --drag, instead of seeking: drags the scrubber across the bar (180
// pointer moves 16 ms apart, as bench-browser does) under a trace, and prints the main thread's
// CPU per animation frame and per pointer move (thread CPU: robust on a loaded machine, where
// frame intervals are not). With --drag --in-page the moves are dispatched in the page, two per
// animation frame, 360 of them (a hand at display rate, independent of the DevTools round trips).
// A diagnostic script, not a benchmark table.
//
// With --worker-profile, the same CPU profile of the log worker (where an answer's wait goes).
// With --requests, lists the worker requests each seek sends (by kind: how many per seek, when
// asked and answered after the hash change, and the answers' size as JSON).
// With --trace --tasks N, also lists, for the first N seeks, every main-thread task from the hash
// change to the seek's frame rendered (start after the hash change, thread CPU, wall, and its
// largest parts): which answer's render, forced layout or frame the wait was made of.
// With --gap MS, seeks are MS apart (default 50, as in the bench).
// With --collapse timeline,inspector, the app opens with those panes collapsed (the stored pane
// layout): what a pane costs a seek is the difference with a run without it.
//
//   node scripts/measure-seek.mjs <log> [--seeks 30] [--profile [--profile-out f.cpuprofile]] [--worker-profile] [--trace [--trace-out f.json] [--tasks 3]] [--requests] [--gap 50] [--collapse timeline,inspector] [--drag [--in-page]] [--dist dist] [--port 4199] [--width 1600]
/* global window, document, location, requestAnimationFrame, MutationObserver, PointerEvent */
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import {
  arg,
  attachLogWorker,
  loadThroughInput,
  openApp,
  percentile as pct,
  recordFrames,
  recordWorkerMessages,
  seekTargets,
  startProbe,
  startTrace,
} from './loadProbe.mjs';

const { file, base, browser, close } = await startProbe(
  'node scripts/measure-seek.mjs <log> [--seeks 30] [--profile] [--trace] [--dist dist]',
);
const seekCount = Number(arg('seeks', '30'));
const profile = process.argv.includes('--profile');
const workerProfile = process.argv.includes('--worker-profile');
const trace = process.argv.includes('--trace');
const requests = process.argv.includes('--requests');
const width = Number(arg('width', '1600'));
const inPage = process.argv.includes('--in-page');
// The pause between seeks (the bench's is 50 ms): a longer one shows a seek from an idle page, once
// the previous seek's follow-up work (the timeline's jump and rows) is done.
const gap = Number(arg('gap', '50'));

try {
  // Every request to the log worker and its answer, timed (the page's clock).
  const collapse = arg('collapse', '').split(',');
  const page = await openApp(browser, base, {
    width,
    initScript: recordWorkerMessages,
    // The pane layout the app reads at start (app/layout/layoutState.ts); its other fields default.
    storage: process.argv.includes('--collapse')
      ? {
          'seqscope.panes': JSON.stringify({
            timelineCollapsed: collapse.includes('timeline'),
            inspectorCollapsed: collapse.includes('inspector'),
          }),
        }
      : undefined,
  });
  const name = basename(file);
  const loaded = await loadThroughInput(page, file);
  if (loaded.error !== null) throw new Error(`${name} did not open: ${loaded.error}`);
  const events = loaded.events;
  console.log(`${name}: ${events} events`);
  await page.waitForTimeout(500);
  if (process.argv.includes('--drag')) {
    await dragUnderTrace(page);
    await close();
    process.exit(0);
  }
  // Long tasks during the seeks.
  await page.evaluate(() => {
    const m = { longest: 0, over50: 0, on: false };
    window.__seekTasks = m;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!m.on) continue;
        m.longest = Math.max(m.longest, e.duration);
        if (e.duration > 50) m.over50++;
      }
    }).observe({ type: 'longtask' });
  });
  const cdp = await page.context().newCDPSession(page);
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  const logWorker = workerProfile ? await attachLogWorker(page) : null;
  if (logWorker) {
    await logWorker.send('Profiler.enable');
    await logWorker.send('Profiler.setSamplingInterval', { interval: 100 });
    await logWorker.send('Profiler.start');
  }
  const tracing = trace ? await startTrace(page) : null;
  await page.evaluate((sizes) => {
    window.__seekTasks.on = true;
    window.__sizeAnswers = sizes;
  }, requests);
  const total = [];
  const phases = [];
  const afterAnswer = [];
  for (const seq of seekTargets(events, seekCount)) {
    // "answer": the first commit after the hash change in which the pane names the target; the
    // main thread's share is from the last task before that commit to the paint.
    const r = await page.evaluate(
      (target) =>
        new Promise((ok) => {
          const pane = document.querySelector('[data-testid=messages]');
          // Marks in the trace (--tasks): where each seek starts and where its frame is rendered.
          console.timeStamp('seek:start');
          const t0 = performance.now();
          let longestTask = 0;
          const po = new PerformanceObserver((l) => {
            for (const e of l.getEntries())
              if (e.startTime >= t0) longestTask = Math.max(longestTask, e.duration);
          });
          po.observe({ type: 'longtask' });
          const obs = new MutationObserver(() => {
            if (pane.getAttribute('data-seq') !== String(target)) return;
            obs.disconnect();
            console.timeStamp('seek:commit');
            const committed = performance.now() - t0;
            const rpc = window.__workerMessages.filter((r) => r.at >= t0 && r.kind === 'messagesAt');
            const asked = rpc.find((r) => r.what === 'ask');
            const answered = asked && rpc.find((r) => r.what === 'answer' && r.id === asked.id);
            // "frame": the frame that paints the commit has run its style, layout and paint (a
            // task posted from its animation frame callback runs once that frame's rendering is
            // done); "painted" (the bench's figure) also waits for the next frame's callbacks, and
            // so for whatever else runs before it (other panes' answers and renders).
            let frame = NaN;
            requestAnimationFrame(() => {
              const channel = new MessageChannel();
              channel.port1.onmessage = () => {
                frame = performance.now() - t0;
                console.timeStamp('seek:frame');
              };
              channel.port2.postMessage(0);
              requestAnimationFrame(() => {
                po.disconnect();
                ok({
                  t0,
                  total: performance.now() - t0,
                  committed,
                  frame,
                  longestTask,
                  asked: asked ? asked.at - t0 : NaN,
                  answered: answered ? answered.at - t0 : NaN,
                });
              });
            });
          });
          obs.observe(pane, { attributes: true, subtree: false });
          location.hash = `#seq=${target}`;
        }),
      seq,
    );
    total.push(r.total);
    phases.push(r);
    afterAnswer.push(r.longestTask);
    await page.waitForTimeout(gap);
  }
  const tasks = await page.evaluate(() => window.__seekTasks);
  const p50 = (k) =>
    pct(
      phases.map((r) => r[k]).filter((x) => !Number.isNaN(x)),
      0.5,
    ).toFixed(1);
  console.log(
    `phases (p50 ms after the hash change): messages asked ${p50('asked')}, answered ${p50('answered')}, pane committed ${p50('committed')}, its frame rendered ${p50('frame')}, painted ${p50('total')}`,
  );
  const frames = phases.map((r) => r.frame).filter((x) => !Number.isNaN(x));
  console.log(
    `seek to its frame rendered: p50 ${pct(frames, 0.5).toFixed(0)} ms, p95 ${pct(frames, 0.95).toFixed(0)} ms over ${frames.length}`,
  );
  console.log(
    `seek to painted: p50 ${pct(total, 0.5).toFixed(0)} ms, p95 ${pct(total, 0.95).toFixed(0)} ms, max ${Math.max(...total).toFixed(0)} ms over ${total.length}`,
  );
  console.log(
    `longest main-thread task per seek: p50 ${pct(afterAnswer, 0.5).toFixed(0)} ms, p95 ${pct(afterAnswer, 0.95).toFixed(0)} ms; over 50 ms: ${tasks.over50}, longest ${tasks.longest.toFixed(0)} ms`,
  );
  if (requests)
    printRequests(
      phases.map((r) => r.t0),
      await page.evaluate(() => window.__workerMessages),
    );
  if (tracing) {
    const traceEvents = await tracing.stop();
    summariseTrace(traceEvents, seekCount);
    printSeekCpu(traceEvents);
    printSeekTasks(traceEvents, Number(arg('tasks', '0')));
    const out = arg('trace-out', '');
    if (out) writeFileSync(out, JSON.stringify({ traceEvents }));
  }
  if (profile) await printProfile(cdp, seekCount, 'seek');
  if (logWorker) {
    console.log('\nthe log worker:');
    await printProfile(logWorker, seekCount, 'seek');
  }
} finally {
  await close();
}

/**
 * The requests sent between one seek's hash change and the next, by kind: per seek, how many, the
 * p50 of when they were asked and answered (ms after the hash change), and of their answers' size.
 */
function printRequests(starts, log) {
  const byKind = new Map();
  starts.forEach((t0, i) => {
    const end = starts[i + 1] ?? Infinity;
    const asks = log.filter((r) => r.what === 'ask' && r.at >= t0 && r.at < end);
    for (const a of asks) {
      const answer = log.find((r) => r.what === 'answer' && r.id === a.id && r.at >= a.at);
      const k = byKind.get(a.kind) ?? { n: 0, asked: [], answered: [], bytes: [] };
      k.n++;
      k.asked.push(a.at - t0);
      if (answer) k.answered.push(answer.at - t0);
      if (answer?.bytes !== undefined) k.bytes.push(answer.bytes);
      byKind.set(a.kind, k);
    }
  });
  console.log('\nrequests per seek (p50 ms after the hash change; answer size as JSON):');
  for (const [kind, k] of [...byKind].sort((a, b) => pct(a[1].asked, 0.5) - pct(b[1].asked, 0.5)))
    console.log(
      `  ${kind.padEnd(16)} ${(k.n / starts.length).toFixed(1)}x  asked ${pct(k.asked, 0.5).toFixed(1)}  answered ${pct(k.answered, 0.5).toFixed(1)} (${k.answered.length}/${k.n})  ${(pct(k.bytes, 0.5) / 1024).toFixed(1)} KiB p50, ${(Math.max(0, ...k.bytes) / 1024).toFixed(1)} KiB max`,
    );
}

/**
 * Per seek, the main thread's CPU (thread time: robust on a loaded machine, where a seek's wall
 * time is mostly waiting for a core) from the hash change to its frame rendered, split at the
 * commit that shows the target: the tasks before it, its task, the tasks between it and the frame,
 * and the tasks that paint. Then the layouts forced by script (a JS stack in the trace) by caller.
 */
function printSeekCpu(events) {
  const stamps = events.filter((e) => e.name === 'TimeStamp' && e.args?.data?.message?.startsWith('seek:'));
  if (stamps.length === 0) return;
  const { pid, tid } = stamps[0];
  const at = (m) => stamps.filter((e) => e.args.data.message === m).map((e) => e.ts);
  const [starts, commits, frames] = ['seek:start', 'seek:commit', 'seek:frame'].map(at);
  const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
  const tasks = main.filter((e) => e.name === 'RunTask');
  const paints = main.filter((e) => e.name === 'Paint').map((e) => e.ts);
  const parts = { before: [], commit: [], between: [], frame: [], total: [] };
  const forced = new Map();
  starts.forEach((t0) => {
    const c = commits.find((x) => x > t0);
    const f = frames.find((x) => x > t0);
    if (c === undefined || f === undefined || f < c) return;
    const sum = { before: 0, commit: 0, between: 0, frame: 0, total: 0 };
    for (const t of tasks) {
      if (t.ts + t.dur < t0 || t.ts > f) continue;
      const cpu = (t.tdur ?? t.dur) / 1000;
      const end = t.ts + t.dur;
      const paints_ = paints.some((p) => p >= t.ts && p <= end);
      sum[end < c ? 'before' : t.ts <= c ? 'commit' : paints_ ? 'frame' : 'between'] += cpu;
      sum.total += cpu;
    }
    for (const [k, v] of Object.entries(sum)) parts[k].push(v);
    for (const e of main) {
      const stack = e.args?.beginData?.stackTrace;
      if (e.name !== 'Layout' || !stack || e.ts < t0 || e.ts > f) continue;
      const key = stack
        .slice(0, 3)
        .map((s) => `${s.functionName || '(anon)'}:${s.lineNumber}`)
        .join(' < ');
      forced.set(key, (forced.get(key) ?? 0) + (e.tdur ?? e.dur) / 1000);
    }
  });
  const n = parts.total.length;
  const p = (k) => `${pct(parts[k], 0.5).toFixed(1)}/${pct(parts[k], 0.95).toFixed(1)}`;
  console.log(
    `main-thread CPU, hash change -> frame rendered (p50/p95 ms over ${n}): total ${p('total')}; before the commit ${p('before')}, its task ${p('commit')}, between it and the frame ${p('between')}, the frame ${p('frame')}`,
  );
  for (const [k, v] of [...forced].sort((a, b) => b[1] - a[1]).slice(0, 5))
    console.log(`  forced layout ${(v / n).toFixed(1)} ms per seek: ${k}`);
}

/** Stops the CPU profile and prints the main thread's self time by function, per unit. */
async function printProfile(cdp, units, unit) {
  const { profile: p } = await cdp.send('Profiler.stop');
  const out = arg('profile-out', '');
  if (out) writeFileSync(out, JSON.stringify(p));
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = p.timeDeltas;
  for (let i = 0; i < p.samples.length; i++) {
    const n = byId.get(p.samples[i]);
    const f = n.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url ? basename(f.url) : ''}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  }
  const sum = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = (self.get('(idle) :-1') ?? 0) + (self.get('(program) :-1') ?? 0);
  const idleOnly = self.get('(idle) :-1') ?? 0;
  console.log(
    `\nprofile: ${sum.toFixed(0)} ms sampled, idle ${idleOnly.toFixed(0)} ms, (program) ${(idle - idleOnly).toFixed(0)} ms; main thread busy per ${unit}: ${((sum - idleOnly) / units).toFixed(1)} ms`,
  );
  console.log('top self time:');
  for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`  ${v.toFixed(1).padStart(8)} ms  ${k}`);
}

/** Drags the scrubber across the bar under a trace: main-thread CPU per frame and per move. */
async function dragUnderTrace(page) {
  const slider = page.getByRole('slider', { name: 'Replay position' });
  const box = await slider.boundingBox();
  const recorder = await recordFrames(page);
  const y = box.y + box.height / 2;
  const moves = inPage ? 360 : 180;
  await page.mouse.move(box.x + 2, y);
  await page.mouse.down();
  const cdp = profile ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  const tracing = await startTrace(page);
  await recorder.start();
  const asksBefore = await page.evaluate(() => window.__workerMessages.length);
  if (inPage) {
    // Two pointer moves per animation frame, dispatched in the page: a hand moving at display
    // rate, whatever the speed of the DevTools round trips on a loaded machine.
    await page.evaluate(
      ({ x0, w, y, moves }) =>
        new Promise((done) => {
          const el = document.querySelector('[data-testid=scrubber]');
          let i = 0;
          const frame = () => {
            for (let k = 0; k < 2 && i < moves; k++) {
              i++;
              const clientX = x0 + (w * i) / moves;
              el.dispatchEvent(
                new PointerEvent('pointermove', { bubbles: true, pointerId: 1, clientX, clientY: y }),
              );
            }
            if (i < moves) requestAnimationFrame(frame);
            else done();
          };
          requestAnimationFrame(frame);
        }),
      { x0: box.x + 2, w: box.width - 4, y, moves },
    );
    await page.waitForTimeout(300);
  } else
    for (let i = 1; i <= moves; i++) {
      await page.mouse.move(box.x + 2 + ((box.width - 4) * i) / moves, y);
      await page.waitForTimeout(16);
    }
  const drag = await recorder.stop();
  // What the drag asked of the log worker: each selection the panes followed asks messagesAt once.
  const asks = await page.evaluate(
    (from) =>
      window.__workerMessages
        .slice(from)
        .filter((r) => r.what === 'ask')
        .reduce((m, r) => ({ ...m, [r.kind]: (m[r.kind] ?? 0) + 1 }), {}),
    asksBefore,
  );
  const events = await tracing.stop();
  await page.mouse.up();
  if (cdp) await printProfile(cdp, moves, 'pointer move');
  const gaps = drag.frames.slice(1).map((t, i) => t - drag.frames[i]);
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const cpu = events
    .filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask')
    .reduce((a, e) => a + (e.tdur ?? e.dur) / 1000, 0);
  console.log(
    `drag: ${gaps.length} frames, interval p50 ${pct(gaps, 0.5).toFixed(1)} ms, p95 ${pct(gaps, 0.95).toFixed(1)} ms; main thread CPU ${(cpu / gaps.length).toFixed(2)} ms per frame, ${(cpu / moves).toFixed(1)} ms per pointer move (${moves} moves)`,
  );
  console.log(
    `worker requests during the drag (${gaps.length} frames): ${Object.entries(asks)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
  summariseTrace(events, gaps.length, 'frame');
}

/**
 * Per trace event name on the page's main thread: thread CPU time (`tdur`: robust on a loaded
 * machine, where wall time also counts waiting for a core), count and longest; per seek, the
 * CPU time of all top-level tasks.
 */
function summariseTrace(events, seeks, unit = 'seek') {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const byName = new Map();
  for (const e of events) {
    if (!main || e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || !e.dur) continue;
    const r = byName.get(e.name) ?? { cpu: 0, n: 0, max: 0 };
    r.cpu += (e.tdur ?? e.dur) / 1000;
    r.n++;
    r.max = Math.max(r.max, (e.tdur ?? e.dur) / 1000);
    byName.set(e.name, r);
  }
  const tasks = byName.get('RunTask');
  console.log(
    `\ntrace: main thread CPU ${((tasks?.cpu ?? 0) / seeks).toFixed(1)} ms per ${unit} (${tasks?.n ?? 0} tasks); by event (CPU ms per ${unit}, count per ${unit}, longest):`,
  );
  const print = (map) => {
    for (const [k, r] of [...map.entries()].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, 16))
      console.log(
        `  ${(r.cpu / seeks).toFixed(1).padStart(7)} ms ${(r.n / seeks).toFixed(1).padStart(6)}x max ${r.max.toFixed(1).padStart(6)}  ${k}`,
      );
  };
  print(byName);
  // Script entry points: which function each FunctionCall / timer / event ran.
  const byFn = new Map();
  for (const e of events) {
    if (!main || e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || e.name !== 'FunctionCall')
      continue;
    const d = e.args?.data ?? {};
    const k = `${d.functionName || '(anon)'} ${basename(d.url ?? '')}:${d.lineNumber}`;
    const r = byFn.get(k) ?? { cpu: 0, n: 0, max: 0 };
    r.cpu += (e.tdur ?? e.dur) / 1000;
    r.n++;
    r.max = Math.max(r.max, (e.tdur ?? e.dur) / 1000);
    byFn.set(k, r);
  }
  console.log('FunctionCall entry points:');
  print(byFn);
}

/**
 * For the first `count` seeks: every task of the page's main thread from the seek's hash change
 * (its `seek:start` mark) to its frame rendered (`seek:frame`), with when it started (ms after the
 * hash change), its thread CPU and wall time, and its parts of 1.5 ms or more (script entry points
 * by function, style, layout, paint, message handling).
 */
function printSeekTasks(events, count) {
  if (count <= 0) return;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return;
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const marks = onMain
    .filter((e) => e.name === 'TimeStamp')
    .map((e) => ({ ts: e.ts, name: e.args?.data?.message }))
    .sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((e) => e.ph === 'X' && e.name === 'RunTask').sort((a, b) => a.ts - b.ts);
  const inner = onMain.filter((e) => e.ph === 'X' && e.name !== 'RunTask' && !e.name.startsWith('V8.GC'));
  const starts = marks.filter((m) => m.name === 'seek:start');
  console.log('\nmain-thread tasks per seek (ms after the hash change: CPU / wall: parts over 1.5 ms CPU):');
  for (const [i, start] of starts.slice(0, count).entries()) {
    const frame = marks.find((m) => m.name === 'seek:frame' && m.ts > start.ts);
    const end = Math.min(frame?.ts ?? Infinity, starts[i + 1]?.ts ?? Infinity);
    console.log(
      `  seek ${i + 1}: frame rendered at ${frame ? ((frame.ts - start.ts) / 1000).toFixed(1) : '?'} ms`,
    );
    for (const t of tasks) {
      if (t.ts + t.dur < start.ts || t.ts >= end) continue;
      const cpu = (t.tdur ?? t.dur) / 1000;
      if (cpu < 1) continue;
      const parts = inner
        .filter((c) => c.ts >= t.ts && c.ts < t.ts + t.dur && (c.tdur ?? c.dur ?? 0) >= 1500)
        .filter((c) => !['RunMicrotasks', 'v8.callFunction', 'TimerFire'].includes(c.name))
        .map((c) => {
          const d = c.args?.data ?? {};
          const name = c.name === 'FunctionCall' ? `${d.functionName || '(anon)'}:${d.lineNumber}` : c.name;
          return `${name} ${((c.tdur ?? c.dur) / 1000).toFixed(1)}`;
        });
      console.log(
        `    +${((t.ts - start.ts) / 1000).toFixed(1).padStart(6)}  ${cpu.toFixed(1).padStart(5)} / ${(t.dur / 1000).toFixed(1).padStart(5)}: ${parts.join('; ')}`,
      );
    }
  }
}
