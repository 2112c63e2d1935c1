import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FollowState } from './protocol';
import { Follower, TRAILING_COST_FACTOR, eventsUrl, trailingImportMs, type LastImport } from './follower';

/** A stand-in for the browser's EventSource: the test emits the server's events. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  onerror: (() => void) | null = null;
  readyState = 1;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, data: object): void {
    for (const fn of this.listeners.get(type) ?? [])
      fn({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
  close(): void {
    this.closed = true;
  }
}

/** The log file on the "server", and how the server answers Range requests. */
let file: Uint8Array;
let rangeSupport = true;
const requests: string[] = [];

function fakeFetch(_url: string, init?: RequestInit): Promise<Response> {
  const range = (init?.headers as Record<string, string> | undefined)?.Range;
  requests.push(range ?? 'all');
  const m = range ? /^bytes=(\d+)-(\d*)$/.exec(range) : null;
  if (!m || !rangeSupport) return Promise.resolve(new Response(file.slice(), { status: 200 }));
  const start = Number(m[1]);
  const end = m[2] ? Math.min(Number(m[2]), file.length - 1) : file.length - 1;
  if (start >= file.length) return Promise.resolve(new Response(null, { status: 416 }));
  return Promise.resolve(
    new Response(file.slice(start, end + 1), {
      status: 206,
      headers: { 'Content-Range': `bytes ${start}-${end}/${file.length}` },
    }),
  );
}

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

/** A host holding bytes like the worker's session does. */
function host() {
  let held = new Uint8Array(0);
  const states: FollowState[] = [];
  let grew = 0;
  /** The `now` calls (trailing imports), and what the host says waits for one. */
  const now: boolean[] = [];
  let deferred: LastImport | null = null;
  return {
    states,
    now,
    get grew() {
      return grew;
    },
    defer(last: LastImport | null) {
      deferred = last;
    },
    get text() {
      return dec(held);
    },
    seed(bytes: Uint8Array) {
      held = bytes.slice();
    },
    api: {
      held: () => held.length,
      tail: () => held.slice(-256),
      push: (b: Uint8Array) => {
        const next = new Uint8Array(held.length + b.length);
        next.set(held);
        next.set(b, held.length);
        held = next;
      },
      grew: (n: boolean) => {
        grew++;
        now.push(n);
      },
      deferredImport: () => deferred,
      state: (s: FollowState) => states.push(s),
    },
  };
}

const flush = () => new Promise((r) => setTimeout(r, 10));

let saved: { fetch: typeof fetch; EventSource: unknown };
beforeEach(() => {
  saved = { fetch: globalThis.fetch, EventSource: (globalThis as { EventSource?: unknown }).EventSource };
  globalThis.fetch = fakeFetch as typeof fetch;
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  requests.length = 0;
  rangeSupport = true;
});
afterEach(() => {
  globalThis.fetch = saved.fetch;
  (globalThis as { EventSource?: unknown }).EventSource = saved.EventSource;
});

function start(initial: string) {
  file = enc(initial);
  const h = host();
  h.seed(file);
  const abort = new AbortController();
  const f = new Follower('http://x.test/log/a.jsonl', h.api, abort.signal);
  f.start();
  const es = FakeEventSource.last!;
  return { h, es, abort };
}

describe('eventsUrl', () => {
  it('appends /events to the path, keeping the query', () => {
    expect(eventsUrl('http://x.test/log/a.jsonl')).toBe('http://x.test/log/a.jsonl/events');
    expect(eventsUrl('http://x.test/log/a.jsonl?t=1')).toBe('http://x.test/log/a.jsonl/events?t=1');
  });
});

