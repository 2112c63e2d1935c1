/**
 * The app's services around the log worker: open, cancel, retry, filter and
 * fold, and the load lifecycle (opened, ready, grew, follow, fatal). It is
 * the only writer of the load state in the app store (status, summary,
 * counts; the row counts mirror the client's, their one writer), follows the pushes of the load the user asked for
 * (ignoring late pushes of superseded loads), and turns a dead worker into a
 * Retry offer. Created once by the composition root (compose.ts); does
 * nothing until `start()`.
 */
import { clampSeq } from '../../core/link/deepLink';
import { sourceDisplayName } from '../../core/view/sourceName';
import {
  bundledSampleNamed,
  isFiltered,
  NO_FILTER,
  sameFilter,
  type LoadSource,
  type LogSummary,
  type Push,
  type ResponseValues,
  type Result,
  type TimelineFilter,
} from '../../worker/protocol';
import type { ReadLimitKind } from '../../core/reader/readLimits';
import { resetForLoad, select, useApp } from '../appState';
import { Lifecycle } from './lifecycle';
import { addNotice } from './notice';
import type { WorkerClient } from './workerClient';

/**
 * A veto on loads (the landing page of a link to a local file): consulted
 * before a load starts and when it is ready.
 */
export interface LoadGuard {
  /**
   * null: open as usual; proceed false: refuse; keepSelection: the seq the guard selected stays;
   * keepFilter: so does the filter (the link's, set while its file was asked for).
   */
  beforeOpen(source: LoadSource): { proceed: boolean; keepSelection?: boolean; keepFilter?: boolean } | null;
  /** false: this log is refused (not shown, not remembered). */
  acceptReady(summary: LogSummary): boolean;
}

/**
 * A sample named by a unique prefix of its name (`?sample=demo`) opens under its whole name, so the
 * header, the URL and the recent list name it alike; an unknown name goes on to the worker's refusal.
 */
function canonicalSource(source: LoadSource): LoadSource {
  if (source.kind !== 'sample') return source;
  const sample = bundledSampleNamed(source.name);
  return sample && sample.name !== source.name ? { ...source, name: sample.name } : source;
}

export class LoadService {
  readonly events = new Lifecycle();
  private lastSource: LoadSource | null = null;
  /** The read limits the last open lifted ("Load anyway"). */
  private lastLift: ReadLimitKind[] = [];
  private opened = 0;
  /** Loads are named here: the id every push about a load carries. */
  private lastLoadId = 0;
  private guard: LoadGuard | null = null;
  /**
   * The last event, selected at the load's end while a filter's scan still read on: shown once
   * the scan is through (where it sits among the matches is known then), unless another was
   * selected meanwhile.
   */
  private revealAtScanEnd: number | null = null;
  /** Filters asked so far: the newest one's answer ends `filterScan`. */
  private filterAsks = 0;

  constructor(readonly client: WorkerClient) {}

  /** Subscribes to the worker; returns the unsubscribe. */
  start(): () => void {
    const offPush = this.client.subscribe((p) => this.onPush(p));
    const offRows = this.client.onRows(({ loadId, rowCount, rowsVersion, rowsShape, rowsBasis }) => {
      if (loadId === useApp.getState().loadId)
        useApp.setState({ rowCount, rowsVersion, rowsShape, rowsBasis });
    });
    const offDead = this.client.onDead((reason) => {
      useApp.setState({
        workerDead: reason,
        status: 'error',
        error: { code: 'worker-dead', message: reason },
      });
      this.events.emit('fatal', {
        loadId: useApp.getState().loadId,
        error: { code: 'worker-dead', message: reason },
      });
    });
    return () => {
      offPush();
      offRows();
      offDead();
    };
  }

  setGuard(guard: LoadGuard | null): void {
    this.guard = guard;
  }

