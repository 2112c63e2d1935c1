/**
 * The projector against its oracle, end to end: random logs of appends and
 * replaces (valid and invalid) are written as JSONL, loaded through the real
 * reader in random chunk sizes, and messagesAt(s) must equal the naive fold
 * of the prefix 0..s at every s.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naiveMessages } from '../testing/naiveFold';
import type { SessionEvent } from '../types';
import { loadLogFromText } from './load';

type Op = {
  kind: 'user' | 'assistant' | 'empty' | 'tool' | 'other' | 'replace' | 'prune' | 'bad';
  a: number;
  b: number;
};

function buildLog(ops: Op[]): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  const surface: number[] = [];
  const isTool = new Set<number>();
  const msg = (
    seq: number,
    type: string,
    data: unknown,
    extra: Record<string, unknown> = { surfaceOp: 'append' },
  ) => ({ type, seq, time: 1000 + seq, data, ...extra });
  for (const op of ops) {
    const seq = lines.length;
    const toolResult = (callId: string, text: string) => ({
      turn: 1,
      step: 1,
      message: {
        role: 'user',
        content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text }] }],
        source: { kind: 'tool', callId },
      },
    });
    if (op.kind === 'user')
      lines.push(
        msg(seq, 'user/message', { role: 'user', content: [{ type: 'text', text: `u${seq} 表 🙂` }] }),
      );
    else if (op.kind === 'assistant' || op.kind === 'empty')
      lines.push(
        msg(
          seq,
          'assistant/message',
          {
            turn: 1,
            step: 1,
            message: {
              role: 'assistant',
              content: op.kind === 'empty' ? [] : [{ type: 'text', text: `a${seq}` }],
            },
          },
          { surfaceOp: 'append', sourceEventSeqs: [] },
        ),
      );
    else if (op.kind === 'tool') {
      lines.push(msg(seq, 'tool/result', toolResult(`c${seq}`, 'out')));
      isTool.add(seq);
    } else if (op.kind === 'other' || surface.length === 0)
      lines.push(msg(seq, 'todo/write', { todos: [] }, {}));
    else if (op.kind === 'prune') {
      const tools = surface.filter((n) => isTool.has(n));
      const t = tools[op.a % Math.max(1, tools.length)];
      if (t === undefined) lines.push(msg(seq, 'todo/write', { todos: [] }, {}));
      else
        lines.push(
          msg(seq, 'tool/result', toolResult(`c${t}`, op.b % 4 === 0 ? 'pruned' : 'out'), {
            surfaceOp: { op: 'replace', start: t, end: t },
            sourceEventSeqs: [t],
          }),
        );
    } else {
      const i = op.a % surface.length;
      const j = op.kind === 'bad' ? op.b % surface.length : i + (op.b % (surface.length - i));
      const hidden = surface.slice(Math.min(i, j), Math.max(i, j) + 1);
      const sources = op.kind === 'bad' && op.b % 3 === 0 ? hidden.slice(1) : hidden;
      lines.push(
        msg(
          seq,
          'user/message',
          { role: 'user', content: [{ type: 'text', text: 'summary' }] },
          {
            surfaceOp: { op: 'replace', start: surface[i], end: surface[j] },
            sourceEventSeqs: sources.length ? sources : [0],
          },
        ),
      );
    }
    // Track the surface with the oracle itself so later ops target real nodes.
    const evs = lines.map((l) => ({ ...l }) as unknown as SessionEvent);
    surface.splice(0, surface.length, ...naiveMessages(evs, seq).map((m) => m.seq));
  }
  return lines;
}

describe('messagesAt against the naive fold (property)', () => {
  it('agrees at every seq of random logs, whatever the chunking', () => {
    const op = fc.record({
      kind: fc.constantFrom('user', 'assistant', 'empty', 'tool', 'other', 'replace', 'prune', 'bad'),
      a: fc.nat(),
      b: fc.nat(),
    }) as fc.Arbitrary<Op>;
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), fc.integer({ min: 1, max: 97 }), (ops, chunkSize) => {
        const lines = buildLog(ops);
        const log = loadLogFromText(lines.map((l) => JSON.stringify(l)).join('\n') + '\n', { chunkSize });
        expect(log.eventCount).toBe(lines.length);
        const events = Array.from({ length: log.eventCount }, (_, s) => log.event(s));
        for (let s = 0; s < log.eventCount; s++) {
          const expected = naiveMessages(events, s);
          const got = log.messagesAt(s);
          expect(got.messages.map((m) => m.seq)).toEqual(expected.map((m) => m.seq));
          expect(got.messages.map((m) => m.message.content)).toEqual(expected.map((m) => m.message.content));
        }
      }),
      { numRuns: 150 },
    );
  });
});
