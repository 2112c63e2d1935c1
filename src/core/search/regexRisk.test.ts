import { describe, expect, it } from 'vitest';
import { compileQuery } from './query';
import { exponentialRisk } from './regexRisk';

describe('exponentialRisk (audit R8-9: a pattern that backtracks for ever)', () => {
  it.each([
    ['(a+)+$', '"(a+)+"'],
    ['(\\w+\\s?)+$', '"(\\w+\\s?)+"'],
    ['(a*)*', '"(a*)*"'],
    ['(.*,)+x', '"(.*,)+"'],
    ['^(\\d+)*$', '"(\\d+)*"'],
    ['(?<word>a+)+', '"(?<word>a+)+"'],
    ['(?=(a+)+)b', '"(a+)+"'],
  ])('refuses %s: nested repeats over the same characters', (pattern, part) => {
    const risk = exponentialRisk(pattern, true);
    expect(risk).toMatch(/^this pattern can take exponential time: /);
    expect(risk).toContain(part);
    expect(risk).toContain('nested quantifiers');
  });

  it.each(['(a|ab)+', '(\\w|\\d)*$', '(?:x|X)+'])(
    'refuses %s: alternatives matching the same text',
    (pattern) => {
      expect(exponentialRisk(pattern, true)).toContain('two of its alternatives can match the same text');
    },
  );

  it.each([
    'a+b',
    'foo|bar',
    '\\d{3}-\\d{4}',
    '(\\d+\\.){3}\\d+',
    '(foo|far)+',
    '(ab|cd)+$',
    '[a-z]+(?:-[a-z]+)*',
    '((a+)b)+',
    '(a|b)*c',
    'read_file\\(',
    '([^"]*"){2}',
  ])('accepts %s: its repeated parts cannot split the same text two ways', (pattern) => {
    expect(exponentialRisk(pattern, true)).toBeNull();
  });

  it('folds case only when the search does: (?:x|X)+ is safe when matching case exactly', () => {
    expect(exponentialRisk('(?:x|X)+', false)).toBeNull();
  });

  it('compileQuery refuses the pattern before it meets any text, with the reason as the error', () => {
    const q = compileQuery({ query: '(a+)+$', regex: true });
    expect(q.ok).toBe(false);
    expect(q.ok ? '' : q.error).toMatch(/^this pattern can take exponential time: "\(a\+\)\+"/);
    expect(compileQuery({ query: '(a+)+$', regex: false }).ok).toBe(true);
  });
});
