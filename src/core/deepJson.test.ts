/** jsonText: JSON.stringify's output at any depth. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyJson, jsonText, writeJson } from './deepJson';

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

describe('jsonText indented (audit R19-1, R19-2)', () => {
  const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}0${']'.repeat(depth)}`);

  it('indents 32 levels like JSON.stringify and writes deeper ones on one line', () => {
    const v = nested(40);
    const text = jsonText(v, 2) as string;
    expect(JSON.parse(text)).toEqual(v);
    const lines = text.split('\n');
    expect(lines).toHaveLength(65); // 32 opening lines, one line for the 8 levels below, 32 closing
    expect(lines.slice(0, 32)).toEqual(JSON.stringify(v, null, 2).split('\n').slice(0, 32));
    expect(lines[32]).toBe(`${' '.repeat(64)}[[[[[[[[0]]]]]]]]`);
    expect(jsonText(nested(32), 2)).toBe(JSON.stringify(nested(32), null, 2));
    expect(jsonText(nested(33), 2)).not.toBe(JSON.stringify(nested(33), null, 2));
  });

  it('stays linear in the value: 20,000 deep is a few characters a level (was 2·depth², 800 MB)', () => {
    for (const depth of [20_000, 100_000]) {
      const v = nested(depth);
      let total = 0;
      writeJson(v, (p) => (total += p.length), 2);
      expect(total).toBeLessThan(2 * depth + 3000);
      // the same value (compared as compact text: toEqual recurses)
      expect(jsonText(JSON.parse(jsonText(v, 2) as string))).toBe(
        `${'['.repeat(depth)}0${']'.repeat(depth)}`,
      );
    }
  });
});

describe('copyJson', () => {
  it('copies any JSON value: equal text, no container shared', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const copy = copyJson(v);
        expect(jsonText(copy)).toBe(jsonText(v));
        if (typeof v === 'object' && v !== null) expect(copy).not.toBe(v);
      }),
    );
  });

  it('copies 10 000 levels deep, and keeps `__proto__` an own key', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    expect(jsonText(copyJson(deep))).toBe(jsonText(deep));
    const parsed = JSON.parse('{"__proto__":{"x":1},"b":[1,{"c":2}]}') as Record<string, unknown>;
    const copy = copyJson(parsed) as Record<string, unknown>;
    expect(Object.keys(copy)).toEqual(['__proto__', 'b']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(jsonText(copy)).toBe('{"__proto__":{"x":1},"b":[1,{"c":2}]}');
    (copy.b as unknown[])[0] = 9;
    expect((parsed.b as unknown[])[0]).toBe(1);
  });
});
