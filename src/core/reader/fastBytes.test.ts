import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeDelta, mayBePackedRow, scanDeltaBytes, scanDeltaLine } from './fastBytes';
import { DeltaLine, scanDelta, scanLine } from './fastLine';
import { createLineDecoder } from './lineDecoder';

const encoder = new TextEncoder();
const decoder = createLineDecoder();

/** The fields a scan left, as one comparable value. */
function fieldsOf(d: DeltaLine) {
  return {
    chunkType: d.chunkType,
    seq: d.seq,
    time: d.time,
    turn: d.turn,
    step: d.step,
    index: d.index,
    text: d.text,
    id: d.chunkType === 'tool-call-delta' ? d.id : '',
    name: d.chunkType === 'tool-call-delta' ? d.name : undefined,
  };
}

/**
 * The byte scan of `bytes` (placed inside a larger buffer, at an odd offset, as a line is inside
 * its block) agrees with the string scan of the line as the loading pass decodes it: both accept
 * or both refuse, with the same fields (the value JSON.parse gives, fastLine.test.ts checks).
 */
function expectSameAsStringPath(bytes: Uint8Array): boolean {
  const block = new Uint8Array(bytes.length + 10);
  block.set(encoder.encode('{"a":1}\n\n\n'), 0);
  block.set(bytes, 3);
  block.fill(34, 3 + bytes.length); // quotes after the line: the scan must stop at its end
  const viaBytes = new DeltaLine();
  const viaString = new DeltaLine();
  const text = decoder.decode(bytes);
  const s = scanDelta(text, viaString);
  const b = scanDeltaBytes(block, 3, 3 + bytes.length, viaBytes);
  expect(b, text).toBe(s);
  if (s) expect(fieldsOf(viaBytes), text).toStrictEqual(fieldsOf(viaString));
  // The same line followed by its line end (LF or CR LF), its end found by the scan. Bytes that
  // hold a LF, or end in a CR, are no one line with its end added: the splitter ends a line at
  // its first LF and takes a CR before it as part of the line end.
  if (bytes.includes(10) || bytes.at(-1) === 13) return b;
  for (const eol of ['\n', '\r\n']) {
    const lineEnd = encoder.encode(eol);
    block.set(lineEnd, 3 + bytes.length);
    const last = 3 + bytes.length + lineEnd.length - 1;
    const viaLine = new DeltaLine();
    expect(scanDeltaLine(block, 3, last, viaLine), text).toBe(s ? 3 + bytes.length : -1);
    if (s) expect(fieldsOf(viaLine), text).toStrictEqual(fieldsOf(viaString));
  }
  return b;
}

const line = (text: string, chunk = 'text-delta') =>
  `{"type":"assistant/chunk","seq":3,"time":5,"data":{"turn":1,"step":2,"chunk":{"type":"${chunk}","index":0,"text":${text}}}}`;
const toolLine = (id: string, name: string | undefined, args: string) =>
  `{"type":"assistant/chunk","seq":3,"data":{"turn":1,"step":2,"chunk":{"type":"tool-call-delta","index":1,"id":${id}${name === undefined ? '' : `,"name":${name}`},"argumentsDelta":${args}}}}`;

// Texts as a harness writes them (JSON.stringify), plus raw strings written without escaping.
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('', ' ', '"', '\\', '\n', '\u2028', '🎉', '中文', '\u0000', 'a"b\\c', '\ud83c', '\udf89'),
);
const uint = fc.oneof(
  fc.nat(),
  fc.integer({ min: -(2 ** 31), max: 0 }),
  fc.constantFrom(0, -0, 9, 10, 1760000003046, 999_999_999_999_999),
);
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const deltaLine = fc
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
    const data = { turn: r.turn, step: r.step, chunk };
    return encoder.encode(JSON.stringify({ type: 'assistant/chunk', seq: r.seq, time: r.time, data }));
  });

const packedRow = fc
  .record({
    seq0: maybe(uint),
    time0: maybe(uint),
    turn: uint,
    step: uint,
    kind: fc.constantFrom('text-chunks', 'reasoning-chunks', 'tool-call-chunks'),
    index: uint,
    items: fc.array(text, { maxLength: 4 }),
    id: text,
    name: maybe(text),
  })
  .map((r) => {
    const dt = r.items.slice(1).map((_, i) => i);
    const data =
      r.kind === 'tool-call-chunks'
        ? { turn: r.turn, step: r.step, index: r.index, dt, id: r.id, name: r.name, args: r.items }
        : { turn: r.turn, step: r.step, index: r.index, dt, texts: r.items };
    return encoder.encode(JSON.stringify({ type: r.kind, seq0: r.seq0, time0: r.time0, data }));
  });

