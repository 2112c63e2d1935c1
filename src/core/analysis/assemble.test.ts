import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { StreamChunk } from '../types';
import { StreamAssembler, assembleChunks, codePointLength, truncateCodePoints } from './assemble';
import { eventsFromJsonl } from './testing';

const SAMPLES = new URL('../../../../shared/samples/', import.meta.url);
const sample = (name: string) => eventsFromJsonl(readFileSync(new URL(name, SAMPLES), 'utf8'));

function run(chunks: StreamChunk[], truncateLastDeltaTo?: number) {
  return assembleChunks(
    chunks.map((chunk, seq) => ({ chunk, seq: seq + 10 })),
    { truncateLastDeltaTo },
  );
}

describe('StreamAssembler', () => {
  it('block-start creates an empty, open block of its type', () => {
    const s = run([
      { type: 'block-start', index: 0, blockType: 'reasoning' },
      { type: 'block-start', index: 1, blockType: 'text' },
      { type: 'block-start', index: 2, blockType: 'tool-call' },
      { type: 'block-start', index: 3, blockType: 'image' },
    ]);
    expect(s.blocks).toEqual([
      { type: 'reasoning', text: '' },
      { type: 'text', text: '' },
      { type: 'tool-call', id: '', name: '', arguments: '' },
      { type: 'image' },
    ]);
    expect(s.open).toEqual([true, true, true, true]);
    expect(s).toMatchObject({ chunkCount: 4, lastChunkSeq: 13, failed: false });
    expect(s.finish).toBeUndefined();
    expect(s.lastDelta).toBeUndefined();
  });

  it('text and reasoning deltas append; a delta without block-start creates its block', () => {
    const s = run([
      { type: 'block-start', index: 0, blockType: 'reasoning' },
      { type: 'reasoning-delta', index: 0, text: 'Let me ' },
      { type: 'text-delta', index: 1, text: 'Hel' },
      { type: 'reasoning-delta', index: 0, text: 'think.' },
      { type: 'text-delta', index: 1, text: 'lo' },
    ]);
    expect(s.blocks).toEqual([
      { type: 'reasoning', text: 'Let me think.' },
      { type: 'text', text: 'Hello' },
    ]);
    expect(s.open).toEqual([true, true]);
    expect(s.lastDelta).toEqual({ block: 1, length: 2, shown: 2 });
  });

  it('tool-call deltas set id and name and append arguments', () => {
    const s = run([
      { type: 'block-start', index: 0, blockType: 'tool-call' },
      { type: 'tool-call-delta', index: 0, id: 'c1', name: 'read', argumentsDelta: '{"pa' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: 'th":"a.txt"}' },
    ]);
    expect(s.blocks).toEqual([{ type: 'tool-call', id: 'c1', name: 'read', arguments: '{"path":"a.txt"}' }]);
  });

  it('block-end replaces the block with the carried one and closes it', () => {
    const s = run([
      { type: 'block-start', index: 0, blockType: 'text' },
      { type: 'text-delta', index: 0, text: 'Hi the' },
      { type: 'block-end', index: 0, block: { type: 'text', text: 'Hi there' } },
      { type: 'block-end', index: 5, block: { type: 'tool-call', id: 'x', name: 'ls', arguments: '{}' } },
    ]);
    expect(s.blocks).toEqual([
      { type: 'text', text: 'Hi there' },
      { type: 'tool-call', id: 'x', name: 'ls', arguments: '{}' },
    ]);
    expect(s.open).toEqual([false, false]);
    expect(s.lastDelta).toBeUndefined();
  });

  it('records usage and finish; error and aborted finishes mark the attempt failed', () => {
    const usage = { inputTokens: 3, outputTokens: 4, reasoningTokens: 1 };
    for (const [reason, failed] of [
      [{ kind: 'stop' }, false],
      [{ kind: 'tool-calls' }, false],
      [{ kind: 'max-tokens' }, false],
      [{ kind: 'error', failure: { message: 'boom', code: 'E' } }, true],
      [{ kind: 'aborted', failure: { message: 'user', code: 'ABORT' } }, true],
    ] as const) {
      const s = run([
        { type: 'text-delta', index: 0, text: 'x' },
        { type: 'usage', usage },
        { type: 'finish', reason },
      ]);
      expect(s.usage).toEqual(usage);
      expect(s.finish).toEqual(reason);
      expect(s.failed).toBe(failed);
      expect(s.chunkCount).toBe(3);
    }
  });

  it('keeps interleaved parallel tool calls apart by index, in order of first appearance', () => {
    const s = run([
      { type: 'block-start', index: 2, blockType: 'tool-call' },
      { type: 'block-start', index: 1, blockType: 'tool-call' },
      { type: 'tool-call-delta', index: 1, id: 'b', name: 'grep', argumentsDelta: '{"q":' },
      { type: 'tool-call-delta', index: 2, id: 'a', name: 'ls', argumentsDelta: '{"dir":' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '"x"}' },
      { type: 'tool-call-delta', index: 2, argumentsDelta: '"."}' },
      {
        type: 'block-end',
        index: 1,
        block: { type: 'tool-call', id: 'b', name: 'grep', arguments: '{"q":"x"}' },
      },
    ]);
    expect(s.blocks).toEqual([
      { type: 'tool-call', id: 'a', name: 'ls', arguments: '{"dir":"."}' },
      { type: 'tool-call', id: 'b', name: 'grep', arguments: '{"q":"x"}' },
    ]);
    expect(s.open).toEqual([true, false]);
  });

  it('assembles the design-card dialect once normalized (indexes assigned, arguments -> argumentsDelta)', () => {
    const events = sample('design-card-example.jsonl');
    const chunks = events.flatMap((e) =>
      e.type === 'assistant/chunk' ? [{ chunk: (e.data as { chunk: StreamChunk }).chunk, seq: e.seq }] : [],
    );
    expect(chunks.map((c) => c.seq)).toEqual([3, 4]);
    expect(assembleChunks(chunks).blocks).toEqual([
      { type: 'text', text: "I'll " },
      { type: 'tool-call', id: '', name: 'bash', arguments: '{"command":"grep runoob README.md"}' },
    ]);
  });

  it('a delta whose kind contradicts its block-start wins (what was streamed is shown)', () => {
    const s = run([
      { type: 'block-start', index: 0, blockType: 'tool-call' },
      { type: 'text-delta', index: 0, text: 'oops' },
    ]);
    expect(s.blocks).toEqual([{ type: 'text', text: 'oops' }]);
  });

  it('counts malformed chunks without changing the blocks', () => {
    const s = run([{ type: 'text-delta', text: 'no index' }, { type: 'mystery' }, { type: 'usage' }]);
    expect(s.blocks).toEqual([]);
    expect(s.chunkCount).toBe(3);
    expect(s.usage).toBeUndefined();
  });

  it('snapshots and clones are independent of later pushes', () => {
    const a = new StreamAssembler();
    a.push({ type: 'text-delta', index: 0, text: 'ab' }, 0);
    const before = a.snapshot();
    const copy = a.clone();
    a.push({ type: 'text-delta', index: 0, text: 'cd' }, 1);
    a.push({ type: 'block-end', index: 0, block: { type: 'text', text: 'abcd' } }, 2);
    copy.push({ type: 'text-delta', index: 0, text: 'XY' }, 1);
    expect(before.blocks).toEqual([{ type: 'text', text: 'ab' }]);
    expect(before.open).toEqual([true]);
    expect(a.snapshot().blocks).toEqual([{ type: 'text', text: 'abcd' }]);
    expect(copy.snapshot().blocks).toEqual([{ type: 'text', text: 'abXY' }]);
    expect(copy.chunkCount).toBe(2);
  });
});