describe('Follower', () => {
  it('growth left waiting by the import gets one trailing import (`now`) after trailingImportMs', async () => {
    const { h, es } = start('a\n');
    es.emit('hello', { size: 2 });
    await flush();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      h.defer({ bytes: 1_000_000, ms: 100 }); // the host imported 1 MB last and left the new lines waiting
      file = enc('a\nb\n');
      es.emit('append', { from: 2, to: 4 });
      await vi.advanceTimersByTimeAsync(0);
      file = enc('a\nb\nc\n');
      es.emit('append', { from: 4, to: 6 });
      await vi.advanceTimersByTimeAsync(0);
      expect(h.now).toEqual([false, false]);
      expect(trailingImportMs({ bytes: 1_000_000, ms: 100 })).toBe(2_100);
      await vi.advanceTimersByTimeAsync(2_099);
      expect(h.now).toEqual([false, false]);
      await vi.advanceTimersByTimeAsync(1);
      expect(h.now).toEqual([false, false, true]); // one trailing import for both growths
      h.defer(null);
      file = enc('a\nb\nc\nd\n');
      es.emit('append', { from: 6, to: 8 });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(h.now).toEqual([false, false, true, false]); // imported at once: nothing trails
    } finally {
      vi.useRealTimers();
    }
  });

  it('a costly import makes the trailing imports rarer: the imports are 4x their cost apart', async () => {
    const { h, es } = start('a\n');
    es.emit('hello', { size: 2 });
    await flush();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // each import of the (big) log takes the worker 3 s; a line is appended every second for 60 s
      const last = { bytes: 1_000_000, ms: 3_000 };
      h.defer(last);
      let text = 'a\n';
      for (let i = 0; i < 60; i++) {
        const from = text.length;
        text += `line ${i}\n`;
        file = enc(text);
        es.emit('append', { from, to: text.length });
        await vi.advanceTimersByTimeAsync(1_000);
      }
      const trailing = h.now.filter(Boolean).length;
      // 2.1 s between imports kept the worker busy 3 s of every 5 (28 imports of 3 s in 60 s)
      expect(trailing).toBeGreaterThan(0);
      // imports at least 4x their cost apart (here the fake import takes no time; a real one's 3 s
      // come on top, so the worker imports at most 3 s of every 15)
      expect(trailing).toBeLessThanOrEqual(60_000 / (TRAILING_COST_FACTOR * last.ms));
      expect(trailingImportMs(last)).toBe(TRAILING_COST_FACTOR * 3_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('connects to <src>/events; on hello with more bytes, fetches from what it holds', async () => {
    const { h, es } = start('line 1\n');
    expect(es.url).toBe('http://x.test/log/a.jsonl/events');
    file = enc('line 1\nline 2\n');
    es.emit('hello', { size: file.length, mtimeMs: 1, ino: 1 });
    await flush();
    expect(h.states).toEqual(['live']);
    expect(h.text).toBe('line 1\nline 2\n');
    expect(h.grew).toBe(1);
    // The tail check, then the new bytes.
    expect(requests).toEqual(['bytes=0-6', 'bytes=7-']);
  });

  it('reads appends (a half line, then the rest) and skips announcements it already has', async () => {
    const { h, es } = start('a\n');
    es.emit('hello', { size: 2 });
    await flush();
    file = enc('a\nbb');
    es.emit('append', { from: 2, to: 4 });
    file = enc('a\nbbb\n');
    es.emit('append', { from: 4, to: 6 });
    await flush();
    expect(h.text).toBe('a\nbbb\n');
    requests.length = 0;
    es.emit('append', { from: 4, to: 6 }); // late duplicate: nothing to fetch
    await flush();
    expect(requests).toEqual([]);
  });

  it('a server without Range support: the bytes it has are skipped', async () => {
    const { h, es } = start('one\n');
    rangeSupport = false;
    es.emit('hello', { size: 4 });
    await flush();
    file = enc('one\ntwo\n');
    es.emit('append', { from: 4, to: 8 });
    await flush();
    expect(h.text).toBe('one\ntwo\n');
  });

  it('reset, a shorter file, or changed bytes before our end: rewritten, and it stops', async () => {
    const a = start('0123456789\n');
    a.es.emit('reset', { size: 3 });
    await flush();
    expect(a.h.states).toEqual(['rewritten']);
    expect(a.es.closed).toBe(true);

    const b = start('0123456789\n');
    b.es.emit('hello', { size: 5 });
    await flush();
    expect(b.h.states).toEqual(['live', 'rewritten']);

    const c = start('0123456789\n');
    file = enc('abcdefghij\nmore\n'); // rewritten while we were away, and longer
    c.es.emit('hello', { size: file.length });
    await flush();
    expect(c.h.states).toEqual(['live', 'rewritten']);
    expect(c.h.text).toBe('0123456789\n');
  });

  it('a lost connection is reported; abort closes the stream', async () => {
    const { h, es, abort } = start('x\n');
    es.onerror?.();
    expect(h.states).toEqual(['reconnecting']);
    es.emit('hello', { size: 2 });
    await flush();
    expect(h.states).toEqual(['reconnecting', 'live']);
    abort.abort();
    expect(es.closed).toBe(true);
    file = enc('x\ny\n');
    es.emit('append', { from: 2, to: 4 });
    await flush();
    expect(h.text).toBe('x\n');
  });
});
