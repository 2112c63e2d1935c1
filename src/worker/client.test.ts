import { describe, expect, it } from 'vitest';
import { LogClient } from './client';
import type { RequestEnvelope, WorkerMessage } from './protocol';

/** A fake worker that records what it was sent and answers when told to. */
class FakeWorker {
  sent: RequestEnvelope[] = [];
  onmessage: ((e: MessageEvent<WorkerMessage>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  postMessage(m: RequestEnvelope) {
    this.sent.push(m);
  }
  terminate() {}
  answer(id: number, value: unknown) {
    this.onmessage?.({
      data: { type: 'response', id, result: { ok: true, value } },
    } as MessageEvent<WorkerMessage>);
  }
}

describe('LogClient lanes', () => {
  it('coalesces: one request per lane in the worker, the newest waiting one sent when it answers', async () => {
    const w = new FakeWorker();
    const client = new LogClient({ createWorker: () => w as unknown as Worker });
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
    const w = new FakeWorker();
    const client = new LogClient({ createWorker: () => w as unknown as Worker, laneStallMs: 20 });
    const results: string[] = [];
    const ask = (seq: number) =>
      client
        .request({ kind: 'event', seq }, { lane: 'event', coalesce: true })
        .then((r) => results.push(r.ok ? `ok ${seq}` : `${r.error.code} ${seq}`));
    const a = ask(1); // never answered (e.g. the worker could not post it)
    const b = ask(2); // parked behind it: the watchdog sends it once the lane is stalled
    expect(w.sent.map((m) => (m as { seq?: number }).seq)).toEqual([1]);
    await new Promise((r) => setTimeout(r, 1100));
    expect(w.sent.map((m) => (m as { seq?: number }).seq)).toEqual([1, 2]);
    await new Promise((r) => setTimeout(r, 30));
    const c = ask(3); // the lane is stalled again: sent at once, not parked
    expect(w.sent.map((m) => (m as { seq?: number }).seq)).toEqual([1, 2, 3]);
    w.answer(w.sent[1]!.id, null); // a late answer for a superseded request is dropped
    w.answer(w.sent[2]!.id, null);
    await Promise.all([a, b, c]);
    expect(results.sort()).toEqual(['ok 3', 'superseded 1', 'superseded 2']);
    client.dispose();
  });

  it('without coalesce, every request is sent at once', () => {
    const w = new FakeWorker();
    const client = new LogClient({ createWorker: () => w as unknown as Worker });
    void client.request({ kind: 'stream', seq: 1 }, { lane: 'x' });
    void client.request({ kind: 'stream', seq: 2 }, { lane: 'x' });
    expect(w.sent.length).toBe(2);
    client.dispose();
  });
});
