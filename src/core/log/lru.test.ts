/** The LRU bounded by count and, when given a budget, by the sum of its entries' costs. */
import { describe, expect, it } from 'vitest';
import { Lru } from './lru';

describe('Lru', () => {
  it('evicts the least recently used past its capacity', () => {
    const lru = new Lru<number, string>(2);
    lru.set(1, 'a');
    lru.set(2, 'b');
    lru.get(1);
    lru.set(3, 'c');
    expect([lru.peek(1), lru.peek(2), lru.peek(3)]).toEqual(['a', undefined, 'c']);
  });

  it('keeps the costs under the budget, evicting the oldest, and never keeps one over it', () => {
    const lru = new Lru<number, string>(100, 10);
    for (let k = 0; k < 5; k++) lru.set(k, String(k), 3);
    expect(lru.size).toBe(3);
    expect(lru.cost).toBe(9);
    expect(lru.peek(4)).toBe('4');
    expect(lru.peek(1)).toBeUndefined();
    lru.set(9, 'huge', 11);
    expect(lru.peek(9)).toBeUndefined();
    expect(lru.cost).toBe(9);
    // replacing an entry counts its new cost only
    lru.set(4, 'again', 1);
    expect(lru.cost).toBe(7);
    lru.clear();
    expect([lru.size, lru.cost]).toEqual([0, 0]);
  });
});
