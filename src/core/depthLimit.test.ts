import { describe, expect, it } from 'vitest';
import { DEPTH_MARKER_KEY, MAX_POST_WIDTH, limitDepth, limitDepthAndWidth, moreKeysKey } from './depthLimit';

function nest(levels: number): unknown {
  let v: unknown = { leaf: true };
  for (let i = 1; i < levels; i++) v = i % 2 ? { a: v } : [v];
  return v;
}

function depthOf(v: unknown): number {
  let d = 0;
  let cur: unknown = v;
  while (cur !== null && typeof cur === 'object') {
    d++;
    const vals: unknown[] = Object.values(cur);
    cur = vals.find((x) => x !== null && typeof x === 'object');
  }
  return d;
}

describe('limitDepth', () => {
  it('returns shallow values unchanged (the same object)', () => {
    const v = { a: [1, { b: 'x' }], c: null, d: 'text' };
    expect(limitDepth(v)).toBe(v);
    const exact = nest(100);
    expect(limitDepth(exact)).toBe(exact);
  });

  it('cuts a 5000-level-deep value at 100 levels with a marker, keeping siblings', () => {
    const deep = nest(5000);
    const ev = { type: 'weird/thing', seq: 5, data: { deep, keep: [1, 2, 3] } };
    const out = limitDepth(ev);
    expect(out).not.toBe(ev);
    expect(out.type).toBe('weird/thing');
    expect(out.data.keep).toBe(ev.data.keep);
    expect(depthOf(out)).toBe(101); // 100 levels, then the marker object
    expect(JSON.stringify(out)).toContain(
      `"${DEPTH_MARKER_KEY}":"nested deeper than 100 levels: see Raw line"`,
    );
    // Structured clone (what postMessage does) now works.
    expect(() => structuredClone(out)).not.toThrow();
    // The input is not modified.
    expect(depthOf(ev)).toBe(5002);
  });

  it('honours a custom limit', () => {
    expect(limitDepth({ a: { b: { c: 1 } } }, 2)).toEqual({
      a: { b: { [DEPTH_MARKER_KEY]: 'nested deeper than 2 levels: see Raw line' } },
    });
    expect(limitDepth([[[1]], 2], 2)).toEqual([
      [{ [DEPTH_MARKER_KEY]: 'nested deeper than 2 levels: see Raw line' }],
      2,
    ]);
  });

  it('keeps an own __proto__ key as a field of the copy, never as its prototype', () => {
    const deep = JSON.stringify(nest(300));
    const ev = JSON.parse(
      `{"type":"x","__proto__":{"polluted":true},"data":{"__proto__":[1],"deep":${deep}},"z":${deep}}`,
    ) as Record<string, unknown>;
    const out = limitDepth(ev);
    expect(out).not.toBe(ev);
    for (const [copy, orig] of [
      [out, ev],
      [out.data, ev.data],
    ] as [Record<string, unknown>, Record<string, unknown>][]) {
      expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
      expect(Object.keys(copy)).toEqual(Object.keys(orig));
      expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual(
        Object.getOwnPropertyDescriptor(orig, '__proto__')?.value,
      );
    }
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(structuredClone(out)).toBeDefined();
  });
});

describe('limitDepthAndWidth (R7-8: an event of 200,000 keys)', () => {
  const wide = (n: number): Record<string, number> => {
    const o: Record<string, number> = {};
    for (let i = 0; i < n; i++) o[`k${i}`] = i;
    return o;
  };

  it('keeps the first MAX_POST_WIDTH keys of a 200,000-key object, then one marker naming the rest', () => {
    const ev = { type: 'plugin/wide', seq: 3, data: wide(200_000) };
    const { value: out, leftOut } = limitDepthAndWidth(ev);
    expect(leftOut).toBe(199_000);
    const keys = Object.keys(out.data);
    expect(keys).toHaveLength(MAX_POST_WIDTH + 1);
    expect(keys.slice(0, 3)).toEqual(['k0', 'k1', 'k2']);
    expect(keys.at(-1)).toBe(moreKeysKey(199_000));
    expect(keys.at(-1)).toBe('… +199,000 more keys');
    expect(out.data[keys.at(-1)!]).toBe('see Raw line');
    expect(out.type).toBe('plugin/wide');
    expect(Object.keys(ev.data)).toHaveLength(200_000); // the input is not modified
  });

  it('keeps the first items of a long array, then a marker item; cuts at every level', () => {
    const { value: out, leftOut } = limitDepthAndWidth(
      { list: Array.from({ length: 25 }, (_, i) => [i, wide(12)]) },
      100,
      10,
    );
    expect(leftOut).toBe(15 + 10 * 2);
    expect(out.list).toHaveLength(11);
    expect(out.list.at(-1)).toEqual({ [DEPTH_MARKER_KEY]: '+15 more items: see Raw line' });
    expect(Object.keys((out.list[0] as [number, object])[1])).toHaveLength(11);
  });

  it('returns a value within the width unchanged (the same object), and cuts depth like limitDepth', () => {
    const v = { a: [1, 2, 3], b: wide(MAX_POST_WIDTH) };
    expect(limitDepthAndWidth(v)).toEqual({ value: v, leftOut: 0 });
    expect(limitDepthAndWidth(v).value).toBe(v);
    const deep = nest(300);
    expect(limitDepthAndWidth(deep).value).toEqual(limitDepth(deep));
  });
});
