/** The linear-time engine for users' patterns: JavaScript syntax where RE2 has it, plain refusals where it has not. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileLinearRegex, type LinearRegex } from './linearRegex';

function compiled(source: string, ignoreCase = false): LinearRegex {
  const re = compileLinearRegex(source, { ignoreCase });
  if ('error' in re) throw new Error(re.error);
  return re;
}

const errorOf = (source: string) => {
  const re = compileLinearRegex(source);
  return 'error' in re ? re.error : null;
};

describe('compileLinearRegex', () => {
  it('finds the leftmost match as UTF-16 offsets (an emoji before it counts two units)', () => {
    expect(compiled('é+b', true).find('🎉xÉéb')).toEqual({ start: 3, end: 6 });
    expect(compiled('b').find('aaa')).toBeNull();
  });

  it('accepts the JavaScript spellings RE2 lacks: \\u, \\u{}, [^], \\/ and named groups', () => {
    expect(compiled('\\u0041\\u{1F389}').find('xA🎉')).toEqual({ start: 1, end: 4 });
    expect(compiled('a[^]b').find('a\nb')).toEqual({ start: 0, end: 3 });
    expect(compiled('\\/tmp\\/').find('cd /tmp/x')).toEqual({ start: 3, end: 8 });
    expect(compiled('(?<word>ab)+').find('xabab')).toEqual({ start: 1, end: 5 });
    expect(compiled('(?<=\\$)\\d+').find('cost 12 or $34')).toEqual({ start: 12, end: 14 });
  });

  it.each([
    ['a(?=b)', 'this pattern uses a lookahead, which the linear-time engine does not support'],
    ['a(?!b)', 'this pattern uses a lookahead, which the linear-time engine does not support'],
    ['(a)\\1', 'this pattern uses a backreference (\\1), which the linear-time engine does not support'],
    [
      '(?<n>a)\\k<n>',
      'this pattern uses a backreference (\\k<...>), which the linear-time engine does not support',
    ],
    [
      '(?<=(a))b',
      'this pattern has a group inside a lookbehind, which the linear-time engine does not support (invalid capture in lookbehind: `(?<=(a))b`)',
    ],
    ['(?<=a)b(?=c)', 'this pattern uses a lookahead, which the linear-time engine does not support'],
  ])('refuses %s, naming the feature', (source, error) => {
    expect(errorOf(source)).toBe(error);
  });

  it('reports other syntax errors as RE2 words them; escaped or bracketed look-alikes are no lookahead', () => {
    expect(errorOf('foo(')).toBe('bad regular expression: missing closing ): `foo(`');
    expect(errorOf('\\(?=x')).toBeNull();
    expect(errorOf('[(?=]x')).toBeNull();
    expect(errorOf('a{2000}')).toBe('bad regular expression: invalid repeat count: `{2000}`');
  });

  it('spans: every non-empty match, group 1 when it took part, else the whole match', () => {
    expect([...compiled('key=(\\w+)').spans('key=abc key=de')]).toEqual([
      [4, 7],
      [12, 14],
    ]);
    expect([...compiled('x(a)?y').spans('xy xay')]).toEqual([
      [0, 2],
      [4, 5],
    ]);
    expect([...compiled('a*').spans('baab')]).toEqual([[1, 3]]);
    expect(compiled('a*').matchesEmpty).toBe(true);
  });

  // Polynomial or exponential for a backtracking engine; each answer comes from one linear pass.
  const n = 50_000;
  it.each([
    ['a*a*a*b', 'a'.repeat(n), null],
    ['a*a*a*b', `${'a'.repeat(n)}b`, { start: 0, end: n + 1 }],
    ['\\w*\\w*\\w*!', 'a'.repeat(n), null],
    ['\\w*\\w*\\w*!', `${'a'.repeat(n)}!`, { start: 0, end: n + 1 }],
    ['.*.*=', 'x'.repeat(n), null],
    ['.*.*=', `${'x'.repeat(n)}=`, { start: 0, end: n + 1 }],
    ['(a+)+$', `${'a'.repeat(n)}!`, null],
    ['(a+)+$', 'a'.repeat(n), { start: 0, end: n }],
    ['(x+x+)+y', 'x'.repeat(n), null],
  ])('%s on a long hostile string gives the right answer', (source, text, match) => {
    expect(compiled(source).find(text)).toEqual(match);
  });

  it('masks every match of a hostile pattern in a long string (redaction spans)', () => {
    const text = `${'a'.repeat(3000)}b`.repeat(10);
    const spans = [...compiled('a*a*a*b').spans(text)];
    expect(spans).toHaveLength(10);
    expect(spans[9]).toEqual([3001 * 9, 3001 * 10]);
  });

  // The native engine is the oracle here, on patterns that cannot backtrack much (test code only).
  const pieces = [
    'a',
    'b',
    'é',
    '日',
    '.',
    '\\.',
    '\\d',
    '\\w',
    '[ab]',
    '[^a]',
    '(a|b)',
    'a*',
    'b+',
    'x?',
    '^',
    '$',
  ];
  const alphabet = ['a', 'b', 'A', 'É', 'é', '日', 'x', '1', '.', ' ', 'ab'];
  it('agrees with JavaScript on where the first match is (simple patterns, both case modes)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 5 }).map((a) => a.join('')),
        fc.array(fc.constantFrom(...alphabet), { maxLength: 10 }).map((a) => a.join('')),
        fc.boolean(),
        (source, text, ignoreCase) => {
          const native = new RegExp(source, ignoreCase ? 'iu' : 'u').exec(text);
          const expected = native ? { start: native.index, end: native.index + native[0].length } : null;
          expect(compiled(source, ignoreCase).find(text)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
