/** The work budget of the user's patterns (customPatterns.ts): bounded work, and nothing leaks when it runs out. */
import { Matcher, RE2JS } from 're2js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileLinearRegex, type LinearRegex } from '../search/linearRegex';
import { overrunNote, WORK_BASE, WORK_PER_CHAR } from './customPatterns';
import { redactLogText } from './redactLog';
import { createMasker } from './rules';

function pattern(source: string): LinearRegex {
  const re = compileLinearRegex(source);
  if ('error' in re) throw new Error(re.error);
  return re;
}

/** Counts the characters the engine is given: the rest of the text from where each search starts. */
function countEngineWork(): { chars: number } {
  const work = { chars: 0 };
  const find = Matcher.prototype.find;
  vi.spyOn(Matcher.prototype, 'find').mockImplementation(function (this: Matcher, start?: number | null) {
    work.chars += this.matcherInputLength - (start ?? 0);
    return find.call(this, start);
  });
  const test = RE2JS.prototype.test;
  vi.spyOn(RE2JS.prototype, 'test').mockImplementation(function (
    this: RE2JS,
    input: string | number[] | Uint8Array,
  ) {
    work.chars += input.length;
    return test.call(this, input);
  });
  return work;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a custom pattern whose matches each need a search to the end (`a*c|a`)', () => {
  it('gives the engine at most WORK_PER_CHAR characters per character of the value, plus WORK_BASE', () => {
    const n = 5000;
    const work = countEngineWork();
    const masker = createMasker([pattern('a*c|a')]);
    masker.mask('a'.repeat(n));
    // one search per `a`, each to the end, would be n * n / 2 = 12.5 million characters
    expect(work.chars).toBeGreaterThan(0);
    expect(work.chars).toBeLessThanOrEqual(WORK_PER_CHAR * n + WORK_BASE);
    expect(masker.overruns).toEqual({ 'a*c|a': 1 });
  });

  it('masks the unsearched rest of the value whole: nothing of it survives', () => {
    const tail = ' and then the words nobody searched';
    const value = 'a'.repeat(5000) + tail;
    const masker = createMasker([pattern('a*c|a')]);
    const masked = masker.mask(value);
    expect(masked).toHaveLength(value.length);
    expect(masked).not.toContain('a'); // `[custom]***` has none
    expect(masked).not.toContain('nobody');
    expect(masked).toMatch(/^(?:\[custom\]\**|\*)+$/);
    expect(masker.counts.custom).toBeGreaterThan(0);
  });

  it('keeps a built-in mask inside the rest as its own kind, and masks around it', () => {
    const key = 'sk-ant-api03-Zq8xW4vR7tY2uI9oP3aS6dF1gH5jK0lM';
    const value = `${'a'.repeat(5000)} ${key} plain words`;
    const masker = createMasker([pattern('a*c|a')]);
    const masked = masker.mask(value);
    expect(masked).toContain('[api-key]');
    expect(masked).not.toContain('plain');
    expect(masked).not.toContain('Zq8xW4');
    expect(masked.replace(/\[[a-z-]+\]/g, '')).toMatch(/^\*+$/);
  });

  it('in a log: the line stays valid JSON, the value is all masks, the overrun is counted once per value', () => {
    const header = '{"type":"session","version":0,"id":"b","createdAt":0}';
    const message = (text: string, seq: number) =>
      JSON.stringify({ type: 'user/message', seq, time: 1, data: { turn: 1, content: text } });
    const text = [
      header,
      message('a'.repeat(3000) + ' tail one', 0),
      message('a'.repeat(4000) + ' tail two', 1),
    ].join('\n');
    const r = redactLogText(text, { patterns: [pattern('a*c|a')] });
    const lines = r.text.split('\n');
    for (const line of lines.slice(1)) {
      // the pattern masks keys too (`content` has a `c`): the long string is the content
      const data = (JSON.parse(line) as { data: Record<string, unknown> }).data;
      const content = Object.values(data).find((v) => typeof v === 'string' && v.length > 1000);
      expect(content).toMatch(/^(?:\[custom\]\**|\*)+$/);
      expect(line).not.toContain('tail');
    }
    expect(r.overruns).toEqual({ 'a*c|a': 2 });
    expect(overrunNote(r.overruns)).toBe(
      'pattern `a*c|a` needed too much work on 2 values; their rest was masked whole',
    );
  });

  it('a pattern with a few matches in a long value stays within its budget: masked as before', () => {
    const value = `${'x'.repeat(100_000)} PROJECT-ABC-12 ${'y'.repeat(100_000)} PROJECT-DEF-34 end`;
    const masker = createMasker([pattern('PROJECT-[A-Z]+-\\d+')]);
    const masked = masker.mask(value);
    expect(masker.overruns).toEqual({});
    expect(masker.counts).toEqual({ custom: 2 });
    expect(masked).toContain(' end');
    expect(masked).not.toContain('PROJECT');
  });
});
