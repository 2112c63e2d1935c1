import { describe, expect, it } from 'vitest';
import { groupSpans, regexSpans } from './matchSpans';

describe('groupSpans', () => {
  it("yields group g's span of each match its test keeps, given the group's text and the match", () => {
    const re = /(\w+)=(\w+)/dg;
    const s = 'a=1 password=hunter22 b=2';
    expect([...groupSpans(re, s, 2)]).toEqual([
      [2, 3],
      [13, 21],
      [24, 25],
    ]);
    const seen: string[] = [];
    const kept = groupSpans(re, s, 2, (value, m) => {
      seen.push(value);
      return m[1] === 'password';
    });
    expect([...kept]).toEqual([[13, 21]]);
    expect(seen).toEqual(['1', 'hunter22', '2']);
  });

  it('passes over a match where the group took no part, and starts again from the text’s start', () => {
    const re = /x(y)?/dg;
    re.lastIndex = 3;
    expect([...groupSpans(re, 'xy x xy', 1)]).toEqual([
      [1, 2],
      [6, 7],
    ]);
  });

  it('given several groups, yields the first that took part in each match, tested with its text', () => {
    const re = /-p (?:"([^"]*)"|(\S+))/dg;
    const s = '-p "two words" -p bare -p "x"';
    expect([...groupSpans(re, s, [1, 2], (v) => v !== 'x')]).toEqual([
      [4, 13],
      [18, 22],
    ]);
  });
});

describe('regexSpans', () => {
  it('yields group 1, else the whole match; an empty match is stepped past', () => {
    expect([...regexSpans(/k=(\w+)|\bAKIA\w+/dg, 'k=v AKIA123')]).toEqual([
      [2, 3],
      [4, 11],
    ]);
    expect([...regexSpans(/a*/g, 'baab')]).toEqual([[1, 3]]);
    expect([...regexSpans(/\w+/g, 'ab cd', (m) => m[0] !== 'ab')]).toEqual([[3, 5]]);
  });
});
