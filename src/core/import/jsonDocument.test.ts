/** A JSON document read in parts from its bytes: the scan, and the parse that cuts deep values without recursion. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { limitDepth } from '../depthLimit';
import { nestedArray } from '../testing/nestedJson';
import { measureDepth, parseBytes, parseCut, parseSpan, scanDocument } from './jsonDocument';

const MARK = { '…': 'cut' };
const enc = (s: string) => new TextEncoder().encode(s);

describe('parseCut', () => {
  it('equals JSON.parse on any JSON when nothing is deeper than the limit', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (v, pretty) => {
        const text = JSON.stringify(v, null, pretty ? 2 : undefined);
        expect(parseCut(text, 10_000, MARK)).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  it('cuts like limitDepth at any limit', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 1, max: 6 }), (v, max) => {
        const text = JSON.stringify(v);
        expect(parseCut(text, max, MARK)).toEqual(limitDepth(JSON.parse(text), max, MARK));
      }),
      { numRuns: 300 },
    );
  });

  it('reads an array nested 1,000,000 deep without recursion: cut at the limit, the rest kept', () => {
    const text = `{"a":${nestedArray(1_000_000)},"b":"kept","c":{"d":[1,"x\\"]"]}}`;
    const v = parseCut(text, 3, MARK) as Record<string, unknown>;
    expect(v).toEqual({ a: [[MARK]], b: 'kept', c: { d: [1, 'x"]'] } });
  });

  it('keeps an own __proto__ key as a field, not a prototype', () => {
    const v = parseCut('{"__proto__":{"polluted":1}}', 5, MARK) as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__']);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('refuses what JSON.parse refuses', () => {
    for (const bad of [
      '',
      '[1,',
      '{"a" 1}',
      '[1]]',
      'nul',
      '{"a":1,}',
      '[01]',
      '"open',
      `${nestedArray(5000)}x`,
    ])
      expect(() => parseCut(bad, 100, MARK), bad).toThrow(SyntaxError);
  });
});

describe('scanDocument', () => {
  it('finds the members, the elements of one array and their fields, with their depths', () => {
    const doc = {
      version: 2,
      eval: { task: 't', 'tricky "}]': ['{'] },
      samples: [{ id: 'a', epoch: 1, events: [[[1]]] }, 7, { events: [], id: 2 }],
      after: null,
    };
    for (const text of [JSON.stringify(doc), JSON.stringify(doc, null, 2)]) {
      const b = enc(text);
      const s = scanDocument(b, 'samples', ['id', 'epoch']);
      expect(s.incomplete).toBeUndefined();
      const value = (span: { start: number; end: number }) =>
        JSON.parse(new TextDecoder().decode(b.subarray(span.start, span.end))) as unknown;
      expect(s.members.map((m) => [m.key, value(m), m.depth])).toEqual([
        ['version', 2, 0],
        ['eval', doc.eval, 2],
        ['samples', doc.samples, 5],
        ['after', null, 0],
      ]);
      expect(s.elements.map((e) => [value(e), e.depth])).toEqual([
        [doc.samples[0], 4],
        [7, 0],
        [doc.samples[2], 2],
      ]);
      expect(
        s.elements.map((e) => Object.fromEntries(Object.entries(e.fields).map(([k, f]) => [k, value(f)]))),
      ).toEqual([{ id: 'a', epoch: 1 }, {}, { id: 2 }]);
    }
  });

  it('any JSON object: every member found, each span parses to its value', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (obj) => {
        const b = enc(JSON.stringify(obj));
        const s = scanDocument(b, 'samples', []);
        expect(s.incomplete).toBeUndefined();
        const back = s.members.map((m) => [m.key, parseSpan(b, m, 10_000, MARK).value]);
        expect(back).toEqual(Object.entries(JSON.parse(JSON.stringify(obj)) as object));
      }),
      { numRuns: 200 },
    );
  });

  it('a cut document: the complete members and elements before the cut, and where it ends', () => {
    const text = JSON.stringify({
      eval: { task: 't' },
      samples: [{ id: 1 }, { id: 2 }, { id: 3, x: 'abc' }],
    });
    const b = enc(text.slice(0, text.indexOf('abc')));
    const s = scanDocument(b, 'samples', ['id']);
    expect(s.incomplete).toEqual({ at: b.length, reason: 'it ends before the document does' });
    expect(s.members.map((m) => m.key)).toEqual(['eval']);
    expect(s.elements).toHaveLength(2);
  });

  it('not an object, empty, or more after the end', () => {
    expect(scanDocument(enc('[1]'), 's', []).incomplete?.reason).toBe('it is not a JSON object');
    expect(scanDocument(enc('  '), 's', []).incomplete?.reason).toBe('it is empty');
    expect(scanDocument(enc('{"a":1} x'), 's', []).incomplete?.reason).toBe(
      'it goes on after the document ends',
    );
    expect(scanDocument(enc('\ufeff{"a":1}'), 's', []).members.map((m) => m.key)).toEqual(['a']);
  });

  it('measures depth at a million levels, and parseBytes cuts it', () => {
    const b = enc(`{"x":${nestedArray(1_000_000)}}`);
    expect(measureDepth(b)).toBe(1_000_001);
    const s = scanDocument(b, 'samples', []);
    expect(s.members[0]?.depth).toBe(1_000_000);
    expect(parseBytes(b, 2, MARK)).toEqual({ value: { x: [MARK] }, cut: true });
    expect(parseBytes(enc('{"x":[1]}'), 2, MARK)).toEqual({ value: { x: [1] }, cut: false });
  });
});
