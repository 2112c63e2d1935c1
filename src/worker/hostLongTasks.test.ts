/**
 * The app's whole-log answers (a redacted copy, an OTLP export, the charts' metrics, a
 * comparison's run profile) each run as one synchronous task: the host announces each with a
 * `busy` push before it starts, sized by the log's bytes, so the client's watchdog does not take
 * the silence of an 82 MB redaction for a dead worker (audit R9-6). A small log's answers come
 * unannounced (BUSY_MIN_BYTES): the task is short, and a notice on every chart is noise.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { singleStreamLog } from '../core/testing/hostileInputs';
import { BUSY_MIN_BYTES, busyNotice } from './busyNotice';
import { LogHost } from './host';
import type { Push, RequestEnvelope, WorkerMessage } from './protocol';
import { clockedClient, useWatchdogTimers } from './testing';

const SAMPLES = new URL('../../../shared/samples/', import.meta.url);
const small = readFileSync(new URL('dsh/steering.jsonl', SAMPLES), 'utf8');
/** One long stream past BUSY_MIN_BYTES (about 1.2 MB). */
const big = singleStreamLog(9_000);
const bytes = Buffer.byteLength(big);

type Busy = Extract<Push, { kind: 'busy' }>;

/** What the host posts for `req` on the loaded sample (pushes and the response, in order). */
async function postsFor(req: RequestEnvelope, text = big): Promise<WorkerMessage[]> {
  const posted: WorkerMessage[] = [];
  const host = new LogHost((m) => posted.push(m));
  await host.receive({ id: 1, kind: 'open', loadId: 7, source: { kind: 'text', text } });
  posted.length = 0;
  await host.receive(req);
  return posted;
}

const LONG_TASKS = [
  [{ id: 2, kind: 'exportRedacted', patterns: [] }, /^making a redacted copy of 1\.\d MB$/],
  [{ id: 2, kind: 'exportOtlp', content: true }, /^exporting 1\.\d MB as OTLP$/],
  [{ id: 2, kind: 'metrics' }, /^reading the charts of 1\.\d MB$/],
  [{ id: 2, kind: 'runProfile' }, /^profiling 1\.\d MB for a comparison$/],
] as [RequestEnvelope, RegExp][];

describe('whole-log answers announce themselves', () => {
  it('the big log is past the threshold, the small one under it', () => {
    expect(bytes).toBeGreaterThan(BUSY_MIN_BYTES);
    expect(Buffer.byteLength(small)).toBeLessThan(BUSY_MIN_BYTES);
  });

  it.each(LONG_TASKS)('%o on a small log: no busy push, only the answer', async (req) => {
    const posted = await postsFor(req, small);
    expect(posted.filter((m) => m.type === 'push' && m.push.kind === 'busy')).toHaveLength(0);
    const answer = posted.find((m) => m.type === 'response' && m.id === 2);
    expect(answer?.type === 'response' && answer.result.ok).toBe(true);
  });

  it.each(LONG_TASKS)('%o: a busy push sized by the log, then the answer', async (req, what) => {
    const posted = await postsFor(req);
    const busyAt = posted.findIndex((m) => m.type === 'push' && m.push.kind === 'busy');
    const answerAt = posted.findIndex((m) => m.type === 'response' && m.id === 2);
    expect(busyAt).toBeGreaterThanOrEqual(0);
    expect(busyAt).toBeLessThan(answerAt);
    const answer = posted[answerAt];
    expect(answer?.type === 'response' && answer.result.ok).toBe(true);
    const busy = (posted[busyAt] as { push: Busy }).push;
    expect(busy.loadId).toBe(7);
    expect(busy.what).toMatch(what);
    expect(busy.quietMs).toBe(15_000 + bytes / 1_000);
  });

  it('with no log loaded: no busy push, a no-log answer', async () => {
    const posted: WorkerMessage[] = [];
    const host = new LogHost((m) => posted.push(m));
    await host.receive({ id: 2, kind: 'exportRedacted', patterns: [] });
    expect(posted.some((m) => m.type === 'push')).toBe(false);
    expect(posted[0]?.type === 'response' && !posted[0].result.ok && posted[0].result.error.code).toBe(
      'no-log',
    );
  });

  it('an 82 MB redacted copy: 97 s allowed, the task named with the size', () => {
    expect(busyNotice(1, 82e6, (size) => `making a redacted copy of ${size}`)).toEqual({
      kind: 'busy',
      loadId: 1,
      what: 'making a redacted copy of 82 MB',
      quietMs: 97_000,
    });
  });
});

describe('the client, told of the long task, waits it out', () => {
  useWatchdogTimers();

  /** A client (default watchdog, clock at 0) that asked for a redacted copy the host announced as 82 MB. */
  function announcedRedaction() {
    const { clock, w, client } = clockedClient();
    void client.request({ kind: 'exportRedacted', patterns: [] });
    w.push(busyNotice(1, 82e6, (size) => `making a redacted copy of ${size}`) as Push);
    return { clock, w, client };
  }

  it('a redacted copy of 82 MB announced: 20 s of silence (default watchdog) is no ping and no death', () => {
    const { clock, w, client } = announcedRedaction();
    clock.now = 20_000;
    vi.advanceTimersByTime(6_000);
    expect(w.sent.filter((m) => m.kind === 'ping')).toHaveLength(0);
    expect(client.state).toBe('alive');
    client.dispose();
  });

  it('the answer ends the announced time: a later silence of 20 s is checked with a ping', () => {
    const { clock, w, client } = announcedRedaction();
    clock.now = 3_000;
    const asked = w.sent.find((m) => m.kind === 'exportRedacted');
    w.respond(asked?.id ?? -1, { ok: false, error: 'no-log' });
    void client.request({ kind: 'exportRedacted', patterns: [] });
    clock.now = 23_000;
    vi.advanceTimersByTime(6_000);
    // Without the answer ending it, the 97 s announcement would keep the watchdog quiet here.
    expect(w.sent.filter((m) => m.kind === 'ping')).toHaveLength(1);
    client.dispose();
  });
});
