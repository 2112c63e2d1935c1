/** jsonText: JSON.stringify's output at any depth. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonText, writeJson } from './deepJson';

describe('jsonText', () => {
  it('equals JSON.stringify for any JSON value, compact and indented', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 4 }), (v, indent) => {
        expect(jsonText(v, indent)).toBe(JSON.stringify(v, null, indent));
      }),
      { numRuns: 500 },
    );
  });

  it('drops undefined and functions from objects, writes null in arrays, honours toJSON', () => {
    const v = { a: undefined, b: [undefined, () => 1, NaN, -0], c: new Date(0), d: { toJSON: () => 'x' } };
    expect(jsonText(v, 2)).toBe(JSON.stringify(v, null, 2));
    expect(jsonText(undefined)).toBeUndefined();
  });

  it('writes a value nested 100 000 deep, where JSON.stringify throws', () => {
    let text = '0';
    for (let i = 0; i < 100_000; i++) text = i % 2 ? `{"a":${text}}` : `[${text}]`;
    const value: unknown = JSON.parse(text);
    expect(() => JSON.stringify(value)).toThrow(RangeError);
    expect(jsonText(value)).toBe(text);
    let pieces = 0;
    let total = 0;
    writeJson(value, (p) => {
      pieces++;
      total += p.length;
    });
    expect(total).toBe(text.length);
    expect(pieces).toBeGreaterThan(1);
  });
});
