/** A user's redaction pattern never masks the log's own words (audit R12-4). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import { compileLinearRegex, type LinearRegex } from '../search/linearRegex';
import { redactLogText } from './redactLog';

function pattern(source: string): LinearRegex {
  const re = compileLinearRegex(source);
  if ('error' in re) throw new Error(re.error);
  return re;
}

const SAMPLE = resolve(__dirname, '../../../../shared/samples/dsh/pty-tools.jsonl');

describe("a user's pattern and the log's own words (R12-4)", () => {
  it('`art` masks a name in the text but leaves turn/start, step/start and header keys alone: the copy checks as clean as the original', () => {
    const text = readFileSync(SAMPLE, 'utf8');
    const before = loadLogFromText(text);
    const r = redactLogText(`${text.trimEnd()}\n`, { patterns: [pattern('art')] });
    const after = loadLogFromText(r.text);
    expect(after.eventCount).toBe(before.eventCount);
    expect(after.diagnostics.items.map((d) => d.code)).toEqual(before.diagnostics.items.map((d) => d.code));
    const types = (t: string) => t.split('\n').flatMap((l) => /"type":"([^"]*)"/.exec(l)?.slice(1) ?? []);
    expect(types(r.text)).toEqual(types(`${text.trimEnd()}\n`));
    expect(r.text).toContain('"turn/start"');
  });

  it('the pattern still masks the same word in a value, and a built-in secret in a key is still masked', () => {
    const line = JSON.stringify({
      type: 'user/message',
      seq: 0,
      time: 0,
      data: { turn: 1, text: 'ask Art about the start', ['sk-ant-api03-' + 'a'.repeat(40)]: 1 },
    });
    const r = redactLogText(line, { patterns: [pattern('(?i)art')] });
    expect(r.text).not.toContain('Art about');
    expect(r.text).not.toContain('a'.repeat(40));
    expect(r.text).toContain('"type":"user/message"');
    expect(r.counts.custom).toBeGreaterThanOrEqual(2);
    expect(r.counts['api-key']).toBe(1);
  });
});
