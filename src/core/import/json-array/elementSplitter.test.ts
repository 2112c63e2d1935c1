/** The element splitter against JSON.parse: each element's own text parses to the element. */
import { describe, expect, it } from 'vitest';
import { splitArray } from './elementSplitter';

const values: unknown[] = [
  0,
  -1.5e3,
  true,
  null,
  'a "quoted" ] , } [ { string\\',
  '\u2028 \n escaped newline',
  { a: [1, { b: '}' }], c: '' },
  [],
  {},
  [[['deep']]],
];

describe('splitArray', () => {
  it('gives every element of a valid array, compact or pretty-printed, as text that parses to it', () => {
    for (const indent of [undefined, 2, '\t']) {
      const text = JSON.stringify(values, null, indent);
      const split = splitArray(text);
      expect(split.kind).toBe('array');
      if (split.kind !== 'array') return;
      expect(split.torn).toBeUndefined();
      expect(split.elements.every((e) => !e.includes('\n'))).toBe(true);
      expect(split.elements.map((e) => JSON.parse(e) as unknown)).toEqual(values);
    }
  });

  it('an empty array has no elements; a trailing comma or a missing comma breaks the array', () => {
    expect(splitArray(' [ ] \n')).toEqual({ kind: 'array', elements: [] });
    expect(splitArray('[1,]').kind).toBe('broken');
    expect(splitArray('[1 2]').kind).toBe('broken');
    expect(splitArray('["a" "b"]').kind).toBe('broken');
    expect(splitArray('[1]x').kind).toBe('broken');
  });

  it('a number cut at the end is torn (it may be cut short), a closed value is complete', () => {
    expect(splitArray('[1, 2')).toMatchObject({ elements: ['1'], torn: { droppedChars: 1 } });
    expect(splitArray('[1, {}')).toMatchObject({ elements: ['1', '{}'], torn: { droppedChars: 0 } });
    expect(splitArray('[1, "a\\"')).toMatchObject({ elements: ['1'], torn: { droppedChars: 4 } });
  });

  it('a newline inside a string stays invalid on the line (a tab, never a space)', () => {
    const split = splitArray('["a\nb"]');
    expect(split).toEqual({ kind: 'array', elements: ['"a\tb"'] });
  });

  it('refuses an element past the limits as an empty line that keeps its number, never sliced', () => {
    const limits = { maxBytes: 20, maxContainers: 3 };
    const split = splitArray(`[1, [[[[]]]], "${'\u00e9'.repeat(10)}", 2, "abc"]`, limits);
    expect(split).toEqual({
      kind: 'array',
      elements: ['1', '', '', '2', '"abc"'],
      refused: [
        { element: 2, containers: 4 },
        { element: 3, bytes: 22 },
      ],
    });
    // a torn tail's bytes are UTF-8 bytes (no copy encoded to count them)
    expect(splitArray('[1, "\u00e9\ud83d\ude00')).toMatchObject({
      torn: { droppedChars: 4, droppedBytes: 7 },
    });
  });
});
