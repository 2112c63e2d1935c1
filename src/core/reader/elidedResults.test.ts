import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ELIDED_FROM_BYTES, ResultEliding } from './elidedResults';
import { createLineDecoder } from './lineDecoder';

const encoder = new TextEncoder();
const decoder = createLineDecoder();
const decode = (b: Uint8Array) => decoder.decode(b);

/** The line read by `ResultEliding`, placed inside a larger block as a line is (bytes after it included). */
function readElided(bytes: Uint8Array): unknown {
  const block = new Uint8Array(bytes.length + 12);
  block.set(encoder.encode('{"a":"b"}\n'), 0);
  block.set(bytes, 10);
  block.fill(34, 10 + bytes.length); // quotes after the line: the scan must stop at its end
  return new ResultEliding().read(block, 10, 10 + bytes.length, decode);
}

/** A value with every tool-result block's text blocks' text set to null (what eliding may change). */
function withoutResultTexts(value: unknown): unknown {
  const copy = structuredClone(value) as { data?: { message?: { content?: unknown } } };
  const blocks = copy?.data?.message?.content;
  if (Array.isArray(blocks))
    for (const b of blocks as { type?: unknown; content?: unknown }[])
      if (b?.type === 'tool-result' && Array.isArray(b.content))
        for (const part of b.content as { type?: unknown; text?: unknown }[])
          if (part?.type === 'text' && typeof part.text === 'string') part.text = null;
  return copy;
}

/** The texts of tool-result blocks' text blocks, in order. */
function resultTexts(value: unknown): unknown[] {
  const blocks = (value as { data?: { message?: { content?: unknown } } })?.data?.message?.content;
  const out: unknown[] = [];
  if (Array.isArray(blocks))
    for (const b of blocks as { type?: unknown; content?: unknown }[])
      if (b?.type === 'tool-result' && Array.isArray(b.content))
        for (const part of b.content as { type?: unknown; text?: unknown }[])
          if (part?.type === 'text') out.push(part.text);
  return out;
}

/** "\u0000" and a number: a placeholder. */
const isPlaceholder = (t: unknown) =>
  typeof t === 'string' && t.charCodeAt(0) === 0 && /^(0|[1-9]\d*)$/.test(t.slice(1));

const long = (s: string) => s.repeat(Math.ceil(ELIDED_FROM_BYTES / s.length) + 1);

function harnessLine(texts: string[], { callId = 'call_1', extra = '' } = {}): string {
  const parts = texts.map((t) => `{"type":"text","text":${JSON.stringify(t)}}`).join(',');
  return (
    `{"type":"tool/result","seq":7,"time":1760000010257,"data":{"turn":1,"step":1,"message":{"source":{"kind":"tool","callId":${JSON.stringify(callId)}},` +
    `"content":[{"type":"tool-result","toolCallId":${JSON.stringify(callId)},"content":[${parts}],"isError":false}],"role":"user","id":"m1"${extra}}},"sourceEventSeqs":[6],"surfaceOp":"append"}`
  );
}

/**
 * What any answer must be: none for a line JSON.parse refuses; else JSON.parse's value but for
 * the result texts, each the original or a placeholder ("\u0000" and a number).
 */
function expectFaithful(line: Uint8Array): unknown {
  const got = readElided(line);
  let want: unknown;
  try {
    want = JSON.parse(decoder.decode(line));
  } catch {
    expect(got).toBeUndefined();
    return got;
  }
  if (got === undefined) return got;
  expect(withoutResultTexts(got)).toStrictEqual(withoutResultTexts(want));
  const wanted = resultTexts(want);
  resultTexts(got).forEach((t, i) => {
    if (t !== wanted[i]) expect(isPlaceholder(t), JSON.stringify(t)).toBe(true);
  });
  return got;
}

