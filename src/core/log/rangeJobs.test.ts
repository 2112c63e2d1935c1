import { describe, expect, it } from 'vitest';
import { generateLogText } from '../../../scripts/gen/index';
import { bytesSource, forEachRange, localPool, type RangeResult } from './parallel';
import {
  answerRangeJob,
  rangeWorkerPool,
  type RangeJob,
  type RangeReply,
  type RangeWorkerPort,
} from './rangeJobs';
import { SessionLog } from './sessionLog';
import { InputChanged } from '../reader/byteStore';

const bytes = new TextEncoder().encode(generateLogText({ events: 4000, seed: 3 }));

/** A range worker on this thread: answers each job with answerRangeJob when `step` is called. */
class FakePort implements RangeWorkerPort {
  jobs: RangeJob[] = [];
  replies: RangeReply[] = [];
  transferred = 0;
  terminated = false;
  private reply: ((r: RangeReply) => void) | undefined;
  fail: ((message: string) => void) | undefined;
  post(job: RangeJob): void {
    this.jobs.push(job);
    void answerRangeJob(bytesSource(bytes), job, (r, transfer) => {
      this.replies.push(r);
      this.transferred += transfer.length;
      this.reply?.(r);
    });
  }
  listen(reply: (r: RangeReply) => void, fail: (message: string) => void): void {
    this.reply = reply;
    this.fail = fail;
  }
  terminate(): void {
    this.terminated = true;
  }
}

async function load(pool: ReturnType<typeof rangeWorkerPool>): Promise<SessionLog> {
  const log = new SessionLog();
  await forEachRange(bytesSource(bytes), pool, (r: RangeResult) => log.push(r.bytes, r.prescan), {
    first: 4096,
    rest: 8192,
  });
  log.end();
  return log;
}

describe('rangeWorkerPool (the one pool of the browser and the CLI)', () => {
  it('spreads jobs over its workers and loads what a pool on this thread loads', async () => {
    const ports = [new FakePort(), new FakePort(), new FakePort()];
    const pool = rangeWorkerPool(ports);
    expect(pool.size).toBe(3);
    const viaPool = await load(pool);
    const local = new SessionLog();
    await forEachRange(
      bytesSource(bytes),
      localPool(bytesSource(bytes)),
      (r) => local.push(r.bytes, r.prescan),
      {
        first: 4096,
        rest: 8192,
      },
    );
    local.end();
    expect(viaPool.eventCount).toBe(local.eventCount);
    expect(viaPool.prescannedLines).toBeGreaterThan(0);
    expect(viaPool.structure).toEqual(local.structure);
    for (let s = 0; s < local.eventCount; s += 37) expect(viaPool.event(s)).toEqual(local.event(s));
    // Every worker got work, and the bytes and prescan arrays went as transfers.
    for (const p of ports) expect(p.jobs.length).toBeGreaterThan(0);
    expect(ports.reduce((n, p) => n + p.transferred, 0)).toBeGreaterThan(ports.length);
    pool.close();
    expect(ports.every((p) => p.terminated)).toBe(true);
  });

  it('asked for prescans alone, its workers send back no bytes, and the owner reads them: the same log', async () => {
    const ports = [new FakePort(), new FakePort()];
    const viaPool = await load(rangeWorkerPool(ports, { withoutBytes: true }));
    const local = await load(rangeWorkerPool([new FakePort()]));
    expect(viaPool.eventCount).toBe(local.eventCount);
    expect(viaPool.prescannedLines).toBe(local.prescannedLines);
    for (let s = 0; s < local.eventCount; s += 37) expect(viaPool.event(s)).toEqual(local.event(s));
    const jobs = ports.flatMap((p) => p.jobs);
    expect(jobs.length).toBeGreaterThan(2);
    expect(jobs.every((j) => j.withoutBytes === true)).toBe(true);
    for (const reply of ports.flatMap((p) => p.replies)) {
      expect(reply.ok).toBe(true);
      if (reply.ok) expect('bytes' in reply.range).toBe(false);
    }
  });

  it('a failed job, a dead worker and a close each reject what waits, with the reason', async () => {
    const silent: RangeWorkerPort & { fail?: (m: string) => void } = {
      post: () => {},
      listen(_reply, fail) {
        silent.fail = fail;
      },
      terminate: () => {},
    };
    const pool = rangeWorkerPool([silent]);
    const waiting = pool.run(0, 10);
    silent.fail?.('out of memory');
    await expect(waiting).rejects.toThrow('a range worker failed: out of memory');
    const later = pool.run(0, 10);
    pool.close();
    await expect(later).rejects.toThrow('the load ended');

    const replies: RangeReply[] = [];
    await answerRangeJob(
      { size: 100, read: () => Promise.reject(new Error('EIO: the disk went away')) },
      { id: 7, a: 0, b: 100 },
      (r) => replies.push(r),
    );
    expect(replies).toEqual([{ id: 7, ok: false, message: 'EIO: the disk went away' }]);

    // A source cut while read stays InputChanged across the thread boundary (the CLI prints it as is).
    const cut = 'log.jsonl changed while it was read: it now ends at byte 40';
    await answerRangeJob(
      { size: 100, read: () => Promise.reject(new InputChanged(cut)) },
      { id: 8, a: 0, b: 100 },
      (r) => replies.push(r),
    );
    expect(replies[1]).toEqual({ id: 8, ok: false, message: cut, inputChanged: true });
    const port: RangeWorkerPort = {
      post: (job) =>
        void answerRangeJob({ size: 100, read: () => Promise.reject(new InputChanged(cut)) }, job, (r) =>
          answer?.(r),
        ),
      listen(reply) {
        answer = reply;
      },
      terminate: () => {},
    };
    let answer: ((r: RangeReply) => void) | undefined;
    const failed = rangeWorkerPool([port]).run(0, 100);
    await expect(failed).rejects.toThrow(InputChanged);
    await expect(failed).rejects.toThrow(cut);
  });
});
