// @vitest-environment jsdom
/**
 * UrlSync through a fake worker client: what a link opens and sets up (one
 * bad field never voids the rest), what the URL says as the view changes,
 * which changes add a history entry, and navigation without a reload.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { select, useApp } from '../appState';
import { useReplay } from '../playback/replayState';
import { LoadService } from '../services/loadService';
import { useNotice } from '../services/notice';
import { FakeClient } from '../testing/fakeClient';
import { resetStores, summary } from '../testing/fixtures';
import type { ReplayPositionView } from '../../worker/protocol';
import { UrlSync } from './sync';

const tick = () => new Promise((r) => setTimeout(r, 0));

let teardown: (() => void)[] = [];

/** The app as the composition root wires it, on a fake client, started at `url`. */
function startAt(url: string) {
  history.replaceState(null, '', url);
  const client = new FakeClient({
    open: () => new Promise(() => {}),
    filter: () => ({ rowCount: 0, rowsVersion: 2, matches: 0, through: true }),
  });
  const load = new LoadService(client);
  teardown.push(load.start());
  const sync = new UrlSync(load);
  teardown.push(sync.start());
  /** The worker says the current load is ready with `events` events. */
  const ready = (events: number, extra: Parameters<typeof summary>[2] = {}) => {
    const id = useApp.getState().loadId;
    client.push({ kind: 'ready', loadId: id, summary: summary(id, events, extra) });
  };
  return { client, load, sync, ready };
}

const hashOf = () => new URLSearchParams(location.hash.slice(1));

beforeEach(resetStores);
afterEach(() => {
  for (const off of teardown.reverse()) off();
  teardown = [];
  vi.useRealTimers();
});

describe('UrlSync: a link opens and sets up the view', () => {
  it('opens the named sample at the linked seq, with its filters and panel', () => {
    const { client } = startAt('/?sample=demo.jsonl#seq=5&errors=1&panel=diagnostics&diag=bad-json&q=retry');
    expect(client.sent('open')).toEqual([
      { kind: 'open', loadId: useApp.getState().loadId, source: { kind: 'sample', name: 'demo.jsonl' } },
    ]);
    expect(useApp.getState()).toMatchObject({
      selectedSeq: 5,
      diagnosticsOpen: true,
      diagnosticsCode: 'bad-json',
      filter: { errorsOnly: true, text: 'retry', types: null },
    });
    expect(client.sent('filter')).toEqual([
      { kind: 'filter', filter: { types: null, errorsOnly: true, text: 'retry' } },
    ]);
  });

  it("the address bar keeps the link's filters and panel while its log loads (a reload then was a link without them)", () => {
    const link = '/?sample=demo.jsonl#seq=5&errors=1&panel=diagnostics&diag=bad-json&q=retry';
    startAt(link);
    // No timer has run: written in the open's own task, not a throttled write ~0.2 s later.
    expect(location.search).toBe('?sample=demo.jsonl');
    expect([...hashOf()].sort()).toEqual([...new URLSearchParams(link.split('#')[1])].sort());
  });

  it('opens a ?src= log by its absolute URL, following when the link says so', () => {
    const { client } = startAt('/?src=%2Flogs%2Frun.jsonl&follow=1#seq=2');
    expect(client.sent('open')[0]?.source).toEqual({
      kind: 'url',
      url: `${location.origin}/logs/run.jsonl`,
      follow: true,
    });
  });

  it('keeps every good field when one is malformed, and names the bad one once the log is ready', () => {
    const { ready } = startAt(
      '/?sample=demo.jsonl#seq=12&chunk=x&errors=maybe&panel=diagnostics&types=user%2Fmessage',
    );
    expect(useApp.getState()).toMatchObject({
      selectedSeq: 12,
      selectedChunk: null,
      diagnosticsOpen: true,
      filter: { types: ['user/message'], errorsOnly: false },
    });
    expect(useNotice.getState().notice).toBeNull();
    ready(40);
    expect(useNotice.getState().notice).toBe('Ignored what the link could not use: chunk=x, errors=maybe');
    // The URL written back drops what was ignored and keeps the rest.
    expect(hashOf().get('chunk')).toBeNull();
    expect(hashOf().get('errors')).toBeNull();
    expect(hashOf().get('seq')).toBe('12');
    expect(hashOf().get('types')).toBe('user/message');
  });

  it('a malformed log name opens nothing: the start page says what was ignored', () => {
    const { client } = startAt('/?sample=..%2F..%2Fetc#seq=3&errors=1');
    expect(client.sent('open')).toEqual([]);
    expect(useApp.getState()).toMatchObject({ startPageOpen: true, filter: { errorsOnly: true } });
    expect(useNotice.getState().notice).toBe('Ignored what the link could not use: sample=../../etc');
  });

  it('a URL that names no log shows the start page and asks the worker for nothing', () => {
    const { client } = startAt('/');
    expect(client.requests).toEqual([]);
    expect(useApp.getState().startPageOpen).toBe(true);
    expect(useNotice.getState().notice).toBeNull();
  });

  it('a seq beyond the loaded log selects its last event and says so', () => {
    const { ready } = startAt('/?sample=demo.jsonl#seq=900');
    ready(10);
    expect(useApp.getState().selectedSeq).toBe(9);
    expect(useNotice.getState().notice).toBe(
      'seq 900 is beyond this log (10 events): showing the last event, seq 9',
    );
    expect(hashOf().get('seq')).toBe('9');
  });
});

