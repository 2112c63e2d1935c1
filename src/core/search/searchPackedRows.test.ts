/**
 * A packed `tool-call-chunks` row gives its id and name to every member (audit R23-6): search
 * read a long name once per member. The members' shared strings are searched once, with the
 * same hits, and a batch ends once it has searched its characters' worth.
 */
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import { compileQuery, type CompiledQuery } from './query';
import { EventSearch } from './search';
import { firstMatch } from './strings';

const line = (v: unknown) => JSON.stringify(v);

function packedLog(name: string, args: string[]): string {
  return (
    [
      line({ type: 'turn/start', seq: 0, data: { turn: 1 } }),
      line({ type: 'step/start', seq: 1, data: { turn: 1, step: 1 } }),
      line({
        type: 'tool-call-chunks',
        seq0: 2,
        time0: 1000,
        data: {
          turn: 1,
          step: 1,
          index: 0,
          id: 'call-1',
          name,
          dt: new Array(args.length - 1).fill(1),
          args,
        },
      }),
    ].join('\n') + '\n'
  );
}

function compiled(query: string): CompiledQuery {
  const c = compileQuery({ query });
  if (!c.ok) throw new Error(c.error);
  return c;
}

describe('search over a packed row whose members share a long name (audit R23-6)', () => {
  it('finds every member, searching the name once', () => {
    const members = 20_000;
    const log = loadLogFromText(packedLog('n'.repeat(200_000) + 'END', new Array<string>(members).fill('')));
    const search = new EventSearch(log, compiled('nEND'));
    const hits = search.all(5);
    expect(search.count).toBe(members);
    expect(hits.map((h) => [h.seq, h.path])).toEqual([2, 3, 4, 5, 6].map((s) => [s, 'data.chunk.name']));
    // once per member would be 4,000,000,000
    expect(search.charsSearched).toBeLessThan(1_000_000);
  });

  it('gives the hits searching each event again gives', () => {
    const args = Array.from({ length: 300 }, (_, i) => (i % 7 === 0 ? `{"q":"END ${i}"}` : `x${i}`));
    const log = loadLogFromText(packedLog('n'.repeat(5_000) + 'END', args));
    for (const query of ['END', 'nEND', 'x1', 'call-1', 'END 14']) {
      const c = compiled(query);
      const expected: [number, string][] = [];
      for (let s = 0; s < log.eventCount; s++) {
        const m = firstMatch(log.event(s).data, c.matcher);
        if (m) expected.push([s, m.path]);
      }
      const found = new EventSearch(log, c).all().map((h): [number, string] => [h.seq, h.path]);
      expect(found).toEqual(expected);
    }
  });

  it('ends a batch once it has searched its characters: the same hits, in more batches', () => {
    const outputs = Array.from({ length: 10 }, (_, i) => `${'y'.repeat(100_000 + i)} hit ${i}`);
    const text =
      outputs
        .map((output, seq) =>
          line({ type: 'tool/result', seq, data: { turn: 1, step: 1, callId: `c${seq}`, output } }),
        )
        .join('\n') + '\n';
    const log = loadLogFromText(text);
    const whole = new EventSearch(log, compiled('hit')).all().map((h) => h.seq);
    const search = new EventSearch(log, compiled('hit'), { batchChars: 150_000 });
    const seqs: number[] = [];
    let batches = 0;
    while (!search.done) {
      const before = search.charsSearched;
      seqs.push(...search.step().map((h) => h.seq));
      batches++;
      // the event that crosses the budget ends its batch
      expect(search.charsSearched - before).toBeLessThanOrEqual(150_000 + 100_020);
    }
    expect(seqs).toEqual(whole);
    expect(whole).toHaveLength(10);
    expect(batches).toBeGreaterThanOrEqual(5);
  });
});
