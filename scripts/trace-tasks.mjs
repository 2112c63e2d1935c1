#!/usr/bin/env node
// Which main-thread tasks are long, and what is inside them: opens a log through the file input,
// then seeks (#seq=N) to random seqs, with a Chromium trace running; lists every top-level task of
// the page's main thread whose thread CPU time (the trace's `tdur`: robust on a loaded machine,
// where wall time also counts waiting for a core) is over --min ms, by phase (load or seek), with
// its largest inner events (script by function, style, layout, paint, message handling). Build
// unminified for readable names: `npx vite build --minify false --outDir dist-profile`, then
// `--dist dist-profile`. A diagnostic script, not a benchmark table.
//
// `--wall` lists the tasks whose wall time (what a `longtask` entry reports) is over --min instead:
// on a machine whose cores the workers keep busy, a task waits for a core inside its wall time.
// `--save FILE` also writes the raw trace events (JSON), for a closer look at one task.
// `--profile` also samples the main thread's JavaScript (a CPU profile, same clock as the trace)
// and names, under each long task, the functions that took most of its samples (self time).
//
//   node scripts/trace-tasks.mjs <log> [--seeks 20] [--min 30] [--dist dist] [--port 4199] [--width 1600]
//                                      [--save trace.json] [--profile] [--wall]
/* global location, document */
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { arg, loadThroughInput, openApp, seekTargets, startProbe, startTrace } from './loadProbe.mjs';

const { file, base, browser, close } = await startProbe(
  'node scripts/trace-tasks.mjs <log> [--seeks 20] [--min 30] [--dist dist]',
);
const seekCount = Number(arg('seeks', '20'));
const minMs = Number(arg('min', '30'));
const width = Number(arg('width', '1600'));
try {
  const page = await openApp(browser, base, { width });
  const tracing = await startTrace(page, [
    'devtools.timeline',
    'toplevel',
    'v8.execute',
    'blink.user_timing',
    '__metadata',
  ]);
  const profiler = process.argv.includes('--profile') ? await page.context().newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 250 });
    await profiler.send('Profiler.start');
  }
  const mark = (name) => page.evaluate((n) => performance.mark(n), name);
  await mark('trace:load');
  const loaded = await loadThroughInput(page, file);
  if (loaded.error !== null) throw new Error(`${basename(file)} did not open: ${loaded.error}`);
  await page.waitForTimeout(1000);
  await mark('trace:seeks');
  for (const seq of seekTargets(loaded.events, seekCount)) {
    await page.evaluate(
      (target) =>
        new Promise((ok) => {
          location.hash = `#seq=${target}`;
          const t0 = performance.now();
          const poll = () => {
            const pane = document.querySelector('[data-testid=messages]');
            if (pane?.getAttribute('data-seq') === String(target) || performance.now() - t0 > 5000) ok();
            else setTimeout(poll, 10);
          };
          poll();
        }),
      seq,
    );
    await page.waitForTimeout(100);
  }
  await mark('trace:end');
  const events = await tracing.stop();
  const samples = profiler ? samplesOf((await profiler.send('Profiler.stop')).profile) : [];
  console.log(
    `${basename(file)}: ${loaded.events} events; first rows ${loaded.firstRows?.toFixed(0)} ms, ready ${loaded.ready?.toFixed(0)} ms (wall)`,
  );
  report(events, samples);
  const save = arg('save', '');
  if (save) writeFileSync(save, JSON.stringify(events));
} finally {
  await close();
}

/** A CPU profile as samples `{ ts, fn }` (ts in the trace's microseconds; fn: "name file:line"). */
function samplesOf(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const name = (f) => `${f.functionName || '(anon)'} ${f.url ? basename(f.url) : ''}:${f.lineNumber + 1}`;
  const out = [];
  let ts = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    ts += profile.timeDeltas[i] ?? 0;
    const node = byId.get(profile.samples[i]);
    const f = node.callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
    // A built-in (a layout read, a DOM call) is named with the script function that called it.
    const caller = f.url ? null : parent.get(node.id)?.callFrame;
    out.push({ ts, fn: caller ? `${name(f)} < ${name(caller)}` : name(f) });
  }
  return out;
}

function report(all, samples = []) {
  const main = all.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('no CrRendererMain thread in the trace');
  const onMain = all.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const marks = new Map(all.filter((e) => e.name.startsWith('trace:')).map((e) => [e.name, e.ts]));
  const phaseOf = (ts) =>
    ts >= (marks.get('trace:seeks') ?? Infinity)
      ? 'seek'
      : ts >= (marks.get('trace:load') ?? 0)
        ? 'load'
        : 'start';
  const tasks = onMain
    .filter((e) => e.ph === 'X' && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask'))
    .map((e) => ({ e, cpu: (e.tdur ?? e.dur) / 1000 }));
  const inner = onMain.filter(
    (e) => e.ph === 'X' && e.name !== 'ThreadControllerImpl::RunTask' && e.name !== 'RunTask',
  );
  const byPhase = new Map();
  for (const t of tasks) {
    const p = phaseOf(t.e.ts);
    const r = byPhase.get(p) ?? { n: 0, over: 0, longest: 0, cpu: 0 };
    r.n++;
    r.cpu += t.cpu;
    if (t.cpu > 50) r.over++;
    r.longest = Math.max(r.longest, t.cpu);
    byPhase.set(p, r);
  }
  for (const [p, r] of byPhase)
    console.log(
      `${p}: ${r.n} tasks, ${r.cpu.toFixed(0)} ms CPU, longest ${r.longest.toFixed(1)} ms CPU, ${r.over} over 50 ms CPU`,
    );
  const byWall = process.argv.includes('--wall');
  const long = tasks
    .filter((t) => (byWall ? t.e.dur / 1000 : t.cpu) >= minMs)
    .sort((a, b) => a.e.ts - b.e.ts);
  const t0 = marks.get('trace:load') ?? 0;
  for (const t of long) {
    const end = t.e.ts + t.e.dur;
    const parts = new Map();
    for (const c of inner) {
      if (c.ts < t.e.ts || c.ts >= end) continue;
      const d = c.args?.data ?? {};
      let key = c.name;
      if (c.name === 'FunctionCall' || c.name === 'v8.callFunction')
        key = `${c.name} ${d.functionName || '(anon)'} ${d.url ? basename(d.url) : ''}:${d.lineNumber ?? ''}`;
      else if (c.name === 'EventDispatch' || c.name === 'HandlePostMessage')
        key = `${c.name} ${d.type ?? ''}`;
      else if (c.name === 'TimerFire' || c.name === 'FireAnimationFrame') key = c.name;
      const ms = (c.tdur ?? c.dur ?? 0) / 1000;
      parts.set(key, Math.max(parts.get(key) ?? 0, ms));
    }
    const top = [...parts]
      .filter(([, ms]) => ms >= 2)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
      .join('; ');
    console.log(
      `  ${phaseOf(t.e.ts)} +${((t.e.ts - t0) / 1000).toFixed(0)} ms: task ${t.cpu.toFixed(1)} ms CPU (${(t.e.dur / 1000).toFixed(0)} wall): ${top}`,
    );
    const self = new Map();
    for (const x of samples) if (x.ts >= t.e.ts && x.ts < end) self.set(x.fn, (self.get(x.fn) ?? 0) + 1);
    const n = [...self.values()].reduce((a, b) => a + b, 0);
    if (n > 0)
      console.log(
        `      JS samples (${n}): ${[...self]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8)
          .map(([k, c]) => `${k} ${((100 * c) / n).toFixed(0)}%`)
          .join('; ')}`,
      );
  }
}