describe('UrlSync: what only the opened log can judge joins the notice (R11-L3)', () => {
  /** The worker's answer for a position unmoved: a delta of `length` code points at every seq. */
  const deltaOf =
    (length: number) =>
    ({ seq, chunk }: { seq: number; chunk?: number }): ReplayPositionView => ({
      seq,
      ...(chunk !== undefined && chunk < length ? { chunk } : {}),
      valuetext: `seq ${seq}`,
      deltaLength: length,
      type: 'stream/delta',
    });

  it('names part=2 of a one-part log with the other dropped fields, spelled out', () => {
    const { ready } = startAt('/?sample=demo.jsonl&part=2#seq=4&types=%E2%80%AE');
    ready(10);
    expect(useNotice.getState().notice).toBe('Ignored what the link could not use: types=\\u202e, part=2');
    expect(new URLSearchParams(location.search).get('part')).toBeNull();
  });

  it('says nothing of a part the log has', () => {
    const { ready } = startAt('/?sample=demo.jsonl&part=2#seq=4');
    ready(10, { parts: { labels: ['a#1', 'b#1'], open: 2 } });
    expect(useNotice.getState().notice).toBeNull();
  });

  it('names a char= past the delta at seq, and the selection drops it', async () => {
    const { client, ready } = startAt('/?sample=demo.jsonl#seq=4&char=99999999999&errors=maybe');
    client.handlers.replayMove = deltaOf(12);
    expect(useApp.getState()).toMatchObject({ selectedSeq: 4, selectedChunk: 99999999999 });
    ready(10);
    await vi.waitFor(() => expect(useNotice.getState().notice).not.toBeNull());
    expect(useNotice.getState().notice).toBe(
      'Ignored what the link could not use: errors=maybe, char=99999999999',
    );
    expect(client.sent('replayMove')).toEqual([
      { kind: 'replayMove', seq: 4, chunk: 99999999999, move: 'none' },
    ]);
    expect(useApp.getState()).toMatchObject({ selectedSeq: 4, selectedChunk: null });
  });

  it('keeps a char= the delta has, without a word', async () => {
    const { client, ready } = startAt('/?sample=demo.jsonl#seq=4&char=5');
    client.handlers.replayMove = deltaOf(12);
    ready(10);
    await vi.waitFor(() => expect(client.sent('replayMove')).toHaveLength(1));
    await tick();
    expect(useNotice.getState().notice).toBeNull();
    expect(useApp.getState()).toMatchObject({ selectedSeq: 4, selectedChunk: 5 });
  });

  it('names a char= past the delta in a hash edited on the open log', async () => {
    const { client, ready } = startAt('/?sample=demo.jsonl#seq=1');
    client.handlers.replayMove = deltaOf(12);
    ready(10);
    location.hash = '#seq=3&char=400';
    await vi.waitFor(() => expect(useNotice.getState().notice).not.toBeNull());
    expect(useNotice.getState().notice).toBe('Ignored what the link could not use: char=400');
    expect(useApp.getState()).toMatchObject({ selectedSeq: 3, selectedChunk: null });
  });
});

