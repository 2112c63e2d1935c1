/**
 * The timeline filter's test of a chunk (chunkText.ts) gives the answers of reading the chunk's
 * whole JSON text, while a long field repeated member after member (a packed row's id and name:
 * audit R23-6) is read once.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { ChunkTextTest } from './chunkText';
import { FilterScan } from './filterScan';
import { OpenLog } from './openLog';
import { generateLogText } from '../../scripts/gen/index';
import { looseData } from '../core/types';

/** filterScan.ts's reading of JSON text, for the oracle (escapes decoded by JSON.parse per string). */
function readable(jsonText: string): string {
  return jsonText
    .replace(
      /\\(?:u([0-9a-fA-F]{4})|(["\\/bfnrt]))/g,
      (_, hex: string | undefined, ch: string | undefined) =>
        hex !== undefined
          ? String.fromCharCode(parseInt(hex, 16))
          : (({ b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' } as Record<string, string>)[ch as string] ??
            (ch as string)),
    )
    .toLowerCase();
}

const whole = (chunk: unknown, needle: string) => readable(JSON.stringify(chunk) ?? '').includes(needle);

describe('ChunkTextTest', () => {
  it('answers as the whole JSON text does, long fields and matches across fields included', () => {
    const piece = fc.constantFrom('a', 'N', 'Σ', 'σ', '"', '\\', 'é', '\n', ':', ',', 'İ', 'x');
    const text = fc.array(piece, { maxLength: 6 }).map((a) => a.join(''));
    const long = fc
      .tuple(text, fc.integer({ min: 1024, max: 1100 }), text)
      .map(([a, n, b]) => a + 'n'.repeat(n) + b);
    const value = fc.oneof(text, long, fc.integer(), fc.constant(null));
    const chunk = fc.dictionary(fc.constantFrom('type', 'id', 'name', 'argumentsDelta', 'index'), value);
    const needle = fc
      .tuple(
        text,
        fc.constantFrom('', 'nnn', '":"', '","name":"', 'n"', '"n', 'nn","argumentsdelta":"'),
        text,
      )
      .map(([a, b, c]) => readable(JSON.stringify(a + b + c).slice(1, -1)).trim())
      .filter((s) => s.length > 0);
    fc.assert(
      fc.property(fc.array(chunk, { minLength: 1, maxLength: 4 }), needle, (chunks, q) => {
        const test = new ChunkTextTest(q, readable);
        for (const c of [...chunks, ...chunks]) expect(test.matches(c)).toBe(whole(c, q));
      }),
      { numRuns: 400 },
    );
  });

  it("reads a packed row's long name once, not once per member", () => {
    const name = 'n'.repeat(200_000) + 'END';
    const test = new ChunkTextTest('"nend', readable);
    for (let i = 0; i < 20_000; i++)
      expect(
        test.matches({ type: 'tool-call-delta', index: 0, id: 'c1', name, argumentsDelta: `${i}` }),
      ).toBe(false);
    expect(test.read).toBeLessThan(2_000_000); // once per member: 4,000,000,000
    expect(
      new ChunkTextTest('end","argumentsdelta":"7', readable).matches({ name, argumentsDelta: '7' }),
    ).toBe(true);
  });
});

describe('the timeline filter over a packed row with a long name (audit R23-6)', () => {
  it('matches every member', () => {
    const members = 20_000;
    const row = {
      type: 'tool-call-chunks',
      seq0: 1,
      data: {
        turn: 1,
        step: 1,
        index: 0,
        id: 'c1',
        name: 'n'.repeat(200_000) + 'END',
        dt: new Array<number>(members - 1).fill(0),
        args: Array.from({ length: members }, (_, i) => (i === 7 ? 'the 7th' : '')),
      },
    };
    const session = new OpenLog(1, 'sample', 'packed.jsonl');
    session.push(
      new TextEncoder().encode(`{"type":"turn/start","seq":0,"data":{"turn":1}}\n${JSON.stringify(row)}\n`),
    );
    session.end();
    const matches = (text: string) => {
      const scan = new FilterScan(session, { types: null, errorsOnly: false, text });
      while (!scan.advance(1000));
      return Array.from(scan.matches.view());
    };
    expect(matches('nEND')).toHaveLength(members);
    expect(matches('END","argumentsDelta":"the 7')).toEqual([8]);
  });
});

describe('the timeline filter over chunks read from their bytes', () => {
  // Escapes as other writers put them (\u00e9, \/, \u003c), in text and tool-call deltas, with a name or not.
  const hand = [
    '{"type":"turn/start","seq":0,"data":{"turn":1}}',
    '{"type":"step/start","seq":1,"data":{"turn":1,"step":1}}',
    '{"type":"assistant/chunk","seq":2,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"caf\\u00e9 \\u003cdiv\\u003e a\\/b"}}}',
    '{"type":"assistant/chunk","seq":3,"data":{"turn":1,"step":1,"chunk":{"type":"reasoning-delta","index":0,"text":"qu\\"ote\\nback\\\\slash"}}}',
    '{"type":"assistant/chunk","seq":4,"data":{"turn":1,"step":1,"chunk":{"type":"tool-call-delta","index":1,"id":"c1","name":"b\\u0061sh","argumentsDelta":"{\\"cmd\\":"}}}',
    '{"type":"assistant/chunk","seq":5,"data":{"turn":1,"step":1,"chunk":{"type":"tool-call-delta","index":1,"id":"c1","argumentsDelta":"\\"l\\u0073\\"}"}}}',
  ].join('\n');
  const LOGS: [string, string][] = [
    ['hand-written escapes', `${hand}\n`],
    ['generated', generateLogText({ events: 4000, seed: 11 })],
    ...['steering', 'pty-tools', 'compaction-recovery.stream'].map((name): [string, string] => [
      name,
      readFileSync(`../shared/samples/dsh/${name}.jsonl`, 'utf8'),
    ]),
  ];
  it.each(LOGS)('%s: a chunk matches as its parsed event reads, and no delta line is parsed', (_, text) => {
    const session = new OpenLog(1, 'sample', 'log.jsonl');
    session.push(new TextEncoder().encode(text));
    session.end();
    const log = session.log;
    const chunks: number[] = [];
    for (let s = 0; s < log.eventCount; s++) if (log.typeOf(s) === 'assistant/chunk') chunks.push(s);
    const parsed = chunks.map((s) => looseData(log.event(s)).chunk);
    let deltas = 0;
    const needles = [
      'e',
      'the',
      '"index":1,"text":"',
      '","argumentsdelta":"',
      'delta","index":0',
      '\\n',
      'café <div>',
      'a/b',
      'qu"ote',
      'back\\slash',
      '"name":"bash"',
      '"ls"}',
    ];
    for (const q of needles) {
      const fresh = new OpenLog(1, 'sample', 'log.jsonl');
      fresh.push(new TextEncoder().encode(text));
      fresh.end();
      const reads = vi.spyOn(fresh.log, 'event');
      const scan = new FilterScan(fresh, { types: ['assistant/chunk'], errorsOnly: false, text: q });
      while (!scan.advance(1000));
      const needle = q.trim().toLowerCase();
      const found = Array.from(scan.matches.view());
      expect(found).toEqual(chunks.filter((_, i) => whole(parsed[i], needle)));
      // Each of these is in the hand-written log once its escapes are read.
      if (
        _ === 'hand-written escapes' &&
        ['café <div>', 'a/b', 'qu"ote', '"name":"bash"', '"ls"}'].includes(q)
      )
        expect(found.length).toBeGreaterThan(0);
      for (const [s] of reads.mock.calls) expect(fresh.log.chunkDelta(s)).toBeUndefined();
      deltas = chunks.filter((s) => fresh.log.chunkDelta(s) !== undefined).length;
    }
    if (_ === 'generated') expect(deltas).toBeGreaterThan(1000);
  });
});
