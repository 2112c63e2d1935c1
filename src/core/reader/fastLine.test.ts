import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateLog } from '../../../scripts/gen/index';
import { DeltaLine, scanDelta, scanLine } from './fastLine';

/** Same value and same key order as JSON.parse (stringify keeps key order; toEqual catches -0 and the rest). */
function expectSameAsJsonParse(line: string): boolean {
  const fast = scanLine(line);
  if (fast === undefined) return false;
  const parsed: unknown = JSON.parse(line);
  expect(fast).toStrictEqual(parsed);
  expect(JSON.stringify(fast)).toBe(JSON.stringify(parsed));
  return true;
}

const SAMPLES = '../shared/samples';

function jsonlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...jsonlFiles(path));
    else if (name.endsWith('.jsonl')) out.push(path);
  }
  return out;
}

// Strings as the harness writes them: JSON.stringify of any text (escapes, quotes, CJK, emoji, controls).
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('', ' ', '"', '\\', '\n', '\u2028', '🎉', '中文', '\u0000', 'a"b\\c', '\t{"x":1}'),
);
const uint = fc.oneof(
  fc.nat(),
  fc.integer({ min: -(2 ** 31), max: 0 }),
  fc.constantFrom(0, -0, 9, 10, 1760000003046, 999_999_999_999_999),
);
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

const chunkLine = fc
  .record({
    seq: maybe(uint),
    time: maybe(uint),
    turn: uint,
    step: uint,
    kind: fc.constantFrom('text-delta', 'reasoning-delta', 'tool-call-delta'),
    index: uint,
    text,
    id: text,
    name: maybe(text),
  })
  .map((r) => {
    const chunk =
      r.kind === 'tool-call-delta'
        ? { type: r.kind, index: r.index, id: r.id, name: r.name, argumentsDelta: r.text }
        : { type: r.kind, index: r.index, text: r.text };
    return JSON.stringify({
      type: 'assistant/chunk',
      seq: r.seq,
      time: r.time,
      data: { turn: r.turn, step: r.step, chunk },
    });
  });

const packedLine = fc
  .record({
    type: fc.constantFrom('text-chunks', 'reasoning-chunks', 'tool-call-chunks'),
    seq0: maybe(uint),
    time0: maybe(uint),
    turn: uint,
    step: uint,
    index: uint,
    dt: fc.array(uint, { maxLength: 5 }),
    items: fc.array(text, { maxLength: 6 }),
    id: text,
    name: maybe(text),
  })
  .map((r) => {
    const data =
      r.type === 'tool-call-chunks'
        ? { turn: r.turn, step: r.step, index: r.index, dt: r.dt, id: r.id, name: r.name, args: r.items }
        : { turn: r.turn, step: r.step, index: r.index, dt: r.dt, texts: r.items };
    return JSON.stringify({ type: r.type, seq0: r.seq0, time0: r.time0, data });
  });

/** Surprises: one character inserted, removed or replaced anywhere (most give other shapes or invalid JSON). */
const mutated = fc
  .tuple(
    fc.oneof(chunkLine, packedLine),
    fc.nat(),
    fc.constantFrom('ins', 'del', 'set'),
    fc.constantFrom(
      ' ',
      '"',
      '\\',
      ',',
      ':',
      '{',
      '}',
      '[',
      ']',
      '-',
      '.',
      'e',
      '0',
      '1',
      'x',
      '\n',
      '\u0001',
      'é',
    ),
  )
  .map(([line, at, op, c]) => {
    const i = at % (line.length + 1);
    if (op === 'ins') return line.slice(0, i) + c + line.slice(i);
    if (op === 'del') return line.slice(0, i) + line.slice(i + 1);
    return line.slice(0, i) + c + line.slice(i + 1);
  });

