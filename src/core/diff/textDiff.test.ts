import type * as DiffModule from 'diff';
import { describe, expect, it, vi } from 'vitest';
import { loadLogFromText } from '../log/load';
import { diffHistories } from './history';
import { DIFF_CHARS, DIFF_STEPS, diffBudget, diffWasCut, textDiff, type TextPart } from './textDiff';

/**
 * jsdiff's work, counted: every token comparison it makes (through a comparator
 * that is its own equality for lines and for words with space, `===`).
 */
const work = vi.hoisted(() => ({ comparisons: 0, tokenized: 0 }));
vi.mock('diff', async (importOriginal) => {
  const real = await importOriginal<typeof DiffModule>();
  const comparator = (a: string, b: string) => {
    work.comparisons++;
    return a === b;
  };
  type Options = { maxEditLength: number };
  return {
    ...real,
    diffLines: (a: string, b: string, o: Options) => {
      work.tokenized += a.length + b.length;
      return real.diffLines(a, b, { ...o, comparator } as never);
    },
    diffWordsWithSpace: (a: string, b: string, o: Options) => {
      work.tokenized += a.length + b.length;
      return real.diffWordsWithSpace(a, b, { ...o, comparator } as never);
    },
  };
});

/** `n` lines, every one different from another prefix's. */
const lines = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix} ${i} alpha beta ${i * 7}`).join('\n');

const side = (parts: TextPart[], drop: '+' | '-') =>
  parts
    .filter((p) => p.op !== drop)
    .map((p) => p.text)
    .join('');

/** What jsdiff does outside the budget: scanning common prefixes, one comparison per token (linear). */
const LINEAR_SLACK = 20_000;

describe('textDiff bounds its work', () => {
  it('gives the whole old text removed and the whole new one added past the budget', () => {
    const a = lines('old', 2000);
    const b = lines('new', 2000);
    work.comparisons = 0;
    const parts = textDiff(a, b);
    // Unbounded, the line diff alone made 4,000,000 comparisons (8,000 lines: 15 s).
    expect(work.comparisons).toBeLessThanOrEqual(DIFF_STEPS + LINEAR_SLACK);
    expect(parts).toEqual([
      { op: '-', text: a, cut: true },
      { op: '+', text: b, cut: true },
    ]);
    expect(diffWasCut(parts)).toBe(true);
  });

  it('still diffs by line when words are too many but lines are few', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `w${i}`).join(' ') + '\nkept\n';
    const b = Array.from({ length: 3000 }, (_, i) => `v${i}`).join(' ') + '\nkept\n';
    const parts = textDiff(a, b);
    expect(diffWasCut(parts)).toBe(false);
    expect(parts.at(-1)).toEqual({ op: '=', text: 'kept\n' });
    expect(side(parts, '+')).toBe(a);
    expect(side(parts, '-')).toBe(b);
  });

  it('shares one budget between the diffs of one comparison', () => {
    const budget = diffBudget();
    work.comparisons = 0;
    const results = Array.from({ length: 6 }, (_, i) =>
      textDiff(lines(`a${i}`, 600), lines(`b${i}`, 600), budget),
    );
    expect(work.comparisons).toBeLessThanOrEqual(DIFF_STEPS + LINEAR_SLACK);
    expect(results.map(diffWasCut)).toContain(true);
    expect(textDiff('a b c', 'a x c', budget)).toEqual([
      { op: '-', text: 'a b c', cut: true },
      { op: '+', text: 'a x c', cut: true },
    ]);
  });

  it('bounds a history diff over many rewritten messages', () => {
    const K = 8;
    const events: unknown[] = [];
    for (let i = 0; i < K; i++)
      events.push({
        type: 'user/message',
        seq: i,
        data: { role: 'user', content: [{ type: 'text', text: lines(`old${i}`, 1500) }] },
      });
    for (let i = 0; i < K; i++)
      events.push({
        type: 'user/message',
        seq: K + i,
        data: { role: 'user', content: [{ type: 'text', text: lines(`new${i}`, 1500) }] },
        surfaceOp: { op: 'replace', start: i, end: i },
        sourceEventSeqs: [i],
      });
    const log = loadLogFromText(events.map((e) => JSON.stringify(e)).join('\n') + '\n');
    work.comparisons = 0;
    const d = diffHistories(log, K - 1, 2 * K - 1);
    expect(d.changed).toHaveLength(K);
    expect(work.comparisons).toBeLessThanOrEqual(DIFF_STEPS + LINEAR_SLACK);
    for (const row of d.rows) {
      if (row.kind !== 'changed') continue;
      expect(side(row.text, '+')).toContain(`old${row.from} 0 alpha`);
      expect(side(row.text, '-')).toContain(`new${row.from} 0 alpha`);
    }
  });

  it('a text added or removed whole is not diffed at all', () => {
    const text = 'a\n'.repeat(100_000);
    work.tokenized = 0;
    expect(textDiff('', text)).toEqual([{ op: '+', text }]);
    expect(textDiff(text, '')).toEqual([{ op: '-', text }]);
    expect(work.tokenized).toBe(0);
  });

  it('counts the characters it tokenizes: 1.6 million of them are not diffed but given up', () => {
    // The system prompt of audit R21-4: "a" lines, one in 250 made "z" (5 s in `seqscope diff`).
    const a = 'a\n'.repeat(400_000);
    const b = Array.from({ length: 400_000 }, (_, i) => (i % 250 === 0 ? 'z' : 'a')).join('\n') + '\n';
    work.tokenized = 0;
    const parts = textDiff(a, b);
    expect(work.tokenized).toBe(0);
    expect(parts).toEqual([
      { op: '-', text: a, cut: true },
      { op: '+', text: b, cut: true },
    ]);
  });

  it('a large text changed in one place tokenizes only around the change, same as a whole diff', () => {
    const head = lines('head', 20_000);
    const tail = lines('tail', 20_000);
    const a = `${head}\nthe old middle line\n${tail}`;
    const b = `${head}\nthe new middle line\n${tail}`;
    work.tokenized = 0;
    const parts = textDiff(a, b);
    expect(work.tokenized).toBeLessThan(100);
    expect(parts).toEqual([
      { op: '=', text: `${head}\nthe ` },
      { op: '-', text: 'old' },
      { op: '+', text: 'new' },
      { op: '=', text: ` middle line\n${tail}` },
    ]);
  });

  it('shares the characters tokenized between the diffs of one comparison', () => {
    const budget = diffBudget();
    work.tokenized = 0;
    const results = Array.from({ length: 6 }, (_, i) =>
      textDiff(`${i} ${'x '.repeat(100_000)}`, `${i} ${'y '.repeat(100_000)}`, budget),
    );
    expect(work.tokenized).toBeLessThanOrEqual(DIFF_CHARS);
    expect(results.map(diffWasCut)).toContain(true);
  });
});
