/** Redaction of the shapes round 9 found surviving: `\uXXXX` escapes in JSON text, HTTPie's `-a`, a .env password with spaces. */
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import { decodedViews } from './escapes';
import { redactLogText } from './redactLog';
import { createMasker } from './rules';
import { stayLinear } from './testing';

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

  it('an escaped backslash before `u` is no escape (until the next level); text without escapes has no view', () => {
    expect(decodedViews('plain text')).toEqual([]);
    const [view, next, ...more] = decodedViews('a\\\\u0041\\u0042c');
    expect(view?.text).toBe('a\\u0041Bc');
    expect(Array.from(view!.starts)).toEqual([0, 1, 3, 4, 5, 6, 7, 8, 14, 15]);
    // the next level reads `\u0041` (JSON text inside JSON text: audit R19-3)
    expect(next?.text).toBe('aABc');
    expect(Array.from(next!.starts)).toEqual([0, 1, 8, 14, 15]);
    expect(more).toEqual([]);
  });

  it('keeps escaped text that holds no secret, byte for byte', () => {
    const m = createMasker();
    const text = '{"path":"src\\u002findex.ts","note":"caf\\u00e9 \\u2014 ok"}';
    expect(m.mask(text)).toBe(text);
    expect(m.counts).toEqual({});
  });
});

describe("HTTPie's `-a user:password`", () => {
  it.each([
    ['http -a alice:Tr0ub4dor3x GET https://api.example.com', 'Tr0ub4dor3x'],
    ['https -a alice:Tr0ub4dor3x example.com', 'Tr0ub4dor3x'],
    ['http --verify=no -aalice:Tr0ub4dor3x POST example.com x=1', 'Tr0ub4dor3x'],
    ['$ xh -a "alice:Tr0ub4dor3x" example.com', 'Tr0ub4dor3x'],
    ['cd api && http -a alice:Tr0ub4dor3x :8080/me', 'Tr0ub4dor3x'],
  ])('masks %s', (text, secret) => {
    const m = createMasker();
    const out = m.mask(text);
    expect(out).toHaveLength(text.length);
    expect(out).not.toContain(secret);
    expect(out).toContain('alice:');
    expect(m.counts).toEqual({ password: 1 });
  });

  it.each([
    ['http -A bearer -a eyQ7w8E9r0T1y2U3i4O5 example.com', 'eyQ7w8E9r0T1y2U3i4O5'],
    ['xh --auth-type=bearer example.com -a "Q7w8E9r0T1y2U3i4O5p6"', 'Q7w8E9r0T1y2U3i4O5p6'],
  ])('masks a bearer token: %s', (text, secret) => {
    const m = createMasker();
    const out = m.mask(text);
    expect(out).toHaveLength(text.length);
    expect(out).not.toContain(secret);
  });

  it.each([
    'http -A bearer -a $TOKEN example.com',
    'rsync -a backup01:/var/lib/data ./data',
    'ls -a src:generated',
    'http -a app:app example.com',
    'git commit -a -m "http: fix"',
    'curl https://x.example -a fix:thing',
  ])('keeps %s', (text) => {
    const m = createMasker();
    expect(m.mask(text)).toBe(text);
  });
});

describe('a .env password with spaces, unquoted', () => {
  const ENV = ['DB_HOST=localhost', 'DB_PASSWORD=correct horse battery staple', 'DB_PORT=5432'].join('\n');

  it('masks the rest of its line when the lines around it are assignments too', () => {
    const m = createMasker();
    const out = m.mask(ENV);
    expect(out).toHaveLength(ENV.length);
    for (const word of ['correct', 'horse', 'battery', 'staple']) expect(out).not.toContain(word);
    expect(out).toContain('DB_HOST=localhost\nDB_PASSWORD=');
    expect(out).toContain('\nDB_PORT=5432');
  });

  it('stops at an inline comment, trailing spaces and a CRLF; `export` lines too', () => {
    const text = 'export USER=app\r\nexport PASSWORD=two words here  # rotate monthly\r\n';
    const out = createMasker().mask(text);
    expect(out).not.toMatch(/two|words|here/);
    expect(out).toContain('  # rotate monthly\r\n');
  });

  it('in a tool result of a log: the words do not survive, the log stays the same log', () => {
    const result = {
      type: 'tool/result',
      seq: 0,
      time: 1,
      data: { turn: 1, step: 1, callId: 'c1', output: `$ cat .env\n${ENV}\n`, isError: false },
    };
    const r = redactLogText([HEADER, JSON.stringify(result)].join('\n'));
    expect(r.text).not.toMatch(/horse|battery|staple/);
    expect(loadLogFromText(r.text).eventCount).toBe(1);
  });

  it('a lone line keeps only its first word masked: a shell reads `NAME=x command`', () => {
    const text = 'PASSWORD=hunter22 npm test';
    const out = createMasker().mask(text);
    expect(out).not.toContain('hunter22');
    expect(out).toContain(' npm test');
  });
});

describe('the round-9 rules stay linear', () => {
  it('a megabyte of each near-miss is masked in one pass', () =>
    stayLinear((M) => [
      'http '.repeat(M / 5),
      `http ${'-a '.repeat(M / 3)}`,
      `http -a ${'a'.repeat(M)}:`,
      `http -A bearer ${'-a '.repeat(M / 3)}`,
      'A=b\n'.repeat(M / 4),
      'PASSWORD=a b\n'.repeat(M / 13),
      `A=b\nPASSWORD=x ${' '.repeat(M)}y`,
      `A=b\nPASSWORD=x${' #'.repeat(M / 2)}`,
      '\\u0041'.repeat(M / 6),
      '\\\\u0041'.repeat(M / 7),
      `"pass\\u0077ord": "${'\\u0020'.repeat(M / 6)}`,
    ]));
});
