import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { singleStreamLog } from '../core/testing/hostileInputs';
import { LogHost } from './host';
import type { Push, ResponseMessage, ResponseValues, WorkerMessage } from './protocol';

const DELTAS = 20_000;
/** block-start, the deltas, block-end and finish. */
const CHUNKS = DELTAS + 3;
const chunksOnly = { types: ['assistant/chunk'], errorsOnly: false, text: '' };

function host() {
  const posted: WorkerMessage[] = [];
  const h = new LogHost((m) => posted.push(m));
  const answer = <K extends keyof ResponseValues>(id: number): ResponseValues[K] => {
    const r = posted.find((m): m is ResponseMessage => m.type === 'response' && m.id === id);
    if (!r?.result.ok) throw new Error(`no answer to ${id}: ${JSON.stringify(r?.result)}`);
    return r.result.value as ResponseValues[K];
  };
  const pushes = () => posted.flatMap((m): Push[] => (m.type === 'push' ? [m.push] : []));
  const rowsPushes = () => pushes().filter((p) => p.kind === 'rows');
  return { h, answer, pushes, rowsPushes };
}

/**
 * A log served from a URL whose body the test hands out: `more(n)` sends its next n lines, `end()`
 * the rest and closes it. The load cannot end before the test says so.
 */
function servedLog(text: string) {
  const lines = text.split('\n').map((l) => `${l}\n`);
  let next = 0;
  let body!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (body = c) });
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(stream)));
  const send = (n: number) => {
    body.enqueue(new TextEncoder().encode(lines.slice(next, next + n).join('')));
    next += n;
  };
  return { more: send, end: () => (send(lines.length - next), body.close()) };
}

/** Opens a served log in `h`, hands out its first `lines` lines and waits until `events` are read. */
async function loadingServed(h: LogHost, text: string, lines: number, events = lines) {
  const log = servedLog(text);
  const opened = h.receive({
    id: 1,
    kind: 'open',
    loadId: 1,
    source: { kind: 'url', url: 'http://x/log.jsonl' },
  });
  log.more(lines);
  await vi.waitFor(() => expect(h.current?.log.eventCount).toBeGreaterThanOrEqual(events));
  return { ...log, opened };
}

afterEach(() => void vi.unstubAllGlobals());