describe('scanLine', () => {
  it('accepts the harness shapes and gives exactly JSON.parse value', () => {
    fc.assert(
      fc.property(fc.oneof(chunkLine, packedLine), (line) => {
        expect(expectSameAsJsonParse(line), line).toBe(true);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('a line it accepts after any one-character change still gives exactly JSON.parse value', () => {
    fc.assert(
      fc.property(mutated, (line) => {
        let valid = true;
        try {
          JSON.parse(line);
        } catch {
          valid = false;
        }
        if (!valid) expect(scanLine(line), line).toBeUndefined();
        else expectSameAsJsonParse(line);
      }),
      { numRuns: 2000 },
    );
  }, 60_000);

  it('refuses what is not its shape: other types, key orders, spaces, floats, bad numbers, 16-digit integers', () => {
    for (const line of [
      '{"type":"assistant/chunk","data":{"turn":1,"step":1,"chunk":{"type":"block-start","index":0,"blockType":"text"}}}',
      '{"type":"assistant/chunk","time":1,"seq":2,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"a"}}}',
      '{"type":"assistant/chunk", "seq":2,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"a"}}}',
      '{"type":"assistant/chunk","seq":2,"time":1.5,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"a"}}}',
      '{"type":"assistant/chunk","seq":-02,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"a"}}}',
      '{"type":"assistant/chunk","seq":-,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"a"}}}',
      '{"type":"assistant/chunk","seq":1234567890123456,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"a"}}}',
      '{"type":"assistant/chunk","seq":01,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"a"}}}',
      '{"type":"assistant/chunk","seq":1,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"a","extra":1}}}',
      '{"type":"assistant/chunk","seq":1,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"a"}},"ignorable":true}',
      '{"type":"assistant/chunk","seq":1,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"\\x"}}}',
      '{"type":"text-chunks","seq0":1,"data":{"turn":1,"step":1,"index":0,"dt":[1.5],"texts":["a","b"]}}',
      '{"type":"user/message","seq":1,"data":{}}',
    ])
      expect(scanLine(line), line).toBeUndefined();
  });

  it('every line of every shared sample: accepted lines equal JSON.parse', () => {
    let accepted = 0;
    let lines = 0;
    for (const file of jsonlFiles(SAMPLES)) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        const l = line.endsWith('\r') ? line.slice(0, -1) : line;
        if (l.trim() === '') continue;
        lines++;
        let valid = true;
        try {
          JSON.parse(l);
        } catch {
          valid = false;
        }
        if (!valid) expect(scanLine(l)).toBeUndefined();
        else if (expectSameAsJsonParse(l)) accepted++;
      }
    }
    expect(lines).toBeGreaterThan(1000);
    // The corpus's delta and packed-row lines in the harness's key order (a few legacy ones have no index).
    expect(accepted).toBeGreaterThan(500);
  }, 60_000);

  it('a generated log: every delta chunk and packed row line takes the fast path, with JSON.parse value', () => {
    let deltas = 0;
    for (const line of generateLog({ events: 8000, seed: 7 })) {
      const isDelta =
        /^\{"type":"assistant\/chunk".*"chunk":\{"type":"(text|reasoning|tool-call)-delta"/.test(line) ||
        /^\{"type":"(text|reasoning|tool-call)-chunks"/.test(line);
      if (isDelta) {
        deltas++;
        expect(expectSameAsJsonParse(line), line).toBe(true);
      } else expect(scanLine(line), line).toBeUndefined();
    }
    expect(deltas).toBeGreaterThan(4000);
  }, 60_000);
});

/** scanDelta's answer for `line` checked against scanLine (itself checked against JSON.parse above). */
function expectDeltaAgrees(line: string): void {
  const d = new DeltaLine();
  const value = scanLine(line);
  const data = value?.data as { chunk?: { type?: unknown } } | undefined;
  const isDelta =
    value?.type === 'assistant/chunk' &&
    ['text-delta', 'reasoning-delta', 'tool-call-delta'].includes(data?.chunk?.type as string);
  expect(scanDelta(line, d), line).toBe(isDelta);
  if (!isDelta) return;
  expect(d.value()).toStrictEqual(JSON.parse(line));
  expect(JSON.stringify(d.value())).toBe(JSON.stringify(JSON.parse(line)));
}

describe('scanDelta (the fields of a delta line, for the loading pass)', () => {
  it('reads every delta line of the harness shape: its value() is exactly JSON.parse value', () => {
    fc.assert(
      fc.property(chunkLine, (line) => {
        const d = new DeltaLine();
        expect(scanDelta(line, d), line).toBe(true);
        const parsed = JSON.parse(line) as { seq?: number; time?: number; data: { chunk: object } };
        expect(d.value()).toStrictEqual(parsed);
        expect(JSON.stringify(d.value())).toBe(JSON.stringify(parsed));
        expect([d.seq, d.time]).toStrictEqual([parsed.seq, parsed.time]);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('after any one-character change (escapes, spaces, extra fields, unicode): accepted only with JSON.parse value', () => {
    fc.assert(
      fc.property(fc.oneof(mutated, packedLine), (line) => expectDeltaAgrees(line)),
      { numRuns: 3000 },
    );
  }, 60_000);

  it('lone surrogates, escapes and odd spacing: exact or refused', () => {
    const line = (text: string, extra = '') =>
      `{"type":"assistant/chunk","seq":3,"time":5,"data":{"turn":1,"step":2,"chunk":{"type":"text-delta","index":0,"text":${text}}}${extra}}`;
    const d = new DeltaLine();
    for (const text of ['"\\ud83c"', '"\\udf89x"', '"\\ud83c\\udf89"', '"🎉"', '"a\\"b"', '"\\u0000"'])
      expectDeltaAgrees(line(text));
    expect(scanDelta(line('"\\ud83c"'), d)).toBe(true);
    expect(d.text).toBe('\ud83c');
    expect(scanDelta(line('"a"', ',"x":1'), d)).toBe(false);
    expect(scanDelta(line('"a"').replace('"seq":3', '"seq": 3'), d)).toBe(false);
    expect(scanDelta(line('"a"').replace('"index":0', '"index":0.0'), d)).toBe(false);
    expect(scanDelta(line('"a\u0001"'), d)).toBe(false);
  });
});
