/**
 * The tab's read limits in the worker: a log stops at the limit the host was given (the
 * browser's are sized for its memory), the summary names the hit so the app can offer
 * "Load anyway", an endless URL stops being downloaded, and the same source opened with
 * that limit lifted reads whole.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_READ_LIMITS, type ReadLimitKind } from '../core/reader/readLimits';
import { LogHost } from './host';
import type { LoadSource, LogSummary, ResponseMessage, WorkerMessage } from './protocol';

const event = (seq: number, text = `m${seq}`) =>
  JSON.stringify({
    type: 'user/message',
    seq,
    data: { role: 'user', content: [{ type: 'text', text }] },
    surfaceOp: 'append',
  }) + '\n';
const LIMITS = { ...DEFAULT_READ_LIMITS, maxLineBytes: 1000 };

async function open(source: LoadSource, liftLimits?: ReadLimitKind[]): Promise<LogSummary> {
  const posted: WorkerMessage[] = [];
  const host = new LogHost((m) => posted.push(m), { readLimits: LIMITS });
  await host.receive({
    id: 1,
    kind: 'open',
    loadId: 1,
    source,
    ...(liftLimits ? { liftLimits } : {}),
  });
  const answer = posted.find((m): m is ResponseMessage => m.type === 'response');
  if (!answer?.result.ok) throw new Error(`open failed: ${JSON.stringify(answer?.result)}`);
  return answer.result.value as LogSummary;
}

describe('LogHost: the read limits it was given', () => {
  const text = event(0) + event(1) + event(2, 'x'.repeat(5000)) + event(3);

  it('stop at the limit, keep what came before, and name the hit in the summary', async () => {
    const s = await open({ kind: 'text', text, name: 'long-line.jsonl' });
    expect(s.events).toBe(2);
    expect(s.limitHit).toMatchObject({ kind: 'line-length', limit: 1000, line: 3 });
    expect(s.limitHit?.message).toMatch(/^Stopped reading: line 3 is longer than 1000 B,/);
    expect(s.codes.map((c) => c.code)).toContain('read-limit');
    expect(s.liftedLimits).toBeUndefined();
    // The file's whole size (what a link and a stored copy name it by) beside what was read of it.
    expect(s.fileBytes).toBe(Buffer.byteLength(text));
    expect(s.limitHit?.inputBytes).toBeLessThan(Buffer.byteLength(text));
  });

  it('"Load anyway": the same source with that limit lifted reads whole', async () => {
    const s = await open({ kind: 'text', text, name: 'long-line.jsonl' }, ['line-length']);
    expect(s.events).toBe(4);
    expect(s.limitHit).toBeUndefined();
    expect(s.codes.map((c) => c.code)).not.toContain('read-limit');
    expect(s.liftedLimits).toEqual(['line-length']);
  });
});

describe('LogHost: an endless line at a URL', () => {
  let server: Server;
  let url = '';
  let closed: Promise<number>;

  beforeAll(async () => {
    let signalClosed: (bytes: number) => void = () => undefined;
    closed = new Promise((resolve) => (signalClosed = resolve));
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      let sent = 0;
      res.write(event(0) + event(1) + '{"type":"user/message","seq":2,"data":"');
      // One line that never ends: write until the client goes away.
      const chunk = 'y'.repeat(16 * 1024);
      const pump = () => {
        while (!res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) break;
        }
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => signalClosed(sent));
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/endless.jsonl`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('stops at the line limit, keeps the events before, and stops downloading', async () => {
    const s = await open({ kind: 'url', url });
    expect(s.events).toBe(2);
    expect(s.limitHit?.kind).toBe('line-length');
    // The server sees the client hang up (otherwise this never resolves and the test times out).
    const sent = await closed;
    expect(sent).toBeGreaterThan(1000);
  });
});
