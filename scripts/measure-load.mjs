#!/usr/bin/env node
// A/B of the load: opens one log through the file input in one or more builds of the app,
// alternating them run by run (so a shared, loaded machine slows each alike), and prints time to
// the first timeline rows, to ready and the longest main-thread task per build (median and each
// run). With --profile, a CPU profile of the log worker during each build's last load is written
// next to the log's name and summarised by self time per function (build unminified for readable
// names: `npx vite build --minify false --outDir dist-profile`). A diagnostic script, not a table.
//
//   node scripts/measure-load.mjs <log> [--dists dist,/tmp/dist-old] [--runs 3] [--profile] [--port 4199]
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { launchChromium, startPreview } from './measure-browser.mjs';
import { arg, attachLogWorker, loadThroughInput, logArgument, openApp, portArgument } from './loadProbe.mjs';

const file = logArgument(
  'node scripts/measure-load.mjs <log> [--dists dist,dist-b] [--runs 3] [--profile] [--trace]',
);
const dists = arg('dists', 'dist').split(',');
const runs = Number(arg('runs', '3'));
const profile = process.argv.includes('--profile');
const trace = process.argv.includes('--trace');
const port = portArgument();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Starts the log worker's CPU profiler; returns a stop function that resolves with the profile. */
async function profileWorker(page) {
  const worker = await attachLogWorker(page);
  if (!worker) return null;
  await worker.send('Profiler.enable');
  await worker.send('Profiler.setSamplingInterval', { interval: 500 });
  await worker.send('Profiler.start');
  return async () => (await worker.send('Profiler.stop', {}, 120e3))?.profile ?? null;
}

function summarise(prof, top = 30, what = 'worker') {
  const self = new Map();
  const inclusive = new Map();
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = (n) => {
    const cf = n.callFrame;
    return `${cf.functionName || '(anonymous)'} ${basename(cf.url)}:${cf.lineNumber + 1}`;
  };
  const dt = prof.timeDeltas;
  for (let i = 0; i < prof.samples.length; i++) {
    const ms = (dt[i + 1] ?? 0) / 1000;
    let id = prof.samples[i];
    self.set(keyOf(byId.get(id)), (self.get(keyOf(byId.get(id))) ?? 0) + ms);
    const seen = new Set();
    for (; id !== undefined; id = parent.get(id)) {
      const k = keyOf(byId.get(id));
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + ms);
    }
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = self.get('(idle) :0') ?? 0;
  console.log(
    `  ${what} CPU profile: ${total.toFixed(0)} ms sampled, ${idle.toFixed(0)} ms idle; self time by function:`,
  );
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${k}`);
  console.log(`  inclusive time:`);
  for (const [k, ms] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${k}`);
}

/**
 * Thread CPU time (the trace's `tdur`: robust on a loaded machine, where wall time also counts
 * waiting for a core) of every top-level task per thread, and on the page's main thread per
 * event name.
 */
function threadCpu(events) {
  const names = new Map();
  for (const e of events) if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  const threads = new Map();
  const main = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue;
    const thread = names.get(`${e.pid}:${e.tid}`) ?? '?';
    const ms = (e.tdur ?? e.dur) / 1000;
    if (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask')
      threads.set(`${thread} ${e.tid}`, (threads.get(`${thread} ${e.tid}`) ?? 0) + ms);
    if (thread === 'CrRendererMain') main.set(e.name, (main.get(e.name) ?? 0) + ms);
  }
  return { threads, main };
}

function printCpu({ threads, main }) {
  console.log('  CPU per thread (top-level tasks):');
  for (const [k, ms] of [...threads].sort((a, b) => b[1] - a[1]).slice(0, 8))
    console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${k}`);
  console.log('  main thread CPU by event:');
  for (const [k, ms] of [...main].sort((a, b) => b[1] - a[1]).slice(0, 14))
    console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${k}`);
}

