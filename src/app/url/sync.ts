/**
 * The URL and the app kept in step (issue 5); state.ts parses and writes,
 * this module decides when.
 *
 *  - Startup: the query names the log (`?src=`, `?sample=`, `?log=<fingerprint>`: from this
 *    browser's storage, or the landing page asking for the file); the hash positions and
 *    sets up the view (seq, chunk, panel, filters).
 *  - Moves of the selection (keyboard repeat, scrubbing, playback) rewrite the current
 *    history entry with `replaceState`, throttled; jumps (`jumpTo`: a click on a row, a
 *    message's seq link, a diagnostic, an inspector link) add one with `pushState`, so Back
 *    and Forward walk the user's path.
 *  - Back/Forward, a hand-edited hash and same-tab links to this log navigate without
 *    reloading it; one naming another log opens that one.
 *  - Filters and the diagnostics panel are written as they change (replaceState).
 *
 * Nothing here runs at import time: `startFromUrl()` installs it (the controller's start()).
 */
import { create } from 'zustand';
import {
  BUNDLED_SAMPLES,
  NO_FILTER,
  type LoadSource,
  type LogSummary,
  type TimelineFilter,
} from '../../worker/protocol';
import { openSource, setFilter } from '../controller';
import { installFollow } from '../share/follow';
import { expectLog, landingActive, type ExpectedLog } from '../share/landing';
import { storedLog } from '../storage/logStore';
import { getRecent } from '../storage/recent';
import { select, selectPosition, useApp, type AppState } from '../store';
import { formatUrl, parseUrl, sameIdentity, type LogIdentity, type ViewState } from './state';

/** Bumped when a URL sets the filters: the toolbar (which keeps its own text while typing) starts afresh. */
export const useUrlApplied = create<{ filterVersion: number }>()(() => ({ filterVersion: 0 }));

/** Shortest interval between two replaceState writes (browsers throttle the History API). */
const REPLACE_EVERY_MS = 200;

/** The identity of the log on screen (undefined while a local file is read: its fingerprint is not known yet). */
let identity: LogIdentity | undefined;
/** Whether any log was opened yet (the first open rewrites the startup entry instead of adding one). */
let openedOnce = false;
/** Set by jumpTo for the selection change it causes. */
let jumping = false;
/** Notices to show once the next load is ready (malformed link fields). */
let pendingNotice: string | null = null;

export function currentIdentity(): LogIdentity | undefined {
  return identity;
}

// ---------------------------------------------------------------- identity

export function identityOfSource(source: LoadSource): LogIdentity | undefined {
  if (source.kind === 'url')
    return source.follow ? { kind: 'src', src: source.url, follow: true } : { kind: 'src', src: source.url };
  if (source.kind === 'sample') return { kind: 'sample', name: source.name };
  return undefined; // local bytes: named by their fingerprint once read
}

export function identityOfSummary(s: LogSummary): LogIdentity | undefined {
  if (s.source.kind === 'url' && s.source.url)
    return s.following
      ? { kind: 'src', src: s.source.url, follow: true }
      : { kind: 'src', src: s.source.url };
  if (s.source.kind === 'sample') return { kind: 'sample', name: s.name };
  if (!s.fingerprint) return undefined;
  return { kind: 'log', fingerprint: s.fingerprint, name: s.name, size: s.bytes };
}

/** Called by openSource: the URL names the new log (a new history entry when it replaces a shown one). */
export function noteOpen(source: LoadSource): void {
  const next = identityOfSource(source);
  const changed = !sameIdentity(next, identity) || next === undefined;
  identity = next;
  if (landingActive()) return;
  if (openedOnce && changed) writeNow('push');
  else writeNow('replace');
  openedOnce = true;
}

/** Called when a load is ready: a local file now has its fingerprint. */
export function noteReady(summary: LogSummary): void {
  identity = identityOfSummary(summary);
  writeNow('replace');
  if (pendingNotice) {
    const { notice } = useApp.getState();
    useApp.setState({ notice: notice ? `${notice}. ${pendingNotice}` : pendingNotice });
    pendingNotice = null;
  }
}

// ---------------------------------------------------------------- writing

/** The view as the URL carries it. */
export function currentView(s: AppState = useApp.getState()): ViewState {
  const v: ViewState = {};
  if (s.selectedSeq !== null) {
    v.seq = s.selectedSeq;
    if (s.selectedChunk !== null) v.chunk = s.selectedChunk;
  }
  if (s.diagnosticsOpen) {
    v.panel = 'diagnostics';
    if (s.diagnosticsCode) v.diag = s.diagnosticsCode;
  }
  if (s.filter.text.trim()) v.q = s.filter.text;
  if (s.filter.types !== null) {
    if (s.filter.excludeTypes) v.xtypes = s.filter.types;
    else v.types = s.filter.types;
  }
  if (s.filter.errorsOnly) v.errors = true;
  return v;
}

