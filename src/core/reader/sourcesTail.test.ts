import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sourcesTail } from './sourcesTail';

const bytes = (s: string) => new TextEncoder().encode(s);
const decode = (b: Uint8Array) => new TextDecoder().decode(b);

/** The line without the member sourcesTail found, as text (null: none found). */
function cut(line: string): string | null {
  const b = bytes(line);
  const at = sourcesTail(b, 0, b.length);
  return at === null ? null : decode(b.subarray(0, at.cut)) + at.tail;
}

/** The parsed line without its top-level sourceEventSeqs (what the cut line must parse to). */
function withoutSources(line: string): unknown {
  const v = JSON.parse(line) as Record<string, unknown>;
  delete v.sourceEventSeqs;
  return v;
}

describe('sourcesTail', () => {
  it('cuts the top-level member the harness writes last, before an append or the end', () => {
    const a = '{"type":"assistant/message","seq":9,"data":{"message":{"role":"assistant","content":[]}}';
    expect(cut(`${a},"sourceEventSeqs":[5,6,7,8],"surfaceOp":"append"}`)).toBe(`${a},"surfaceOp":"append"}`);
    expect(cut(`${a},"sourceEventSeqs":[5,6,7,8]}`)).toBe(`${a}}`);
    expect(cut(`${a},"sourceEventSeqs":[]}`)).toBe(`${a}}`);
  });

  it('finds nothing in any other shape (the line is then parsed whole)', () => {
    const a = '{"type":"assistant/message","seq":9,"data":{"x":1}';
    for (const line of [
      `${a},"sourceEventSeqs":[5, 6]}`, // a space
      `${a},"sourceEventSeqs":[5,-6]}`, // not digits
      `${a},"sourceEventSeqs":[5.5]}`,
      `${a},"sourceEventSeqs":["5"]}`,
      `${a},"sourceEventSeqs":[5],"surfaceOp":{"op":"replace","start":1,"end":2}}`,
      `${a},"sourceEventSeqs":[5]} `, // not the line's end
      `${a},"sourceEventSeqs":[5]}\r`,
      '{"sourceEventSeqs":[5]}', // the first member: no comma before it
      '{"type":"x","data":{"a":1,"sourceEventSeqs":[5]}}', // nested: its object closes first
      '{"type":"session_event","event":{"type":"x","data":{},"sourceEventSeqs":[5]}}',
      '{"type":"x","data":{"t":"\\",\\"sourceEventSeqs\\":[5]"}}', // inside a string
      '{"type":"x","data":{},"xsourceEventSeqs":[5]}',
      '{"type":"x","data":{},"a":[1,"sourceEventSeqs":[5]]}',
      '',
      '}',
      ',"sourceEventSeqs":[5]}',
    ])
      expect(cut(line), line).toBeNull();
  });

  it('on any JSON object line: a cut parses to the same value without the top-level sourceEventSeqs', () => {
    const key = fc.constantFrom(
      'sourceEventSeqs',
      'surfaceOp',
      'data',
      'type',
      'a',
      '"',
      ',"sourceEventSeqs":[',
    );
    const leaf = fc.oneof(
      fc.constantFrom('append', ',"sourceEventSeqs":[1]}', '],"surfaceOp":"append"}', ']}'),
      fc.array(fc.nat(1000), { maxLength: 6 }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const value = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.array(tie('v'), { maxLength: 3 }),
        fc.dictionary(key, tie('v'), { maxKeys: 3 }),
      ),
    })).v;
    const line = fc
      .tuple(
        fc.dictionary(key, value, { maxKeys: 4 }),
        fc.option(fc.array(fc.nat(100000), { maxLength: 8 })),
        fc.constantFrom(undefined, 'append', 'other'),
      )
      .map(([obj, sources, op]) => {
        const o: Record<string, unknown> = { type: 'assistant/message', ...obj };
        delete o.sourceEventSeqs;
        delete o.surfaceOp;
        if (sources !== null) o.sourceEventSeqs = sources;
        if (op !== undefined) o.surfaceOp = op;
        return JSON.stringify(o);
      });
    let found = 0;
    fc.assert(
      fc.property(line, (l) => {
        const c = cut(l);
        if (c === null) return;
        found++;
        expect(JSON.parse(c)).toEqual(withoutSources(l));
      }),
      { numRuns: 2000 },
    );
    // The property is not vacuous: most lines with the member at their end are cut.
    expect(found).toBeGreaterThan(500);
  });
});
