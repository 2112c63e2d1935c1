import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiagnosticList } from '../diagnostics';
import { naiveSurface } from '../testing/naiveFold';
import type { SessionEvent } from '../types';
import { uint8s } from './growable';
import { SurfaceIndex } from './surface';

/** `lineBytes`: each event's line length as the index sees it (which tool/results keep their shape). */
function build(events: SessionEvent[], lineBytes: (seq: number) => number = () => 100) {
  const diags = new DiagnosticList();
  const derives = uint8s();
  const reads: number[] = [];
  const surface = new SurfaceIndex(
    diags,
    (s) => {
      reads.push(s);
      return events[s];
    },
    (s) => derives.get(s),
    lineBytes,
  );
  for (const ev of events) {
    const empty =
      ev.type === 'assistant/message' &&
      (ev.data as { message: { content: unknown[] } }).message.content.length === 0;
    derives.push(
      ev.type === 'user/message' || ev.type === 'tool/result' || (ev.type === 'assistant/message' && !empty)
        ? 1
        : 0,
    );
    surface.event(ev);
  }
  return { surface, diags, reads };
}

const user = (seq: number, text: string, extra: Partial<SessionEvent> = {}): SessionEvent => ({
  seq,
  type: 'user/message',
  data: { role: 'user', content: [{ type: 'text', text }] },
  surfaceOp: 'append',
  ...extra,
});
const assistant = (seq: number, empty = false): SessionEvent => ({
  seq,
  type: 'assistant/message',
  data: {
    turn: 1,
    step: 1,
    message: { role: 'assistant', content: empty ? [] : [{ type: 'text', text: `a${seq}` }] },
  },
  surfaceOp: 'append',
});
const toolResult = (
  seq: number,
  callId: string,
  text: string,
  extra: Partial<SessionEvent> = {},
): SessionEvent =>
  ({
    seq,
    type: 'tool/result',
    data: {
      turn: 1,
      step: 1,
      message: {
        role: 'user',
        content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text }] }],
        source: { kind: 'tool', callId },
      },
    },
    surfaceOp: 'append',
    ...extra,
  }) as SessionEvent;
const other = (seq: number): SessionEvent => ({ seq, type: 'step/start', data: { turn: 1, step: 1 } });

