// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { select, selectPosition, useApp } from '../appState';
import { FollowMode, REWRITTEN_NOTICE, useFollow } from '../share/followMode';
import { GONE_MESSAGE, fail, type ResponseValues } from '../../worker/protocol';
import { FakeClient } from '../testing/fakeClient';
import { resetStores, summary } from '../testing/fixtures';
import { LoadService } from './loadService';
import { useNotice } from './notice';

const tick = () => new Promise((r) => setTimeout(r, 0));

beforeEach(resetStores);

/** A log loading, and a text filter the worker answered before its scan read the whole log. */
async function loadingWithEarlyFilter(text: string): Promise<{ client: FakeClient; id: number }> {
  const client = new FakeClient({
    open: () => new Promise(() => {}),
    filter: () => ({ rowCount: 3, rowsVersion: 2, matches: 3, through: false }),
  });
  const load = new LoadService(client);
  load.start();
  const id = load.open({ kind: 'sample', name: 'demo.jsonl' }, { keepSelection: false })!;
  load.setFilter({ types: null, errorsOnly: false, text });
  await tick();
  return { client, id };
}

describe('LoadService', () => {
  it('opens a log: the store resets for the load, `opened` then `ready` are emitted, the last event is selected', async () => {
    const client = new FakeClient({ open: () => new Promise(() => {}) });
    const load = new LoadService(client);
    load.start();
    const seen: string[] = [];
    load.events.on('opened', (e) => seen.push(`opened ${e.loadId} ${e.source.kind}`));
    load.events.on('ready', (e) => seen.push(`ready ${e.loadId} ${e.summary.events}`));
    const id = load.open({ kind: 'sample', name: 'demo.jsonl' }, { keepSelection: false });
    expect(id).not.toBeNull();
    expect(useApp.getState()).toMatchObject({ status: 'loading', loadId: id, name: 'demo.jsonl' });
    client.push({ kind: 'ready', loadId: id!, summary: summary(id!, 42) });
    expect(seen).toEqual([`opened ${id} sample`, `ready ${id} 42`]);
    expect(useApp.getState()).toMatchObject({ status: 'ready', events: 42, rowCount: 42, selectedSeq: 41 });
  });

  it('opens a bundled sample named by a unique prefix under its whole name; other names go on unchanged', () => {
    const client = new FakeClient({ open: () => new Promise(() => {}) });
    const load = new LoadService(client);
    load.start();
    const opened: string[] = [];
    load.events.on('opened', (e) => opened.push(e.source.kind === 'sample' ? e.source.name : e.source.kind));
    load.open({ kind: 'sample', name: 'demo' });
    expect(useApp.getState().name).toBe('demo.jsonl');
    load.open({ kind: 'sample', name: 'long' });
    // No such sample, and a name two samples start with ("" would be every one): the worker refuses them.
    load.open({ kind: 'sample', name: 'nope' });
    load.open({ kind: 'sample', name: '' });
    expect(opened).toEqual(['demo.jsonl', 'long-session.jsonl.gz', 'nope', '']);
    expect(client.sent('open').map((r) => r.source)).toEqual([
      { kind: 'sample', name: 'demo.jsonl' },
      { kind: 'sample', name: 'long-session.jsonl.gz' },
      { kind: 'sample', name: 'nope' },
      { kind: 'sample', name: '' },
    ]);
  });

  it('ignores the pushes of a load that a newer open replaced', () => {
    const client = new FakeClient({ open: () => new Promise(() => {}) });
    const load = new LoadService(client);
    load.start();
    const first = load.open({ kind: 'sample', name: 'a.jsonl' })!;
    const second = load.open({ kind: 'sample', name: 'b.jsonl' })!;
    client.push({ kind: 'ready', loadId: first, summary: summary(first, 5) });
    expect(useApp.getState()).toMatchObject({ status: 'loading', loadId: second, events: 0 });
  });

  it('clamps a deep link beyond the log to its last event, with a notice', () => {
    const client = new FakeClient({ open: () => new Promise(() => {}) });
    const load = new LoadService(client);
    load.start();
    useApp.setState({ selectedSeq: 90 });
    const id = load.open({ kind: 'sample', name: 'demo.jsonl' }, { keepSelection: true })!;
    client.push({ kind: 'ready', loadId: id, summary: summary(id, 10) });
    expect(useApp.getState().selectedSeq).toBe(9);
    expect(useNotice.getState().notice).toBe(
      'seq 90 is beyond this log (10 events): showing the last event, seq 9',
    );
  });

  it('a failed open shows its error and emits `fatal`', async () => {
    const client = new FakeClient({ open: () => fail('network', 'HTTP 404 for x.jsonl') });
    const load = new LoadService(client);
    load.start();
    const fatal: string[] = [];
    load.events.on('fatal', (e) => fatal.push(e.error.message));
    load.open({ kind: 'url', url: 'https://example.com/x.jsonl' });
    await tick();
    expect(useApp.getState()).toMatchObject({ status: 'error', error: { code: 'network' } });
    expect(fatal).toEqual(['HTTP 404 for x.jsonl']);
  });

  it('a dead worker offers Retry, which opens the same source again on a fresh worker', () => {
    const client = new FakeClient({ open: () => new Promise(() => {}) });
    const load = new LoadService(client);
    load.start();
    load.open({ kind: 'sample', name: 'demo.jsonl' });
    client.killForTesting();
    expect(useApp.getState()).toMatchObject({ status: 'error', workerDead: 'the worker was killed (test)' });
    load.retry();
    expect(client.dead).toBe(false);
    expect(client.sent('open')).toHaveLength(2);
    expect(useApp.getState()).toMatchObject({ status: 'loading', workerDead: null });
  });

  it("mirrors the client's row counts of the current load only", () => {
    const client = new FakeClient({ open: () => new Promise(() => {}) });
    const load = new LoadService(client);
    load.start();
    const id = load.open({ kind: 'sample', name: 'demo.jsonl' })!;
    client.rows(id, 12, 3);
    expect(useApp.getState()).toMatchObject({ rowCount: 12, rowsVersion: 3 });
    client.rows(id - 1, 99, 9); // a late count of an older load
    expect(useApp.getState()).toMatchObject({ rowCount: 12, rowsVersion: 3 });
  });

  it('filter and fold are asked of the worker (the client reports the new row counts)', () => {
    const client = new FakeClient();
    const load = new LoadService(client);
    load.setFilter({ types: null, errorsOnly: true, text: '' });
    load.foldAll('turns');
    expect(useApp.getState()).toMatchObject({ filter: { errorsOnly: true }, foldLevel: 'turns' });
    expect(client.requests.map((r) => r.req.kind)).toEqual(['filter', 'collapseAll']);
  });

  it('a fold of every row, once answered, is counted (the timeline shows the selection again) and settles the count', async () => {
    const client = new FakeClient({ collapseAll: () => ({ rowCount: 5, rowsVersion: 2, rowsShape: 1 }) });
    const load = new LoadService(client);
    const { foldsApplied, rowCountSettled } = useApp.getState();
    load.foldAll('steps');
    await tick();
    expect(useApp.getState()).toMatchObject({
      foldsApplied: foldsApplied + 1,
      rowCountSettled: rowCountSettled + 1,
    });
  });
  it("says a filter is scanning until the newest one's answer: then the timeline locates the selection again", async () => {
    const answers: ((v: ResponseValues['filter']) => void)[] = [];
    const client = new FakeClient({ filter: () => new Promise((r) => answers.push(r)) });
    const load = new LoadService(client);
    const errors = { types: null, errorsOnly: true, text: '' };
    useApp.setState({ rowCount: 34256 });
    load.setFilter(errors);
    expect(useApp.getState()).toMatchObject({
      filterScan: { filtered: false, rowsShape: 0 },
      filtersApplied: 0,
    });
    // A newer filter supersedes it: the older one's end does not end the scanning, and the rows
    // on screen are still those from before the first (what the toolbar counts meanwhile).
    useApp.setState({ rowCount: 40000 });
    load.setFilter({ ...errors, text: 'deploy' });
    await tick();
    expect(useApp.getState()).toMatchObject({
      filterScan: { filtered: false, rowsShape: 0 },
      filtersApplied: 0,
    });
    // Unless the rows' shape moved on meanwhile (a loading log's progress brought the second
    // filter's rows): a third filter (the box emptied) counts those, as matches so far.
    useApp.setState({ rowCount: 942, rowsShape: 7 });
    load.setFilter({ ...errors, errorsOnly: false });
    expect(useApp.getState().filterScan).toEqual({ filtered: true, rowsShape: 7 });
    answers[2]!({ rowCount: 3, rowsVersion: 2, matches: 3, through: true });
    await tick();
    expect(useApp.getState()).toMatchObject({ filterScan: null, filtersApplied: 1 });
    // A filter that fails ends the scanning and applies nothing.
    client.handlers.filter = () => fail('no-log', 'No log is loaded');
    load.setFilter(errors);
    expect(useApp.getState().filterScan).not.toBeNull();
    await tick();
    expect(useApp.getState()).toMatchObject({ filterScan: null, filtersApplied: 1 });
  });
});

