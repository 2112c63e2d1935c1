/**
 * LogHost's loading: a large plain file loads in ranges (range workers, here on this thread) with
 * the same log and fingerprint as one pass; a log too large for the tab is refused before its
 * bytes are held, with a message; so is a binary file.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generateLogText } from '../../scripts/gen/index';
import { prescanAlignedRange, type RangePool } from '../core/log/parallel';
import { LogHost } from './host';
import { fileRangeSource } from './rangePool';
import type { Push, ResponseMessage, WorkerMessage } from './protocol';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures');

const line = (seq: number) =>
  `{"type":"assistant/chunk","seq":${seq},"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"${'x'.repeat(80)}"}}}\n`;
const text = Array.from({ length: 2000 }, (_, i) => line(i)).join('');

function run(budget: number, source: { kind: 'text'; text: string } | { kind: 'file'; file: File }) {
  const posted: WorkerMessage[] = [];
  const h = new LogHost((m) => posted.push(m), { memoryBudget: budget });
  return h.receive({ id: 1, kind: 'open', loadId: 1, source }).then(() => {
    const answer = posted.find((m): m is ResponseMessage => m.type === 'response');
    const pushes = posted.flatMap((m): Push[] => (m.type === 'push' ? [m.push] : []));
    return { answer: answer!, pushes, host: h };
  });
}

describe('LogHost: memory budget', () => {
  it('refuses a log larger than what fits, saying what fits and why, and holds nothing', async () => {
    const { answer, pushes, host } = await run(100_000, { kind: 'text', text });
    expect(answer.result.ok).toBe(false);
    const error = answer.result.ok ? null : answer.result.error;
    expect(error?.code).toBe('refused'); // the page offers another log, not a Retry
    expect(error?.message).toMatch(/would need about .* of memory in this tab.* fit here/);
    expect(pushes.find((p) => p.kind === 'fatal')).toBeDefined();
    expect(pushes.find((p) => p.kind === 'progress')).toBeUndefined();
    expect(host.current).toBeNull();
  });

  it('opens the same log when it fits', async () => {
    const { answer } = await run(10_000_000, { kind: 'text', text });
    expect(answer.result.ok).toBe(true);
  });

  it('stops a compressed log once what it decompresses to passes the budget', async () => {
    const gz = gzipSync(Buffer.from(text));
    const file = new File([gz], 'big.jsonl.gz');
    expect(gz.length).toBeLessThan(100_000 / 1.25);
    const { answer } = await run(100_000, { kind: 'file', file });
    expect(answer.result.ok).toBe(false);
    expect(answer.result.ok ? '' : answer.result.error.message).toMatch(
      /^big\.jsonl\.gz decompresses to more than/,
    );
    expect(answer.result.ok ? '' : answer.result.error.code).toBe('refused');
  });
});

describe('LogHost: a binary file', () => {
  it('is refused (code `refused`: reading it again gives the same answer), with the reason', async () => {
    const bytes = readFileSync(path.join(FIXTURES, 'bad/binary.jsonl'));
    const { answer, pushes } = await run(Infinity, { kind: 'file', file: new File([bytes], 'binary.jsonl') });
    const error = answer.result.ok ? null : answer.result.error;
    expect(error?.code).toBe('refused');
    expect(error?.message).toMatch(/^binary\.jsonl: this is not a text log: 271 of its 512 bytes are binary/);
    expect(pushes.find((p) => p.kind === 'fatal')).toMatchObject({ error: { code: 'refused' } });
  });
});

describe('LogHost: a sample that is not bundled', () => {
  it('is refused (no Retry: asking again gives the same answer), naming the samples there are', async () => {
    const posted: WorkerMessage[] = [];
    const h = new LogHost((m) => posted.push(m), { memoryBudget: Infinity });
    await h.receive({ id: 1, kind: 'open', loadId: 1, source: { kind: 'sample', name: '__proto__' } });
    const answer = posted.find((m): m is ResponseMessage => m.type === 'response');
    const error = answer && !answer.result.ok ? answer.result.error : null;
    expect(error?.code).toBe('refused');
    expect(error?.message).toMatch(/^There is no bundled sample named "__proto__" \(the samples are /);
  });
});

describe('LogHost: a large file in ranges', () => {
  it('gives the one-pass log, summary and fingerprint (SHA-256 of the bytes, first 16 hex)', async () => {
    const bytes = new TextEncoder().encode(generateLogText({ events: 40_000, seed: 9 }));
    expect(bytes.length).toBeGreaterThan(5 * 1024 * 1024);
    const file = new File([bytes], 'big.jsonl');
    const ranges: number[][] = [];
    const pool = (f: File): RangePool => ({
      size: 2,
      run: (a, b) => {
        ranges.push([a, b]);
        return prescanAlignedRange(fileRangeSource(f), a, b);
      },
      close: () => {},
    });
    const posted: WorkerMessage[] = [];
    const host = new LogHost((m) => posted.push(m), { rangePool: pool });
    await host.receive({ id: 1, kind: 'open', loadId: 1, source: { kind: 'file', file } });
    const answer = posted.find((m): m is ResponseMessage => m.type === 'response');
    if (!answer?.result.ok) throw new Error('open in ranges failed');
    expect(ranges.length).toBeGreaterThan(0);
    const onePass = await run(Infinity, { kind: 'text', text: new TextDecoder().decode(bytes) });
    if (!onePass.answer.result.ok) throw new Error('one-pass open failed');
    // What may differ: the name, the source kind, the time taken and how often rows were rebuilt.
    const comparable = (v: unknown) => ({
      ...(v as object),
      name: '',
      source: null,
      loadMs: 0,
      rowsVersion: 0,
    });
    const sha = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    expect((answer.result.value as { fingerprint: string }).fingerprint).toBe(sha);
    expect(comparable(answer.result.value)).toEqual(comparable(onePass.answer.result.value));
  }, 120_000);
});
