import { describe, expect, it, vi } from 'vitest';
import type { LoadProgress, Push } from './protocol';
import { clientOnFakeWorker, clockedClient, useWatchdogTimers } from './testing';

describe('LogClient lanes', () => {
  it('coalesces: one request per lane in the worker, the newest waiting one sent when it answers', async () => {
    const { w, client } = clientOnFakeWorker();
    const results: string[] = [];
    const ask = (seq: number) =>
      client
        .request({ kind: 'stream', seq }, { lane: 'stream', coalesce: true })
        .then((r) => results.push(r.ok ? `ok ${seq}` : `${r.error.code} ${seq}`));
    const a = ask(1);
    const b = ask(2);
    const c = ask(3);
    await Promise.resolve();
    // Only the first went out; the second was superseded before it was sent.
    expect(w.sent.map((m) => (m as { seq?: number }).seq)).toEqual([1]);
    w.answer(w.sent[0]!.id, null);
    expect(w.sent.map((m) => (m as { seq?: number }).seq)).toEqual([1, 3]);
    w.answer(w.sent[1]!.id, null);
    await Promise.all([a, b, c]);
    expect(results.sort()).toEqual(['ok 3', 'superseded 1', 'superseded 2']);
    client.dispose();
  });

  it('a coalesced lane whose answer never comes does not hold back newer requests', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    try {
      let now = 0;
      const { w, client } = clientOnFakeWorker({ laneStallMs: 20, watchdogMs: 10, now: () => now });
      const results: string[] = [];
      const ask = (seq: number) =>
        client
          .request({ kind: 'event', seq }, { lane: 'event', coalesce: true })
          .then((r) => results.push(r.ok ? `ok ${seq}` : `${r.error.code} ${seq}`));
      const a = ask(1); // never answered (e.g. the worker could not post it)
      const b = ask(2); // parked behind it: the watchdog sends it once the lane is stalled
      expect(w.sent.map((m) => (m as { seq?: number }).seq)).toEqual([1]);
      now = 19;
      vi.advanceTimersByTime(10);
      expect(w.sent.map((m) => (m as { seq?: number }).seq)).toEqual([1]); // not stalled yet
      now = 21;
      vi.advanceTimersByTime(10);
      expect(w.sent.map((m) => (m as { seq?: number }).seq)).toEqual([1, 2]);
      now = 50;
      const c = ask(3); // the lane is stalled again: sent at once, not parked
      expect(w.sent.map((m) => (m as { seq?: number }).seq)).toEqual([1, 2, 3]);
      w.answer(w.sent[1]!.id, null); // a late answer for a superseded request is dropped
      w.answer(w.sent[2]!.id, null);
      await Promise.all([a, b, c]);
      expect(results.sort()).toEqual(['ok 3', 'superseded 1', 'superseded 2']);
      client.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('without coalesce, every request is sent at once', () => {
    const { w, client } = clientOnFakeWorker();
    void client.request({ kind: 'stream', seq: 1 }, { lane: 'x' });
    void client.request({ kind: 'stream', seq: 2 }, { lane: 'x' });
    expect(w.sent.length).toBe(2);
    client.dispose();
  });
});

function progress(loadId: number, rowCount: number, rowsVersion: number): Push {
  const p: LoadProgress = {
    loadId,
    name: 'x',
    bytes: 0,
    totalBytes: null,
    decodedBytes: 0,
    events: rowCount,
    rate: 0,
    elapsedMs: 0,
    rowCount,
    rowsVersion,
    diagnostics: { error: 0, warning: 0, info: 0 },
  };
  return { kind: 'progress', ...p };
}

describe('LogClient row counts (the one writer)', () => {
  const text = { kind: 'text', text: '' } as const;

  it('keeps the newest version of the current load, from pushes and answers alike', async () => {
    const { w, client } = clientOnFakeWorker();
    const seen: string[] = [];
    client.onRows((r) => seen.push(`${r.loadId}:${r.rowCount}@${r.rowsVersion}`));
    void client.request({ kind: 'open', loadId: 7, source: text });
    expect(client.rows).toEqual({ loadId: 7, rowCount: 0, rowsVersion: 0, rowsShape: 0, rowsBasis: 0 });
    w.push(progress(7, 10, 1));
    const toggled = client.request({ kind: 'toggle', seq: 3 });
    w.push(progress(7, 40, 3)); // a later version arrives before the toggle's answer
    w.answer(w.sent[1]!.id, { rowCount: 12, rowsVersion: 2 });
    await toggled;
    expect(client.rows).toEqual({ loadId: 7, rowCount: 40, rowsVersion: 3, rowsShape: 0, rowsBasis: 0 });
    w.answer(w.sent[0]!.id, { rowCount: 41, rowsVersion: 4 }); // the open's answer (a LogSummary) carries them too
    expect(client.rows).toEqual({ loadId: 7, rowCount: 41, rowsVersion: 4, rowsShape: 0, rowsBasis: 0 });
    expect(seen).toEqual(['7:0@0', '7:10@1', '7:40@3', '7:41@4']);
    client.dispose();
  });

  it('ignores counts of an older load: its pushes and the answers to requests sent under it', async () => {
    const { w, client } = clientOnFakeWorker();
    void client.request({ kind: 'open', loadId: 1, source: text });
    const oldRows = client.request({ kind: 'rows', from: 0, to: 10 });
    void client.request({ kind: 'open', loadId: 2, source: text });
    w.push(progress(1, 99, 9));
    w.answer(w.sent[1]!.id, { rowCount: 98, rowsVersion: 8, from: 0, rows: [] });
    const r = await oldRows;
    expect(r.ok).toBe(true); // the caller still gets its answer
    expect(client.rows).toEqual({ loadId: 2, rowCount: 0, rowsVersion: 0, rowsShape: 0, rowsBasis: 0 });
    w.push(progress(2, 5, 1));
    expect(client.rows).toEqual({ loadId: 2, rowCount: 5, rowsVersion: 1, rowsShape: 0, rowsBasis: 0 });
    client.dispose();
  });

  it('a load is named by the caller: the open carries its loadId, cancel names it', () => {
    const { w, client } = clientOnFakeWorker();
    void client.request({ kind: 'open', loadId: 42, source: text });
    void client.request({ kind: 'cancel', loadId: 42 });
    expect(w.sent.map(({ id: _id, ...rest }) => rest)).toEqual([
      { kind: 'open', loadId: 42, source: text },
      { kind: 'cancel', loadId: 42 },
    ]);
    client.dispose();
  });
});

describe('LogClient watchdog and an announced long task (R8-14)', () => {
  useWatchdogTimers();

  /**
   * A client on a fake worker whose watchdog reads `clock.now` (1 s of silence pings, 0.5 s to
   * answer), with one request out; `deaths` collects the reasons it reports.
   */
  function watchedRequest() {
    const { clock, w, client } = clockedClient({ watchdogMs: 100, silenceMs: 1_000, pingTimeoutMs: 500 });
    const deaths: string[] = [];
    client.onDead((reason) => deaths.push(reason));
    const answer = client.request({ kind: 'stream', seq: 1 });
    return { clock, w, client, deaths, answer };
  }

  it('a busy push holds the silence check for its time; past it, the death names the task', async () => {
    const { clock, w, client, deaths, answer } = watchedRequest();
    w.push({ kind: 'busy', loadId: 1, what: 'importing 120 MB of another agent’s log', quietMs: 60_000 });
    // 20 s of silence: an import that announced 60 s is not pinged.
    clock.now = 20_000;
    vi.advanceTimersByTime(1_000);
    expect(w.sent.filter((m) => m.kind === 'ping')).toHaveLength(0);
    expect(client.state).toBe('alive');
    // Past its time, silence is checked again; no answer to the ping: dead, and why.
    clock.now = 61_500;
    vi.advanceTimersByTime(200);
    expect(w.sent.filter((m) => m.kind === 'ping')).toHaveLength(1);
    clock.now = 62_500;
    vi.advanceTimersByTime(600);
    expect(client.state).toBe('dead');
    expect(deaths[0]).toContain(
      'while importing 120 MB of another agent’s log; it ran past the time allowed for it',
    );
    expect((await answer).ok).toBe(false);
  });

  it('the cause comes from the busy state, not from the words of the reason', () => {
    const { w, client, deaths } = watchedRequest();
    // No long task announced; the error's own text happens to say "while".
    w.onerror?.({ message: 'allocation failed while growing the heap' } as ErrorEvent);
    vi.advanceTimersByTime(600);
    expect(client.state).toBe('dead');
    expect(deaths).toEqual([
      'the worker raised allocation failed while growing the heap; it may have run out of memory',
    ]);
  });

  it('without a busy push, 20 s of silence with a request out is a ping, then a death', () => {
    const { clock, w, client } = watchedRequest();
    clock.now = 20_000;
    vi.advanceTimersByTime(200);
    expect(w.sent.filter((m) => m.kind === 'ping')).toHaveLength(1);
    vi.advanceTimersByTime(600);
    expect(client.state).toBe('dead');
  });
});

describe('LogClient: an open waits for the page to draw the new load (openAfter)', () => {
  it('holds the open and everything asked after it until released, then sends them in order; a ping goes at once', async () => {
    let release = () => {};
    const { w, client } = clientOnFakeWorker({
      openAfter: () => new Promise<void>((ok) => (release = ok)),
    });
    void client.request({ kind: 'event', seq: 1 });
    void client.request({ kind: 'open', loadId: 1, source: { kind: 'sample', name: 'demo.jsonl' } });
    void client.request({ kind: 'rows', from: 0, to: 10 });
    void client.request({ kind: 'event', seq: 2 }, { lane: 'event', coalesce: true });
    expect(w.sent.map((m) => m.kind)).toEqual(['event']);
    release();
    await Promise.resolve();
    await Promise.resolve();
    expect(w.sent.map((m) => m.kind)).toEqual(['event', 'open', 'rows', 'event']);
    // Sent as they come once released.
    void client.request({ kind: 'rows', from: 10, to: 20 });
    expect(w.sent.map((m) => m.kind)).toEqual(['event', 'open', 'rows', 'event', 'rows']);
    client.dispose();
  });

  it('a second open while the first is held queues behind it; a restart drops what was held', async () => {
    const releases: (() => void)[] = [];
    const { w, client } = clientOnFakeWorker({
      openAfter: () => new Promise<void>((ok) => releases.push(ok)),
    });
    const opened = (loadId: number, name: string) =>
      client.request({ kind: 'open', loadId, source: { kind: 'sample', name } });
    void opened(1, 'a.jsonl');
    void opened(2, 'b.jsonl');
    releases[0]!();
    await Promise.resolve();
    await Promise.resolve();
    expect(w.sent.map((m) => (m as { loadId?: number }).loadId)).toEqual([1, 2]);
    const third = opened(3, 'c.jsonl');
    client.restart();
    expect((await third).ok).toBe(false);
    for (const release of releases) release();
    await Promise.resolve();
    await Promise.resolve();
    // Not sent to the restarted worker: it was asked of the one that is gone.
    expect(w.sent.map((m) => (m as { loadId?: number }).loadId)).toEqual([1, 2]);
    client.dispose();
  });
});