describe('FollowMode', () => {
  it('counts appended events, and reloads a rewritten log with a notice', () => {
    const client = new FakeClient({ open: () => new Promise(() => {}) });
    const load = new LoadService(client);
    load.start();
    new FollowMode(load).start();
    const url = 'https://example.com/live.jsonl';
    const id = load.open({ kind: 'url', url, follow: true })!;
    const s = summary(id, 10, { following: true, source: { kind: 'url', url } });
    client.push({ kind: 'ready', loadId: id, summary: s });
    expect(useFollow.getState().state).toBe('connecting');
    client.push({ kind: 'follow', loadId: id, state: 'live' });
    client.push({ kind: 'grew', loadId: id, summary: { ...s, events: 14, rowCount: 14 } });
    expect(useFollow.getState()).toMatchObject({ state: 'live', appended: 4 });
    // The selection was on the last event (where a load puts it): it follows the tail, like `tail -f`.
    expect(useApp.getState()).toMatchObject({ events: 14, rowCount: 14, selectedSeq: 13 });

    client.push({ kind: 'follow', loadId: id, state: 'rewritten' });
    const reload = useApp.getState().loadId;
    expect(reload).not.toBe(id);
    expect(client.sent('open').at(-1)).toEqual({
      kind: 'open',
      loadId: reload,
      source: { kind: 'url', url, follow: true },
    });
    client.push({ kind: 'ready', loadId: reload, summary: { ...s, loadId: reload, events: 3 } });
    // On the last event before the rewrite: on the last event after it (no "beyond" notice).
    expect(useApp.getState().selectedSeq).toBe(2);
    expect(useNotice.getState().notice).toBe(REWRITTEN_NOTICE);
  });

  it('a reload that finds the file gone says it waits, and drops that once the file is back (R11-L2)', () => {
    const client = new FakeClient({ open: () => new Promise(() => {}) });
    const load = new LoadService(client);
    load.start();
    new FollowMode(load).start();
    const url = 'https://example.com/live.jsonl';
    const id = load.open({ kind: 'url', url, follow: true })!;
    const s = summary(id, 10, { following: true, source: { kind: 'url', url } });
    client.push({ kind: 'ready', loadId: id, summary: s });
    select(4); // away from the tail: the reload keeps the selection (no move clears the notices)
    client.push({ kind: 'follow', loadId: id, state: 'rewritten' });
    const reload = useApp.getState().loadId;
    // The worker's reload met a 404 and waits for the file (worker/goneLog.ts).
    client.push({ kind: 'follow', loadId: reload, state: 'reconnecting', message: GONE_MESSAGE });
    expect(useApp.getState().status).toBe('loading');
    expect(useNotice.getState().notice).toBe(GONE_MESSAGE);
    expect(useFollow.getState()).toMatchObject({ state: 'reconnecting', message: GONE_MESSAGE });
    client.push({ kind: 'ready', loadId: reload, summary: { ...s, loadId: reload, events: 12 } });
    expect(useApp.getState().selectedSeq).toBe(4);
    expect(useNotice.getState().notice).toBe(REWRITTEN_NOTICE);
    expect(useFollow.getState()).toMatchObject({ state: 'connecting', message: null });
  });

  it('a rewritten log reloaded: a selection on the last event moves to the new last event, like tail -f; anywhere else it stays', () => {
    const client = new FakeClient({ open: () => new Promise(() => {}) });
    const load = new LoadService(client);
    load.start();
    new FollowMode(load).start();
    const url = 'https://example.com/live.jsonl';
    const id = load.open({ kind: 'url', url, follow: true })!;
    const s = summary(id, 3, { following: true, source: { kind: 'url', url } });
    client.push({ kind: 'ready', loadId: id, summary: s });
    expect(useApp.getState().selectedSeq).toBe(2);
    const rewrite = (events: number) => {
      client.push({ kind: 'follow', loadId: useApp.getState().loadId, state: 'rewritten' });
      const reload = useApp.getState().loadId;
      client.push({ kind: 'ready', loadId: reload, summary: { ...s, loadId: reload, events } });
      return reload;
    };

    // Replaced by a longer file: on the old last event (2), now on the new one (5).
    const reload = rewrite(6);
    expect(useApp.getState().selectedSeq).toBe(5);
    // ... and it goes on following what is appended after the reload.
    client.push({ kind: 'grew', loadId: reload, summary: { ...s, loadId: reload, events: 9 } });
    expect(useApp.getState().selectedSeq).toBe(8);

    // Elsewhere (seq 4), a rewrite keeps the selection where the user put it.
    select(4);
    rewrite(12);
    expect(useApp.getState().selectedSeq).toBe(4);
    expect(useNotice.getState().notice).toBe(REWRITTEN_NOTICE);
  });

  it('a selection on the last event follows new events; anywhere else (or on a chunk) it stays', () => {
    const client = new FakeClient({ open: () => new Promise(() => {}) });
    const load = new LoadService(client);
    load.start();
    new FollowMode(load).start();
    const url = 'https://example.com/live.jsonl';
    const id = load.open({ kind: 'url', url, follow: true })!;
    const s = summary(id, 10, { following: true, source: { kind: 'url', url } });
    client.push({ kind: 'ready', loadId: id, summary: s });
    expect(useApp.getState().selectedSeq).toBe(9);
    const grow = (events: number) =>
      client.push({ kind: 'grew', loadId: id, summary: { ...s, events, rowCount: events } });

    grow(12);
    expect(useApp.getState().selectedSeq).toBe(11);
    grow(15);
    expect(useApp.getState().selectedSeq).toBe(14);

    // The user steps back one event: the tail grows without them.
    select(13);
    grow(18);
    expect(useApp.getState().selectedSeq).toBe(13);
    // Back on the last event, it follows again.
    select(17);
    grow(19);
    expect(useApp.getState().selectedSeq).toBe(18);
    // A position inside a chunk stream is not "the last event": it stays.
    selectPosition(18, 2);
    grow(21);
    expect(useApp.getState()).toMatchObject({ selectedSeq: 18, selectedChunk: 2 });
  });

  it('"Load anyway" opens the same source past the limit that stopped it, keeping the selection', () => {
    const client = new FakeClient({ open: () => new Promise(() => {}) });
    const load = new LoadService(client);
    load.start();
    const source = { kind: 'url' as const, url: 'https://example.com/bomb.jsonl.gz' };
    const first = load.open(source)!;
    const hit = {
      kind: 'compression-ratio' as const,
      limit: 100,
      inputBytes: 65_000,
      keptBytes: 67_108_864,
      line: 6,
      message: 'Stopped reading: the input expands more than 100:1',
    };
    client.push({ kind: 'ready', loadId: first, summary: { ...summary(first, 5), limitHit: hit } });
    useApp.setState({ selectedSeq: 2 });
    load.loadAnyway();
    const second = useApp.getState().loadId;
    expect(client.sent('open').at(-1)).toEqual({
      kind: 'open',
      loadId: second,
      source,
      liftLimits: ['compression-ratio'],
    });
    expect(useApp.getState().selectedSeq).toBe(2);
    // Stopped again by another limit: both are lifted the next time.
    const lineHit = { ...hit, kind: 'line-length' as const };
    client.push({ kind: 'ready', loadId: second, summary: { ...summary(second, 9), limitHit: lineHit } });
    load.loadAnyway();
    expect(client.sent('open').at(-1)?.liftLimits).toEqual(['compression-ratio', 'line-length']);
    // A log that no limit stopped has nothing to load anyway; a new open starts with the limits in force.
    const third = useApp.getState().loadId;
    client.push({ kind: 'ready', loadId: third, summary: summary(third, 9) });
    const sentBefore = client.sent('open').length;
    load.loadAnyway();
    expect(client.sent('open')).toHaveLength(sentBefore);
    load.open({ kind: 'sample', name: 'demo.jsonl' });
    expect(client.sent('open').at(-1)).not.toHaveProperty('liftLimits');
  });
  it('a filter answered before its scan read the whole log counts on until a rows push says it is through; the count settles then, and at the load end only if no scan is still reading', async () => {
    const { client, id } = await loadingWithEarlyFilter('deploy');
    expect(useApp.getState()).toMatchObject({
      filterScan: null,
      filterRest: true,
      filtersApplied: 1,
      rowCountSettled: 0,
    });
    // The load ends while the scan still reads: its end is not when the count settles.
    client.push({ kind: 'ready', loadId: id, summary: summary(id, 42) });
    expect(useApp.getState()).toMatchObject({ status: 'ready', filterRest: true, rowCountSettled: 0 });
    client.push({ kind: 'rows', loadId: id, rowCount: 7, rowsVersion: 3, through: false });
    expect(useApp.getState()).toMatchObject({ filterRest: true, rowCountSettled: 0 });
    client.push({ kind: 'rows', loadId: id, rowCount: 9, rowsVersion: 4, through: true });
    expect(useApp.getState()).toMatchObject({ filterRest: false, rowCountSettled: 1 });
  });
  it('the last event is selected at the end without unfolding what holds it, folded during the load (Fold Turns) or not; a later jump unfolds', () => {
    const client = new FakeClient({ open: () => new Promise(() => {}) });
    const load = new LoadService(client);
    load.start();
    const id = load.open({ kind: 'sample', name: 'demo.jsonl' }, { keepSelection: false })!;
    load.foldAll('turns');
    client.push({ kind: 'ready', loadId: id, summary: summary(id, 42) });
    expect(useApp.getState()).toMatchObject({ selectedSeq: 41, revealSelection: false, foldLevel: 'turns' });
    select(41, { jump: true });
    expect(useApp.getState().revealSelection).toBe(true);
    // Not folded: the load's end unfolds nothing either (a log ending inside a chunk run keeps the
    // run folded, its row selected: revealed, the list moved again after it showed its end).
    const next = load.open({ kind: 'sample', name: 'demo.jsonl' }, { keepSelection: false })!;
    client.push({ kind: 'ready', loadId: next, summary: summary(next, 42) });
    expect(useApp.getState()).toMatchObject({ selectedSeq: 41, revealSelection: false, foldLevel: 'none' });
  });

  it('the last event, selected at the load end while a filter scan reads on, is shown (scrolled to) only once the scan is through', async () => {
    const { client, id } = await loadingWithEarlyFilter('error');
    client.push({ kind: 'ready', loadId: id, summary: summary(id, 42) });
    // Selected, not scrolled to: its row among the matches moves as the scan finds more.
    expect(useApp.getState()).toMatchObject({ selectedSeq: 41, scrollToSelection: false });
    const shown = useApp.getState().shownAgain;
    client.push({ kind: 'rows', loadId: id, rowCount: 9, rowsVersion: 4, through: true });
    expect(useApp.getState()).toMatchObject({
      selectedSeq: 41,
      scrollToSelection: true,
      shownAgain: shown + 1,
    });
  });

  it('scrolled by hand while it loaded, the last event is selected at the end without scrolling the list to it', async () => {
    const client = new FakeClient({ open: () => new Promise(() => {}) });
    const load = new LoadService(client);
    load.start();
    const id = load.open({ kind: 'sample', name: 'demo.jsonl' }, { keepSelection: false })!;
    useApp.setState({ scrollToSelection: false, scrolledByHand: true }); // useHandScroll
    client.push({ kind: 'ready', loadId: id, summary: summary(id, 42) });
    expect(useApp.getState()).toMatchObject({ selectedSeq: 41, scrollToSelection: false });
    // The next log starts anew: not scrolled, its end is scrolled to.
    const next = load.open({ kind: 'sample', name: 'demo.jsonl' }, { keepSelection: false })!;
    expect(useApp.getState().scrolledByHand).toBe(false);
    client.push({ kind: 'ready', loadId: next, summary: summary(next, 42) });
    expect(useApp.getState()).toMatchObject({ selectedSeq: 41, scrollToSelection: true });
  });
  it('scrolled by hand after the load ended, while a filter scan read on: the scan end does not scroll to the last event', async () => {
    const { client, id } = await loadingWithEarlyFilter('error');
    client.push({ kind: 'ready', loadId: id, summary: summary(id, 42) });
    useApp.setState({ scrollToSelection: false, scrolledByHand: true });
    const shown = useApp.getState().shownAgain;
    client.push({ kind: 'rows', loadId: id, rowCount: 9, rowsVersion: 4, through: true });
    expect(useApp.getState()).toMatchObject({ selectedSeq: 41, scrollToSelection: false, shownAgain: shown });
  });

  it('scrolled by hand, a cleared filter or a fold of every row shows the selection again (the relocation scrolls); a filter set does not', async () => {
    const client = new FakeClient({
      filter: () => ({ rowCount: 3, rowsVersion: 2, matches: 3, through: true }),
      collapseAll: () => ({ rowCount: 9, rowsVersion: 3 }),
    });
    const load = new LoadService(client);
    load.start();
    useApp.setState({ status: 'ready', selectedSeq: 41, scrollToSelection: false, scrolledByHand: true });
    load.setFilter({ types: null, errorsOnly: false, text: 'zzzz' });
    await tick();
    expect(useApp.getState().scrollToSelection).toBe(false);
    load.setFilter({ types: null, errorsOnly: false, text: '' });
    await tick();
    expect(useApp.getState().scrollToSelection).toBe(true);
    useApp.setState({ scrollToSelection: false });
    load.foldAll('turns');
    await tick();
    expect(useApp.getState().scrollToSelection).toBe(true);
  });
  it("a guard that keeps the filter (a link's, set while its file was asked for) sets it again on the new load", () => {
    const client = new FakeClient({ open: () => new Promise(() => {}), filter: () => new Promise(() => {}) });
    const load = new LoadService(client);
    load.start();
    const linked = { types: null, errorsOnly: true, text: 'error' };
    load.setFilter(linked);
    load.setGuard({
      beforeOpen: () => ({ proceed: true, keepSelection: true, keepFilter: true }),
      acceptReady: () => true,
    });
    client.requests.length = 0;
    load.open({ kind: 'text', text: '', name: 'picked.jsonl' });
    expect(client.requests.map((r) => r.req.kind)).toEqual(['open', 'filter']);
    expect(useApp.getState().filter).toEqual(linked);
    expect(client.sent('filter')[0]!.filter).toEqual(linked);
  });
  it('spaces are part of the text (a new scan), but a text of spaces is none; a scan that ends while the log loads is not when its count settles', async () => {
    const client = new FakeClient({
      open: () => new Promise(() => {}),
      filter: () => ({ rowCount: 3, rowsVersion: 2, matches: 3, through: true }),
    });
    const load = new LoadService(client);
    load.start();
    load.open({ kind: 'sample', name: 'demo.jsonl' }, { keepSelection: false });
    load.setFilter({ types: null, errorsOnly: false, text: 'error' });
    await tick();
    expect(useApp.getState()).toMatchObject({ status: 'loading', filtersApplied: 1, rowCountSettled: 0 });
    load.setFilter({ types: null, errorsOnly: false, text: 'error ' });
    expect(client.sent('filter')).toHaveLength(2);
    await tick();
    load.setFilter({ types: null, errorsOnly: false, text: '' });
    expect(client.sent('filter')).toHaveLength(3);
    await tick();
    load.setFilter({ types: null, errorsOnly: false, text: '   ' });
    expect(client.sent('filter')).toHaveLength(3);
    expect(useApp.getState()).toMatchObject({ filter: { text: '   ' }, filterScan: null });
  });
});
