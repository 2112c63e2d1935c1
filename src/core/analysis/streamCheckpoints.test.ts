/**
 * StreamCheckpoints on its own: when a checkpoint is taken, and that an attempt shorter than the
 * interval costs the loading pass no per-chunk bookkeeping (the pass calls `chunk` for every chunk
 * of every attempt, and nearly every attempt is shorter than the interval).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StreamAssembler } from './assemble';
import { StreamCheckpoints } from './streamCheckpoints';

const delta = (text: string) => ({ type: 'text-delta', index: 0, text }) as const;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('StreamCheckpoints', () => {
  it('takes a checkpoint every `every` chunks, holding the chunks up to its seq', () => {
    const cps = new StreamCheckpoints(4);
    const asm = new StreamAssembler();
    for (let seq = 10; seq < 20; seq++) {
      asm.push(delta(String(seq % 10)), seq);
      cps.chunk(10, seq, asm);
    }
    expect(cps.of(10).map((c) => c.seq)).toEqual([13, 17]);
    expect(cps.of(10).map((c) => c.asm.chunkCount)).toEqual([4, 8]);
    expect(cps.count).toBe(2);
  });

  it('an attempt shorter than the interval looks nothing up and keeps nothing', () => {
    const cps = new StreamCheckpoints(1024);
    const asm = new StreamAssembler();
    const get = vi.spyOn(Map.prototype, 'get');
    const set = vi.spyOn(Map.prototype, 'set');
    for (let seq = 0; seq < 1023; seq++) {
      asm.push(delta('x'), seq);
      cps.chunk(0, seq, asm);
    }
    const lookups = get.mock.contexts.filter((m) => m === (cps as unknown as { lastAt: unknown }).lastAt);
    get.mockRestore();
    set.mockRestore();
    expect(lookups).toHaveLength(0);
    expect(cps.count).toBe(0);
    expect(cps.of(0)).toEqual([]);
  });
});