describe('UrlSync: the URL follows the view', () => {
  it('writes the selection and chunk into the hash, and the log into the query', () => {
    const { ready } = startAt('/?sample=demo.jsonl');
    ready(20);
    expect(location.search).toBe('?sample=demo.jsonl');
    expect(hashOf().get('seq')).toBe('19');
  });

  it('a jump to the seq already selected adds no history entry, and asks the timeline to show it again', () => {
    const { ready, sync } = startAt('/?sample=demo.jsonl');
    ready(50);
    sync.jumpTo(7);
    const entries = history.length;
    const again = useApp.getState().shownAgain;
    sync.jumpTo(7);
    expect(history.length).toBe(entries);
    expect(useApp.getState().shownAgain).toBe(again + 1);
    select(7);
    expect(useApp.getState().shownAgain).toBe(again + 1);
  });

  it('a jump adds a history entry; a move rewrites the current one (throttled, the last move always written)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { ready, sync } = startAt('/?sample=demo.jsonl');
    ready(50);
    const entries = history.length;
    sync.jumpTo(7);
    expect(history.length).toBe(entries + 1);
    expect(hashOf().get('seq')).toBe('7');
    select(8);
    select(9);
    select(10);
    expect(history.length).toBe(entries + 1);
    vi.advanceTimersByTime(1000);
    expect(hashOf().get('seq')).toBe('10');
    expect(history.length).toBe(entries + 1);
  });

  it('a scrubber drag writes the URL once, where it ends', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { ready } = startAt('/?sample=demo.jsonl');
    ready(50);
    vi.advanceTimersByTime(1000);
    const writes = vi.spyOn(history, 'replaceState');
    useReplay.setState({ scrubbing: true });
    for (let seq = 1; seq <= 30; seq++) {
      select(seq);
      vi.advanceTimersByTime(100);
    }
    expect(writes).not.toHaveBeenCalled();
    expect(hashOf().get('seq')).toBe('49');
    useReplay.setState({ scrubbing: false });
    vi.advanceTimersByTime(1000);
    expect(writes).toHaveBeenCalledTimes(1);
    expect(hashOf().get('seq')).toBe('30');
  });

  it('writes filters and the diagnostics panel as they change', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { ready, load } = startAt('/?sample=demo.jsonl');
    ready(5);
    load.setFilter({ types: ['tool/call'], excludeTypes: true, errorsOnly: true, text: 'grep' });
    useApp.setState({ diagnosticsOpen: true, diagnosticsCode: 'chunk-mismatch' });
    vi.advanceTimersByTime(1000);
    const hash = hashOf();
    expect(hash.get('xtypes')).toBe('tool/call');
    expect(hash.get('errors')).toBe('1');
    expect(hash.get('q')).toBe('grep');
    expect(hash.get('panel')).toBe('diagnostics');
    expect(hash.get('diag')).toBe('chunk-mismatch');
  });

  it('a link to an event names the log and the view', () => {
    const { ready, sync } = startAt('/?sample=demo.jsonl');
    ready(10);
    expect(sync.linkTo(3, { panel: 'diagnostics' })).toBe(
      `${location.origin}/?sample=demo.jsonl#seq=3&panel=diagnostics`,
    );
  });

  it('a local file is named by its fingerprint, name and size once it is read', () => {
    const { load, ready, sync } = startAt('/?sample=demo.jsonl');
    ready(3);
    const file = new File(['{}'], 'run.jsonl');
    load.open({ kind: 'file', file });
    expect(sync.currentIdentity()).toBeUndefined();
    expect(sync.linkTo(1)).toEqual({
      error:
        'The link names this file by its fingerprint, known once it is read: try again when it has loaded',
    });
    ready(3, { name: 'run.jsonl', source: { kind: 'file' }, fingerprint: '0123456789abcdef', bytes: 2 });
    expect(sync.currentIdentity()).toEqual({
      kind: 'log',
      fingerprint: '0123456789abcdef',
      name: 'run.jsonl',
      size: 2,
    });
    expect(location.search).toBe('?log=0123456789abcdef&name=run.jsonl&size=2');
  });

  it('an empty file has no link, and says why; a file of bad lines (no events) has one', () => {
    const { load, ready, sync } = startAt('/?sample=demo.jsonl');
    ready(3);
    load.open({ kind: 'file', file: new File([], 'empty.jsonl') });
    ready(0, { name: 'empty.jsonl', source: { kind: 'file' }, fingerprint: 'e3b0c44298fc1c14', bytes: 0 });
    expect(sync.linkTo(null)).toEqual({
      error: 'empty.jsonl is empty (0 bytes): there is nothing to link to',
    });
    load.open({ kind: 'file', file: new File(['not json\n'], 'bad.jsonl') });
    ready(0, { name: 'bad.jsonl', source: { kind: 'file' }, fingerprint: '792b953f0bfc29c1', bytes: 9 });
    expect(sync.linkTo(null)).toBe(`${location.origin}/?log=792b953f0bfc29c1&name=bad.jsonl&size=9`);
  });
});

