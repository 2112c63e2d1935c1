/** PoolContent: common lengths of pool positions, equal to a message-by-message walk, in few moves. */
import { describe, expect, it } from 'vitest';
import type { Message } from '../../types';
import { PoolContent } from './poolContent';

const messages = (texts: string[]): Message[] =>
  texts.map((t) => ({
    role: t.startsWith('A') ? 'assistant' : 'user',
    content: [{ type: 'text', text: t }],
  }));
const contentOf = (texts: string[]) => {
  const pool = messages(texts);
  return new PoolContent(pool.length, (k) => pool[k] as Message);
};
/** The common length by walking message by message (what the importer did before). */
const walked = (texts: string[], i: number, j: number, limit: number) => {
  let n = 0;
  while (n < limit && texts[i + n] === texts[j + n]) n++;
  return n;
};

/** A small deterministic generator (the same pools on every run). */
function random(seed: number) {
  let s = seed;
  return (below: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % below;
  };
}

describe('PoolContent.commonLength', () => {
  it('equals the message-by-message walk on 2,000 random pools with repeats and copies', () => {
    const next = random(7);
    for (let round = 0; round < 2000; round++) {
      const alphabet = ['u1', 'u2', 'A1', 'A2', 'u3'].slice(0, 1 + next(5));
      const texts: string[] = [];
      const size = 1 + next(40);
      while (texts.length < size) {
        if (texts.length > 0 && next(3) === 0) {
          // a copy of an earlier stretch (possibly overlapping itself)
          const from = next(texts.length);
          const length = 1 + next(12);
          for (let t = 0; t < length && texts.length < size; t++) texts.push(texts[from + t] as string);
        } else texts.push(alphabet[next(alphabet.length)] as string);
      }
      const content = contentOf(texts);
      for (let q = 0; q < 20; q++) {
        const i = next(size);
        const j = next(size);
        const limit = next(size - Math.max(i, j) + 1);
        expect(content.commonLength(i, j, limit), `${texts.join(' ')} @${i},${j},${limit}`).toBe(
          walked(texts, i, j, limit),
        );
      }
    }
  });

  it('a role is part of the content: equal text under another role differs', () => {
    const pool: Message[] = [
      { role: 'user', content: [{ type: 'text', text: 'x' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'x' }] },
    ];
    expect(new PoolContent(2, (k) => pool[k] as Message).commonLength(0, 1, 1)).toBe(0);
  });

  it('two copies of 20,000 messages with repeats inside: one move per comparison', () => {
    const copy = Array.from({ length: 20_000 }, (_, i) => (i % 3 === 0 ? 'A-ok' : `u${i}`));
    const content = contentOf([...copy, ...copy]);
    expect(content.commonLength(0, 20_000, 20_000)).toBe(20_000);
    expect(content.commonLength(500, 20_500, 19_500)).toBe(19_500);
    expect(content.moves).toBeLessThanOrEqual(2);
  });

  it('two copies of a history the pool holds only in pieces (the first copy interleaved): a few moves', () => {
    const pieces = Array.from({ length: 10_000 }, (_, i) => [`u${i}`, `A-aside${i}`, `u${i}`, `A${i}`]);
    const history = Array.from({ length: 10_000 }, (_, i) => [`u${i}`, `A${i}`]).flat();
    const content = contentOf([...pieces.flat(), ...history, 'u-between', ...history]);
    const copy = 40_000;
    const again = copy + history.length + 1;
    for (let s = 0; s < 1000; s++)
      expect(content.commonLength(copy + s, again + s, history.length - s)).toBe(history.length - s);
    expect(content.moves).toBeLessThanOrEqual(3 * 1000);
  });

  it('one message repeated 50,000 times, compared at 1,000 shifts: a few moves each', () => {
    const content = contentOf(Array.from({ length: 50_000 }, () => 'same'));
    for (let shift = 1; shift <= 1000; shift++)
      expect(content.commonLength(0, shift, 50_000 - shift)).toBe(50_000 - shift);
    expect(content.moves).toBeLessThanOrEqual(3 * 1000);
  });

  it('with a budget of moves: never more than the walk, and once spent, exhausted and bounded', () => {
    const next = random(11);
    for (let round = 0; round < 300; round++) {
      const texts = Array.from({ length: 1 + next(60) }, () => ['u1', 'A1', 'u2'][next(3)] as string);
      const pool = messages(texts);
      const content = new PoolContent(pool.length, (k) => pool[k] as Message, next(20));
      for (let q = 0; q < 20; q++) {
        const i = next(texts.length);
        const j = next(texts.length);
        const limit = next(texts.length - Math.max(i, j) + 1);
        expect(content.commonLength(i, j, limit)).toBeLessThanOrEqual(walked(texts, i, j, limit));
      }
      expect(content.moves).toBeLessThanOrEqual(20);
    }
  });
});
