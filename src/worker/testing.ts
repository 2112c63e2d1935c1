/**
 * TEST-ONLY helpers for the worker's tests: a fake Worker that a LogClient talks to (it records
 * what it is sent, and answers or pushes only when the test says so), and a client over one.
 * Never imported by production code.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { LogClient, type ClientOptions } from './client';
import type { Push, RequestEnvelope, WorkerMessage } from './protocol';

/** A fake worker that records what it was sent and answers when told to. */
export class FakeWorker {
  sent: RequestEnvelope[] = [];
  onmessage: ((e: MessageEvent<WorkerMessage>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  postMessage(m: RequestEnvelope) {
    this.sent.push(m);
  }
  terminate() {}
  /** Answers request `id` with `result` as sent (a test may send one the protocol would not). */
  respond(id: number, result: unknown) {
    const kind = this.sent.find((m) => m.id === id)?.kind ?? 'ping';
    this.onmessage?.({ data: { type: 'response', id, kind, result } } as MessageEvent<WorkerMessage>);
  }
  answer(id: number, value: unknown) {
    this.respond(id, { ok: true, value });
  }
  push(p: Push) {
    this.onmessage?.({ data: { type: 'push', push: p } } as MessageEvent<WorkerMessage>);
  }
}

/** A LogClient over a new FakeWorker; `options` are the client's own (a clock, watchdog times). */
export function clientOnFakeWorker(options: Omit<ClientOptions, 'createWorker'> = {}): {
  w: FakeWorker;
  client: LogClient;
} {
  const w = new FakeWorker();
  const client = new LogClient({ ...options, createWorker: () => w as unknown as Worker });
  return { w, client };
}

/**
 * A client on a fake worker whose watchdog reads `clock.now` (the test moves it, starting at 0);
 * `options` are the client's own watchdog times.
 */
export function clockedClient(options: Omit<ClientOptions, 'createWorker' | 'now'> = {}) {
  const clock = { now: 0 };
  return { clock, ...clientOnFakeWorker({ ...options, now: () => clock.now }) };
}

/** In the calling describe: fake timers (intervals and timeouts), so each test drives the watchdog. */
export function useWatchdogTimers(): void {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] }),
  );
  afterEach(() => vi.useRealTimers());
}
