import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LogHost } from './host';
import { GONE_MESSAGE, type Push, type ResponseMessage, type WorkerMessage } from './protocol';

/**
 * A followed log whose file is deleted and recreated (audit R11-L2): the reload that meets the
 * gap (404) waits for the file and says so, instead of ending on an error page.
 */
const demoText = readFileSync(new URL('../../public/samples/demo.jsonl', import.meta.url), 'utf8');
const URL_OF_LOG = 'http://x.test/log/live.jsonl';

/** The server: 404 for the first `missing` GETs, then the file. */
let missing = 0;
let gets = 0;
function fakeFetch(): Promise<Response> {
  gets++;
  if (gets <= missing)
    return Promise.resolve(new Response('not found', { status: 404, statusText: 'Not Found' }));
  return Promise.resolve(
    new Response(demoText, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } }),
  );
}

/** Follow mode's events stream, once the log is ready: never says anything here. */
class QuietEventSource {
  onerror: (() => void) | null = null;
  readyState = 1;
  addEventListener(): void {}
  close(): void {}
}

let saved: { fetch: typeof fetch; EventSource: unknown };
beforeEach(() => {
  saved = { fetch: globalThis.fetch, EventSource: (globalThis as { EventSource?: unknown }).EventSource };
  globalThis.fetch = fakeFetch;
  (globalThis as { EventSource?: unknown }).EventSource = QuietEventSource;
  gets = 0;
});
afterEach(() => {
  globalThis.fetch = saved.fetch;
  (globalThis as { EventSource?: unknown }).EventSource = saved.EventSource;
});

async function open(follow: boolean) {
  const posted: WorkerMessage[] = [];
  const h = new LogHost((m) => posted.push(m), { goneRetryMs: 1 });
  const source = follow
    ? { kind: 'url' as const, url: URL_OF_LOG, follow: true }
    : { kind: 'url' as const, url: URL_OF_LOG };
  await h.receive({ id: 1, kind: 'open', loadId: 1, source });
  const answer = posted.find((m): m is ResponseMessage => m.type === 'response' && m.id === 1);
  const pushes = posted.flatMap((m): Push[] => (m.type === 'push' ? [m.push] : []));
  h.current?.abort.abort(); // stops following
  return { answer, pushes };
}

describe('a followed log gone from disk', () => {
  it('is waited for (404 asked again) and says so once, then opens when it is back', async () => {
    missing = 3;
    const { answer, pushes } = await open(true);
    expect(answer?.result.ok).toBe(true);
    expect(gets).toBe(4);
    expect(pushes.filter((p) => p.kind === 'follow')).toEqual([
      { kind: 'follow', loadId: 1, state: 'reconnecting', message: GONE_MESSAGE },
    ]);
    expect(pushes.filter((p) => p.kind === 'fatal')).toEqual([]);
    const ready = pushes.find((p) => p.kind === 'ready');
    expect(ready?.kind === 'ready' && ready.summary.events).toBeGreaterThan(0);
  });

  it('stops looking when another log is opened meanwhile (the load is cancelled)', async () => {
    missing = Infinity;
    const posted: WorkerMessage[] = [];
    const h = new LogHost((m) => posted.push(m), { goneRetryMs: 1 });
    const source = { kind: 'url' as const, url: URL_OF_LOG, follow: true };
    const answered = h.receive({ id: 1, kind: 'open', loadId: 1, source });
    for (let polls = 0; gets < 3 && polls < 1000; polls++) await new Promise((r) => setTimeout(r, 1));
    expect(gets).toBeGreaterThanOrEqual(3);
    await h.receive({ id: 2, kind: 'open', loadId: 2, source: { kind: 'text', text: demoText } });
    await answered;
    const first = posted.find((m): m is ResponseMessage => m.type === 'response' && m.id === 1);
    expect(first?.result.ok === false && first.result.error.code).toBe('cancelled');
    const asked = gets;
    await new Promise((r) => setTimeout(r, 20));
    expect(gets).toBe(asked);
  });

  it('a log not followed that answers 404 fails at once, as before', async () => {
    missing = 3;
    const { answer, pushes } = await open(false);
    expect(answer?.result.ok).toBe(false);
    expect(answer?.result.ok === false && answer.result.error.message).toMatch(/404 Not Found/);
    expect(gets).toBe(1);
    expect(pushes.filter((p) => p.kind === 'follow')).toEqual([]);
  });
});
