import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Block } from '../types';
import { compareBlocks, deepEqual } from './compare';

const text = (t: string): Block => ({ type: 'text', text: t });
const reasoning = (t: string): Block => ({ type: 'reasoning', text: t });
const call = (name: string, args: string, id = 'c1'): Block => ({
  type: 'tool-call',
  id,
  name,
  arguments: args,
});

describe('compareBlocks (chunk-mismatch by meaning)', () => {
  it('agrees on equal text, reasoning and tool calls', () => {
    expect(
      compareBlocks(
        [reasoning('hm'), text('hi'), call('ls', '{"a":1}')],
        [reasoning('hm'), text('hi'), call('ls', '{"a":1}')],
      ),
    ).toBeNull();
    expect(compareBlocks([], [])).toBeNull();
  });

  it('reports a text difference with both texts and their lengths', () => {
    expect(compareBlocks([text("I'll ")], [text("I'll search")])).toBe(
      'block 1: text differs: chunks have "I\'ll " (5 chars), message has "I\'ll search" (11 chars)',
    );
    expect(compareBlocks([reasoning('a')], [reasoning('b')])).toBe(
      'block 1: reasoning differs: chunks have "a" (1 char), message has "b" (1 char)',
    );
  });

  it('shows a window around the first difference of long texts', () => {
    const a = 'x'.repeat(100) + 'ABC' + 'y'.repeat(50);
    const m = 'x'.repeat(100) + 'ABD' + 'y'.repeat(50);
    expect(compareBlocks([text(a)], [text(m)])).toBe(
      // The window starts 10 chars before the first difference (char 102, the C/D) and shows 40.
      `block 1: text differs: chunks have …"${'x'.repeat(8)}ABC${'y'.repeat(29)}"… (153 chars), ` +
        `message has …"${'x'.repeat(8)}ABD${'y'.repeat(29)}"… (153 chars), first difference at char 102`,
    );
  });

  it('compares tool-call arguments as parsed JSON, ignoring ids, spacing and key order', () => {
    expect(
      compareBlocks([call('f', '{"a":1,"b":[1,2]}', 'x')], [call('f', '{ "b": [1, 2], "a": 1 }', 'y')]),
    ).toBeNull();
    expect(compareBlocks([call('f', '{"a":1}')], [call('f', '{"a":2}')])).toBe(
      'block 1: tool-call "f" arguments differ: chunks have "{\\"a\\":1}" (7 chars), message has "{\\"a\\":2}" (7 chars)',
    );
    expect(compareBlocks([call('f', '{}')], [call('g', '{}')])).toBe(
      'block 1: tool-call name differs: chunks have "f", message has "g"',
    );
  });

  it('treats empty streamed arguments as {}', () => {
    expect(compareBlocks([call('list', '')], [call('list', '{}')])).toBeNull();
    expect(compareBlocks([call('list', '')], [call('list', '{"x":1}')])).not.toBeNull();
  });

  it('compares unparsable arguments as raw strings', () => {
    expect(compareBlocks([call('f', '{"a":')], [call('f', '{"a":')])).toBeNull();
    expect(compareBlocks([call('f', '{"a":')], [call('f', '{"a":1}')])).toBe(
      'block 1: tool-call "f" arguments differ: chunks have "{\\"a\\":" (5 chars), message has "{\\"a\\":1}" (7 chars)',
    );
  });

  it("compares a design-card tool_use block's input with the parsed arguments", () => {
    const use: Block = {
      type: 'tool_use',
      id: 'call_1',
      name: 'bash',
      input: { command: 'grep runoob README.md' },
    };
    expect(compareBlocks([call('bash', '{"command":"grep runoob README.md"}', '')], [use])).toBeNull();
    expect(compareBlocks([call('bash', '{"command":"ls"}')], [use])).toMatch(
      /^block 1: tool-call "bash" arguments differ/,
    );
  });

  it('reports a different kind of block at the same place', () => {
    expect(compareBlocks([reasoning('x')], [text('x')])).toBe(
      'block 1: chunks have a reasoning block (1 char), message has a text block (1 char)',
    );
    expect(compareBlocks([text('x')], [call('ls', '{}')])).toBe(
      'block 1: chunks have a text block (1 char), message has a tool-call "ls"',
    );
  });

  it('reports block count and order differences', () => {
    expect(compareBlocks([text('a')], [text('a'), call('ls', '{}')])).toBe(
      'chunks assembled 1 block, message has 2 blocks (block 2: only the message has a tool-call "ls")',
    );
    expect(compareBlocks([text('a'), reasoning('r')], [text('a')])).toBe(
      'chunks assembled 2 blocks, message has 1 block (block 2: only the chunks have a reasoning block (1 char))',
    );
    expect(compareBlocks([call('a', '{}'), call('b', '{}')], [call('b', '{}'), call('a', '{}')])).toBe(
      'block 1: tool-call name differs: chunks have "a", message has "b" (and 1 more block differs)',
    );
    expect(compareBlocks([text('x'), text('y')], [text('z')])).toBe(
      'block 1: text differs: chunks have "x" (1 char), message has "z" (1 char); chunks assembled 2 blocks, message has 1 block (block 2: only the chunks have a text block (1 char))',
    );
  });

  it('compares other blocks (images, unknown shapes) structurally', () => {
    const img = (id: string): Block => ({
      type: 'image',
      attachment: { attachmentId: id, mediaType: 'image/png', bytes: 1, width: 1, height: 1 },
    });
    expect(compareBlocks([img('a')], [img('a')])).toBeNull();
    expect(compareBlocks([img('a')], [img('b')])).toBe('block 1: image block differs');
    expect(compareBlocks([{ type: 'x', v: 1 }], [{ type: 'y', v: 1 }])).toBe(
      'block 1: chunks have a x block, message has a y block',
    );
  });
});

