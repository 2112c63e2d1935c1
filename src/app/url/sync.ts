/**
 * The URL and the app kept in step (deep links and sharing); state.ts parses
 * and writes, this module decides when.
 *
 *  - Startup: the query names the log (`?src=`, `?sample=`, `?log=<fingerprint>`: from this
 *    browser's storage, or the landing page asking for the file); the hash positions and
 *    sets up the view (seq, chunk, panel, filters).
 *  - Moves of the selection (keyboard repeat, playback) rewrite the current history entry
 *    with `replaceState`, throttled; a scrubber drag writes once, where it ends; jumps (`jumpTo`: a click on a row, a
 *    message's seq link, a diagnostic, an inspector link) add one with `pushState`, so Back
 *    and Forward walk the user's path.
 *  - Back/Forward, a hand-edited hash and same-tab links to this log navigate without
 *    reloading it; one naming another log opens that one.
 *  - Filters and the diagnostics panel are written as they change (replaceState).
 *
 * Created by the composition root; nothing runs until `start()`, which
 * subscribes to the load lifecycle (opened, ready) and the window's navigation.
 */
import { create } from 'zustand';
import {
  isFiltered,
  NO_FILTER,
  sameFilter,
  type LoadSource,
  type LogSummary,
  type TimelineFilter,
} from '../../worker/protocol';
import { select, selectPosition, useApp, type AppState } from '../appState';
import { useReplay } from '../playback/replayState';
import type { LoadService } from '../services/loadService';
import { setNotice } from '../services/notice';
import { expectLog, landingActive, type ExpectedLog } from '../share/landing';
import { storedLog } from '../storage/logStore';
import { getRecent } from '../storage/recent';
import { identityOfSource, identityOfSummary, partOf } from './identity';
import { LinkNotice } from './linkNotice';
import { clampSeq, formatUrl, parseUrl, sameIdentity, type LogIdentity, type ViewState } from './state';

export { identityOfSource, identityOfSummary } from './identity';

/** Bumped when a URL sets the filters: the toolbar (which keeps its own text while typing) starts afresh. */
export const useUrlApplied = create<{ filterVersion: number }>()(() => ({ filterVersion: 0 }));

/** Shortest interval between two replaceState writes (browsers throttle the History API). */
const REPLACE_EVERY_MS = 200;

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

function filterOf(view: ViewState): TimelineFilter {
  const base = { errorsOnly: view.errors === true, text: view.q ?? '' };
  if (view.types === undefined && view.xtypes !== undefined && view.xtypes.length > 0)
    return { types: view.xtypes, excludeTypes: true, ...base };
  return { types: view.types ?? null, ...base };
}

function pick(id: Extract<LogIdentity, { kind: 'log' }>, view: ViewState) {
  const out: { name?: string; size?: number; seq?: number; chunk?: number } = {};
  if (id.name !== undefined) out.name = id.name;
  if (id.size !== undefined) out.size = id.size;
  if (view.seq !== undefined) out.seq = view.seq;
  if (view.chunk !== undefined) out.chunk = view.chunk;
  return out;
}

const here = () => `${location.pathname}${location.search}${location.hash}`;

export class UrlSync {
  /** The identity of the log on screen (undefined while a local file is read: its fingerprint is not known yet). */
  private identity: LogIdentity | undefined;
  /** Whether any log was opened yet (the first open rewrites the startup entry instead of adding one). */
  private openedOnce = false;
  /** Set by jumpTo for the selection change it causes. */
  private jumping = false;
  /** What a link could not use, said when its load is ready. */
  private readonly linkNotice: LinkNotice;
  private replaceTimer: ReturnType<typeof setTimeout> | undefined;
  private lastReplace = -Infinity;
  /** The selection moved during a scrubber drag: written when the drag ends. */
  private movedWhileScrubbing = false;
  /** Set while a URL is being applied: the store changes it causes are not written back one by one. */
  private applying = false;
  /** The URL last applied by onNavigate ('' after our own writes), so one change is applied once. */
  private lastNavigated = '';

  constructor(private readonly load: LoadService) {
    this.linkNotice = new LinkNotice(load.client);
  }

  /** Startup: open the log the URL names, positioned and set up as it says; then keep them in step. */
  start(): () => void {
    const offs = [
      this.load.events.on('opened', ({ source }) => this.noteOpen(source)),
      this.load.events.on('ready', ({ summary }) => this.noteReady(summary)),
      useApp.subscribe((s, prev) => this.onStoreChange(s, prev)),
      useReplay.subscribe((r, prev) => {
        if (prev.scrubbing && !r.scrubbing && this.movedWhileScrubbing) {
          this.movedWhileScrubbing = false;
          this.writeSoon();
        }
      }),
    ];
    // A hand-edited hash fires both (in Chromium): onNavigate handles a URL once.
    window.addEventListener('popstate', this.onNavigate);
    window.addEventListener('hashchange', this.onNavigate);
    document.addEventListener('click', this.onLinkClick);
    const { state, ignored } = parseUrl(location.search, location.hash);
    void this.openIdentity(state.identity, state, ignored);
    return () => {
      for (const off of offs) off();
      window.removeEventListener('popstate', this.onNavigate);
      window.removeEventListener('hashchange', this.onNavigate);
      document.removeEventListener('click', this.onLinkClick);
      clearTimeout(this.replaceTimer);
    };
  }

