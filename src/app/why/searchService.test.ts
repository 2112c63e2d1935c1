import { beforeEach, describe, expect, it } from 'vitest';
import type { LogClient } from '../../worker/client';
import type { Push, SearchHit } from '../../worker/protocol';
import { SearchService, useSearch } from './searchService';

const hit = (seq: number): SearchHit => ({
  seq,
  type: 'user/message',
  path: 'data.content[0].text',
  snippet: 'x',
  start: 0,
  end: 1,
});

/**
 * A fake worker: a `search` streams its hits in two pushes (tagged with the
 * request's searchId), then answers; a regex "(" answers with the worker's error value.
 */
function fakeClient(hitsFor: (query: string) => number[], moreSeqs: number[] = []) {
  const listeners: ((p: Push) => void)[] = [];
  const client = {
    request: async (req: { kind: string; searchId: number; query: string; regex: boolean }) => {
      await Promise.resolve();
      if (req.regex && req.query === '(')
        return {
          ok: true,
          value: { count: 0, hits: [], searched: 0, error: 'bad regular expression: Unterminated group' },
        };
      const hits = hitsFor(req.query).map(hit);
      const half = Math.ceil(hits.length / 2);
      for (const [i, part] of [hits.slice(0, half), hits.slice(half)].entries())
        for (const l of listeners)
          l({
            kind: 'searchHits',
            loadId: 1,
            searchId: req.searchId,
            hits: part,
            ...(i === 1 && moreSeqs.length > 0 ? { moreSeqs } : {}),
            count: half,
            searched: 10,
            total: 20,
          });
      return { ok: true, value: { count: hits.length, hits, searched: 20 } };
    },
    subscribe: (l: (p: Push) => void) => {
      listeners.push(l);
      return () => void listeners.splice(listeners.indexOf(l), 1);
    },
  };
  return client as unknown as Pick<LogClient, 'request' | 'subscribe'>;
}

const settle = async () => {
  for (let i = 0; i < 50 && useSearch.getState().running; i++) await new Promise((r) => setTimeout(r, 5));
};

describe('SearchService', () => {
  beforeEach(() =>
    useSearch.setState({ query: '', hits: [], moreSeqs: [], count: 0, current: -1, running: false }),
  );

  it('runs a query in the worker, collects the streamed hits and steps through them, wrapping', async () => {
    const revealed: number[] = [];
    const svc = new SearchService(
      fakeClient(() => [3, 5, 8, 13, 21]),
      (seq) => revealed.push(seq),
    );
    const stop = svc.start();
    svc.update({ query: 'agents.md' });
    expect(useSearch.getState().running).toBe(true);
    await settle();
    const s = useSearch.getState();
    expect(s.count).toBe(5);
    expect(s.hits).toHaveLength(5);
    svc.step(1);
    svc.step(1);
    svc.step(-1);
    svc.step(-1);
    expect(s.hits.map((h) => h.seq)).toEqual([3, 5, 8, 13, 21]);
    expect(revealed).toEqual([3, 5, 3, 21]);
    stop();
  });

  it('a bad regex is an inline error; an empty query clears', async () => {
    const svc = new SearchService(
      fakeClient(() => []),
      () => {},
    );
    svc.update({ query: '(', regex: true });
    await settle();
    expect(useSearch.getState().error).toBe('bad regular expression: Unterminated group');
    svc.update({ query: '', regex: false });
    await settle();
    expect(useSearch.getState()).toMatchObject({ count: 0, hits: [], error: undefined });
  });

  it('keeps the seqs of hits past the list limit for the scrubber ticks', async () => {
    const svc = new SearchService(
      fakeClient(() => [1, 2, 3, 4], [90, 95]),
      () => {},
    );
    const stop = svc.start();
    svc.update({ query: 'x' });
    await settle();
    expect(useSearch.getState().hits.map((h) => h.seq)).toEqual([1, 2, 3, 4]);
    expect(useSearch.getState().moreSeqs).toEqual([90, 95]);
    svc.update({ query: 'y' });
    expect(useSearch.getState().moreSeqs).toEqual([]);
    await settle();
    stop();
  });

  it('after the selection moved (a tick pressed on the scrubber), stepping goes on from there', async () => {
    const revealed: number[] = [];
    let selected: number | null = null;
    const svc = new SearchService(
      fakeClient(() => [3, 5, 8, 13, 21]),
      (seq) => {
        revealed.push(seq);
        selected = seq;
      },
      () => selected,
    );
    const stop = svc.start();
    svc.update({ query: 'q' });
    await settle();
    svc.step(1);
    expect(revealed).toEqual([3]);
    selected = 10; // the user clicked elsewhere
    svc.step(1);
    expect(revealed).toEqual([3, 13]);
    expect(useSearch.getState().current).toBe(3);
    selected = 10;
    svc.step(-1);
    expect(revealed).toEqual([3, 13, 8]);
    selected = 30; // past the last hit: Enter wraps to the first
    svc.step(1);
    expect(revealed).toEqual([3, 13, 8, 3]);
    stop();
  });

  it('Enter pressed before the first hit arrives goes to it when it does', async () => {
    const revealed: number[] = [];
    let selected: number | null = 30;
    const svc = new SearchService(
      fakeClient((q) => (q === 'none' ? [] : [3, 5, 8, 13, 21])),
      (seq) => {
        revealed.push(seq);
        selected = seq;
      },
      () => selected,
    );
    const stop = svc.start();
    svc.update({ query: 'q' });
    svc.step(1); // typed and Enter in one motion: nothing has arrived yet
    expect(revealed).toEqual([]);
    await settle();
    // The selection (30) is past every hit: the first hit, once, when they arrived.
    expect(revealed).toEqual([3]);
    expect(useSearch.getState().current).toBe(0);
    // A query without hits: the early Enter is dropped, and a later search does not replay it.
    svc.update({ query: 'none' });
    svc.step(1);
    await settle();
    svc.update({ query: 'q' });
    await settle();
    expect(revealed).toEqual([3]);
    stop();
  });
});
