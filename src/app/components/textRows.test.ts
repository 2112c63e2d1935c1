import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  elide,
  HEAD_CHARS,
  HEAD_ROWS,
  headRowCount,
  indexAll,
  indexRows,
  ROW_CHARS,
  rowAt,
  rowText,
  SHOWN_CHARS,
  startRows,
  TAIL_CHARS,
  TAIL_ROWS,
  type TextRows,
} from './textRows';

const texts = (rows: TextRows): string[] => Array.from({ length: rows.rowCount }, (_, r) => rowText(rows, r));

describe('text rows', () => {
  it('makes one row per line, without line breaks, a final newline or a \\r', () => {
    const rows = indexAll('one\r\ntwo\n\nfour\n');
    expect(rows.done).toBe(true);
    expect(texts(rows)).toEqual(['one', 'two', '', 'four']);
    expect(rows.lineCount).toBe(4);
    expect(rowAt(rows, 3)).toEqual({ index: 3, start: 10, end: 14, line: 4, continued: false });
  });

  it('shows an empty text as one empty line', () => {
    const rows = indexAll('');
    expect(rows.done).toBe(true);
    expect(texts(rows)).toEqual(['']);
    expect(rows.lineCount).toBe(1);
  });

  it('cuts a long line into rows of ROW_CHARS that continue its line number', () => {
    const long = 'a'.repeat(ROW_CHARS * 2 + 5);
    const rows = indexAll(`x\n${long}\ny`);
    expect(texts(rows)).toEqual(['x', 'a'.repeat(ROW_CHARS), 'a'.repeat(ROW_CHARS), 'aaaaa', 'y']);
    expect([1, 2, 3, 4].map((r) => [rowAt(rows, r).line, rowAt(rows, r).continued])).toEqual([
      [2, false],
      [2, true],
      [2, true],
      [3, false],
    ]);
    expect(rows.lineCount).toBe(3);
  });

  it('never cuts a surrogate pair in two', () => {
    const text = 'a'.repeat(ROW_CHARS - 1) + '😀' + 'b';
    const rows = indexAll(text);
    expect(texts(rows)).toEqual(['a'.repeat(ROW_CHARS - 1), '😀b']);
  });

  it('indexes in slices to exactly what one pass gives', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom('\n', '\r\n', 'x', 'yy', '😀'), fc.string({ maxLength: 50 })), {
          maxLength: 200,
        }),
        fc.integer({ min: 1, max: 300 }),
        (parts, budget) => {
          const text = parts.join('');
          const whole = indexAll(text);
          let rows = startRows(text);
          let steps = 0;
          while (!rows.done && steps++ < 100_000) rows = indexRows(rows, budget);
          expect(rows.done).toBe(true);
          expect(texts(rows)).toEqual(texts(whole));
          expect(rows.lineCount).toBe(whole.lineCount);
          // Every character but line breaks (and a \r before one) is in exactly one row.
          expect(texts(rows).join('')).toBe(text.replace(/\r?\n/g, ''));
        },
      ),
    );
  });

  it('keeps a value once made: indexing more never changes an earlier one', () => {
    const text = Array.from({ length: 500 }, (_, i) => `line ${i}`).join('\n');
    const early = indexRows(startRows(text), 100);
    const before = texts(early);
    const later = indexRows(early, Infinity);
    expect(texts(early)).toEqual(before);
    expect(early.done).toBe(false);
    expect(later.rowCount).toBe(500);
  });
});

describe('elide', () => {
  it('hides the middle rows of a long text, and says how many lines and characters', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `L${i + 1}`);
    const rows = indexAll(lines.join('\n'));
    const e = elide(rows);
    expect(e).toEqual({
      from: HEAD_ROWS,
      to: 1000 - TAIL_ROWS,
      lines: 1000 - HEAD_ROWS - TAIL_ROWS,
      chars: lines.slice(HEAD_ROWS, 1000 - TAIL_ROWS).join('\n').length + 2,
    });
  });

  it('hides nothing in a short text, or before the text is indexed', () => {
    expect(elide(indexAll('a\n'.repeat(HEAD_ROWS + TAIL_ROWS + 5)))).toBeNull();
    const long = 'a\n'.repeat(10_000);
    expect(elide(indexRows(startRows(long), 100))).toBeNull();
    expect(elide(indexAll(long))).not.toBeNull();
  });

  it('counts no hidden line when only the middle of one long line is hidden', () => {
    const rows = indexAll('z'.repeat(ROW_CHARS * 100));
    const e = elide(rows);
    expect(e?.lines).toBe(0);
    expect(e?.chars).toBe(ROW_CHARS * 100 - SHOWN_CHARS);
  });

  it('caps what it shows by characters, not only rows: 40 rows of ROW_CHARS hide their middle', () => {
    const rows = indexAll('z'.repeat(ROW_CHARS * 40));
    expect(elide(rows)).toEqual({
      from: HEAD_CHARS / ROW_CHARS,
      to: 40 - TAIL_CHARS / ROW_CHARS,
      lines: 0,
      chars: ROW_CHARS * 40 - SHOWN_CHARS,
    });
    expect(headRowCount(rows)).toBe(HEAD_CHARS / ROW_CHARS);
  });
});
