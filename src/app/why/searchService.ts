/**
 * The search pane's state and its link to the worker: a query runs in the
 * worker (newest wins: each keystroke supersedes the search before), its hits
 * arrive in `searchHits` pushes with a running count, and Enter / Shift+Enter
 * step through them. Built by the composition root with the worker client;
 * nothing here subscribes on import.
 */
import { create } from 'zustand';
import type { LogClient } from '../../worker/client';
import { ALL_EVENTS, type Push, type SearchHit, type SearchScope } from '../../worker/protocol';

/** Hits kept for the list, the scrubber ticks and stepping (the count counts all). */
export const SEARCH_HIT_LIMIT = 10_000;

export interface SearchState {
  open: boolean;
  query: string;
  regex: boolean;
  caseSensitive: boolean;
  scope: SearchScope;
  hits: SearchHit[];
  /** Seqs of hits past SEARCH_HIT_LIMIT: not listed, but ticks on the scrubber. */
  moreSeqs: number[];
  count: number;
  searched: number;
  total: number;
  running: boolean;
  error: string | undefined;
  /** Why the search stopped before the end, its hits standing (a costly pattern). */
  stopped: string | undefined;
  /** Index into `hits` of the current hit, -1 before the first step. */
  current: number;
}

const initial: SearchState = {
  open: false,
  query: '',
  regex: false,
  caseSensitive: false,
  scope: ALL_EVENTS,
  hits: [],
  moreSeqs: [],
  count: 0,
  searched: 0,
  total: 0,
  running: false,
  error: undefined,
  stopped: undefined,
  current: -1,
};

export const useSearch = create<SearchState>(() => initial);

type Client = Pick<LogClient, 'request' | 'subscribe'>;

export class SearchService {
  private searchId = 0;
  /** Enter pressed before the first hit arrived: taken as soon as one does (type, Enter, in one motion). */
  private pendingStep: 1 | -1 | null = null;

  constructor(
    private readonly client: Client,
    /** Shows a hit: select its seq in the timeline, expanding what folds it. */
    private readonly reveal: (seq: number) => void,
    /** The selected seq: after the selection moved elsewhere, stepping goes on from there. */
    private readonly selected: () => number | null = () => null,
  ) {}

  /** Listens to the worker's pushes; returns the unsubscribe. */
  start(): () => void {
    return this.client.subscribe((p) => this.onPush(p));
  }

  setOpen(open: boolean): void {
    useSearch.setState({ open });
  }

  /** A new query or option: searches again (the previous search is superseded). */
  update(change: Partial<Pick<SearchState, 'query' | 'regex' | 'caseSensitive' | 'scope'>>): void {
    useSearch.setState(change);
    void this.run();
  }

  /** The log changed (a new load or rows grew): the hits are stale. */
  reset(): void {
    const { open, query, regex, caseSensitive, scope } = useSearch.getState();
    useSearch.setState({ ...initial, open, query, regex, caseSensitive, scope });
    if (query) void this.run();
  }

  /** Enter (+1) / Shift+Enter (-1): the next or previous hit, wrapping, shown in the timeline. */
  step(dir: 1 | -1): void {
    const s = useSearch.getState();
    const n = s.hits.length;
    if (n === 0) {
      this.pendingStep = s.running ? dir : null;
      return;
    }
    this.pendingStep = null;
    const at = this.selected();
    const here = s.current >= 0 ? s.hits[s.current]?.seq : undefined;
    if (at !== null && at !== here) {
      // The selection moved (a click, a tick on the scrubber): the next hit after it, or the previous before it.
      let i = dir > 0 ? s.hits.findIndex((h) => h.seq > at) : findLastIndex(s.hits, (h) => h.seq < at);
      if (i < 0) i = dir > 0 ? 0 : n - 1;
      this.pick(i);
      return;
    }
    this.pick(s.current < 0 ? (dir > 0 ? 0 : n - 1) : (s.current + dir + n) % n);
  }

  pick(index: number): void {
    const hit = useSearch.getState().hits[index];
    if (!hit) return;
    useSearch.setState({ current: index });
    this.reveal(hit.seq);
  }

  private async run(): Promise<void> {
    const s = useSearch.getState();
    const searchId = ++this.searchId;
    this.pendingStep = null;
    if (s.query === '') {
      useSearch.setState({
        hits: [],
        moreSeqs: [],
        count: 0,
        searched: 0,
        running: false,
        error: undefined,
        stopped: undefined,
        current: -1,
      });
      return;
    }
    useSearch.setState({
      hits: [],
      moreSeqs: [],
      count: 0,
      searched: 0,
      running: true,
      error: undefined,
      stopped: undefined,
      current: -1,
    });
    const r = await this.client.request({
      kind: 'search',
      searchId,
      query: s.query,
      regex: s.regex,
      caseSensitive: s.caseSensitive,
      limit: SEARCH_HIT_LIMIT,
      scope: s.scope,
    });
    if (searchId !== this.searchId) return; // a newer search took over
    if (!r.ok) {
      if (r.error.code !== 'superseded') useSearch.setState({ running: false, error: r.error.message });
      return;
    }
    useSearch.setState({
      hits: r.value.hits,
      count: r.value.count,
      searched: r.value.searched,
      running: false,
      error: r.value.error,
      stopped: r.value.stopped,
    });
    this.takePendingStep();
  }

  private takePendingStep(): void {
    const dir = this.pendingStep;
    const s = useSearch.getState();
    if (dir === null || s.hits.length === 0) return;
    // Hits stream in seq order: while the search runs, "next after the selection" may be yet to come.
    const at = this.selected();
    if (s.running && dir > 0 && at !== null && !s.hits.some((h) => h.seq > at)) return;
    this.step(dir);
  }

  private onPush(p: Push): void {
    if (p.kind !== 'searchHits' || p.searchId !== this.searchId) return;
    useSearch.setState((s) => ({
      hits: p.hits.length > 0 ? [...s.hits, ...p.hits] : s.hits,
      moreSeqs: p.moreSeqs ? [...s.moreSeqs, ...p.moreSeqs] : s.moreSeqs,
      count: p.count,
      searched: p.searched,
      total: p.total,
    }));
    this.takePendingStep();
  }
}

function findLastIndex<T>(list: readonly T[], test: (v: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i] as T)) return i;
  return -1;
}
