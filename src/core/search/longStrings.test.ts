import { describe, expect, it } from 'vitest';
import { LONG_STRING, LongStringMemo } from './longStrings';

describe('LongStringMemo', () => {
  it('learns a repeated long string once per key, and again once it is pushed out', () => {
    const memo = new LongStringMemo<number>();
    const name = 'n'.repeat(LONG_STRING);
    let learnt = 0;
    const learn = () => ++learnt;
    expect(memo.recall('name', name, learn)).toBe(1);
    expect(memo.recall('name', name, learn)).toBe(1);
    // The same text under another key is another field: its answer may differ.
    expect(memo.recall('id', name, learn)).toBe(2);
    for (let i = 0; i < 8; i++) memo.recall('x', `${i}`.repeat(LONG_STRING), learn);
    expect(memo.recall('name', name, learn)).toBe(11);
  });
});
