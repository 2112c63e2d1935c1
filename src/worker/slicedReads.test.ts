/**
 * Two first reads are long on a large log: `costTotals` reads every step's model (a parse of the
 * step's message event each) and `requestChanges` every request header; 1-2 s at 1-2 GB. Each is
 * spread over slices (slices.ts), so a seek's `messages` sent while it runs is answered before it,
 * not after the whole read; a second request shares the read; a newly opened log stops it. Order
 * of answers, never time.
 */
import { describe, expect, it, vi } from 'vitest';
import { generateLogText } from '../../scripts/gen/index';
import { AnswerQueries } from './answerQueries';
import { SLICE_ITEMS } from './slices';
import { LogHost } from './host';
import { MAX_DEFER_MS, QUIET_MS } from './backgroundGate';
import { OpenLog } from './openLog';
import type { ResponseMessage, WorkerMessage } from './protocol';
import { requestChangeSeqs } from '../core/harness/requestView';
import { SessionLog } from '../core/log/sessionLog';

// About 210 steps: more than one slice of step reads.
const TEXT = generateLogText({ events: 30_000, seed: 5 });

async function opened(text = TEXT) {
  const posted: WorkerMessage[] = [];
  const host = new LogHost((m) => posted.push(m));
  await host.receive({ id: 1, kind: 'open', loadId: 1, source: { kind: 'text', text } });
  const answers = () => posted.filter((m): m is ResponseMessage => m.type === 'response' && m.id > 1);
  const c = host.current;
  if (!c) throw new Error('the log did not open');
  return { host, c, answers };
}

/** What a fresh reading of the same bytes sums (the synchronous path, the reference). */
function reference() {
  const s = new OpenLog(1, 'text', 'log.jsonl');
  s.push(new TextEncoder().encode(TEXT));
  s.end();
  return { steps: s.log.structure.steps.length, totals: new AnswerQueries(s).costTotals() };
}

describe('costTotals reads step models in slices', () => {
  it('a messages request sent while the totals are read is answered before them', async () => {
    const { host, c, answers } = await opened();
    const ref = reference();
    expect(ref.steps).toBeGreaterThan(SLICE_ITEMS);
    const reads = vi.spyOn(c.log.log, 'event');
    // The first slice runs at once; the seek arrives while the read is paused after it.
    const totals = host.receive({ id: 2, kind: 'costTotals' });
    const readBefore = reads.mock.calls.length;
    const last = c.log.eventCount - 1;
    const seek = host.receive({ id: 3, kind: 'messages', seq: last, from: -50, to: 0 });
    await Promise.all([totals, seek]);
    expect(readBefore).toBeGreaterThan(0);
    expect(readBefore).toBeLessThan(ref.steps);
    expect(answers().map((a) => a.kind)).toEqual(['messages', 'costTotals']);
    const [seekAnswer, totalsAnswer] = answers();
    expect(seekAnswer?.result.ok).toBe(true);
    expect(totalsAnswer?.result).toEqual({ ok: true, value: ref.totals });
  });

  it('two costTotals asked together share one read of the models and give one answer', async () => {
    const { host, c, answers } = await opened();
    const reads = vi.spyOn(c.log.log, 'event');
    await Promise.all([
      host.receive({ id: 2, kind: 'costTotals' }),
      host.receive({ id: 3, kind: 'costTotals' }),
    ]);
    const both = reads.mock.calls.length;
    const [a, b] = answers();
    expect(a?.result).toEqual(b?.result);
    expect(a?.result).toEqual({ ok: true, value: reference().totals });
    // Alone on a fresh host, the same read.
    const alone = await opened();
    const readsAlone = vi.spyOn(alone.c.log.log, 'event');
    await alone.host.receive({ id: 2, kind: 'costTotals' });
    expect(both).toBe(readsAlone.mock.calls.length);
  });

  it('opening another log stops the read: that costTotals is answered superseded', async () => {
    const { host, answers } = await opened();
    const totals = host.receive({ id: 2, kind: 'costTotals' });
    const reopen = host.receive({ id: 3, kind: 'open', loadId: 2, source: { kind: 'text', text: '' } });
    await Promise.all([totals, reopen]);
    const answer = answers().find((a) => a.kind === 'costTotals') as ResponseMessage;
    expect(answer.result).toMatchObject({ ok: false, error: { code: 'superseded' } });
  });

  it('requestChanges: a seek sent while the headers are read is answered first; the seqs equal the core reading', async () => {
    // 3 slices of headers; the model changes every 7th header.
    const headers = SLICE_ITEMS * 3;
    const lines = Array.from({ length: headers }, (_, i) =>
      JSON.stringify({
        type: 'request/header',
        seq: i,
        time: 1000 + i,
        data: { header: { config: { provider: 'p', model: `m${Math.floor(i / 7)}` } }, reason: 'initial' },
      }),
    );
    const text = lines.join('\n') + '\n';
    const core = new SessionLog();
    core.push(new TextEncoder().encode(text));
    core.end();
    const want = requestChangeSeqs(core);
    expect(want).toHaveLength(Math.ceil(headers / 7));
    const { host, c, answers } = await opened(text);
    const reads = vi.spyOn(c.log.log, 'event');
    const changes = host.receive({ id: 2, kind: 'requestChanges' });
    const readBefore = reads.mock.calls.length;
    const seek = host.receive({ id: 3, kind: 'messages', seq: headers - 1, from: -50, to: 0 });
    await Promise.all([changes, seek]);
    // At most one slice ran before the seek (a slice also ends after SLICE_MS, so on a busy
    // machine it holds fewer headers): never every header.
    expect(readBefore).toBeGreaterThan(0);
    expect(readBefore).toBeLessThanOrEqual(SLICE_ITEMS);
    expect(answers().map((a) => a.kind)).toEqual(['messages', 'requestChanges']);
    expect(answers()[1]?.result).toEqual({ ok: true, value: { seqs: want } });
    // Asked again: nothing is read again.
    const before = reads.mock.calls.length;
    await host.receive({ id: 4, kind: 'requestChanges' });
    expect(reads.mock.calls.length).toBe(before);
    expect(answers()[2]?.result).toEqual({ ok: true, value: { seqs: want } });
  });
});