  currentIdentity(): LogIdentity | undefined {
    return this.identity;
  }

  /** This app's URL (path, query, hash) for the log on screen and a view. */
  urlFor(view: ViewState): string {
    return formatUrl(location, this.identity, view);
  }

  /** The full URL of an event (the selection when seq is omitted), or why there is none yet. */
  linkTo(seq?: number | null, extra: Partial<ViewState> = {}): string | { error: string } {
    const state = useApp.getState();
    if (!this.identity) {
      return {
        error:
          state.status === 'loading'
            ? 'The link names this file by its fingerprint, known once it is read: try again when it has loaded'
            : 'No log is open',
      };
    }
    const s = state.summary;
    // An empty file opens as nothing anywhere: a link to it would only puzzle whoever gets it.
    if (s && s.events === 0 && (s.fileBytes ?? s.bytes) === 0)
      return { error: `${s.name} is empty (0 bytes): there is nothing to link to` };
    const view = currentView(state);
    if (seq !== undefined && seq !== view.seq) {
      delete view.chunk;
      if (seq === null) delete view.seq;
      else view.seq = seq;
    }
    return `${location.origin}${this.urlFor({ ...view, ...extra })}`;
  }

  /**
   * A jump to an event (a click on a row, a message's seq link, a diagnostic, a search
   * result): selects it and adds a history entry, so Back returns to where the user was.
   */
  readonly jumpTo = (seq: number | null, chunk?: number): void => {
    // Where the user was is written first (a throttled move may be pending).
    if (this.replaceTimer !== undefined) this.writeNow('replace');
    this.jumping = true;
    try {
      if (seq !== null && chunk !== undefined) selectPosition(seq, chunk, { jump: true });
      else select(seq, { jump: true });
    } finally {
      this.jumping = false;
    }
  };

  // ---------------------------------------------------------------- lifecycle

  /** A load began: the URL names the new log (a new history entry when it replaces a shown one). */
  private noteOpen(source: LoadSource): void {
    const next = identityOfSource(source);
    const changed = !sameIdentity(next, this.identity) || next === undefined;
    this.identity = next;
    if (landingActive()) return;
    if (this.openedOnce && changed) this.writeNow('push');
    else this.writeNow('replace');
    this.openedOnce = true;
  }

  /** A load is ready: a local file now has its fingerprint. */
  private noteReady(summary: LogSummary): void {
    this.identity = identityOfSummary(summary);
    this.writeNow('replace');
    this.linkNotice.ready(summary);
  }

  // ---------------------------------------------------------------- writing

  private writeNow(mode: 'push' | 'replace'): void {
    if (this.replaceTimer !== undefined) {
      clearTimeout(this.replaceTimer);
      this.replaceTimer = undefined;
    }
    if (landingActive()) return; // the link's target is kept while its file is asked for
    const url = this.urlFor(currentView());
    if (url === here()) return;
    this.lastNavigated = '';
    if (mode === 'push') history.pushState(null, '', url);
    else {
      this.lastReplace = performance.now();
      history.replaceState(history.state, '', url);
    }
  }

  /** replaceState at most every REPLACE_EVERY_MS: the first change at once, the last one always. */
  private writeSoon(): void {
    if (this.replaceTimer !== undefined) return;
    const wait = REPLACE_EVERY_MS - (performance.now() - this.lastReplace);
    if (wait <= 0) this.writeNow('replace');
    else
      this.replaceTimer = setTimeout(() => {
        this.replaceTimer = undefined;
        this.writeNow('replace');
      }, wait);
  }

  private onStoreChange(s: AppState, prev: AppState): void {
    if (this.applying) return;
    if (s.selectedSeq !== prev.selectedSeq || s.selectedChunk !== prev.selectedChunk) {
      // No entry for the automatic selection of a load, nor while a load resets the view.
      if (this.jumping && prev.selectedSeq !== null) this.writeNow('push');
      // A drag's passing positions cost a History write each and nobody links to them.
      else if (useReplay.getState().scrubbing) this.movedWhileScrubbing = true;
      else this.writeSoon();
      return;
    }
    if (
      s.filter !== prev.filter ||
      s.diagnosticsOpen !== prev.diagnosticsOpen ||
      s.diagnosticsCode !== prev.diagnosticsCode
    )
      this.writeSoon();
  }

  // ---------------------------------------------------------------- reading

