/**
 * compactionPoints: each replace placed in its step (or the next one), with
 * a bounded number of step reads however many replaces a log has (R9-3).
 */
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import type { SessionLog } from '../log/sessionLog';
import { compactionPoints, type MetricsSource } from './steps';

/**
 * One turn of `steps` steps, each with a user/message that replaces the previous
 * one (the first appends), then `after` more such replaces after the turn: a
 * compaction chain.
 */
function replaceChain(steps: number, after: number): string {
  const lines: string[] = [];
  let previous = -1;
  const ev = (type: string, data: unknown, extra: Record<string, unknown> = {}) =>
    lines.push(JSON.stringify({ type, seq: lines.length, data, ...extra }));
  const summary = (text: string) => {
    const seq = lines.length;
    const op =
      previous < 0
        ? { surfaceOp: 'append' }
        : { surfaceOp: { op: 'replace', start: previous, end: previous }, sourceEventSeqs: [previous] };
    ev('user/message', { role: 'user', content: [{ type: 'text', text }] }, op);
    previous = seq;
  };
  ev('turn/start', { turn: 1 });
  for (let i = 1; i <= steps; i++) {
    ev('step/start', { turn: 1, step: i });
    summary(`summary in step ${i}`);
    ev('step/end', { turn: 1, step: i });
  }
  ev('turn/end', { turn: 1, reason: { kind: 'completed' } });
  for (let i = 0; i < after; i++) summary(`summary ${i} after the turn`);
  return lines.join('\n') + '\n';
}

/** The log with its structure's steps counting every element read. */
function countingStepReads(log: SessionLog): { source: MetricsSource; reads: () => number } {
  let reads = 0;
  const steps = new Proxy(log.structure.steps, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  const structure = { ...log.structure, steps };
  const source = new Proxy(log, {
    get(target, key) {
      if (key === 'structure') return structure;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { source, reads: () => reads };
}

describe('compactionPoints', () => {
  it('places each replace in its step, or -1 after the last step, reading each step once', () => {
    const steps = 400;
    const after = 400;
    const log = loadLogFromText(replaceChain(steps, after));
    expect(log.diagnostics.counts.error).toBe(0);
    expect(log.structure.steps).toHaveLength(steps);
    const { source, reads } = countingStepReads(log);
    const points = compactionPoints(source);
    // Step 1's message appends; steps 2..400 and the 400 after the turn replace.
    expect(points.map((p) => p.stepIndex)).toEqual([
      ...Array.from({ length: steps - 1 }, (_, i) => i + 1),
      ...Array.from({ length: after }, () => -1),
    ]);
    expect(points.every((p) => p.kind === 'compaction' && p.hidden === 1)).toBe(true);
    expect(reads()).toBeLessThanOrEqual(steps + after);
  });
});
