/**
 * A packed row's member times: the same doubles the first pass sums, however many members, and
 * summed once per row (summing again per member was quadratic: audit R23-6's search).
 */
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import { packedMemberTime, type PackedRow } from './packedRows';

function row(dt: number[], time0 = 1_767_225_600_000.1): PackedRow {
  return {
    deltaType: 'text-delta',
    turn: 1,
    step: 1,
    index: 0,
    dt,
    items: new Array<string>(dt.length + 1).fill('x'),
    id: undefined,
    name: undefined,
    time0,
  };
}

const gaps = (n: number) => Array.from({ length: n }, (_, i) => (i % 3) * 0.1 + 0.7);

describe('packedMemberTime', () => {
  it("is the first pass's sum, bit for bit, in short and long rows", () => {
    for (const n of [1, 10, 63, 64, 65, 500]) {
      const r = row(gaps(n));
      let time = r.time0 as number;
      for (let k = 0; k <= n; k++) {
        expect(packedMemberTime(r, k)).toBe(time);
        time += r.dt[k] ?? 0;
      }
    }
    expect(packedMemberTime({ ...row([1, 2]), time0: undefined }, 2)).toBeUndefined();
  });

  it('sums a long row once, not once per member', () => {
    const n = 5_000;
    let reads = 0;
    const counted = new Proxy(gaps(n), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const r = row(counted);
    for (let k = 0; k <= n; k++) packedMemberTime(r, k);
    expect(reads).toBeLessThan(3 * n); // per member: 12,500,000
  });

  it('a loaded log re-reads its members with the times the loading pass gave them', () => {
    const dt = gaps(199);
    const text = [
      JSON.stringify({ type: 'turn/start', seq: 0, time: 5, data: { turn: 1 } }),
      JSON.stringify({
        type: 'text-chunks',
        seq0: 1,
        time0: 1_767_225_600_000.3,
        data: { turn: 1, step: 1, index: 0, dt, texts: new Array<string>(200).fill('a') },
      }),
    ].join('\n');
    const log = loadLogFromText(text + '\n');
    let time = 1_767_225_600_000.3;
    for (let seq = 1; seq <= 200; seq++) {
      expect(log.event(seq).time).toBe(time);
      time += dt[seq - 1] ?? 0;
    }
  });
});