describe('chunk offset (truncateLastDeltaTo)', () => {
  const base: StreamChunk[] = [
    { type: 'block-start', index: 0, blockType: 'text' },
    { type: 'text-delta', index: 0, text: 'Hello, ' },
  ];

  it('shows the first K characters of the last delta only', () => {
    const chunks: StreamChunk[] = [...base, { type: 'text-delta', index: 0, text: 'world!' }];
    expect(run(chunks, 3).blocks).toEqual([{ type: 'text', text: 'Hello, wor' }]);
    expect(run(chunks, 3).lastDelta).toEqual({ block: 0, length: 6, shown: 3 });
    expect(run(chunks, 0).blocks).toEqual([{ type: 'text', text: 'Hello, ' }]);
    expect(run(chunks, 99).blocks).toEqual([{ type: 'text', text: 'Hello, world!' }]);
    expect(run(chunks, 99).lastDelta).toEqual({ block: 0, length: 6, shown: 6 });
    expect(run(chunks, -4).lastDelta).toEqual({ block: 0, length: 6, shown: 0 });
  });

  it('counts Unicode code points: CJK characters and emoji are never split', () => {
    const cjk: StreamChunk[] = [...base, { type: 'text-delta', index: 0, text: '你好世界' }];
    expect(run(cjk, 2).blocks).toEqual([{ type: 'text', text: 'Hello, 你好' }]);
    const emoji: StreamChunk[] = [...base, { type: 'reasoning-delta', index: 1, text: 'a😀b🎉c' }];
    const s = run(emoji, 2);
    expect(s.blocks[1]).toEqual({ type: 'reasoning', text: 'a😀' });
    expect(s.lastDelta).toEqual({ block: 1, length: 5, shown: 2 });
    expect(run(emoji, 4).blocks[1]).toEqual({ type: 'reasoning', text: 'a😀b🎉' });
  });

  it('truncates a tool-call delta in its arguments, keeping id and name', () => {
    const chunks: StreamChunk[] = [
      { type: 'tool-call-delta', index: 0, id: 'c', name: 'ls', argumentsDelta: '{"a":' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '"long value"}' },
    ];
    expect(run(chunks, 4).blocks).toEqual([
      { type: 'tool-call', id: 'c', name: 'ls', arguments: '{"a":"lon' },
    ]);
  });

  it('is ignored when the last chunk is not a delta', () => {
    const chunks: StreamChunk[] = [...base, { type: 'usage', usage: { inputTokens: 1, outputTokens: 1 } }];
    const s = run(chunks, 1);
    expect(s.blocks).toEqual([{ type: 'text', text: 'Hello, ' }]);
    expect(s.lastDelta).toBeUndefined();
  });

  it('code point helpers', () => {
    expect(codePointLength('')).toBe(0);
    expect(codePointLength('a😀你')).toBe(3);
    expect('a😀你'.length).toBe(4);
    expect(truncateCodePoints('a😀你', 2)).toBe('a😀');
    expect(truncateCodePoints('a😀你', 0)).toBe('');
    expect(truncateCodePoints('a😀你', 7)).toBe('a😀你');
    // A lone surrogate counts as one code point and is kept whole.
    expect(codePointLength('\ud83dx')).toBe(2);
    expect(truncateCodePoints('\ud83dx', 1)).toBe('\ud83d');
  });
});
