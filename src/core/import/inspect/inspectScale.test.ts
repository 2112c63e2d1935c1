/** The Inspect importer on logs whose size is in their references: pooled ranges and attachments. */
import { describe, expect, it, vi } from 'vitest';
import { JSONL_CHUNK_CHARS, jsonlChunks } from '../jsonlChunks';
import { importInspect } from './inspect';
import { POOL_MOVES_FLOOR, POOL_MOVES_PER_ITEM, PoolContent } from './poolContent';
import { SEVERITY } from '../../diagnostics';
import { ATTACHMENT_FLOOR_CHARS, RETELL_FLOOR, RETELL_PER_ITEM } from './callInput';

const ts = '2026-01-01T00:00:00Z';
const modelEvent = (refs: unknown[], output: string) => ({
  event: 'model',
  timestamp: ts,
  model: 'openai/gpt-test',
  input: [],
  input_refs: refs,
  tools: [],
  output: { choices: [{ message: { role: 'assistant', content: output } }] },
});
const logOf = (sample: object) => ({
  header: { eval: { eval_id: 'E' } },
  samples: [{ id: 1, epoch: 1, ...sample }],
});
const userMessages = (log: ReturnType<typeof importInspect>) =>
  log.events.filter((e) => e.type === 'user/message').length;

describe('Inspect importer: input_refs ranges', () => {
  it('a 200k-message range imports every message (a loop, not a spread of the range)', () => {
    const pool = Array.from({ length: 200_000 }, (_, i) => ({ role: 'user', content: `m${i}` }));
    const log = importInspect(logOf({ message_pool: pool, events: [modelEvent([[0, 200_000]], 'ok')] }));
    expect(log.notes.filter((n) => n.code === 'import-unmapped')).toEqual([]);
    expect(userMessages(log)).toBe(200_000);
    expect(log.derived()).toHaveLength(200_001);
  });

  it('ranges past the pool are clamped to it', () => {
    const pool = [
      { role: 'user', content: 'a' },
      { role: 'user', content: 'b' },
    ];
    const log = importInspect(logOf({ message_pool: pool, events: [modelEvent([[-5, 1e9]], 'ok')] }));
    expect(log.derived().map((m) => m.content)).toEqual([
      [{ type: 'text', text: 'a' }],
      [{ type: 'text', text: 'b' }],
      [{ type: 'text', text: 'ok' }],
    ]);
  });
});

describe('Inspect importer: calls over a growing pool', () => {
  const growing = (calls: number) => {
    const pool = Array.from({ length: 2 * calls }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: `message number ${i}`,
    }));
    const events = Array.from({ length: calls }, (_, c) =>
      modelEvent([[0, 2 * c + 1]], `message number ${2 * c + 1}`),
    );
    return logOf({ message_pool: pool, events });
  };

  it('compares only past the previous call’s pooled prefix: stringify calls linear in pool + calls', () => {
    const counts = [200, 800].map((calls) => {
      const spy = vi.spyOn(JSON, 'stringify');
      const log = importInspect(growing(calls));
      const n = spy.mock.calls.length;
      spy.mockRestore();
      expect(log.notes).toEqual([]);
      expect(log.derived()).toHaveLength(2 * calls);
      return n;
    });
    // pool messages and outputs stringified once each, one request key per call
    expect(counts[0]).toBeLessThanOrEqual(4 * 200 + 10);
    expect(counts[1]).toBeLessThanOrEqual(4 * 800 + 10);
  });

  it('inputs alternating [[0,N]] and [[1,N]] are re-told within a budget, with one note', () => {
    const N = 20_000;
    const calls = 100;
    const pool = Array.from({ length: N }, (_, i) => ({ role: 'user', content: `m${i}` }));
    const events = Array.from({ length: calls }, (_, c) => modelEvent([[c % 2, N]], 'ok'));
    const log = importInspect(logOf({ message_pool: pool, events }));
    const surface = log.events.filter((e) => e.surfaceOp !== undefined).length;
    expect(surface).toBeLessThanOrEqual(RETELL_FLOOR + RETELL_PER_ITEM * (N + calls) + N + 2 * calls);
    expect(log.notes.filter((n) => n.code === 'import-note')).toHaveLength(1);
    expect(log.notes.filter((n) => n.code === 'import-input-mismatch').length).toBeGreaterThan(0);
  });
});

