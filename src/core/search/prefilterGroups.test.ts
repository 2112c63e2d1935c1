/**
 * Audit 17, R17-1: the regex prefilter read a `(?...)` group's syntax as required text (`(?:error)`
 * demanded `:error`), and folded case by the search's option only, not by an inline `(?i)`. Here
 * the search (prefilter + matcher) is checked against the matcher alone on every event of the real
 * samples, for the audit's patterns and for random ones built of groups of every opener.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadLogFromBytes } from '../log/load';
import type { SessionLog } from '../log/sessionLog';
import { compileQuery, requiredLiteral, type QueryOptions } from './query';
import { EventSearch } from './search';
import { firstMatch } from './strings';

const DSH = resolve(__dirname, '../../../../shared/samples/dsh');
const logs: [string, SessionLog][] = readdirSync(DSH)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => [f, loadLogFromBytes(readFileSync(resolve(DSH, f)))]);

/** Each sample's matching seqs: by the search, and by the matcher alone on every event. */
function both(q: QueryOptions): { searched: number[][]; exact: number[][] } | null {
  const c = compileQuery(q);
  if (!c.ok || c.empty) return null;
  const searched: number[][] = [];
  const exact: number[][] = [];
  for (const [, log] of logs) {
    searched.push(new EventSearch(log, c).all().map((h) => h.seq));
    const seqs: number[] = [];
    for (let s = 0; s < log.eventCount; s++) if (firstMatch(log.event(s).data, c.matcher)) seqs.push(s);
    exact.push(seqs);
  }
  return { searched, exact };
}

const count = (q: QueryOptions) => {
  const r = both(q);
  if (!r) throw new Error(`not searched: ${q.query}`);
  return r.searched.flat().length;
};

const AUDIT = [
  '(?:error)',
  '(?:tool)s',
  '(?P<w>tool)',
  '(?<w>tool)',
  '(?i:TOOL)',
  '(?s:a.b)',
  '(?:a)?sk',
  '(?i)TOOL',
  'x(?i)TOOL',
  '(?-i:tool)',
  '(tool)',
  '(?<=t)ool',
];

describe('regex prefilter and groups (R17-1)', () => {
  it('a (?...) group finds what the same pattern without it finds', () => {
    const re = (query: string, caseSensitive = false) => count({ query, regex: true, caseSensitive });
    expect(re('error')).toBeGreaterThan(0);
    expect(re('(?:error)')).toBe(re('error'));
    expect(re('(?:tool)s')).toBe(re('tools'));
    expect(re('(?P<w>tool)')).toBe(re('tool'));
    expect(re('(?<w>tool)')).toBe(re('tool'));
    expect(re('(?i:TOOL)')).toBe(re('tool'));
    expect(re('(?s:a.b)')).toBe(re('a.b'));
    expect(re('(?:a)?sk')).toBe(re('a?sk'));
    expect(re('(?i)TOOL', true)).toBe(re('tool', false));
    expect(re('(?i)TOOL', true)).toBeGreaterThan(re('TOOL', true));
  });

  it('reads no group syntax as literal text, and reads past a flag group', () => {
    expect(requiredLiteral('(?:error)')).toBeNull();
    expect(requiredLiteral('(?:a)?sk')).toBeNull();
    expect(requiredLiteral('(?P<w>tool)')).toBeNull();
    expect(requiredLiteral('(?i:TOOL)')).toBeNull();
    expect(requiredLiteral('(?i)TOOL')).toBe('TOOL');
    expect(requiredLiteral('ab(?:c)')).toBe('ab');
    // Folded for the inline flag although the search is case-sensitive.
    const c = compileQuery({ query: '(?i)TOOL', regex: true, caseSensitive: true });
    expect(c.ok && c.prefilter).toMatchObject({ kind: 'bytes', fold: true });
  });

  it("the audit's patterns: the search finds exactly what the matcher finds", () => {
    for (const query of AUDIT)
      for (const caseSensitive of [false, true]) {
        const r = both({ query, regex: true, caseSensitive });
        expect(r?.searched, `${query} case=${caseSensitive}`).toEqual(r?.exact);
      }
  });

  const literal = fc.constantFrom(
    'error',
    'tool',
    'TOOL',
    'Tool',
    'ask',
    'sk',
    'a',
    'e',
    'the',
    'Read',
    's',
    'k',
    '.',
  );
  const opener = fc.constantFrom(
    '(',
    '(?:',
    '(?P<g>',
    '(?<g>',
    '(?i:',
    '(?s:',
    '(?-i:',
    '(?is:',
    '(?U:',
    '(?<=',
    '(?<!',
  );
  const flagGroup = fc.constantFrom('(?i)', '(?s)', '(?-i)', '(?m)', '(?U)', '(?is)');
  const quantifier = fc.constantFrom('', '', '?', '*', '+', '{0,2}', '{1}', '??', '+?');
  const anchor = fc.constantFrom('^', '$', '\\b', '\\s', '\\w', '\\.');
  const { pattern } = fc.letrec<{ pattern: string; item: string }>((tie) => ({
    item: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.tuple(literal, quantifier).map(([l, q]) => l + q),
      anchor,
      flagGroup,
      fc.tuple(opener, tie('pattern'), quantifier).map(([o, p, q]) => `${o}${p})${q}`),
    ),
    pattern: fc
      .array(fc.array(tie('item'), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 2 })
      .map((alts) => alts.map((a) => a.join('')).join('|')),
  }));

  it('random patterns: the prefilter never drops an event the matcher matches', { timeout: 120_000 }, () => {
    let searched = 0;
    fc.assert(
      fc.property(pattern, fc.boolean(), (query, caseSensitive) => {
        const r = both({ query, regex: true, caseSensitive });
        if (!r) return;
        searched++;
        expect(r.searched).toEqual(r.exact);
      }),
      { numRuns: 400 },
    );
    // Most patterns compile and can be searched (a lookbehind with a group inside is refused).
    expect(searched).toBeGreaterThan(100);
  });
});