/**
 * Any byte inserted, removed or replaced anywhere in `line` (invalid UTF-8, controls, quotes,
 * escapes): up to 3 edits, at least `minEdits`.
 */
const mutated = (line: fc.Arbitrary<Uint8Array>, minEdits = 0) =>
  fc
    .tuple(
      line,
      fc.array(
        fc.tuple(
          fc.nat(),
          fc.constantFrom('ins', 'del', 'set'),
          fc.oneof(
            fc.integer({ min: 0, max: 255 }),
            fc.constantFrom(32, 34, 92, 44, 58, 123, 125, 48, 45, 46, 101, 0x80, 0xc3, 0xed, 0xf0, 0xff),
          ),
        ),
        { minLength: minEdits, maxLength: 3 },
      ),
    )
    .map(([bytes, edits]) => {
      let b = Array.from(bytes);
      for (const [at, op, x] of edits) {
        const i = at % (b.length + 1);
        if (op === 'ins') b = [...b.slice(0, i), x, ...b.slice(i)];
        else if (op === 'del') b = [...b.slice(0, i), ...b.slice(i + 1)];
        else b = [...b.slice(0, i), x, ...b.slice(i + 1)];
      }
      return Uint8Array.from(b);
    });

describe('mayBePackedRow (what a range worker decodes besides delta lines)', () => {
  it('never refuses a line the string scan takes, on packed rows and deltas edited anywhere', () => {
    let taken = 0;
    fc.assert(
      fc.property(mutated(fc.oneof(packedRow, deltaLine)), (bytes) => {
        const block = new Uint8Array(bytes.length + 4);
        block.set(bytes, 2);
        block[2 + bytes.length] = 10;
        const fast = mayBePackedRow(block, 2, 2 + bytes.length) || looksLikeDelta(block, 2, 2 + bytes.length);
        if (scanLine(decoder.decode(bytes)) !== undefined) {
          taken++;
          expect(fast, decoder.decode(bytes)).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
    // The unedited lines (a third or so of the runs) are all taken: the property is not vacuous.
    expect(taken).toBeGreaterThan(500);
  }, 60_000);

  it('refuses the lines a prescan would decode for nothing', () => {
    const refused = [
      '{"type":"tool/result","seq":9,"data":{}}',
      '{"type":"text-chunks"}',
      ' {"type":"text-chunks","data":{}}',
      '{"type":"text-chunks","data":{}} ',
      '{"type":"tool-call-chunk","data":{}}',
      '{"type": "reasoning-chunks","data":{}}',
      '',
    ];
    for (const l of refused) {
      const b = encoder.encode(l);
      expect(mayBePackedRow(b, 0, b.length), l).toBe(false);
    }
  });
});

/** Hostile bytes: a delta line with at least one byte inserted, removed or replaced anywhere. */
const mutatedBytes = mutated(deltaLine, 1);

describe('scanDeltaBytes (a delta line read from its bytes, never decoded whole)', () => {
  it('reads every delta line of the harness shape, with the fields the string scan reads', () => {
    fc.assert(
      fc.property(deltaLine, (bytes) => {
        expect(expectSameAsStringPath(bytes)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('on hostile bytes (invalid UTF-8, controls, quotes, escapes, edits anywhere): the same answer as the string path', () => {
    fc.assert(
      fc.property(mutatedBytes, (bytes) => void expectSameAsStringPath(bytes)),
      { numRuns: 4000 },
    );
  }, 60_000);

  it('hands out short strings again by their bytes: exact for every string, through collisions and evictions', () => {
    // Every two-character ASCII text (9025 of them, more than the scanner keeps, so some share a
    // slot), then non-ASCII and invalid bytes, each scanned in two orders: every text is its own.
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).filter(
      (c) => c !== '"' && c !== '\\',
    );
    const texts = printable.flatMap((a) => printable.map((b) => a + b));
    texts.push(
      'é',
      'è',
      '中',
      '🎉',
      'a'.repeat(40),
      'a'.repeat(41),
      'b'.repeat(40),
      '',
      'call_00_0mJy0tlLjTRfO2lKvDVM9bLj',
    );
    const d = new DeltaLine();
    for (const order of [texts, [...texts].reverse(), texts]) {
      for (const t of order) {
        const bytes = encoder.encode(line(JSON.stringify(t)));
        expect(scanDeltaBytes(bytes, 0, bytes.length, d)).toBe(true);
        if (d.text !== t) expect(d.text).toBe(t);
      }
    }
    // Invalid bytes: two different ones decode alike, and neither is taken for the other's entry.
    for (const bad of [[0xff], [0xfe], [0xc3], [0xc3, 0xa9], [0xff, 0x41]]) {
      const raw = encoder.encode(line('"#"'));
      const at = raw.indexOf(35);
      const bytes = Uint8Array.from([...raw.slice(0, at), ...bad, ...raw.slice(at + 1)]);
      expect(scanDeltaBytes(bytes, 0, bytes.length, d)).toBe(true);
      expect(d.text).toBe(decoder.decode(Uint8Array.from(bad)));
    }
  });

  it('escapes, surrogates split across deltas, non-ASCII and invalid bytes: exact', () => {
    const d = new DeltaLine();
    const cases: [string, string][] = [
      ['"a\\"b"', 'a"b'],
      ['"\\u00e9t\\u00e9"', 'été'],
      // One emoji streamed as two deltas, each holding half of its surrogate pair.
      ['"\\ud83c"', '\ud83c'],
      ['"\\udf89x"', '\udf89x'],
      [
        '"中文 and more than twenty-four ASCII characters"',
        '中文 and more than twenty-four ASCII characters',
      ],
      ['"🎉"', '🎉'],
      ['"\\\\"', '\\'],
      ['"\\n\\t\\/"', '\n\t/'],
    ];
    for (const [json, expected] of cases) {
      expect(expectSameAsStringPath(encoder.encode(line(json))), json).toBe(true);
      scanDeltaBytes(encoder.encode(line(json)), 0, encoder.encode(line(json)).length, d);
      expect(d.text).toBe(expected);
    }
    // An invalid UTF-8 byte inside the text becomes U+FFFD, as decoding the line would make it.
    const raw = encoder.encode(line('"a\u00ffb"'));
    const at = raw.indexOf(0xc3);
    const invalid = Uint8Array.from([...raw.slice(0, at), 0xff, ...raw.slice(at + 2)]);
    expect(expectSameAsStringPath(invalid)).toBe(true);
    scanDeltaBytes(invalid, 0, invalid.length, d);
    expect(d.text).toBe('a\ufffdb');
    const tool = encoder.encode(toolLine('"call_1"', '"Réad"', '"{\\"path\\":\\"/tmp/é\\"}"'));
    expect(expectSameAsStringPath(tool)).toBe(true);
    scanDeltaBytes(tool, 0, tool.length, d);
    expect([d.id, d.name, d.text]).toStrictEqual(['call_1', 'Réad', '{"path":"/tmp/é"}']);
  });

  it('refuses spaces, another key order, duplicate or extra keys, bad escapes and controls (the line then takes JSON.parse)', () => {
    const refused = [
      line('"a"').replace('"seq":3', '"seq": 3'),
      line('"a"').replace('{"type"', '{ "type"'),
      line('"a"').replace('"seq":3,"time":5', '"time":5,"seq":3'),
      line('"a"').replace('"seq":3', '"seq":3,"seq":3'),
      line('"a"').replace('"index":0', '"index":0,"index":0'),
      line('"a"').replace('"text":"a"', '"text":"a","text":"b"'),
      line('"a"').replace('}}}', '},"x":1}}'),
      line('"a"') + ' ',
      line('"\\x"'),
      line('"\\u12"'),
      line('"a\u0001"'),
      line('"a"').replace('"index":0', '"index":0.0'),
      line('"a"').replace('"index":0', '"index":01'),
      line('"a"').replace('"seq":3', '"seq":1234567890123456'),
      line('"a"', 'block-start'),
      toolLine('"c"', '"n"', '"{}"').replace('"id":"c",', ''),
      toolLine('"c"', '"n"', '"{}"').replace('"name":"n"', '"name":"n","name":"m"'),
    ];
    const d = new DeltaLine();
    for (const l of refused) {
      expect(expectSameAsStringPath(encoder.encode(l)), l).toBe(false);
      expect(scanDeltaBytes(encoder.encode(l), 0, encoder.encode(l).length, d), l).toBe(false);
    }
    // A line cut anywhere is refused too (never read past its end).
    const whole = encoder.encode(toolLine('"c"', '"n"', '"{\\"a\\":1}"'));
    for (let n = 0; n < whole.length; n++) expect(scanDeltaBytes(whole, 0, n, d)).toBe(false);
  });
});
