import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { utf8Length } from './utf8Length';

describe('utf8Length', () => {
  it('equals TextEncoder for any string, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(utf8Length(s)).toBe(new TextEncoder().encode(s).length);
      }),
      { numRuns: 500 },
    );
  });

  it('counts a range as the encoder counts its slice, a pair cut at the range end included', () => {
    const s = 'a\u00e9\u20ac\ud83d\ude00b\ud800';
    for (let from = 0; from <= s.length; from++)
      for (let to = from; to <= s.length; to++)
        expect(utf8Length(s, from, to)).toBe(new TextEncoder().encode(s.slice(from, to)).length);
  });
});