  /**
   * Opens a log, replacing the current one. The first log opened (at startup)
   * keeps the selection a `#seq=` deep link asked for; later ones start
   * unselected, and select their last event when ready. Returns the load's
   * id (null when the guard refused the source). `liftLimits`: read past these
   * read limits (see `loadAnyway`). A bundled sample may be named by a unique prefix.
   */
  open(
    asked: LoadSource,
    options: { keepSelection?: boolean; liftLimits?: ReadLimitKind[] } = {},
  ): number | null {
    const source = canonicalSource(asked);
    const guard = this.guard?.beforeOpen(source) ?? null;
    if (guard && !guard.proceed) return null;
    this.lastSource = source;
    const liftLimits = options.liftLimits ?? [];
    this.lastLift = liftLimits;
    const loadId = ++this.lastLoadId;
    const keptFilter = guard?.keepFilter ? useApp.getState().filter : NO_FILTER;
    this.revealAtScanEnd = null;
    resetForLoad(
      loadId,
      sourceDisplayName(source),
      guard?.keepSelection ?? options.keepSelection ?? this.opened === 0,
    );
    this.opened++;
    this.events.emit('opened', { loadId, source });
    const request = {
      kind: 'open' as const,
      loadId,
      source,
      ...(liftLimits.length > 0 ? { liftLimits } : {}),
    };
    void this.client.request(request).then((result) => {
      if (useApp.getState().loadId !== loadId) return; // a newer open took over
      if (result.ok) return; // the `ready` push did the work
      if (result.error.code === 'cancelled')
        useApp.setState({ status: 'idle', startPageOpen: true, progress: null });
      else if (result.error.code !== 'superseded') {
        useApp.setState({ status: 'error', error: result.error, progress: null });
        this.events.emit('fatal', { loadId, error: result.error });
      }
    });
    // Asked after the open: the worker sets it on this log.
    if (isFiltered(keptFilter)) this.setFilter(keptFilter);
    return loadId;
  }

  /** Another sample of the open multi-sample log (Inspect AI), from 1: the same source again. */
  openPart(part: number): number | null {
    if (!this.lastSource) return null;
    const { part: _old, ...source } = this.lastSource;
    return this.open(part > 1 ? { ...source, part } : source);
  }

  /**
   * "Load anyway": the log a read limit stopped (a decompression bomb, an endless line, a log
   * past this tab's size limit), opened again past that limit and the ones lifted before, at
   * the same selection. The memory budget still refuses what would kill the tab.
   */
  loadAnyway(): void {
    const hit = useApp.getState().summary?.limitHit;
    if (!hit || !this.lastSource) return;
    const liftLimits = [...new Set([...this.lastLift, hit.kind])];
    this.open(this.lastSource, { keepSelection: true, liftLimits });
  }

  cancel(): void {
    const { loadId, status } = useApp.getState();
    if (status === 'loading') void this.client.request({ kind: 'cancel', loadId });
  }

  /** After the worker died: a fresh worker, and the same source again. */
  retry(): void {
    this.client.restart();
    useApp.setState({ workerDead: null, error: null });
    if (this.lastSource) this.open(this.lastSource, { keepSelection: true });
    else useApp.setState({ status: 'idle', startPageOpen: true });
  }

  /**
   * The log's file chosen again, after it changed on disk (`file-changed`): a browser reads a
   * picked file only as it was when picked, so Retry cannot help. Opens it at the same selection,
   * sample and lifted limits.
   */
  reopenFile(file: File): void {
    const last = this.lastSource;
    const source: LoadSource = last?.kind === 'file' ? { ...last, file } : { kind: 'file', file };
    this.open(source, { keepSelection: true, liftLimits: this.lastLift });
  }

  setFilter(filter: TimelineFilter): void {
    // The same rows (a text of spaces for none): no new scan (it started over from the first event).
    if (sameFilter(filter, useApp.getState().filter)) {
      useApp.setState({ filter });
      return;
    }
    const ask = ++this.filterAsks;
    const loadId = useApp.getState().loadId;
    // Typed on while a scan runs: the rows on screen are still those from before the first, unless
    // their shape moved on (a loading log's progress brought the last filter's rows): then those
    // rows, counted so far (they were called "942 rows…" once the box was emptied).
    useApp.setState((s) => ({
      filter,
      filterScan:
        s.filterScan !== null && s.filterScan.rowsShape === s.rowsShape
          ? s.filterScan
          : { filtered: isFiltered(s.filter), rowsShape: s.rowsShape },
    }));
    // Only the newest filter of this load says when scanning ends (an older one is superseded).
    const answered = (r: Result<ResponseValues['filter']>) => {
      if (ask !== this.filterAsks || loadId !== useApp.getState().loadId) return;
      const rest = r.ok && !r.value.through;
      // While the log loads, its count is not settled: the load's end tells it.
      const settled = !rest && useApp.getState().status !== 'loading';
      // Cleared: the list shows the selection again (Timeline's relocation), also after a scroll by
      // hand (its old position may be gone: a filter that matched nothing left it at the top).
      const shown = r.ok && !isFiltered(filter) ? { scrollToSelection: true } : {};
      useApp.setState((s) => ({
        filterScan: null,
        filterRest: rest,
        filtersApplied: s.filtersApplied + (r.ok ? 1 : 0),
        rowCountSettled: s.rowCountSettled + (settled ? 1 : 0),
        ...shown,
      }));
      if (!rest) this.revealDeferred();
    };
    this.client
      .request({ kind: 'filter', filter }, { lane: 'filter' })
      .then(answered, () =>
        answered({ ok: false, error: { code: 'internal', message: 'the filter was not answered' } }),
      );
  }