describe('a background read rests while the user asks (backgroundGate.ts)', () => {
  /** A host whose background reads run on a clock the test moves: every sleep is recorded. */
  async function withClock(onSleep: (host: LogHost) => void = () => {}) {
    let t = 1000;
    const sleeps: number[] = [];
    const readTimes: number[] = [];
    const posted: WorkerMessage[] = [];
    const host: LogHost = new LogHost((m) => posted.push(m), {
      clock: {
        now: () => t,
        sleep: async (ms) => {
          sleeps.push(ms);
          t += ms;
          onSleep(host);
        },
      },
    });
    await host.receive({ id: 1, kind: 'open', loadId: 1, source: { kind: 'text', text: TEXT } });
    const c = host.current;
    if (!c) throw new Error('the log did not open');
    t += 10_000; // long after the open request
    const event = c.log.log.event.bind(c.log.log);
    vi.spyOn(c.log.log, 'event').mockImplementation((seq) => {
      readTimes.push(t);
      return event(seq);
    });
    const answers = () => posted.filter((m): m is ResponseMessage => m.type === 'response' && m.id > 1);
    return { host, c, sleeps, readTimes, answers };
  }

  it('a seek during the read holds its next slice QUIET_MS; alone, it never waits', async () => {
    const alone = await withClock();
    await alone.host.receive({ id: 2, kind: 'costTotals' });
    expect(alone.sleeps).toEqual([]);
    expect(alone.answers()[0]?.result).toEqual({ ok: true, value: reference().totals });

    const { host, c, sleeps, answers } = await withClock();
    const totals = host.receive({ id: 2, kind: 'costTotals' });
    const seek = host.receive({ id: 3, kind: 'messages', seq: c.log.eventCount - 1, from: -50, to: 0 });
    await Promise.all([totals, seek]);
    expect(sleeps).toEqual([QUIET_MS]);
    expect(answers().map((a) => a.kind)).toEqual(['messages', 'costTotals']);
    expect(answers()[1]?.result).toEqual({ ok: true, value: reference().totals });
  });

  it('steady asking slows the read (MAX_DEFER_MS a pause at most), never stops it', async () => {
    let asks = 0;
    const { host, sleeps, readTimes, answers } = await withClock((h) => {
      void h.receive({ id: 100 + asks++, kind: 'ping' });
      h.background.asked();
    });
    host.background.asked();
    await host.receive({ id: 2, kind: 'costTotals' });
    expect(sleeps.length).toBeGreaterThan(1);
    const gaps = readTimes.slice(1).map((at, i) => at - (readTimes[i] as number));
    expect(Math.max(...gaps)).toBe(MAX_DEFER_MS);
    expect(answers().find((a) => a.kind === 'costTotals')?.result).toEqual({
      ok: true,
      value: reference().totals,
    });
  });
});

describe('a seek: the messages pane is answered first', () => {
  it("the replay position's description and the timeline's location, sent first, are answered after messagesAt", async () => {
    const { host, c, answers } = await opened();
    const seq = Math.floor(c.log.eventCount / 2);
    // In the order the page sends them on a selection change.
    await Promise.all([
      host.receive({ id: 2, kind: 'replayMove', seq, move: 'none' }),
      host.receive({ id: 3, kind: 'locate', seq, reveal: true, block: 32 }),
      host.receive({ id: 4, kind: 'messagesAt', seq, tail: 24, focus: true }),
      host.receive({ id: 5, kind: 'event', seq }),
    ]);
    expect(answers().map((a) => a.kind)).toEqual(['messagesAt', 'replayMove', 'locate', 'event']);
    expect(answers().every((a) => a.result.ok)).toBe(true);
    // A key press's move is the user's next selection: not held back.
    await Promise.all([
      host.receive({ id: 6, kind: 'locate', seq, reveal: false }),
      host.receive({ id: 7, kind: 'replayMove', seq, move: 'event', dir: 1 }),
    ]);
    expect(
      answers()
        .slice(4)
        .map((a) => a.kind),
    ).toEqual(['replayMove', 'locate']);
  });
});
