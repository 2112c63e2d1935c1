/**
 * Third audit: hostile streams through the whole loading pass (JSONL text -> SessionLog), so the
 * checkpoints the pass records (every CHECKPOINT_EVERY chunks) are used. At every seq the assembled stream must
 * equal the slow path's (a StreamIndex over the same events with no recorded checkpoints), and
 * nothing may throw.
 */
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import { StreamIndex } from './streamIndex';

type Line = Record<string, unknown>;

/** JSONL from events; `seq` as given (duplicates and disorder are the attack). */
const jsonl = (lines: Line[]) => lines.map((l) => JSON.stringify(l)).join('\n') + '\n';

function chunk(seq: number, step: number, c: Line, time = 1755000000000 + seq): Line {
  return { type: 'assistant/chunk', seq, time, data: { turn: 1, step, chunk: c } };
}

function compareEverySeq(text: string): { events: number; diagnostics: string[] } {
  const log = loadLogFromText(text);
  const slow = new StreamIndex(
    (s) => log.event(s),
    () => log.structure,
  );
  const seqs = Array.from({ length: log.eventCount }, (_, i) => i);
  // Deep first (the checkpoint path), then forward, then backward.
  for (const s of [...seqs]
    .reverse()
    .slice(0, 5)
    .concat(seqs, [...seqs].reverse())) {
    const fast = log.streamAt(s);
    expect(fast, `seq ${s}`).toEqual(slow.streamAt(s));
  }
  return { events: log.eventCount, diagnostics: log.diagnosticList.map((d) => d.code) };
}

function header(): Line[] {
  return [
    { type: 'turn/start', seq: 0, time: 1755000000000, data: { turn: 1 } },
    { type: 'step/start', seq: 1, time: 1755000000001, data: { turn: 1, step: 1 } },
  ];
}

describe('hostile streams: recorded checkpoints equal the slow path', { timeout: 90_000 }, () => {
  it('lone surrogates split across 4,000 deltas (an emoji cut in halves, halves without partners)', () => {
    const lines = header();
    let seq = 2;
    lines.push(chunk(seq++, 1, { type: 'block-start', index: 0, blockType: 'text' }));
    for (let i = 0; i < 4000; i++) {
      const piece = i % 3 === 0 ? '\ud83d' : i % 3 === 1 ? '\ude00' : i % 7 === 0 ? '\udfff' : 'a\ud800';
      lines.push(chunk(seq++, 1, { type: 'text-delta', index: 0, text: piece }));
    }
    lines.push(chunk(seq++, 1, { type: 'block-end', index: 0 }));
    lines.push(chunk(seq++, 1, { type: 'finish', reason: { kind: 'stop' } }));
    lines.push({ type: 'step/end', seq: seq++, time: 1755000009999, data: { turn: 1, step: 1 } });
    const r = compareEverySeq(jsonl(lines));
    expect(r.events).toBe(seq);
  });

  it('a stream reopened: block-start twice for one index, deltas to unopened indexes, a tool call renamed', () => {
    const lines = header();
    let seq = 2;
    for (let round = 0; round < 3; round++) {
      lines.push(
        chunk(seq++, 1, { type: 'block-start', index: 0, blockType: round === 1 ? 'reasoning' : 'text' }),
      );
      for (let i = 0; i < 1200; i++) {
        lines.push(
          chunk(seq++, 1, { type: 'text-delta', index: i % 2 === 0 ? 0 : 5, text: `${round}.${i} ` }),
        );
        if (i % 50 === 0)
          lines.push(
            chunk(seq++, 1, {
              type: 'tool-call-delta',
              index: 2,
              id: `c${i % 3}`,
              name: `n${i}`,
              argumentsDelta: '{"a":',
            }),
          );
      }
      lines.push(chunk(seq++, 1, { type: 'block-end', index: 0, block: { type: 'text', text: 'other' } }));
    }
    lines.push(chunk(seq++, 1, { type: 'finish', reason: { kind: 'stop' } }));
    lines.push({ type: 'step/end', seq: seq++, time: 1755000009999, data: { turn: 1, step: 1 } });
    const r = compareEverySeq(jsonl(lines));
    expect(r.events).toBe(seq);
  });

  it('duplicate and out-of-order seqs, a chunk of another step, a finish mid-stream then more chunks', () => {
    const lines = header();
    let seq = 2;
    lines.push(chunk(seq++, 1, { type: 'block-start', index: 0, blockType: 'text' }));
    for (let i = 0; i < 2800; i++) {
      const s = i % 97 === 0 ? seq - 1 : i % 89 === 0 ? seq + 3 : seq; // duplicates and jumps
      lines.push(chunk(s, i % 113 === 0 ? 2 : 1, { type: 'text-delta', index: 0, text: `${i},` }));
      seq++;
      if (i === 1600)
        lines.push(chunk(seq++, 1, { type: 'finish', reason: { kind: 'error', failure: { message: 'x' } } }));
    }
    lines.push(chunk(seq++, 1, { type: 'finish', reason: { kind: 'stop' } }));
    lines.push({ type: 'step/end', seq: seq, time: 1755000009999, data: { turn: 1, step: 1 } });
    const r = compareEverySeq(jsonl(lines));
    expect(r.events).toBeGreaterThan(2800);
    expect(r.diagnostics.length).toBeGreaterThan(0);
  });

  it('a final message that does not match the 2,400 chunks streamed before it: the stream is what was streamed', () => {
    const lines = header();
    let seq = 2;
    lines.push(chunk(seq++, 1, { type: 'block-start', index: 0, blockType: 'text' }));
    for (let i = 0; i < 2400; i++) lines.push(chunk(seq++, 1, { type: 'text-delta', index: 0, text: 'x' }));
    lines.push(chunk(seq++, 1, { type: 'block-end', index: 0 }));
    lines.push(chunk(seq++, 1, { type: 'finish', reason: { kind: 'stop' } }));
    lines.push({
      type: 'assistant/message',
      seq: seq++,
      time: 1755000009000,
      surfaceOp: 'append',
      data: {
        turn: 1,
        step: 1,
        message: { role: 'assistant', content: [{ type: 'text', text: 'y'.repeat(10) }] },
      },
    });
    const messageSeq = seq - 1;
    lines.push({ type: 'step/end', seq: seq, time: 1755000009999, data: { turn: 1, step: 1 } });
    const r = compareEverySeq(jsonl(lines));
    expect(r.diagnostics).toContain('chunk-mismatch');
    const log = loadLogFromText(jsonl(lines));
    const before = log.streamAt(messageSeq - 1);
    expect((before?.blocks[0] as { text: string }).text).toBe('x'.repeat(2400));
  });
});