  foldAll(level: 'turns' | 'steps' | 'none'): void {
    useApp.setState({ foldLevel: level });
    const loadId = useApp.getState().loadId;
    void this.client.request({ kind: 'collapseAll', level }).then((r) => {
      if (!r.ok || loadId !== useApp.getState().loadId) return;
      // The list shows the selection again (Timeline's relocation), also after a scroll by hand.
      useApp.setState((s) => ({ foldsApplied: s.foldsApplied + 1, scrollToSelection: true }));
      this.countSettled();
    });
  }

  private revealDeferred(): void {
    const seq = this.revealAtScanEnd;
    this.revealAtScanEnd = null;
    const { selectedSeq, scrolledByHand } = useApp.getState();
    // The load's end's selection, shown: unfolding nothing, as it was made (onReady).
    if (seq !== null && selectedSeq === seq && !scrolledByHand) select(seq, { jump: true, reveal: false });
  }

  private countSettled(): void {
    useApp.setState((s) => ({ rowCountSettled: s.rowCountSettled + 1 }));
  }

  toggleFold(seq: number): void {
    void this.client.request({ kind: 'toggle', seq });
  }

  private onPush(p: Push): void {
    const state = useApp.getState();
    if (p.loadId !== state.loadId) return;
    switch (p.kind) {
      case 'progress':
        useApp.setState({
          progress: p,
          events: p.events,
          diagnostics: p.diagnostics,
          name: p.name,
        });
        return;
      case 'diagnostics':
        useApp.setState({ diagnostics: p.counts, codes: p.codes });
        return;
      case 'rows':
        // The rest of a filter's scan (the client noted the rows); a newer filter's scan counts alone.
        if (p.through && state.filterRest && state.filterScan === null) {
          useApp.setState({ filterRest: false });
          this.countSettled();
          this.revealDeferred();
        }
        return;
      case 'ready':
        this.onReady(p.loadId, p.summary);
        return;
      case 'grew': {
        const s = p.summary;
        // The selection stays: only the counts and rows change.
        useApp.setState({
          summary: s,
          events: s.events,
          diagnostics: s.diagnostics,
          codes: s.codes,
          progress: null,
        });
        this.events.emit('grew', { loadId: p.loadId, summary: s });
        return;
      }
      case 'follow':
        this.events.emit(
          'follow',
          p.message === undefined
            ? { loadId: p.loadId, state: p.state }
            : { loadId: p.loadId, state: p.state, message: p.message },
        );
        return;
      case 'fatal':
        useApp.setState({ status: 'error', error: p.error, progress: null });
        this.events.emit('fatal', { loadId: p.loadId, error: p.error });
        return;
    }
  }

  private onReady(loadId: number, s: LogSummary): void {
    if (this.guard && !this.guard.acceptReady(s)) {
      // The refused log is not shown (nor remembered): back to "no log" under the landing page.
      useApp.setState({ status: 'idle', summary: null, progress: null, events: 0 });
      return;
    }
    useApp.setState({
      status: 'ready',
      summary: s,
      events: s.events,
      diagnostics: s.diagnostics,
      codes: s.codes,
      name: s.name,
      progress: null,
    });
    // A filter's scan still reading says when the count settles (its answer, or its last rows push).
    const { filterScan, filterRest } = useApp.getState();
    if (filterScan === null && !filterRest) this.countSettled();
    const sel = useApp.getState().selectedSeq;
    if (sel === null || sel >= s.events) {
      // Show where the session ended, scrolled into view: the user sees the selected row. While a
      // filter's scan reads on, its place among the matches is not known yet: shown at the scan's
      // end (the list jumped to a middle row, and stayed there while the scan read on).
      const reading = filterScan !== null || filterRest;
      // The app's selection, not the user's: it unfolds nothing. Folded during the load (Fold
      // Turns), the last event's turn stays folded, its row selected; a log that ends inside a
      // streamed chunk run shows the run's row selected (revealed, the run unfolded ~0.2 s after
      // the list showed its end, and the list moved again, to its last chunk: review).
      // Scrolled by hand while it loaded (useHandScroll): the list stays where the user took it.
      const byHand = useApp.getState().scrolledByHand;
      if (s.events > 0) select(s.events - 1, { reveal: false, scroll: !reading && !byHand });
      if (reading && !byHand && s.events > 0) this.revealAtScanEnd = s.events - 1;
      // A deep link beyond the log clamps to its last event, and says so (after select, which clears notices).
      const beyond = sel === null ? undefined : clampSeq(sel, s.events).notice;
      if (beyond !== undefined) addNotice(beyond);
    }
    this.events.emit('ready', { loadId, source: this.lastSource, summary: s });
  }
}
