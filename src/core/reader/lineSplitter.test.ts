import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteStore } from './byteStore';
import { scanLine } from './fastLine';
import { PrescanCursor, prescanRange } from './prescan';
import { LineSplitter, createLineDecoder, type LineSink } from './lineSplitter';
import { splitBytes } from './testing';

interface Line {
  text: string;
  offset: number;
  line: number;
  terminated: boolean;
}

/**
 * How the sink takes lines: `lines` only (every line decoded, in batches), `deltas` too (delta
 * lines scanned as bytes and handed on as fields, the others decoded alone: the loading pass),
 * or `fastOnly` (a range worker's prescan: deltas, and only the lines that may be packed rows).
 */
type Mode = 'lines' | 'deltas' | 'fastOnly';

function split(
  text: string | Uint8Array,
  sizes: readonly number[] = [],
  blockSize = 1 << 16,
  mode: Mode = 'lines',
): Line[] {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  // Blocks of `blockSize` from the first: one block for the default, where lines are split in bulk.
  const store = new ByteStore(blockSize, { initialCapacity: blockSize });
  const lines: Line[] = [];
  const decode = (offset: number, length: number) => createLineDecoder().decode(store.slice(offset, length));
  const sink: LineSink = {
    line: (text, offset, length, line, terminated) => {
      // The text is exactly the decoding of the bytes the location addresses.
      expect(text).toBe(decode(offset, length));
      lines.push({ text: text as string, offset, line, terminated });
    },
    ...(mode === 'lines'
      ? {}
      : {
          delta: (d, offset, length, line) => {
            // The fields are the line's, which JSON.parse reads the same (fastBytes.test.ts).
            const text = decode(offset, length);
            expect(d.value()).toStrictEqual(JSON.parse(text));
            lines.push({ text, offset, line, terminated: true });
          },
          fastLinesOnly: mode === 'fastOnly',
        }),
  };
  const splitter = new LineSplitter(store, sink);
  for (const piece of splitBytes(bytes, sizes)) {
    store.append(piece);
    splitter.scan();
  }
  splitter.end();
  return lines;
}

const MODES: Mode[] = ['lines', 'deltas'];
const delta = (seq: number, text: string) =>
  `{"type":"assistant/chunk","seq":${seq},"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":${JSON.stringify(text)}}}}`;
const row = '{"type":"text-chunks","seq0":4,"data":{"turn":1,"step":1,"index":0,"dt":[1],"texts":["a","b"]}}';

