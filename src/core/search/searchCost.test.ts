/**
 * A pattern with large counted repetitions compiles to a long program that the engine steps per
 * character (`(a|aa){1000}b`: 6,003 instructions, 120 µs a character): `search` ran for minutes
 * on a 3 MB message (audit R25-M8). Its work is charged per character times the program's size;
 * a string that would cost too much alone, or overdraw the search's work, is not searched: the
 * search stops there and says where. Plain and ordinary patterns are charged as before.
 */
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import { costPerChar } from './linearRegex';
import { compileSearchQuery, type CompiledQuery } from './query';
import { EventSearch, stoppedSearchMessage } from './search';
import { userMessageLine } from '../testing/userMessageLine';

const log = loadLogFromText(
  [
    '{"type":"session","version":0,"id":"cost","createdAt":0}',
    userMessageLine(0, 'short aab here'),
    userMessageLine(1, 'a'.repeat(200_000)),
    userMessageLine(2, 'after aab'),
  ].join('\n'),
);

function compiled(query: string): CompiledQuery {
  const q = compileSearchQuery({ query, regex: true });
  if (!q.ok) throw new Error(q.error);
  return q;
}

describe('a costly pattern', () => {
  it('is charged by its program size; an ordinary one as a plain search', () => {
    expect(compiled('(a|aa){1000}b').matcher.costPerChar).toBe(6003);
    expect(compiled('deploy.*fail(ed)?').matcher.costPerChar).toBe(1);
    expect(costPerChar(64)).toBe(1);
  });

  it('stops at the string it cannot afford, keeps the hits before it, and says where', () => {
    const query = compiled('(a|aa){1,1000}b');
    const search = new EventSearch(log, query);
    const hits = search.all();
    expect(hits.map((h) => h.seq)).toEqual([0]);
    expect(search.stoppedAt).toBe(1);
    expect(search.done).toBe(true);
    expect(search.stoppedBy).toBe('work');
    expect(stoppedSearchMessage(1, query, 'work')).toMatch(
      /stopped searching at seq 1: this pattern costs about 7,002 times/,
    );
  });

  it('searches short strings to the end, and a cheap pattern searches everything', () => {
    const short = new EventSearch(log, compiled('(a|aa){1,1000}b'), { from: 2 });
    expect(short.all().map((h) => h.seq)).toEqual([2]);
    expect(short.stoppedAt).toBeNull();
    const cheap = new EventSearch(log, compiled('a{3,}'));
    expect(cheap.all().map((h) => h.seq)).toEqual([1]);
    expect(cheap.stoppedAt).toBeNull();
  });
});

describe('a slow search against the clock', () => {
  const many = loadLogFromText(
    [
      '{"type":"session","version":0,"id":"clock","createdAt":0}',
      ...Array.from({ length: 40 }, (_, i) => userMessageLine(i, `note ${i} aab`)),
    ].join('\n'),
  );
  /** A clock that moves `ms` each time it is read. */
  const ticking = (ms: number) => {
    let t = 0;
    return () => (t += ms);
  };

  it('stops once its time is up, at the next event, with the hits before it (audit R26-N2)', () => {
    const query = compiled('aab');
    const search = new EventSearch(many, query, { timeLimitMs: 100, now: ticking(10) });
    const seqs = search.all().map((h) => h.seq);
    expect(search.stoppedAt).not.toBeNull();
    expect(seqs).toEqual(Array.from({ length: search.stoppedAt as number }, (_, i) => i));
    expect(seqs.length).toBeLessThan(40);
    expect(search.stoppedBy).toBe('time');
    expect(stoppedSearchMessage(search.stoppedAt as number, query, 'time')).toMatch(/ran out of time/);
  });

  it('a costly pattern stopped by the clock says time, not cost', () => {
    const query = compiled('(a|aa){1,1000}b');
    const search = new EventSearch(many, query, { timeLimitMs: 100, now: ticking(10) });
    search.all();
    expect(search.stoppedBy).toBe('time');
    const said = stoppedSearchMessage(search.stoppedAt as number, query, search.stoppedBy ?? 'work');
    expect(said).toMatch(/ran out of time/);
    expect(said).not.toMatch(/costs about/);
  });

  it('cuts batches by time but finds every hit when it has no time limit', () => {
    const search = new EventSearch(many, compiled('aab'), { now: ticking(60) });
    let batches = 0;
    const seqs: number[] = [];
    while (!search.done) {
      seqs.push(...search.step().map((h) => h.seq));
      batches++;
    }
    expect(seqs).toHaveLength(40);
    expect(batches).toBeGreaterThan(10);
    expect(search.stoppedAt).toBeNull();
  });
});