async function loadOnce(base, withProfile) {
  const browser = await launchChromium();
  try {
    const page = await openApp(browser, base);
    const stop = withProfile ? await profileWorker(page) : null;
    const metrics = await page.context().newCDPSession(page);
    await metrics.send('Performance.enable');
    if (withProfile) {
      await metrics.send('Profiler.enable');
      await metrics.send('Profiler.setSamplingInterval', { interval: 500 });
      await metrics.send('Profiler.start');
    }
    const sample = async () =>
      Object.fromEntries(
        (await metrics.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]),
      );
    const traceEvents = [];
    if (trace) {
      metrics.on('Tracing.dataCollected', (e) => traceEvents.push(...e.value));
      await metrics.send('Tracing.start', {
        traceConfig: { includedCategories: ['devtools.timeline', 'toplevel', '__metadata'] },
      });
    }
    const before = await sample();
    const m = await loadThroughInput(page, file);
    if (m.error !== null) throw new Error(`${basename(file)} did not open: ${m.error}`);
    const after = await sample();
    if (trace) {
      const done = new Promise((ok) => metrics.once('Tracing.tracingComplete', ok));
      await metrics.send('Tracing.end');
      await done;
    }
    const prof = stop ? await stop() : null;
    const pageProf = withProfile ? (await metrics.send('Profiler.stop')).profile : null;
    // The main thread's work during the load (seconds in the metrics): what it took from the workers' cores.
    const spent = (k) => ((after[k] ?? 0) - (before[k] ?? 0)) * 1000;
    const main = {
      task: spent('TaskDuration'),
      script: spent('ScriptDuration'),
      layout: spent('LayoutDuration'),
      style: spent('RecalcStyleDuration'),
    };
    return {
      ...m,
      longest: m.load.longest,
      main,
      prof,
      pageProf,
      cpu: trace ? threadCpu(traceEvents) : null,
    };
  } finally {
    await browser.close();
  }
}

const results = new Map(dists.map((d) => [d, []]));
const servers = [];
try {
  const bases = [];
  for (const [i, d] of dists.entries()) {
    const s = await startPreview(port + i, d);
    servers.push(s.server);
    bases.push(s.base);
  }
  for (let r = 0; r < runs; r++)
    for (const [i, d] of dists.entries()) {
      const m = await loadOnce(bases[i], profile && r === runs - 1);
      results.get(d).push(m);
      console.log(
        `run ${r + 1} ${d}: first rows ${m.firstRows?.toFixed(0)} ms, ready ${m.ready.toFixed(0)} ms, longest task ${m.longest.toFixed(0)} ms; main thread: tasks ${m.main.task.toFixed(0)} ms (script ${m.main.script.toFixed(0)}, layout ${m.main.layout.toFixed(0)}, style ${m.main.style.toFixed(0)})`,
      );
      if (m.cpu) printCpu(m.cpu);
      if (m.prof) {
        const out = `/tmp/${basename(file)}.${basename(d)}.cpuprofile`;
        writeFileSync(out, JSON.stringify(m.prof));
        console.log(`  profile written to ${out}`);
        summarise(m.prof);
      }
      if (m.pageProf) {
        const out = `/tmp/${basename(file)}.${basename(d)}.page.cpuprofile`;
        writeFileSync(out, JSON.stringify(m.pageProf));
        console.log(`  page profile written to ${out}`);
        summarise(m.pageProf, 40, 'page main thread');
      }
    }
} finally {
  for (const s of servers) s.kill();
}
console.log('\nmedians:');
for (const [d, ms] of results)
  console.log(
    `  ${d}: first rows ${median(ms.map((m) => m.firstRows)).toFixed(0)} ms, ready ${median(ms.map((m) => m.ready)).toFixed(0)} ms, longest task ${median(ms.map((m) => m.longest)).toFixed(0)} ms, main-thread tasks ${median(ms.map((m) => m.main.task)).toFixed(0)} ms (ready ${ms.map((m) => m.ready.toFixed(0)).join(', ')})`,
  );