describe('UrlSync: navigation without a reload', () => {
  it('Back and Forward walk the jumps without opening the log again', async () => {
    const { client, ready, sync } = startAt('/?sample=demo.jsonl');
    ready(30);
    sync.jumpTo(4);
    sync.jumpTo(11);
    sync.jumpTo(20);
    history.back();
    await vi.waitFor(() => expect(useApp.getState().selectedSeq).toBe(11));
    history.back();
    await vi.waitFor(() => expect(useApp.getState().selectedSeq).toBe(4));
    history.forward();
    await vi.waitFor(() => expect(useApp.getState().selectedSeq).toBe(11));
    expect(client.sent('open')).toHaveLength(1);
  });

  it('a hand-edited hash applies its good fields and reports the bad one', async () => {
    const { ready } = startAt('/?sample=demo.jsonl');
    ready(30);
    location.hash = '#seq=6&errors=nope&q=hello';
    await vi.waitFor(() => expect(useApp.getState().selectedSeq).toBe(6));
    expect(useApp.getState().filter).toMatchObject({ text: 'hello', errorsOnly: false });
    expect(useNotice.getState().notice).toBe('Ignored what the link could not use: errors=nope');
  });

  it('a hash naming another log opens that one', async () => {
    const { client, ready } = startAt('/?sample=demo.jsonl');
    ready(30);
    history.pushState(null, '', '/?sample=other.jsonl#seq=2');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await tick();
    expect(client.sent('open').map((r) => r.source)).toEqual([
      { kind: 'sample', name: 'demo.jsonl' },
      { kind: 'sample', name: 'other.jsonl' },
    ]);
    expect(useApp.getState().selectedSeq).toBe(2);
  });

  it('a click on a link to this log moves the selection instead of reloading the page', () => {
    const { client, ready } = startAt('/?sample=demo.jsonl');
    ready(30);
    const a = document.createElement('a');
    a.href = '/?sample=demo.jsonl#seq=17';
    document.body.append(a);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    a.dispatchEvent(click);
    a.remove();
    expect(click.defaultPrevented).toBe(true);
    expect(useApp.getState().selectedSeq).toBe(17);
    expect(client.sent('open')).toHaveLength(1);
  });

  it('leaves a click on a link to another log to the browser', () => {
    const { ready } = startAt('/?sample=demo.jsonl');
    ready(30);
    const a = document.createElement('a');
    a.href = '/?sample=other.jsonl#seq=1';
    document.body.append(a);
    // Seen after the app's listener; the browser's navigation itself is not part of this test.
    let preventedByApp: boolean | undefined;
    window.addEventListener(
      'click',
      (e) => {
        preventedByApp = e.defaultPrevented;
        e.preventDefault();
      },
      { once: true },
    );
    a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    a.remove();
    expect(preventedByApp).toBe(false);
  });
});
