/**
 * The app's link to the log worker: opens sources, follows the pushes of the
 * load the user asked for (ignoring late pushes of superseded loads), keeps
 * the `#seq=` hash and the selection in step, records recent logs, and turns
 * a dead worker into a Retry offer.
 */
import { LogClient } from '../worker/client';
import { BUNDLED_SAMPLES, type LoadSource, type Push, type TimelineFilter } from '../worker/protocol';
import { BLOB_LIMIT, addRecent } from './recent';
import { resetForLoad, select, useApp } from './store';
import { formatHash, formatSearch, parseUrlState } from './url/state';

export const client = new LogClient();

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

/**
 * Opens a log, replacing the current one. The first log opened (at startup)
 * keeps the selection a `#seq=` deep link asked for; later ones start
 * unselected, and select their last event when ready.
 */
export function openSource(source: LoadSource, options: { keepSelection?: boolean } = {}): void {
  lastSource = source;
  const loadId = client.peekNextId();
  resetForLoad(loadId, sourceName(source), options.keepSelection ?? opened === 0);
  opened++;
  // The URL names the log when it has a URL; a local file or text drops a stale ?src=.
  const src = source.kind === 'url' ? source.url : undefined;
  const search = formatSearch(location.search, src);
  if (search !== location.search)
    history.replaceState(null, '', `${location.pathname}${search}${location.hash}`);
  void client.request({ kind: 'open', source }).then((result) => {
    const state = useApp.getState();
    if (state.loadId !== loadId) return; // a newer open took over
    if (result.ok) return; // the `ready` push did the work
    if (result.error.code === 'cancelled')
      useApp.setState({ status: 'idle', startPageOpen: true, progress: null });
    else if (result.error.code !== 'superseded')
      useApp.setState({ status: 'error', error: result.error, progress: null });
  });
}

export function cancelLoad(): void {
  const { loadId, status } = useApp.getState();
  if (status === 'loading') void client.request({ kind: 'cancel', target: loadId });
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
        if (sel !== null) useApp.setState({ notice: `seq ${sel} is beyond this log (${s.events} events)` });
        // Show where the session ended, without scrolling the timeline away from its start.
        if (s.events > 0) select(s.events - 1, { scroll: false });
      }
      remember(s.fingerprint, s.name, s.bytes);
      return;
    }
    case 'fatal':
      useApp.setState({ status: 'error', error: p.error, progress: null });
      return;
  }
}

function remember(fingerprint: string, name: string, size: number): void {
  const source = lastSource;
  if (!source || !fingerprint) return;
  const base = { fingerprint, name, size, date: Date.now(), kind: source.kind };
  if (source.kind === 'sample') void addRecent({ ...base, sample: source.name });
  else if (source.kind === 'url') void addRecent({ ...base, url: source.url });
  else if (source.kind === 'file')
    void addRecent(source.file.size <= BLOB_LIMIT ? { ...base, blob: source.file } : base);
  else void addRecent({ ...base, blob: new Blob([source.text]) });
}

// ---------------------------------------------------------------- URL <-> selection

/** Applies the hash to the selection (on load and whenever the user edits it). */
function applyHash(): void {
  const { seq } = parseUrlState(location.search, location.hash);
  if (seq !== undefined) select(seq);
}

/** The tab names the open log. */
useApp.subscribe((s, prev) => {
  if (s.name !== prev.name) document.title = s.name ? `${s.name} · Seqscope` : 'Seqscope';
});

/** Writes the selection into the hash (replaceState: scrubbing must not flood the history). */
useApp.subscribe((s, prev) => {
  if (s.selectedSeq === prev.selectedSeq) return;
  const hash = formatHash(s.selectedSeq === null ? {} : { seq: s.selectedSeq });
  if (hash !== location.hash) history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
});

/** Startup: `?src=` or the default sample, and `#seq=`. */
export function start(): void {
  window.addEventListener('hashchange', applyHash);
  applyHash();
  const { src } = parseUrlState(location.search, location.hash);
  if (src !== undefined) openSource({ kind: 'url', url: new URL(src, location.href).href });
  else openSource({ kind: 'sample', name: (BUNDLED_SAMPLES[0] as { name: string }).name });
}