  /** Filters and panel from the URL (the selection is applied separately). */
  private applyViewExtras(view: ViewState): void {
    const s = useApp.getState();
    const filter = filterOf(view);
    if (!sameFilter(filter, s.filter)) {
      this.load.setFilter(isFiltered(filter) ? filter : NO_FILTER);
      useUrlApplied.setState((u) => ({ filterVersion: u.filterVersion + 1 }));
    }
    const open = view.panel === 'diagnostics';
    const code = open ? (view.diag ?? null) : s.diagnosticsCode;
    if (open !== s.diagnosticsOpen || code !== s.diagnosticsCode)
      useApp.setState({ diagnosticsOpen: open, diagnosticsCode: code });
  }

  private applySelection(view: ViewState): void {
    if (view.seq === undefined) return;
    const { events, status } = useApp.getState();
    // Beyond a loaded log: the load service's clamp applies when ready; here, clamp now.
    const clamped = clampSeq(view.seq, events);
    if (status === 'ready' && clamped.notice !== undefined && clamped.seq !== null) {
      select(clamped.seq);
      setNotice(clamped.notice);
      return;
    }
    selectPosition(view.seq, view.chunk ?? null);
  }

  /** The URL changed under us (Back/Forward, an edited hash, a same-tab link). */
  private readonly onNavigate = (): void => {
    if (here() === this.lastNavigated) return;
    this.lastNavigated = here();
    const { state, ignored } = parseUrl(location.search, location.hash);
    if (state.identity && !sameIdentity(state.identity, this.identity)) {
      void this.openIdentity(state.identity, state, ignored);
      return;
    }
    if (landingActive() && !state.identity) return;
    this.applying = true;
    try {
      this.applySelection(state);
      this.applyViewExtras(state);
    } finally {
      this.applying = false;
    }
    this.linkNotice.navigated(ignored, state);
    // One normalizing write (dropped fields, a clamped seq); the twin event of this change is skipped.
    this.writeNow('replace');
    this.lastNavigated = here();
  };

  /** Opens the log a URL names, positioned and set up as its view says. */
  private async openIdentity(id: LogIdentity | undefined, view: ViewState, ignored: string[]): Promise<void> {
    this.linkNotice.expect(ignored);
    // Named first: the selection below rewrites the URL, which must keep naming this log.
    this.identity = id;
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
        expectLog(
          { ...expected, name: expected.name ?? stored.file.name, size: stored.file.size },
          'looking',
        );
        const part = id ? partOf(id) : {};
        const loadId = this.load.open({ kind: 'file', file: stored.file, ...part }, { keepSelection });
        if (id) this.linkNotice.opened(loadId, id, view);
        this.applyLinkExtras(view);
        return;
      } else {
        const entry = await getRecent(expected.fingerprint);
        const known = { ...expected };
        if (entry) {
          known.name ??= entry.name;
          known.size ??= entry.size;
        }
        expectLog(known, 'missing');
      }
      this.applyViewExtras(view);
      return;
    }
    if (id?.kind === 'src') {
      const url = new URL(id.src, location.href).href;
      const follow = id.follow ? { follow: true } : {};
      const loadId = this.load.open({ kind: 'url', url, ...follow, ...partOf(id) }, { keepSelection });
      this.linkNotice.opened(loadId, id, view);
      this.applyLinkExtras(view);
      return;
    }
    if (id?.kind === 'sample') {
      const loadId = this.load.open({ kind: 'sample', name: id.name, ...partOf(id) }, { keepSelection });
      this.linkNotice.opened(loadId, id, view);
      this.applyLinkExtras(view);
      return;
    }
    // A URL that names no log (the root, or `seqscope serve`'s `/?library`) shows the start page:
    // samples, recent logs, paste and open-by-URL; the demo is one click away there.
    useApp.setState({ startPageOpen: true });
    // No load will become ready to carry the notice: a link whose log name was unusable says so now.
    this.linkNotice.sayNow();
    this.applyViewExtras(view);
  }

  /**
   * A link's filters and panel, set on the log it just opened, and written back at once: the open
   * wrote the URL without them (a load starts from none), and a throttled write put them back
   * ~0.3 s later; a reload or a copied address in between lost them (review).
   */
  private applyLinkExtras(view: ViewState): void {
    this.applyViewExtras(view);
    this.writeNow('replace');
  }

  /** Same-tab links to this log (another position or view) navigate without a reload. */
  private readonly onLinkClick = (e: MouseEvent): void => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element | null)?.closest?.('a[href]');
    if (!(a instanceof HTMLAnchorElement) || (a.target && a.target !== '_self') || a.hasAttribute('download'))
      return;
    const url = new URL(a.href, location.href);
    if (url.origin !== location.origin || url.pathname !== location.pathname) return;
    const { state } = parseUrl(url.search, url.hash);
    if (state.identity && !sameIdentity(state.identity, this.identity)) return; // another log: a real navigation
    if (!state.identity && url.search !== location.search) return;
    e.preventDefault();
    history.pushState(null, '', `${url.pathname}${url.search}${url.hash}`);
    this.onNavigate();
  };
}