describe('a filter asked while a log loads', () => {
  it('is answered for the events loaded when it was asked, then told the rest until its scan is through', async () => {
    const { h, answer, pushes, rowsPushes } = host();
    const { opened, ...log } = await loadingServed(h, singleStreamLog(DELTAS), 5000);
    await h.receive({ id: 2, kind: 'filter', filter: chunksOnly });
    // Answered before the load ended, for the chunks among the 5,000 events so far; it says so.
    expect(answer<'filter'>(2)).toMatchObject({ through: false, matches: 4998, rowCount: 4998 });
    log.end();
    await opened;
    expect(pushes().some((p) => p.kind === 'ready')).toBe(true);
    await vi.waitFor(() => expect(rowsPushes().some((p) => p.through)).toBe(true), { timeout: 20_000 });
    // The last push says the scan is through, with every chunk; none comes after it.
    expect(rowsPushes().at(-1)).toMatchObject({ kind: 'rows', loadId: 1, rowCount: CHUNKS, through: true });
    expect(rowsPushes().filter((p) => p.through)).toHaveLength(1);
    await h.receive({ id: 3, kind: 'rows', from: 0, to: 3 });
    expect(answer<'rows'>(3).rowCount).toBe(CHUNKS);
  });

  it("the log's types so far are answered while it loads (the Types picker), with their counts", async () => {
    const { h, answer } = host();
    const { opened, ...log } = await loadingServed(h, singleStreamLog(2000), 1000);
    await h.receive({ id: 2, kind: 'typeCounts' });
    const early = answer<'typeCounts'>(2);
    expect(early.find((t) => t.type === 'assistant/chunk')?.count).toBeGreaterThan(900);
    expect(early.reduce((n, t) => n + t.count, 0)).toBe(1000);
    log.end();
    await opened;
    await h.receive({ id: 3, kind: 'typeCounts' });
    const total = h.current!.log.eventCount;
    expect(answer<'typeCounts'>(3).reduce((n, t) => n + t.count, 0)).toBe(total);
  });

  it('a newer filter stops the older scan: nothing more is told of it', async () => {
    const { h, answer, rowsPushes } = host();
    const { opened, ...log } = await loadingServed(h, singleStreamLog(2000), 500);
    await h.receive({ id: 2, kind: 'filter', filter: chunksOnly });
    // The events so far: block-start and the deltas among the first 500 lines.
    expect(answer<'filter'>(2)).toMatchObject({ through: false, matches: 498 });
    log.more(500);
    await vi.waitFor(() => expect(rowsPushes().at(-1)).toMatchObject({ rowCount: 998, through: false }));
    await h.receive({
      id: 3,
      kind: 'filter',
      filter: { types: ['turn/start'], errorsOnly: false, text: '' },
    });
    expect(answer<'filter'>(3)).toMatchObject({ through: false, matches: 1 });
    const toldBefore = rowsPushes().length;
    log.end();
    await opened;
    await vi.waitFor(() => expect(rowsPushes().at(-1)).toMatchObject({ rowCount: 1, through: true }));
    // Only the newer filter's end was told after it was asked.
    const after = rowsPushes().slice(toldBefore);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ kind: 'rows', loadId: 1, rowCount: 1, through: true });
  });

  it('errors only, asked while loading: read again at the load end (diagnostics found then), it ends with the matches a filter of the loaded log has', async () => {
    const demo = readFileSync(new URL('../../public/samples/demo.jsonl', import.meta.url), 'utf8');
    const errorsOnly = { types: null, errorsOnly: true, text: '' };
    const after = host();
    await after.h.receive({ id: 1, kind: 'open', loadId: 1, source: { kind: 'text', text: demo } });
    await after.h.receive({ id: 2, kind: 'filter', filter: errorsOnly });
    const expected = after.answer<'filter'>(2);
    expect(expected.matches).toBeGreaterThan(0);

    const { h, answer, rowsPushes } = host();
    const { opened, ...log } = await loadingServed(h, demo, 100, 90);
    await h.receive({ id: 2, kind: 'filter', filter: errorsOnly });
    expect(answer<'filter'>(2).through).toBe(false);
    log.end();
    await opened;
    await vi.waitFor(() => expect(rowsPushes().some((p) => p.through)).toBe(true));
    expect(rowsPushes().at(-1)).toMatchObject({ rowCount: expected.matches, through: true });
  });

  it('on a log already loaded, is answered through', async () => {
    const { h, answer, rowsPushes } = host();
    await h.receive({
      id: 1,
      kind: 'open',
      loadId: 1,
      source: { kind: 'text', text: singleStreamLog(1000) },
    });
    await h.receive({ id: 2, kind: 'filter', filter: chunksOnly });
    expect(answer<'filter'>(2)).toMatchObject({ through: true, matches: 1003, rowCount: 1003 });
    await new Promise((r) => setTimeout(r, 300));
    expect(rowsPushes()).toEqual([]);
  });

  it('a rows request asked between two slices of a load is answered before the next slice: its rows are those counted when it was asked', async () => {
    const { h, answer } = host();
    const text = singleStreamLog(300_000);
    const { opened, ...log } = await loadingServed(h, text, 1000);
    await h.receive({ id: 2, kind: 'filter', filter: chunksOnly });
    // One piece of 300,000 lines: pushed in slices, the worker yielding to requests between them.
    log.more(300_000);
    let asked = -1;
    await vi.waitFor(
      async () => {
        const loaded = h.current?.log.eventCount ?? 0;
        expect(loaded).toBeGreaterThan(1000);
        expect(loaded).toBeLessThan(300_000);
        // This timer runs between slices: the next one is queued, this request comes after it.
        asked = h.current?.rows.info().rowCount ?? -1;
        await h.receive({ id: 3, kind: 'rows', from: 0, to: 3 });
      },
      { interval: 5 },
    );
    // The rows (and the count the toolbar shows) are the log's as asked: no slice of the load (or
    // of the filter's scan) ran before them, so they do not run ahead of the count (or behind it).
    expect(answer<'rows'>(3).rowCount).toBe(asked);
    log.end();
    await opened;
  });
});
