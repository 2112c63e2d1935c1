/**
 * A large local file's fingerprint hashed on a thread of its own (hashThread.ts, offered to the
 * host as `hashThread`): the host feeds that thread every byte, in order, and not its own hasher;
 * the fingerprint is the file's SHA-256 either way; a thread that fails costs nothing but time
 * (the bytes are hashed from the store); small, compressed and pasted logs are hashed in place.
 * Here the "thread" is a stand-in that answers after a macrotask, as a worker would.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generateLogText } from '../../scripts/gen/index';
import { createTsFingerprintHasher } from '../core/view/fingerprint';
import { workerHasher, type OffThreadHasher } from './hashThread';
import type { HashReply, HashRequest } from './hashWorker';
import { LogHost } from './host';
import { OFF_THREAD_HASH_BYTES } from './openLog';
import type { LoadSource, ResponseMessage, WorkerMessage } from './protocol';

const big = new TextEncoder().encode(generateLogText({ events: 60_000, seed: 5 }));
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex').slice(0, 16);

function standIn(fails = false) {
  const fed: Uint8Array[] = [];
  const thread: OffThreadHasher = {
    update: (bytes) => void fed.push(bytes.slice()),
    finish: () =>
      new Promise((resolve, reject) =>
        setTimeout(() => {
          if (fails) return reject(new Error('the hashing thread failed'));
          const h = createTsFingerprintHasher();
          for (const b of fed) h.update(b);
          resolve(h.finish());
        }, 1),
      ),
  };
  return { fed, thread, started: () => fed.length > 0 };
}

async function open(source: LoadSource, thread: OffThreadHasher) {
  let starts = 0;
  const posted: WorkerMessage[] = [];
  const host = new LogHost((m) => posted.push(m), {
    hashThread: () => {
      starts++;
      return thread;
    },
  });
  await host.receive({ id: 1, kind: 'open', loadId: 1, source });
  const answer = posted.find((m): m is ResponseMessage => m.type === 'response');
  if (!answer?.result.ok) throw new Error('open failed');
  const ready = posted.find((m) => m.type === 'push' && m.push.kind === 'ready');
  return { fingerprint: (answer.result.value as { fingerprint: string }).fingerprint, starts, ready };
}

describe('a large local file is fingerprinted on its own thread', () => {
  it('feeds that thread every byte in order, and the ready log carries its fingerprint', async () => {
    expect(big.length).toBeGreaterThan(OFF_THREAD_HASH_BYTES);
    const s = standIn();
    const { fingerprint, starts, ready } = await open(
      { kind: 'file', file: new File([big], 'big.jsonl') },
      s.thread,
    );
    expect(starts).toBe(1);
    expect(Buffer.concat(s.fed).equals(Buffer.from(big))).toBe(true);
    expect(fingerprint).toBe(sha(big));
    expect(ready).toBeDefined();
  }, 60_000);

  it('hashes the bytes here when the thread fails: the same fingerprint', async () => {
    const s = standIn(true);
    const { fingerprint } = await open({ kind: 'file', file: new File([big], 'big.jsonl') }, s.thread);
    expect(s.started()).toBe(true);
    expect(fingerprint).toBe(sha(big));
  }, 60_000);

  it('loads, with the same fingerprint, when the thread cannot even start', async () => {
    const unstartable = workerHasher(() => {
      throw new Error('no workers here');
    });
    const { fingerprint, ready } = await open(
      { kind: 'file', file: new File([big], 'big.jsonl') },
      unstartable,
    );
    expect(fingerprint).toBe(sha(big));
    expect(ready).toBeDefined();
  }, 60_000);

  it('hashes on the thread from exactly OFF_THREAD_HASH_BYTES: one byte less is hashed here', async () => {
    for (const [size, threads] of [
      [OFF_THREAD_HASH_BYTES - 1, 0],
      [OFF_THREAD_HASH_BYTES, 1],
    ] as const) {
      const bytes = big.subarray(0, size);
      const s = standIn();
      const { fingerprint, starts } = await open(
        { kind: 'file', file: new File([bytes], 'cut.jsonl') },
        s.thread,
      );
      expect([size, starts]).toEqual([size, threads]);
      expect(fingerprint).toBe(sha(bytes));
    }
  }, 60_000);

  it('keeps small, compressed and pasted logs on this thread', async () => {
    const small = big.subarray(0, big.lastIndexOf(10, 200_000) + 1);
    const gz = new Uint8Array(gzipSync(big));
    for (const [source, bytes] of [
      [{ kind: 'file', file: new File([small], 'small.jsonl') }, small],
      [{ kind: 'file', file: new File([gz], 'big.jsonl.gz') }, gz],
      [{ kind: 'text', text: new TextDecoder().decode(big), name: 'pasted.jsonl' }, big],
    ] as [LoadSource, Uint8Array][]) {
      const s = standIn();
      const { fingerprint, starts } = await open(source, s.thread);
      expect(starts).toBe(0);
      expect(s.started()).toBe(false);
      expect(fingerprint).toBe(sha(bytes));
    }
  }, 60_000);
});

describe('workerHasher: the log worker side of the hashing thread', () => {
  it('moves every byte, in order, in few large batches, and resolves with the thread answer', async () => {
    const got: Uint8Array[] = [];
    const fake = {
      onmessage: null as ((e: MessageEvent<HashReply>) => void) | null,
      onerror: null,
      terminated: false,
      postMessage(m: HashRequest) {
        if ('bytes' in m) got.push(m.bytes);
        else {
          const h = createTsFingerprintHasher();
          for (const b of got) h.update(b);
          setTimeout(
            () => this.onmessage?.({ data: { fingerprint: h.finish() } } as MessageEvent<HashReply>),
            1,
          );
        }
      },
      terminate() {
        this.terminated = true;
      },
    };
    const hasher = workerHasher(() => fake as unknown as Worker);
    // Pieces as the host pushes them (256 KiB and odd sizes), from one buffer and from several.
    for (let at = 0; at < big.length; at += 256 * 1024 + 17)
      hasher.update(big.subarray(at, at + 256 * 1024 + 17));
    expect(await hasher.finish()).toBe(sha(big));
    expect(Buffer.concat(got).equals(Buffer.from(big))).toBe(true);
    expect(got.length).toBeLessThanOrEqual(Math.ceil(big.length / (8 * 1024 * 1024)));
    expect(fake.terminated).toBe(true);
  });

  it('a thread that cannot start is a failed one: the bytes are taken, the fingerprint is refused', async () => {
    let starts = 0;
    const hasher = workerHasher(() => {
      starts++;
      throw new Error('no workers here');
    });
    for (let at = 0; at < big.length; at += 1 << 20) hasher.update(big.subarray(at, at + (1 << 20)));
    await expect(hasher.finish()).rejects.toThrow('the hashing thread did not start: no workers here');
    expect(starts).toBe(1);
  });

  it("a thread's error before the fingerprint is asked for is kept: finish refuses at once", async () => {
    const fake = {
      onmessage: null as ((e: MessageEvent<HashReply>) => void) | null,
      onerror: null,
      posted: 0,
      postMessage() {
        this.posted++;
        if (this.posted === 1)
          this.onmessage?.({ data: { error: 'no SHA-256 here' } } as MessageEvent<HashReply>);
      },
      terminate() {},
    };
    const hasher = workerHasher(() => fake as unknown as Worker);
    for (let at = 0; at < big.length; at += 1 << 20) hasher.update(big.subarray(at, at + (1 << 20)));
    await expect(hasher.finish()).rejects.toThrow('no SHA-256 here');
    expect(fake.posted).toBe(1); // nothing more was sent to a thread that had failed
  });

  it('starts its thread with the first full batch, not with the first bytes', async () => {
    let starts = 0;
    const got: Uint8Array[] = [];
    const fake = {
      onmessage: null as ((e: MessageEvent<HashReply>) => void) | null,
      onerror: null,
      postMessage(m: HashRequest) {
        if ('bytes' in m) return void got.push(m.bytes);
        const h = createTsFingerprintHasher();
        for (const b of got) h.update(b);
        setTimeout(
          () => this.onmessage?.({ data: { fingerprint: h.finish() } } as MessageEvent<HashReply>),
          0,
        );
      },
      terminate() {},
    };
    const hasher = workerHasher(() => {
      starts++;
      return fake as unknown as Worker;
    });
    const batch = 8 * 1024 * 1024;
    const bytes = new Uint8Array(batch + 5000).map((_, i) => i * 7);
    hasher.update(bytes.subarray(0, 4096));
    hasher.update(bytes.subarray(4096, batch - 1));
    expect(starts).toBe(0);
    hasher.update(bytes.subarray(batch - 1));
    expect(starts).toBe(1);
    expect(await hasher.finish()).toBe(sha(bytes));
    expect(starts).toBe(1);
  });

  it('fills again the batches the thread moves back spent, and the fingerprint is still every byte', async () => {
    const h = createTsFingerprintHasher();
    const seen = new Set<ArrayBufferLike>();
    let batches = 0;
    const fake = {
      onmessage: null as ((e: MessageEvent<HashReply>) => void) | null,
      onerror: null,
      postMessage(m: HashRequest) {
        if ('bytes' in m) {
          batches++;
          seen.add(m.bytes.buffer);
          h.update(m.bytes); // hashed on arrival, as the thread does, then moved back
          setTimeout(() => this.onmessage?.({ data: { spent: m.bytes } } as MessageEvent<HashReply>), 0);
        } else
          setTimeout(
            () => this.onmessage?.({ data: { fingerprint: h.finish() } } as MessageEvent<HashReply>),
            0,
          );
      },
      terminate() {},
    };
    const hasher = workerHasher(() => fake as unknown as Worker);
    const all: Uint8Array[] = [];
    for (let round = 0; round < 8; round++) {
      for (let at = 0; at < big.length; at += 1 << 20) hasher.update(big.subarray(at, at + (1 << 20)));
      all.push(big);
      await new Promise((r) => setTimeout(r, 0)); // the spent batches come back meanwhile
    }
    expect(await hasher.finish()).toBe(sha(Buffer.concat(all)));
    expect(batches).toBeGreaterThan(3);
    // Without the spares every batch is a new buffer.
    expect(seen.size).toBeLessThan(batches);
  });
});