describe('SurfaceIndex', () => {
  it('keeps its rope short when every step prunes the last tool result (audit R7-14: quadratic)', () => {
    const steps = 3000;
    const ev: SessionEvent[] = [user(0, 'go')];
    let last = -1;
    for (let k = 0; k < steps; k++) {
      ev.push(assistant(ev.length));
      const result = ev.length;
      ev.push(toolResult(result, `c${k}`, `out ${k}`));
      if (last >= 0) {
        const prune: Partial<SessionEvent> = {
          surfaceOp: { op: 'replace', start: last, end: last },
          sourceEventSeqs: [last],
        };
        ev.push(toolResult(ev.length, `c${k - 1}`, '[pruned]', prune));
      }
      last = result;
    }
    const { surface, diags } = build(ev);
    expect(diags.items).toEqual([]);
    expect(surface.replaceCount).toBe(steps - 1);
    // ~6,000 nodes: 12 chunks of 512 per epoch at most (one small chunk added per replace held 4.5M).
    expect(surface.ropeChunks).toBeLessThanOrEqual(steps * (6001 / 512 + 2));
    const end = surface.window(ev.length - 1);
    expect(end.count).toBe(1 + 2 * steps);
    expect(end.seqs.slice(-4)).toEqual([ev.length - 6, ev.length - 1, ev.length - 3, ev.length - 2]);
  });

  it('answers every seq of a log with nested replaces like the naive fold', () => {
    const ev: SessionEvent[] = [
      user(0, 'hi'),
      assistant(1),
      other(2),
      toolResult(3, 'c1', 'long output'),
      assistant(4, true),
      user(5, 'more'),
      toolResult(6, 'c1', 'pruned', { surfaceOp: { op: 'replace', start: 3, end: 3 }, sourceEventSeqs: [3] }),
      user(7, 'summary', { surfaceOp: { op: 'replace', start: 1, end: 5 }, sourceEventSeqs: [1, 6, 4, 5] }),
      assistant(8),
      user(9, 'summary 2', { surfaceOp: { op: 'replace', start: 0, end: 7 }, sourceEventSeqs: [0, 7] }),
      assistant(10),
    ];
    const { surface, diags } = build(ev);
    expect(diags.items).toEqual([]);
    for (let s = 0; s < ev.length; s++) expect(surface.nodesAt(s), `at ${s}`).toEqual(naiveSurface(ev, s));
    expect(surface.nodesAt(6)).toEqual([0, 1, 6, 4, 5]);
    // The empty assistant message (4) is a node but not a message.
    expect(surface.window(6)).toEqual({ epoch: 6, count: 4, nodeCount: 5, from: 0, seqs: [0, 1, 6, 5] });
    expect(surface.nodesAt(10)).toEqual([9, 8, 10]);
    expect(surface.window(10, 1, 2).seqs).toEqual([8]);
    expect(surface.replacesUpTo(9).map((r) => r.hidden)).toEqual([[3], [1, 6, 4, 5], [0, 7]]);
  });

  it('reports each broken surface rule and leaves the surface as it was', () => {
    const ev: SessionEvent[] = [
      user(0, 'a'),
      toolResult(1, 'c1', 'out'),
      user(2, 'x', { surfaceOp: { op: 'replace', start: 0, end: 42 }, sourceEventSeqs: [0] }),
      user(3, 'x', { surfaceOp: { op: 'replace', start: 1, end: 0 }, sourceEventSeqs: [0, 1] }),
      user(4, 'x', { surfaceOp: { op: 'replace', start: 0, end: 1 }, sourceEventSeqs: [0] }),
      toolResult(5, 'c2', 'other call', {
        surfaceOp: { op: 'replace', start: 1, end: 1 },
        sourceEventSeqs: [1],
      }),
      user(6, 'x', { sourceEventSeqs: [6] }),
      { ...other(7), surfaceOp: 'append' },
      user(8, 'x', { surfaceOp: { op: 'swap' } as never }),
    ];
    const { surface, diags } = build(ev);
    expect(diags.items.map((d) => [d.code, d.seq])).toEqual([
      ['replace-range-missing', 2],
      ['replace-range-reversed', 3],
      ['replace-provenance-missing', 4],
      ['tool-result-rewrite-invalid', 5],
      ['source-seq-invalid', 6],
      ['surface-op-on-non-surface', 7],
      ['surface-op-invalid', 8],
    ]);
    // Invalid replaces are not applied; the append with bad sources still is.
    expect(surface.nodesAt(8)).toEqual([0, 1, 6]);
  });

  it('a prune of a large tool/result compares the shape kept as it joined: its line is not read again', () => {
    const big = 'x'.repeat(20000);
    const ev: SessionEvent[] = [
      user(0, 'a'),
      toolResult(1, 'c1', big),
      toolResult(2, 'c2', 'small'),
      toolResult(3, 'c1', '[pruned]', {
        surfaceOp: { op: 'replace', start: 1, end: 1 },
        sourceEventSeqs: [1],
      }),
      toolResult(4, 'c9', '[pruned]', {
        surfaceOp: { op: 'replace', start: 2, end: 2 },
        sourceEventSeqs: [2],
      }),
      toolResult(5, 'c1', '[pruned]', {
        surfaceOp: { op: 'replace', start: 3, end: 3 },
        sourceEventSeqs: [3],
      }),
    ];
    const lineBytes = (s: number) => JSON.stringify(ev[s]).length;
    const { surface, diags, reads } = build(ev, lineBytes);
    // The small result (2) is read again for its prune; the large one (1) is not.
    expect(reads).toEqual([2, 3]);
    expect(diags.items.map((d) => [d.code, d.seq])).toEqual([['tool-result-rewrite-invalid', 4]]);
    expect(surface.nodesAt(5)).toEqual([0, 5, 2]);
    // A hidden result's shape is dropped (it never comes back): only none is left.
    expect(surface.keptShapes).toBe(0);
    const invalid = build(
      [
        ...ev.slice(0, 3),
        toolResult(3, 'c7', '[pruned]', {
          surfaceOp: { op: 'replace', start: 1, end: 1 },
          sourceEventSeqs: [1],
        }),
      ],
      lineBytes,
    );
    expect(invalid.reads).toEqual([]);
    expect(invalid.diags.items.map((d) => [d.code, d.seq])).toEqual([['tool-result-rewrite-invalid', 3]]);
    expect(invalid.surface.keptShapes).toBe(1);
  });

  it('matches the naive fold on random logs of appends and replaces', () => {
    const step = fc.record({
      kind: fc.constantFrom('user', 'assistant', 'empty', 'tool', 'other', 'replace', 'prune', 'bad'),
      a: fc.nat(),
      b: fc.nat(),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 120 }), (steps) => {
        const ev: SessionEvent[] = [];
        let surface: number[] = [];
        for (const st of steps) {
          const seq = ev.length;
          let e: SessionEvent;
          if (st.kind === 'user') e = user(seq, `u${seq}`);
          else if (st.kind === 'assistant') e = assistant(seq);
          else if (st.kind === 'empty') e = assistant(seq, true);
          else if (st.kind === 'tool') e = toolResult(seq, `c${seq}`, 'out');
          else if (st.kind === 'other' || surface.length === 0) e = other(seq);
          else if (st.kind === 'prune') {
            const tr = surface.filter((n) => ev[n]?.type === 'tool/result' && ev[n]?.surfaceOp === 'append');
            const target = tr[st.a % Math.max(1, tr.length)];
            if (target === undefined) e = other(seq);
            else {
              const callId = (ev[target]?.data as { message: { source: { callId: string } } }).message.source
                .callId;
              e = toolResult(seq, callId, 'pruned', {
                surfaceOp: { op: 'replace', start: target, end: target },
                sourceEventSeqs: [target],
              });
            }
          } else {
            const i = st.a % surface.length;
            const j = st.kind === 'bad' ? st.b % surface.length : i + (st.b % (surface.length - i));
            const hidden = surface.slice(Math.min(i, j), Math.max(i, j) + 1);
            e = user(seq, 'summary', {
              surfaceOp: { op: 'replace', start: surface[i] as number, end: surface[j] as number },
              sourceEventSeqs: st.kind === 'bad' && st.b % 3 === 0 ? hidden.slice(1) : hidden,
            });
          }
          ev.push(e);
          surface = naiveSurface(ev, seq);
        }
        const { surface: index, diags } = build(ev);
        // Every tool/result keeping its shape (large lines) changes nothing but the re-reads.
        const kept = build(ev, () => 1 << 20);
        expect(kept.diags.items).toEqual(diags.items);
        expect(kept.reads).toEqual([]);
        for (let s = 0; s < ev.length; s++) {
          expect(kept.surface.nodesAt(s)).toEqual(index.nodesAt(s));
          const expected = naiveSurface(ev, s);
          expect(index.nodesAt(s)).toEqual(expected);
          const msgs = expected.filter(
            (n) =>
              !(
                ev[n]?.type === 'assistant/message' &&
                (ev[n]?.data as { message: { content: unknown[] } }).message.content.length === 0
              ),
          );
          const w = index.window(s);
          expect(w.count).toBe(msgs.length);
          expect(w.seqs).toEqual(msgs);
          // Every event's place among the messages (null: hidden, not yet appended, or no message).
          const place = new Map(msgs.map((n, i) => [n, i]));
          for (let n = 0; n < ev.length; n++) expect(index.messageIndexOf(s, n)).toBe(place.get(n) ?? null);
          const from = msgs.length > 0 ? s % msgs.length : 0;
          expect(index.window(s, from, from + 3).seqs).toEqual(msgs.slice(from, from + 3));
          // sharedFrom never claims more than the lists at an earlier seq and at s share (run comparison folds on from it).
          for (const since of [s - 1, s - 7, 0]) {
            if (since < 0) continue;
            const earlier = index.window(since).seqs;
            const shared = Math.min(earlier.length, index.window(s, 0, Infinity, since).sharedFrom ?? -1);
            expect(shared).toBeGreaterThanOrEqual(0);
            expect(msgs.slice(0, shared)).toEqual(earlier.slice(0, shared));
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
