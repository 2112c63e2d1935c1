import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteStore } from './byteStore';
import { LineSplitter, createLineDecoder, type LineSink } from './lineSplitter';
import { splitBytes } from './testing';

interface Line {
  text: string;
  offset: number;
  line: number;
  terminated: boolean;
}

function split(text: string | Uint8Array, sizes: readonly number[] = [], blockSize = 1 << 16): Line[] {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const store = new ByteStore(blockSize, { initialCapacity: 1 });
  const lines: Line[] = [];
  const sink: LineSink = {
    line: (text, offset, length, line, terminated) => {
      // The text is exactly the decoding of the bytes the location addresses.
      expect(text).toBe(createLineDecoder().decode(store.slice(offset, length)));
      lines.push({ text: text as string, offset, line, terminated });
    },
  };
  const splitter = new LineSplitter(store, sink);
  for (const piece of splitBytes(bytes, sizes)) {
    store.append(piece);
    splitter.scan();
  }
  splitter.end();
  return lines;
}

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

  it('strips a BOM at the start of any line (logs concatenated from files), but only one', () => {
    expect(split('{"a":1}\n\uFEFF{"b":2}\n\uFEFF\uFEFF{"c":3}\n\uFEFF\r\n')).toEqual([
      { text: '{"a":1}', offset: 0, line: 1, terminated: true },
      { text: '{"b":2}', offset: 11, line: 2, terminated: true },
      { text: '\uFEFF{"c":3}', offset: 22, line: 3, terminated: true },
    ]);
  });

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

  it('skips blank and whitespace-only lines but counts them', () => {
    expect(split('\n  \t\r\n{"a":1}\n\r\n \n{"b":2}\n\n').map((l) => [l.text, l.line])).toEqual([
      ['{"a":1}', 3],
      ['{"b":2}', 6],
    ]);
  });

  it('counts long runs of blank lines across batches and blocks, and keeps the lines between them', () => {
    const blank = '\n'.repeat(200_000) + ' \t\r\n'.repeat(50_000) + '\r\n'.repeat(50_000);
    const text = `${blank}{"a":1}\n${blank}  {"b":2}\n${blank}`;
    for (const [sizes, blockSize] of [
      [[], 1 << 16],
      [[4097, 65_536], 1 << 20],
    ] as const) {
      const lines = split(text, sizes, blockSize);
      expect(lines.map((l) => [l.text, l.line])).toEqual([
        ['{"a":1}', 300_001],
        ['  {"b":2}', 600_002],
      ]);
      expect(lines[1]?.offset).toBe(text.indexOf('  {"b"'));
    }
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

  it('gives the same lines for any chunking and block size as a plain split', () => {
    const lineArb = fc.oneof(
      fc.constantFrom('', ' ', '\r', '{"a":1}', '{"é":"ü"}'),
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
          expect(split(text, sizes, blockSize).map((l) => [l.text, l.line])).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds every line of random bytes (ASCII, invalid UTF-8, multi-byte) at its byte offset', () => {
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
          expect(split(bytes, sizes, blockSize).map((l) => [l.offset, l.line])).toEqual(expected);
          expect(split(bytes).map((l) => [l.offset, l.line])).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
