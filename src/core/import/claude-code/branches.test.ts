/**
 * activeBranch's work is linear in the records, counted in reads of `records`: a long abandoned
 * branch walked to its fork point once per record, and a group of records sharing one uuid copied
 * per member, made a 21,000-line gzip bomb of one repeated Claude Code line take 33 s (R8-3).
 */
import { describe, expect, it } from 'vitest';
import type { ForeignRecord } from '../jsonLines';
import { activeBranch } from './branches';

const user = (uuid: string, parentUuid: string | null, text = 'hi'): ForeignRecord['value'] => ({
  type: 'user',
  uuid,
  parentUuid,
  message: { role: 'user', content: text },
});

/** `records` behind a Proxy that counts element reads. */
function counted(values: ForeignRecord['value'][]) {
  const records = values.map((value, i) => ({ value, line: i + 1 }));
  const reads = { n: 0 };
  const proxy = new Proxy(records, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads.n++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { records: proxy, reads };
}

describe('activeBranch on long and repeated chains', () => {
  it('a 20,000-record abandoned branch: one fork named, its records read a bounded number of times', () => {
    const n = 20_000;
    const values = [user('root', null)];
    // The abandoned branch: a chain off the root...
    for (let i = 0; i < n; i++) values.push(user(`off${i}`, i === 0 ? 'root' : `off${i - 1}`));
    // ...then the active one, written last.
    values.push(user('a0', 'root'), user('a1', 'a0'));
    const { records, reads } = counted(values);
    const info = activeBranch(records);
    expect(info.forks).toHaveLength(1);
    expect(info.forks[0]?.fromUuid).toBe('root');
    expect(info.forks[0]?.records).toHaveLength(n);
    expect([...info.active].sort((a, b) => a - b)).toEqual([0, n + 1, n + 2]);
    expect(reads.n).toBeLessThan(12 * values.length);
  });

  it('200,000 records of one uuid (a repeated line) are grouped at once; the last is the branch', () => {
    const n = 200_000;
    const values = Array.from({ length: n }, () => user('same', null));
    const { records, reads } = counted(values);
    const info = activeBranch(records);
    expect(info.active.size).toBe(n);
    expect(info.forks).toEqual([]);
    expect(reads.n).toBeLessThan(12 * n);
  });
});