describe('Inspect importer: equal messages under other refs (audit NEW-1)', () => {
  it('calls alternating between two copies of the pool: content keys read O(pool + calls) times', () => {
    const P = 2000;
    const calls = 200;
    const copy = Array.from({ length: P }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: i % 10 === 9 ? 'ok' : `pooled message ${i}`,
    }));
    const events = (alternate: boolean) =>
      Array.from({ length: calls }, (_, c) => modelEvent([alternate && c % 2 ? [P, 2 * P] : [0, P]], 'ok'));
    const keyReads = vi.spyOn(WeakMap.prototype, 'get');
    const lengths = vi.spyOn(PoolContent.prototype, 'commonLength');
    const log = importInspect(logOf({ message_pool: [...copy, ...copy], events: events(true) }));
    const reads = keyReads.mock.calls.length;
    const moves = [...new Set(lengths.mock.contexts as PoolContent[])].reduce((n, c) => n + c.moves, 0);
    keyReads.mockRestore();
    lengths.mockRestore();
    // each pool message keyed once, a few keys per call where the inputs end (was 2 x P per call)
    expect(reads).toBeLessThanOrEqual(2 * (2 * P) + 10 * calls);
    expect(moves).toBeLessThanOrEqual(2 * calls);
    // the same history and notes as calls that all name the first copy
    const same = importInspect(logOf({ message_pool: [...copy, ...copy], events: events(false) }));
    expect(log.derived()).toEqual(same.derived());
    expect(log.notes).toEqual(same.notes);
    expect(log.derived()).toHaveLength(P + calls);
  });
});

describe('Inspect importer: attachments', () => {
  it('1500 references to a 1 MB attachment: bounded inlined text and one warning', () => {
    const events = Array.from({ length: 1500 }, () => ({
      event: 'info',
      timestamp: ts,
      data: 'attachment://h',
    }));
    const log = importInspect(logOf({ attachments: { h: 'A'.repeat(1_000_000) }, events }), {
      inputBytes: 1_100_000,
    });
    const inlined = log.events.filter((e) => e.data.data === 'A'.repeat(1_000_000)).length;
    const kept = log.events.filter((e) => e.data.data === 'attachment://h').length;
    expect(inlined).toBe(Math.floor(ATTACHMENT_FLOOR_CHARS / 1_000_000));
    expect(inlined + kept).toBe(1500);
    // a warning, not a read-limit error: the log is valid and read whole (`check` exits 0)
    expect(log.notes.map((n) => [SEVERITY[n.code], n.message])).toEqual([
      ['warning', expect.stringContaining('attachments are inlined up to 64 MB of text in all') as string],
    ]);
    const chunks = jsonlChunks(log.jsonlLines());
    expect(chunks.reduce((n, c) => n + c.length, 0)).toBeLessThan(ATTACHMENT_FLOOR_CHARS + 1_000_000);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(JSONL_CHUNK_CHARS + 1_000_100);
  });
});

describe('Inspect importer: a pool whose copies never continue a run', () => {
  /**
   * A history of n messages three times: interleaved with asides (copy 1), contiguous (copy 2),
   * interleaved with a breaker, contiguous again (copy 3). Copies 2 and 3 point entry by entry at
   * copy 1, so comparing them moved once per message; calls alternating between them, each one
   * message longer, cost n^2 / 2 moves (n = 8,000: 32M moves, 14 s).
   */
  function fragmented(n: number, alternate: boolean) {
    const h = (i: number) => ({ role: i % 2 ? 'assistant' : 'user', content: `history ${i}` });
    const pool: object[] = [];
    for (let i = 0; i < n; i++) pool.push(h(i), { role: 'user', content: `aside ${i}` });
    const c2 = pool.length;
    for (let i = 0; i < n; i++) pool.push(h(i));
    for (let i = 0; i < n; i++) pool.push(h(i), { role: 'user', content: 'breaker' });
    const c3 = pool.length;
    for (let i = 0; i < n; i++) pool.push(h(i));
    const events = Array.from({ length: n / 2 }, (_, k) => {
      const base = alternate && k % 2 ? c3 : c2;
      return modelEvent([[base, base + 2 * k + 1]], `history ${2 * k + 1}`);
    });
    return { log: logOf({ message_pool: pool, events }), items: pool.length + events.length };
  }

  it('n = 8,000: the moves stay within the budget, one warning, the history as derived', () => {
    const { log: input, items } = fragmented(8_000, true);
    const lengths = vi.spyOn(PoolContent.prototype, 'commonLength');
    const log = importInspect(input);
    const moves = [...new Set(lengths.mock.contexts as PoolContent[])].reduce((n, c) => n + c.moves, 0);
    lengths.mockRestore();
    expect(moves).toBeLessThanOrEqual(POOL_MOVES_FLOOR + POOL_MOVES_PER_ITEM * items);
    expect(log.notes.map((n) => [SEVERITY[n.code], n.message])).toEqual([
      [
        'warning',
        expect.stringMatching(
          /^model event \d+ and later: each input is compared with the history only past the previous input \(comparing the message pool's copies took \d+ steps/,
        ) as string,
      ],
    ]);
    // the same history as calls that all name one copy (no comparison of copies at all)
    const plain = importInspect(fragmented(8_000, false).log);
    expect(plain.notes).toEqual([]);
    expect(log.derived()).toEqual(plain.derived());
    expect(log.derived()).toHaveLength(8_000);
  });

  it('n = 1,000: under the budget, compared exactly and no note', () => {
    const log = importInspect(fragmented(1_000, true).log);
    expect(log.notes).toEqual([]);
    expect(log.derived()).toEqual(importInspect(fragmented(1_000, false).log).derived());
  });
});