describe('LineSplitter', () => {
  it('numbers lines from 1 and gives each its byte offset', () => {
    expect(split('{"a":1}\n{"b":2}\n')).toEqual([
      { text: '{"a":1}', offset: 0, line: 1, terminated: true },
      { text: '{"b":2}', offset: 8, line: 2, terminated: true },
    ]);
  });

  it('strips a BOM at the start (the offset is after it) and \\r before \\n', () => {
    expect(split('\uFEFF{"a":1}\r\n{"b":2}\r\n')).toEqual([
      { text: '{"a":1}', offset: 3, line: 1, terminated: true },
      { text: '{"b":2}', offset: 12, line: 2, terminated: true },
    ]);
  });

  it.each(MODES)(
    'strips a BOM at the start of any line (logs concatenated from files), but only one (%s)',
    (mode) => {
      expect(split('{"a":1}\n\uFEFF{"b":2}\n\uFEFF\uFEFF{"c":3}\n\uFEFF\r\n', [], 1 << 16, mode)).toEqual([
        { text: '{"a":1}', offset: 0, line: 1, terminated: true },
        { text: '{"b":2}', offset: 11, line: 2, terminated: true },
        { text: '\uFEFF{"c":3}', offset: 22, line: 3, terminated: true },
      ]);
    },
  );

  it('decodes invalid UTF-8 the same in a batch as line by line', () => {
    const bytes = new Uint8Array([0x7b, 0xe2, 0x82, 0x0a, 0xf0, 0x9f, 0x0d, 0x0a, 0x80, 0x41, 0x0a, 0xc3]);
    const lines = split(bytes);
    expect(lines.map((l) => l.text)).toEqual(['{\uFFFD', '\uFFFD', '\uFFFDA', '\uFFFD']);
    expect(split(bytes, [1], 3)).toEqual(lines);
  });

  it('decodes a batch boundary and long lines the same as short batches', () => {
    const long =
      Array.from({ length: 3000 }, (_, i) => `{"i":${i},"s":"${'é'.repeat(i % 50)}"}`).join('\n') +
      '\n' +
      `{"big":"${'x'.repeat(200000)}"}\n`;
    const once = split(long);
    expect(once).toHaveLength(3001);
    expect(split(long, [70000, 1, 333])).toEqual(once);
  });

  it.each(MODES)('skips blank and whitespace-only lines but counts them (%s)', (mode) => {
    expect(
      split('\n  \t\r\n{"a":1}\n\r\n \n{"b":2}\n\n', [], 1 << 16, mode).map((l) => [l.text, l.line]),
    ).toEqual([
      ['{"a":1}', 3],
      ['{"b":2}', 6],
    ]);
  });

  it.each(MODES)(
    'counts long runs of blank lines across batches and blocks, and keeps the lines between them (%s)',
    (mode) => {
      const blank = '\n'.repeat(200_000) + ' \t\r\n'.repeat(50_000) + '\r\n'.repeat(50_000);
      const text = `${blank}{"a":1}\n${blank}  {"b":2}\n${blank}`;
      for (const [sizes, blockSize] of [
        [[], 1 << 16],
        [[4097, 65_536], 1 << 20],
      ] as const) {
        const lines = split(text, sizes, blockSize, mode);
        expect(lines.map((l) => [l.text, l.line])).toEqual([
          ['{"a":1}', 300_001],
          ['  {"b":2}', 600_002],
        ]);
        expect(lines[1]?.offset).toBe(text.indexOf('  {"b"'));
      }
    },
  );

  it('hands a prescan (fastLinesOnly) only the deltas and the lines that may be packed rows, numbered as in a full split', () => {
    const result = '{"type":"tool/result","seq":9,"data":{"turn":1,"step":1,"message":{"content":"é"}}}';
    const text =
      [
        delta(0, 'a'),
        result,
        '',
        row,
        ` ${row}`,
        `\uFEFF${row}`,
        `${row} `,
        delta(1, 'b'),
        '{"type":"text-chunks"}',
      ].join('\r\n') + '\n';
    const all = split(text, [], 1 << 16, 'deltas');
    expect(all.map((l) => l.line)).toEqual([1, 2, 4, 5, 6, 7, 8, 9]);
    const fast = split(text, [], 1 << 16, 'fastOnly');
    // The row with a BOM too (after it); a row with a space before or after it cannot be one, nor
    // can a line that has a row's type but not its head.
    expect(fast.map((l) => [l.text, l.line])).toEqual([
      [delta(0, 'a'), 1],
      [row, 4],
      [row, 6],
      [delta(1, 'b'), 8],
    ]);
    expect(fast.map((l) => l.offset)).toEqual(
      all.filter((l) => fast.some((f) => f.line === l.line)).map((l) => l.offset),
    );
    // The same when every line spans blocks, and for an unterminated last line.
    const tail = `${row}\n${result}`;
    for (const t of [text, text + tail, text + tail.slice(0, -1) + delta(2, 'c')])
      expect(split(t, [3], 16, 'fastOnly')).toEqual(split(t, [], 1 << 16, 'fastOnly'));
    expect(
      split(text + tail, [3], 16, 'fastOnly')
        .map((l) => l.line)
        .slice(-1),
    ).toEqual([10]);
  });

  it('hands on the lines no fast scan takes as notFast (parsed without a second scan), and only those', () => {
    const result = '{"type":"tool/result","seq":9,"data":{"turn":1,"step":1,"message":{"content":"é"}}}';
    const blockStart =
      '{"type":"assistant/chunk","seq":2,"data":{"turn":1,"step":1,"chunk":{"type":"block-start","index":0,"blockType":"text"}}}';
    const lines = [
      delta(0, 'a'),
      result,
      blockStart,
      row,
      `\uFEFF${delta(1, 'b')}`,
      `\uFEFF${result}`,
      `${delta(2, 'c')} `,
      '{"type":"text-chunks"}',
    ];
    const text = lines.join('\r\n') + '\n';
    /** [text, notDelta, notFast] of each line handed on as text, with hints (a prescanned range) or without. */
    const flags = (hinted: boolean) => {
      const store = ByteStore.over(new TextEncoder().encode(text));
      const seen: [string | undefined, boolean, boolean][] = [];
      const splitter = new LineSplitter(store, {
        line: (t, _o, _l, _n, _t, notDelta, notFast) => seen.push([t, notDelta === true, notFast === true]),
        delta: () => {},
        value: () => {},
      });
      if (hinted) splitter.hints = new PrescanCursor(prescanRange(store.slice(0, store.length)), 0);
      splitter.scan();
      splitter.end();
      return seen;
    };
    // Without hints: a packed row, and whatever follows a BOM (the byte scan ran from the BOM),
    // may still be fast.
    expect(flags(false)).toEqual([
      [result, true, true],
      [blockStart, true, true],
      [row, true, false],
      [delta(1, 'b'), true, false],
      [result, true, false],
      [`${delta(2, 'c')} `, true, true],
      ['{"type":"text-chunks"}', true, true],
    ]);
    // After a range worker's prescan: what it took comes from it, what it refused is not scanned
    // again; it never scanned the lines after a BOM as deltas.
    expect(flags(true)).toEqual([
      [result, true, true],
      [blockStart, true, true],
      [delta(1, 'b'), false, false],
      [result, false, false],
      [`${delta(2, 'c')} `, true, true],
      ['{"type":"text-chunks"}', true, true],
    ]);
    // What is flagged is exactly what the fast scan refuses.
    for (const [t, , notFast] of [...flags(false), ...flags(true)])
      if (notFast) expect(scanLine(t as string), t).toBeUndefined();
  });

  it('flags a last line without a newline', () => {
    expect(split('{"a":1}\n{"b"')).toEqual([
      { text: '{"a":1}', offset: 0, line: 1, terminated: true },
      { text: '{"b"', offset: 8, line: 2, terminated: false },
    ]);
    expect(split('{"a":1}\r').at(-1)).toEqual({ text: '{"a":1}', offset: 0, line: 1, terminated: false });
    expect(split('{"a":1}\n   ')).toHaveLength(1);
  });

  it('finds lines spanning chunks and blocks, and lines longer than a block', () => {
    const text = `{"long":"${'x'.repeat(50)}"}\n{"b":2}\n{"c":3}`;
    expect(split(text, [1], 7)).toEqual(split(text));
    expect(split(text, [5, 13], 4).map((l) => l.text)).toEqual([
      `{"long":"${'x'.repeat(50)}"}`,
      '{"b":2}',
      '{"c":3}',
    ]);
  });

  it.each(MODES)('gives the same lines for any chunking and block size as a plain split (%s)', (mode) => {
    const lineArb = fc.oneof(
      fc.constantFrom('', ' ', '\r', '{"a":1}', '{"é":"ü"}', delta(1, 'hi'), ` ${delta(2, 'x')}`, row),
      fc.string({ unit: 'grapheme', maxLength: 12 }).map((t) => delta(3, t)),
      fc.string({ unit: 'grapheme', maxLength: 12 }),
    );
    fc.assert(
      fc.property(
        fc.array(
          lineArb.map((s) => s.replace(/[\n\uFEFF]/g, '')),
          { maxLength: 12 },
        ),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 16 }),
        (parts, finalNewline, sizes, blockSize) => {
          const text = parts.join('\n') + (finalNewline ? '\n' : '');
          const expected: [string, number][] = [];
          const raw = text.split('\n');
          if (finalNewline || raw.at(-1) === '') raw.pop();
          raw.forEach((l, i) => {
            const stripped = l.endsWith('\r') ? l.slice(0, -1) : l;
            if (!/^[ \t\r]*$/.test(stripped)) expected.push([stripped, i + 1]);
          });
          expect(split(text, sizes, blockSize, mode).map((l) => [l.text, l.line])).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each(MODES)(
    'finds every line of random bytes (ASCII, invalid UTF-8, multi-byte) at its byte offset (%s)',
    (mode) => {
      // The split's text is checked against a decode of each line's own bytes (in `split`); here the
      // offsets and numbers against a plain byte split. Lone invalid bytes decode to one char each,
      // so a batch can have as many chars as bytes without being ASCII (the one-char-per-byte path).
      const piece = fc.oneof(
        fc.constantFrom(
          [10],
          [13, 10],
          [32],
          [0x80],
          [0xff],
          [0xc3],
          [0xc3, 0xa9],
          [0xe2, 0x82],
          [0xf0, 0x9f, 0x8e, 0x89],
        ),
        fc.array(fc.integer({ min: 0x21, max: 0x7e }), { minLength: 1, maxLength: 6 }),
      );
      fc.assert(
        fc.property(
          fc.array(piece, { maxLength: 40 }),
          fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 4 }),
          fc.integer({ min: 1, max: 64 }),
          (pieces, sizes, blockSize) => {
            const bytes = Uint8Array.from(pieces.flat());
            const expected: [number, number][] = [];
            let start = 0;
            let line = 0;
            const take = (from: number, to: number) => {
              line++;
              if (to > from && bytes[to - 1] === 13) to--;
              let blank = true;
              for (let i = from; i < to; i++) if (![32, 9, 13].includes(bytes[i] as number)) blank = false;
              if (!blank) expected.push([from, line]);
            };
            for (let i = 0; i < bytes.length; i++)
              if (bytes[i] === 10) {
                take(start, i);
                start = i + 1;
              }
            if (start < bytes.length) take(start, bytes.length);
            expect(split(bytes, sizes, blockSize, mode).map((l) => [l.offset, l.line])).toEqual(expected);
            expect(split(bytes, [], 1 << 16, mode).map((l) => [l.offset, l.line])).toEqual(expected);
          },
        ),
        { numRuns: 500 },
      );
    },
  );

  it('decodes runs of lines with hints (a prescanned range) or without exactly as each line alone, with its flags', () => {
    // lineRun.ts decodes the lines between deltas and hinted lines together: with CRLF, blank lines,
    // BOMs, multi-byte and invalid bytes between and inside them, every line handed on as text must
    // be the decoding of its own bytes, at its offset and number, and flagged notFast only when no
    // fast scan takes it.
    const other = fc.oneof(
      fc.constantFrom('{"a":1}', '{"é":"ü"}', row, '{"type":"text-chunks"}', '\uFEFF{"b":2}', ' ', ''),
      fc.string({ unit: 'grapheme', maxLength: 10 }).map((t) => `{"t":${JSON.stringify(t)}}`),
      fc
        .array(fc.constantFrom(0x80, 0xff, 0xc3, 0x41, 0x7b), { maxLength: 5 })
        .map((b) => Uint8Array.from(b)), // raw bytes: invalid UTF-8 among ASCII
    );
    const lineArb = fc.oneof(
      other,
      other,
      fc.integer({ min: 0, max: 99 }).map((i) => delta(i, `d${i}é`)),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(lineArb, fc.boolean()), { maxLength: 30 }),
        fc.integer({ min: 8, max: 200 }),
        (parts, blockSize) => {
          const bytes: number[] = [];
          for (const [line, crlf] of parts) {
            const b = typeof line === 'string' ? new TextEncoder().encode(line) : line;
            bytes.push(...b, ...(crlf ? [13, 10] : [10]));
          }
          const all = Uint8Array.from(bytes);
          const run = (hinted: boolean, size: number) => {
            const store = new ByteStore(size, { initialCapacity: size });
            const seen: [string | undefined, number, number, number, boolean, boolean][] = [];
            const splitter = new LineSplitter(store, {
              line: (t, o, l, n, _t, notDelta, notFast) => {
                expect(t).toBe(createLineDecoder().decode(store.slice(o, l)));
                seen.push([t, o, l, n, notDelta === true, notFast === true]);
              },
              delta: (_d, o, l, n) => seen.push([undefined, o, l, n, false, false]),
              value: (_v, o, l, n) => seen.push([undefined, o, l, n, false, false]),
            });
            store.append(all);
            if (hinted) splitter.hints = new PrescanCursor(prescanRange(all), 0);
            splitter.scan();
            splitter.end();
            return seen;
          };
          // Every line at its offset and number (the texts were checked as they came, in `run`); a
          // line spanning blocks is handed on as text where a whole one may come as a delta.
          const where = (seen: ReturnType<typeof run>) => seen.map(([, o, , n]) => [o, n]);
          const reference = where(run(false, 1 << 16));
          for (const hinted of [false, true])
            for (const size of [1 << 16, blockSize]) {
              const seen = run(hinted, size);
              expect(where(seen)).toEqual(reference);
              for (const [t, , , , , notFast] of seen)
                if (notFast) expect(scanLine(t as string), t).toBeUndefined();
            }
        },
      ),
      { numRuns: 300 },
    );
  });
});