describe('deepEqual', () => {
  it('is structural over JSON values', () => {
    expect(deepEqual({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(deepEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual([], {})).toBe(false);
    expect(deepEqual('1', 1)).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
  });
});

describe('compareBlocks: tool-call arguments decided by text first', () => {
  // The rule as written before the text shortcut: parse both sides (blank is {}), compare values
  // when both parse, else compare the texts. The shortcut must give the same verdict and message.
  const parse = (raw: string): { ok: boolean; value?: unknown } => {
    if (raw.trim() === '') return { ok: true, value: {} };
    try {
      return { ok: true, value: JSON.parse(raw) as unknown };
    } catch {
      return { ok: false };
    }
  };
  const sameByParsing = (a: string, b: string) => {
    const pa = parse(a);
    const pb = parse(b);
    return pa.ok && pb.ok ? deepEqual(pa.value, pb.value) : a === b;
  };
  const argsText = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
    fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v, null, 1)),
    fc.constantFrom('', ' ', '{}', '{ }', '{"a":1,"b":2}', '{"b":2,"a":1}', '{"a":1', 'not json', '-0', '0'),
  );

  it('gives the verdict parsing both sides gives, on random argument texts', () => {
    fc.assert(
      fc.property(argsText, argsText, (a, b) => {
        const verdict = compareBlocks([call('t', a)], [call('t', b)]);
        expect(verdict === null).toBe(sameByParsing(a, b));
        expect(compareBlocks([call('t', a)], [call('t', a)])).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it('compares streamed text with a stored tool_use input by value', () => {
    const use = (input: unknown): Block => ({ type: 'tool_use', id: 'c1', name: 't', input });
    expect(compareBlocks([call('t', '{"b":2, "a":1}')], [use({ a: 1, b: 2 })])).toBeNull();
    expect(compareBlocks([call('t', '')], [use({})])).toBeNull();
    expect(compareBlocks([call('t', '{"a":2}')], [use({ a: 1 })])).toMatch(/arguments differ/);
  });
});
