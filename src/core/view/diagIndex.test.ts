import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../types';
import { DiagnosticIndex } from './diagIndex';

const d = (
  code: Diagnostic['code'],
  severity: Diagnostic['severity'],
  seq?: number,
  line?: number,
): Diagnostic => ({
  code,
  severity,
  message: code,
  ...(seq !== undefined ? { seq } : {}),
  ...(line !== undefined ? { line } : {}),
});

describe('DiagnosticIndex', () => {
  it('groups by code, worst first, and consumes items incrementally', () => {
    const items: Diagnostic[] = [
      d('time-backwards', 'warning', 5),
      d('bad-json', 'error', undefined, 3),
      d('time-backwards', 'warning', 2),
    ];
    const idx = new DiagnosticIndex();
    expect(idx.sync(items)).toBe(true);
    expect(idx.sync(items)).toBe(false);
    expect(idx.codes()).toEqual([
      { code: 'bad-json', severity: 'error', count: 1, firstLine: 3 },
      { code: 'time-backwards', severity: 'warning', count: 2, firstSeq: 2 },
    ]);
    items.push(d('seq-mismatch', 'error', 5));
    idx.sync(items);
    expect(idx.at(5)).toEqual({ severity: 'error', count: 2 });
    expect(idx.at(4)).toBeUndefined();
    expect(idx.countInRange(0, 4)).toBe(1);
    expect(idx.countInRange(2, 5)).toBe(3);
    expect(idx.list('time-backwards', 1, 10).items.map((x) => x.seq)).toEqual([2]);
    expect(idx.list(undefined, 0, 2).total).toBe(4);
    expect(idx.about(5).map((x) => x.code)).toEqual(['time-backwards', 'seq-mismatch']);
  });
});
