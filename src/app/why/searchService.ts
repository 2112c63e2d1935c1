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
  count: number;
  searched: number;
  total: number;
  running: boolean;
  error: string | undefined;
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
  count: 0,
  searched: 0,
  total: 0,
  running: false,
  error: undefined,
  current: -1,
};

export const useSearch = create<SearchState>(() => initial);

type Client = Pick<LogClient, 'request' | 'subscribe'>;

export class SearchService {
  private searchId = 0;

  constructor(
    private readonly client: Client,
    /** Shows a hit: select its seq in the timeline, expanding what folds it. */
    private readonly reveal: (seq: number) => void,
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
    if (s.hits.length === 0) return;
    const current =
      s.current < 0 ? (dir > 0 ? 0 : s.hits.length - 1) : (s.current + dir + s.hits.length) % s.hits.length;
    this.pick(current);
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
    if (s.query === '') {
      useSearch.setState({ hits: [], count: 0, searched: 0, running: false, error: undefined, current: -1 });
      return;
    }
    useSearch.setState({ hits: [], count: 0, searched: 0, running: true, error: undefined, current: -1 });
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
    });
  }

  private onPush(p: Push): void {
    if (p.kind !== 'searchHits' || p.searchId !== this.searchId) return;
    useSearch.setState((s) => ({
      hits: p.hits.length > 0 ? [...s.hits, ...p.hits] : s.hits,
      count: p.count,
      searched: p.searched,
      total: p.total,
    }));
  }
}