/** This app's URL (path, query, hash) for the log on screen and a view. */
export function urlFor(view: ViewState): string {
  return formatUrl(location, identity, view);
}

const here = () => `${location.pathname}${location.search}${location.hash}`;

let replaceTimer: ReturnType<typeof setTimeout> | undefined;
let lastReplace = -Infinity;

function writeNow(mode: 'push' | 'replace'): void {
  if (replaceTimer !== undefined) {
    clearTimeout(replaceTimer);
    replaceTimer = undefined;
  }
  if (landingActive()) return; // the link's target is kept while its file is asked for
  const url = urlFor(currentView());
  if (url === here()) return;
  lastNavigated = '';
  if (mode === 'push') history.pushState(null, '', url);
  else {
    lastReplace = performance.now();
    history.replaceState(history.state, '', url);
  }
}

/** replaceState at most every REPLACE_EVERY_MS: the first change at once, the last one always. */
function writeSoon(): void {
  if (replaceTimer !== undefined) return;
  const wait = REPLACE_EVERY_MS - (performance.now() - lastReplace);
  if (wait <= 0) writeNow('replace');
  else
    replaceTimer = setTimeout(() => {
      replaceTimer = undefined;
      writeNow('replace');
    }, wait);
}

/**
 * A jump to an event (a click on a row, a message's seq link, a diagnostic, a search
 * result): selects it and adds a history entry, so Back returns to where the user was.
 */
export function jumpTo(seq: number | null, chunk?: number): void {
  // Where the user was is written first (a throttled move may be pending).
  if (replaceTimer !== undefined) writeNow('replace');
  jumping = true;
  try {
    if (seq !== null && chunk !== undefined) selectPosition(seq, chunk);
    else select(seq);
  } finally {
    jumping = false;
  }
}

/** Set while a URL is being applied: the store changes it causes are not written back one by one. */
let applying = false;

function onStoreChange(s: AppState, prev: AppState): void {
  if (applying) return;
  if (s.selectedSeq !== prev.selectedSeq || s.selectedChunk !== prev.selectedChunk) {
    // No entry for the automatic selection of a load, nor while a load resets the view.
    if (jumping && prev.selectedSeq !== null) writeNow('push');
    else writeSoon();
    return;
  }
  if (
    s.filter !== prev.filter ||
    s.diagnosticsOpen !== prev.diagnosticsOpen ||
    s.diagnosticsCode !== prev.diagnosticsCode
  )
    writeSoon();
}

// ---------------------------------------------------------------- reading

function filterOf(view: ViewState): TimelineFilter {
  const base = { errorsOnly: view.errors === true, text: view.q ?? '' };
  if (view.types === undefined && view.xtypes !== undefined && view.xtypes.length > 0)
    return { types: view.xtypes, excludeTypes: true, ...base };
  return { types: view.types ?? null, ...base };
}

function sameFilter(a: TimelineFilter, b: TimelineFilter): boolean {
  const ta = a.types === null ? null : [...a.types].sort().join(',');
  const tb = b.types === null ? null : [...b.types].sort().join(',');
  return (
    ta === tb &&
    (a.types === null || !a.excludeTypes === !b.excludeTypes) &&
    a.errorsOnly === b.errorsOnly &&
    a.text.trim() === b.text.trim()
  );
}

/** Filters and panel from the URL (the selection is applied separately). */
function applyViewExtras(view: ViewState): void {
  const s = useApp.getState();
  const filter = filterOf(view);
  if (!sameFilter(filter, s.filter)) {
    setFilter(filter.types === null && !filter.errorsOnly && !filter.text ? NO_FILTER : filter);
    useUrlApplied.setState((u) => ({ filterVersion: u.filterVersion + 1 }));
  }
  const open = view.panel === 'diagnostics';
  const code = open ? (view.diag ?? null) : s.diagnosticsCode;
  if (open !== s.diagnosticsOpen || code !== s.diagnosticsCode)
    useApp.setState({ diagnosticsOpen: open, diagnosticsCode: code });
}

function applySelection(view: ViewState): void {
  if (view.seq === undefined) return;
  const { events, status } = useApp.getState();
  // Beyond a loaded log: the controller's clamp applies when ready; here, clamp now.
  if (status === 'ready' && view.seq >= events && events > 0) {
    select(events - 1);
    useApp.setState({
      notice: `seq ${view.seq} is beyond this log (${events.toLocaleString('en-US')} events): showing the last event, seq ${events - 1}`,
    });
    return;
  }
  selectPosition(view.seq, view.chunk ?? null);
}

