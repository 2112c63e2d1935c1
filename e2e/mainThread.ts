/**
 * What an action costs the page's main thread, task by task: a `longtask` PerformanceObserver in
 * the page (wall time, what a user feels) and a Chromium trace of the renderer's main thread
 * (each task's CPU time). On a machine shared by many processes a task's wall time is mostly
 * waiting for a core (a 40 ms task measured 500 ms on a load of 18 on 2 cores), so tests assert
 * on CPU time, which moves only when the page does more work in one piece, and report both.
 */
import type { Browser, Page } from '@playwright/test';

export interface TaskCosts {
  /** CPU ms of the main thread's tasks, longest first. */
  cpu: number[];
  /** Wall ms of the same tasks, in the order of `cpu`. */
  wall: number[];
  /** Long tasks (over 50 ms of wall time) the page's own observer saw, in ms. */
  longTasks: number[];
}

/** Installs the page's long-task observer (call before navigating). */
export async function observeLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask', buffered: true });
  });
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Runs `action` under a trace; returns the main thread's tasks during it. */
export async function mainThreadCosts(
  browser: Browser,
  page: Page,
  action: () => Promise<void>,
): Promise<TaskCosts> {
  await page.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks = []));
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  await action();
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
  const mains = new Set(
    trace.traceEvents
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = trace.traceEvents
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && mains.has(`${e.pid}:${e.tid}`))
    .map((e) => ({ cpu: (e.tdur ?? 0) / 1000, wall: (e.dur ?? 0) / 1000 }))
    .sort((a, b) => b.cpu - a.cpu);
  if (tasks.length === 0) throw new Error('the trace has no main-thread task: tracing did not work');
  return {
    cpu: tasks.map((t) => Math.round(t.cpu)),
    wall: tasks.map((t) => Math.round(t.wall)),
    longTasks,
  };
}

/** One line for a report: the longest tasks by CPU (with their wall time) and the long tasks seen. */
export function describeCosts(label: string, c: TaskCosts): string {
  const top = c.cpu
    .slice(0, 3)
    .map((cpu, i) => `${cpu} ms CPU (${c.wall[i] ?? 0} ms wall)`)
    .join(', ');
  return `${label}: longest tasks ${top}; long tasks seen by the page (wall ms): [${c.longTasks.join(', ')}]`;
}