describe('a tool/result line read without its result texts', () => {
  it("gives the harness's line with each long result text a placeholder, the rest as JSON.parse gives it", () => {
    const text = long('line one\n\t"quoted" \\ back ü 🎉 \u001f ');
    const line = harnessLine([text, 'short', long('x')]);
    const got = readElided(encoder.encode(line));
    const want = JSON.parse(line) as unknown;
    expect(withoutResultTexts(got)).toStrictEqual(withoutResultTexts(want));
    expect(resultTexts(got)).toStrictEqual(['\u00000', 'short', '\u00001']);
  });

  it('copies a line whose kept part is larger than the copy buffer (it grows), and reads the next as well', () => {
    const eliding = new ResultEliding();
    const many = Array.from({ length: 3000 }, (_, i) => `short ${i}`);
    for (const texts of [
      [...many, long('z')],
      [long('y'), 'b'],
      [...many, long('w'), ...many],
    ]) {
      const line = harnessLine(texts);
      const got = eliding.read(encoder.encode(line), 0, encoder.encode(line).length, decode);
      expect(withoutResultTexts(got)).toStrictEqual(withoutResultTexts(JSON.parse(line)));
      expect(resultTexts(got).filter((t) => t !== undefined && !texts.includes(t as string))).toHaveLength(1);
    }
  });

  it('refuses a line with nothing long to leave unread, or a long string anywhere but a result text', () => {
    expect(readElided(encoder.encode(harnessLine(['short'])))).toBeUndefined();
    // A long call id, a long message id, an image's data: needed (or not a result's text).
    expect(readElided(encoder.encode(harnessLine([long('a')], { callId: long('c') })))).toBeUndefined();
    expect(
      readElided(encoder.encode(harnessLine([long('a')], { extra: `,"x":"${long('y')}"` }))),
    ).toBeUndefined();
    const key = harnessLine([long('a')], { extra: `,"${long('k')}":1` });
    expect(readElided(encoder.encode(key))).toBeUndefined();
    // A duplicate "type" that makes the line a header or a meta line (kept as they are): read as usual.
    for (const last of ['session', 'result', 'user/message'])
      expect(
        readElided(
          encoder.encode(harnessLine([long('a')], { extra: '' }).replace(/}$/, `,"type":"${last}"}`)),
        ),
      ).toBeUndefined();
    // Another type of line, or the same with a space: read as usual.
    expect(
      readElided(encoder.encode(harnessLine([long('a')]).replace('tool/result', 'user/message'))),
    ).toBeUndefined();
    expect(
      readElided(encoder.encode(harnessLine([long('a')]).replace('{"type"', '{ "type"'))),
    ).toBeUndefined();
  });

  it('refuses a line whose own text reads like a placeholder (JSON may spell one)', () => {
    const line = harnessLine([long('a'), 'b']).replace('"text":"b"', '"text":"\\u00000"');
    expect(JSON.parse(line)).toBeTruthy();
    expect(readElided(encoder.encode(line))).toBeUndefined();
    // Two placed (a long text, a long key), the key's missing and the text's seen twice: refused.
    const twice = harnessLine([long('a'), 'b'], { extra: `,"${long('k')}":1` }).replace(
      '"text":"b"',
      '"text":"\\u00000"',
    );
    expect(readElided(encoder.encode(twice))).toBeUndefined();
    // Texts that read as the placeholders where long call ids were placed (found by the property).
    const mimic = harnessLine(['\u00000', '\u00001'], { callId: long('c') });
    expect(readElided(encoder.encode(mimic))).toBeUndefined();
    // A text that is a placeholder beyond those placed: refused too.
    expect(readElided(encoder.encode(harnessLine([long('a'), '\u00009'])))).toBeUndefined();
  });

  it('refuses what JSON.parse refuses: a bad escape, a raw control character, a cut line', () => {
    const base = harnessLine([long('a')]);
    const at = base.indexOf('aaaa');
    for (const bad of ['\\x', '\\u12g4', '\\u12 ', '\u0001', '\n', '\\']) {
      const line = base.slice(0, at) + bad + base.slice(at);
      expect(() => JSON.parse(line) as unknown, bad).toThrow();
      expect(readElided(encoder.encode(line)), JSON.stringify(bad)).toBeUndefined();
    }
    expect(readElided(encoder.encode(base.slice(0, -1)))).toBeUndefined();
    expect(readElided(encoder.encode(base.slice(0, at + 300)))).toBeUndefined();
  });

  it('reads a result text of invalid UTF-8 as a string, as the decoder would (U+FFFD)', () => {
    const line = encoder.encode(harnessLine([long('ab')]));
    const at = encoder.encode(harnessLine([long('ab')])).indexOf(98); // a 'b' of the long text
    const bytes = new Uint8Array([...line.subarray(0, at), 0xff, 0xe2, 0x82, ...line.subarray(at)]);
    expect(resultTexts(expectFaithful(bytes))).toStrictEqual(['\u00000']);
  });

  it('on random lines: refuses what JSON.parse refuses, and otherwise changes nothing but result texts', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.constantFrom(
        '\\n',
        '"',
        '\\',
        '\u0000',
        '\\u0000',
        '\\u00001',
        '\u00000',
        '\u00001',
        'aaaa'.repeat(80),
      ),
    );
    const text = fc.array(piece, { maxLength: 12 }).map((ps) => ps.join(''));
    const mutation = fc.option(
      fc.tuple(fc.nat(), fc.constantFrom('"', '\\', '\u0002', '\\u', '}', ',', ' ', '\\"', '"x":')),
    );
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        mutation,
        (texts, longId, mut) => {
          let line = harnessLine(texts, longId ? { callId: long('c') } : {});
          if (mut) {
            const [at, s] = mut;
            const i = at % (line.length + 1);
            line = line.slice(0, i) + s + line.slice(i);
          }
          if (expectFaithful(encoder.encode(line)) !== undefined) accepted++;
        },
      ),
      { numRuns: 3000 },
    );
    // The property says something about accepted lines only if there are some.
    expect(accepted).toBeGreaterThan(100);
  });
});
