/**
 * sessionRecord's steps: each step's model is its answer's, else the request header in force at
 * its start (the last at or before it). That lookup is a binary search (R8-1: a scan from the
 * first header for every step made `stats` and `index` quadratic; 80,000 headers and 80,000
 * steps took 120 s), counted here in element reads, not in time.
 */
import { describe, expect, it } from 'vitest';
import { loadLogFromBytes } from '../log/load';
import { headerIndexAt, sessionRecord } from './sessionRecord';

const header = (seq: number, model: string) =>
  JSON.stringify({
    type: 'request/header',
    seq,
    data: { header: { config: { provider: 'p', model } }, reason: 'initial' },
  });

/** A turn whose steps alternate with headers: header m0, step 0, header m1, step 1, ... */
function interleaved(steps: number, headersFirst = 0): string {
  const lines: string[] = [];
  let seq = 0;
  for (let h = 0; h < headersFirst; h++) lines.push(header(seq++, `early${h}`));
  lines.push(JSON.stringify({ type: 'turn/start', seq: seq++, turn: 0, data: {} }));
  for (let s = 0; s < steps; s++) {
    if (s % 2 === 0) lines.push(header(seq++, `m${s}`));
    lines.push(JSON.stringify({ type: 'step/start', seq: seq++, turn: 0, step: s, data: {} }));
    lines.push(JSON.stringify({ type: 'step/finish', seq: seq++, turn: 0, step: s, data: {} }));
  }
  lines.push(JSON.stringify({ type: 'turn/finish', seq, turn: 0, data: {} }));
  return lines.join('\n') + '\n';
}

const source = { fingerprint: 'f', path: 'x.jsonl', sizeBytes: 0, compression: 'none' };

describe('the header in force at each step', () => {
  it('each step is given the model of the last header at or before its start', () => {
    const log = loadLogFromBytes(new TextEncoder().encode(interleaved(6, 2)));
    const models = sessionRecord(log, source).steps.map((r) => r.model);
    expect(models).toEqual(['m0', 'm0', 'm2', 'm2', 'm4', 'm4']);
  });

  it('no header before a step: no model', () => {
    const text = interleaved(1).replace(/^.*request\/header.*\n/m, '');
    const log = loadLogFromBytes(new TextEncoder().encode(text));
    expect(sessionRecord(log, source).steps.map((r) => r.model)).toEqual([null]);
  });

  it('the lookup reads about log2(headers) seqs, not every header before the step', () => {
    const n = 100_000;
    const seqs = Array.from({ length: n }, (_, i) => i * 3);
    let reads = 0;
    const counted = new Proxy(seqs, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    expect(headerIndexAt(counted, -1)).toBe(-1);
    expect(headerIndexAt(counted, 0)).toBe(0);
    expect(headerIndexAt(counted, 3 * n)).toBe(n - 1);
    expect(headerIndexAt(counted, 3 * 777 + 2)).toBe(777);
    expect(reads).toBeLessThanOrEqual(4 * Math.ceil(Math.log2(n + 1)));
  });
});
