/**
 * The app's link to the log worker: opens sources, follows the pushes of the
 * load the user asked for (ignoring late pushes of superseded loads), keeps
 * the URL and the selection in step (url/sync.ts), records recent logs
 * (storage/logStore.ts), and turns a dead worker into a Retry offer.
 */
import { LogClient } from '../worker/client';
import { AnswersService } from './why/answersService';
import { CompareService } from './why/compareService';
import { SearchService } from './why/searchService';
import type { WhyServices } from './why/WhyPanel';
import type { LoadSource, Push, TimelineFilter } from '../worker/protocol';
import { acceptReady, beforeOpen } from './share/landing';
import { remember } from './storage/logStore';
import { resetForLoad, select, useApp } from './store';
import { clampSeq } from './url/state';
import { noteOpen, noteReady, startFromUrl } from './url/sync';

export const client = new LogClient();

/**
 * The "why" panel's services (app/why): search, diffs and charts on this
 * client; a second log for a run comparison gets a worker of its own.
 */
export const why: WhyServices = {
  search: new SearchService(client, (seq) => select(seq)),
  answers: new AnswersService(client),
  compare: new CompareService(client, () => new LogClient()),
};
why.search.start();
// A new log (or a finished load) makes the hits and the charts stale.
useApp.subscribe((s, prev) => {
  if (s.loadId !== prev.loadId || (s.status === 'ready' && prev.status !== 'ready')) {
    why.search.reset();
    why.answers.reset();
  }
});

let lastSource: LoadSource | null = null;

client.subscribe(onPush);
// A debug hook (used by the e2e tests): simulate the worker dying, e.g. of out-of-memory.
(window as unknown as { __seqscope?: object }).__seqscope = { killWorker: () => client.killForTesting() };
client.onDead((reason) => {
  useApp.setState({ workerDead: reason, status: 'error', error: { code: 'worker-dead', message: reason } });
});

function sourceName(source: LoadSource): string {
  switch (source.kind) {
    case 'file':
      return source.file.name;
    case 'url':
      return source.url;
    case 'text':
      return source.name ?? 'pasted text';
    case 'sample':
      return source.name;
  }
}

let opened = 0;
/** Loads are named here, not by the transport: the id every push about this load carries. */
let lastLoadId = 0;

/**
 * Opens a log, replacing the current one. The first log opened (at startup)
 * keeps the selection a `#seq=` deep link asked for; later ones start
 * unselected, and select their last event when ready.
 */
export function openSource(source: LoadSource, options: { keepSelection?: boolean } = {}): number | null {
  // A link waiting for its local file (share/landing.ts) checks what is opened first.
  const guard = beforeOpen(source);
  if (guard && !guard.proceed) return null;
  lastSource = source;
  const loadId = ++lastLoadId;
  resetForLoad(loadId, sourceName(source), guard?.keepSelection ?? options.keepSelection ?? opened === 0);
  opened++;
  noteOpen(source); // the URL names the new log (url/sync.ts)
  void client.request({ kind: 'open', loadId, source }).then((result) => {
    const state = useApp.getState();
    if (state.loadId !== loadId) return; // a newer open took over
    if (result.ok) return; // the `ready` push did the work
    if (result.error.code === 'cancelled')
      useApp.setState({ status: 'idle', startPageOpen: true, progress: null });
    else if (result.error.code !== 'superseded')
      useApp.setState({ status: 'error', error: result.error, progress: null });
  });
  return loadId;
}

export function cancelLoad(): void {
  const { loadId, status } = useApp.getState();
  if (status === 'loading') void client.request({ kind: 'cancel', loadId });
}

/** After the worker died: a fresh worker, and the same source again. */
export function retry(): void {
  client.restart();
  useApp.setState({ workerDead: null, error: null });
  if (lastSource) openSource(lastSource, { keepSelection: true });
  else useApp.setState({ status: 'idle', startPageOpen: true });
}

export function setFilter(filter: TimelineFilter): void {
  useApp.setState({ filter });
  void client.request({ kind: 'filter', filter }, { lane: 'filter' }).then((r) => {
    if (r.ok) useApp.setState({ rowCount: r.value.rowCount, rowsVersion: r.value.rowsVersion });
  });
}

export function foldAll(level: 'turns' | 'steps' | 'none'): void {
  useApp.setState({ foldLevel: level });
  void client.request({ kind: 'collapseAll', level }).then((r) => {
    if (r.ok) useApp.setState({ rowCount: r.value.rowCount, rowsVersion: r.value.rowsVersion });
  });
}

export function toggleFold(seq: number): void {
  void client.request({ kind: 'toggle', seq }).then((r) => {
    if (r.ok) useApp.setState({ rowCount: r.value.rowCount, rowsVersion: r.value.rowsVersion });
  });
}

function onPush(p: Push): void {
  const state = useApp.getState();
  if (p.loadId !== state.loadId) return;
  switch (p.kind) {
    case 'progress':
      useApp.setState({
        progress: p,
        events: p.events,
        rowCount: p.rowCount,
        rowsVersion: p.rowsVersion,
        diagnostics: p.diagnostics,
        name: p.name,
      });
      return;
    case 'diagnostics':
      useApp.setState({ diagnostics: p.counts, codes: p.codes });
      return;
    case 'ready': {
      const s = p.summary;
      if (!acceptReady(s)) return; // a link's landing page refused this file (another fingerprint)
      useApp.setState({
        status: 'ready',
        summary: s,
        events: s.events,
        rowCount: s.rowCount,
        rowsVersion: s.rowsVersion,
        diagnostics: s.diagnostics,
        codes: s.codes,
        name: s.name,
        progress: null,
      });
      const sel = useApp.getState().selectedSeq;
      if (sel === null || sel >= s.events) {
        // Show where the session ended, scrolled into view: the user sees the selected row.
        if (s.events > 0) select(s.events - 1);
        // A deep link beyond the log clamps to its last event, and says so (after select, which clears notices).
        const notice = sel === null ? undefined : clampSeq(sel, s.events).notice;
        if (notice) useApp.setState({ notice });
      }
      noteReady(s);
      if (lastSource) void remember(lastSource, s);
      return;
    }
    case 'fatal':
      useApp.setState({ status: 'error', error: p.error, progress: null });
      return;
  }
}

// ---------------------------------------------------------------- URL (url/sync.ts)

/** The tab names the open log. */
useApp.subscribe((s, prev) => {
  if (s.name !== prev.name) document.title = s.name ? `${s.name} · Seqscope` : 'Seqscope';
});

/** Startup: the log and position the URL names (`?src=`, `?sample=`, `?log=`; `#seq=` ...), see url/sync.ts. */
export function start(): void {
  startFromUrl();
}
