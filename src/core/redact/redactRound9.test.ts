/** Redaction of the shapes round 9 found surviving: `\uXXXX` escapes in JSON text, HTTPie's `-a`, a .env password with spaces. */
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import { decodeUnicodeEscapes } from './escapes';
import { redactLogText } from './redactLog';
import { createMasker } from './rules';

const KEY = 'sk-ant-api03-Zq8xW4vR7tY2uI9oP3aS6dF1gH5jK0lM';
const HEADER = '{"type":"session","version":0,"id":"r9","createdAt":0}';

/** A log whose one tool call carries `args` as its arguments (raw JSON text). */
function toolCallLog(args: string): string {
  const call = {
    type: 'tool/call',
    seq: 0,
    time: 1,
    data: { turn: 1, step: 1, callId: 'c1', name: 'http', arguments: args },
  };
  return [HEADER, JSON.stringify(call)].join('\n');
}

describe('escapes hide no key name or value (\\uXXXX in JSON text)', () => {
  const cases: [string, string][] = [
    // a key name spelled with an escape: the value is what it labels
    ['{"api\\u005fkey":"Zq8xW4vR7tY2uI9oP3aS6dF1"}', 'Zq8xW4vR7tY2uI9oP3aS6dF1'],
    ['{"pass\\u0077ord":"hunter2hunter2"}', 'hunter2hunter2'],
    // a value spelled with escapes: its shape shows only decoded
    [`{"key":"sk\\u002dant\\u002dapi03-Zq8xW4vR7tY2uI9oP3aS6dF1gH5jK0lM"}`, 'Zq8xW4vR7tY2uI9oP3aS6dF1'],
    [`{"headers":{"Authorization":"Bearer\\u0020abcdefghijklmnopqrstu"}}`, 'abcdefghijklmnopqrstu'],
  ];

  it.each(cases)('masks %s', (text, secret) => {
    const m = createMasker();
    const out = m.mask(text);
    expect(out).toHaveLength(text.length);
    expect(out).not.toContain(secret);
    // the JSON text stays JSON, its keys as they were
    expect(Object.keys(JSON.parse(out) as object)).toEqual(Object.keys(JSON.parse(text) as object));
  });

  it("in a tool call's arguments: the copy is the same log, and the key does not survive", () => {
    const args = `{"url":"https://api.example.com","api\\u005fkey":"${KEY.replace(/-/g, '\\u002d')}"}`;
    const text = toolCallLog(args);
    const r = redactLogText(text);
    expect(r.text).not.toContain('Zq8xW4vR7tY2uI9oP3aS6dF1');
    expect(r.changedLines).toBe(1);
    const log = loadLogFromText(r.text);
    expect(log.eventCount).toBe(1);
    const masked = (log.event(0).data as { arguments: string }).arguments;
    expect(masked).toHaveLength(args.length);
    expect((JSON.parse(masked) as { url: string }).url).toBe('https://api.example.com');
  });

  it('an escaped backslash before `u` is no escape; text without escapes has no view', () => {
    expect(decodeUnicodeEscapes('plain text')).toBeNull();
    const view = decodeUnicodeEscapes('a\\\\u0041\\u0042c');
    expect(view?.text).toBe('a\\\\u0041Bc');
    expect(Array.from(view!.starts)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 14, 15]);
  });

  it('keeps escaped text that holds no secret, byte for byte', () => {
    const m = createMasker();
    const text = '{"path":"src\\u002findex.ts","note":"caf\\u00e9 \\u2014 ok"}';
    expect(m.mask(text)).toBe(text);
    expect(m.counts).toEqual({});
  });
});