function ignoredNotice(ignored: string[]): string | null {
  if (ignored.length === 0) return null;
  return `Ignored what the link could not use: ${ignored.join(', ')}`;
}

/** The URL last applied by onNavigate ('' after our own writes), so one change is applied once. */
let lastNavigated = '';

/** The URL changed under us (Back/Forward, an edited hash, a same-tab link). */
function onNavigate(): void {
  if (here() === lastNavigated) return;
  lastNavigated = here();
  const { state, ignored } = parseUrl(location.search, location.hash);
  if (state.identity && !sameIdentity(state.identity, identity)) {
    void openIdentity(state.identity, state, ignored);
    return;
  }
  if (landingActive() && !state.identity) return;
  applying = true;
  try {
    applySelection(state);
    applyViewExtras(state);
  } finally {
    applying = false;
  }
  const notice = ignoredNotice(ignored);
  if (notice) useApp.setState({ notice });
  // One normalizing write (dropped fields, a clamped seq); the twin event of this change is skipped.
  writeNow('replace');
  lastNavigated = here();
}

/** Opens the log a URL names, positioned and set up as its view says. */
async function openIdentity(id: LogIdentity | undefined, view: ViewState, ignored: string[]): Promise<void> {
  pendingNotice = ignoredNotice(ignored);
  // Named first: the selection below rewrites the URL, which must keep naming this log.
  identity = id;
  const expected: ExpectedLog | null =
    id?.kind === 'log' ? { fingerprint: id.fingerprint, ...pick(id, view) } : null;
  if (expected) expectLog(expected, 'looking');
  if (view.seq !== undefined) selectPosition(view.seq, view.chunk ?? null);
  const keepSelection = view.seq !== undefined;
  if (expected) {
    const stored = await storedLog(expected.fingerprint);
    if (!landingActive()) return; // the user opened something else meanwhile
    if (stored) {
      // The bytes here are the truth: their size (a link's size is only a hint for a quick refusal).
      expectLog({ ...expected, name: expected.name ?? stored.file.name, size: stored.file.size }, 'looking');
      openSource({ kind: 'file', file: stored.file }, { keepSelection });
    } else {
      const entry = await getRecent(expected.fingerprint);
      const known = { ...expected };
      if (entry) {
        known.name ??= entry.name;
        known.size ??= entry.size;
      }
      expectLog(known, 'missing');
    }
    applyViewExtras(view);
    return;
  }
  if (id?.kind === 'src')
    openSource(
      { kind: 'url', url: new URL(id.src, location.href).href, ...(id.follow ? { follow: true } : {}) },
      { keepSelection },
    );
  else if (id?.kind === 'sample') openSource({ kind: 'sample', name: id.name }, { keepSelection });
  // `seqscope serve` links to `/?library`: its start page (the Library), not a demo log.
  else if (new URLSearchParams(location.search).has('library')) useApp.setState({ startPageOpen: true });
  else openSource({ kind: 'sample', name: (BUNDLED_SAMPLES[0] as { name: string }).name }, { keepSelection });
  applyViewExtras(view);
}

function pick(id: Extract<LogIdentity, { kind: 'log' }>, view: ViewState) {
  const out: { name?: string; size?: number; seq?: number; chunk?: number } = {};
  if (id.name !== undefined) out.name = id.name;
  if (id.size !== undefined) out.size = id.size;
  if (view.seq !== undefined) out.seq = view.seq;
  if (view.chunk !== undefined) out.chunk = view.chunk;
  return out;
}

/** Same-tab links to this log (another position or view) navigate without a reload. */
function onLinkClick(e: MouseEvent): void {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = (e.target as Element | null)?.closest?.('a[href]');
  if (!(a instanceof HTMLAnchorElement) || (a.target && a.target !== '_self') || a.hasAttribute('download'))
    return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || url.pathname !== location.pathname) return;
  const { state } = parseUrl(url.search, url.hash);
  if (state.identity && !sameIdentity(state.identity, identity)) return; // another log: a real navigation
  if (!state.identity && url.search !== location.search) return;
  e.preventDefault();
  history.pushState(null, '', `${url.pathname}${url.search}${url.hash}`);
  onNavigate();
}

let installed = false;

/** Startup: open the log the URL names, positioned and set up as it says; then keep them in step. */
export function startFromUrl(): void {
  if (installed) return;
  installed = true;
  installFollow();
  useApp.subscribe(onStoreChange);
  // A hand-edited hash fires both (in Chromium): onNavigate handles a URL once.
  window.addEventListener('popstate', onNavigate);
  window.addEventListener('hashchange', onNavigate);
  document.addEventListener('click', onLinkClick);
  const { state, ignored } = parseUrl(location.search, location.hash);
  void openIdentity(state.identity, state, ignored);
}
