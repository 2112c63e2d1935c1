import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codePointLength } from '../analysis/assemble';
import { loadLogFromBytes } from '../log/load';
import type { SessionLog } from '../log/sessionLog';
import type { Block, StreamChunk } from '../types';
import {
  clampPosition,
  deltaLengthAt,
  describePosition,
  nextChar,
  nextChunk,
  nextEvent,
  nextStep,
  nextTurn,
  prevChar,
  prevChunk,
  prevEvent,
  prevStep,
  prevTurn,
  type ReplayPosition,
} from './position';
import { logOfRows, rows as r } from './testing';
import { NAME_MAX_CHARS } from '../view/bidiControls';

const SAMPLES = new URL('../../../../shared/samples/', import.meta.url);
const sample = (name: string) => loadLogFromBytes(readFileSync(new URL(name, SAMPLES)));

/** Seqs of assistant/chunk events inside steps, in order (by parsing, the oracle). */
function chunkSeqs(log: SessionLog): number[] {
  const out: number[] = [];
  for (const step of log.structure.steps)
    for (let s = step.startSeq; s <= step.lastSeq; s++)
      if (log.event(s).type === 'assistant/chunk') out.push(s);
  return out;
}

/** Concatenated text of every text/reasoning/tool-call block of the preview. */
function previewText(log: SessionLog, pos: ReplayPosition): string {
  const blocks: Block[] = log.streamAt(pos.seq, pos.chunk)?.blocks ?? [];
  return blocks
    .map((b) =>
      b.type === 'tool-call' ? (b as { arguments: string }).arguments : ((b as { text?: string }).text ?? ''),
    )
    .join('|');
}

/** A small log: an event outside any turn, two turns, steps, and a two-delta run. */
function smallLog(): SessionLog {
  return logOfRows([
    { type: 'session/title', data: { title: 't' } }, // 0: outside any turn
    r.turnStart(1), // 1
    r.stepStart(1, 1), // 2
    r.user('hi'), // 3
    r.chunk(1, 1, { type: 'block-start', index: 0, blockType: 'text' }), // 4
    r.text(1, 1, 'abc'), // 5
    r.text(1, 1, '好😀'), // 6
    r.chunk(1, 1, { type: 'finish', reason: { kind: 'stop' } }), // 7
    r.message(1, 1, 'abc好😀'), // 8
    r.stepEnd(1, 1), // 9
    r.stepStart(1, 2), // 10
    r.text(1, 2, 'x'), // 11
    r.message(1, 2, 'x'), // 12
    r.stepEnd(1, 2), // 13
    r.turnEnd(1), // 14
    r.turnStart(2), // 15
    r.stepStart(2, 1), // 16
    r.text(2, 1, 'yz'), // 17
    r.message(2, 1, 'yz'), // 18
    r.stepEnd(2, 1), // 19
    r.turnEnd(2), // 20
  ]);
}

describe('event, step and turn stepping', () => {
  const log = smallLog();

  it('moves one event and clamps at the ends', () => {
    expect(nextEvent(log, { seq: 4 })).toEqual({ seq: 5 });
    expect(nextEvent(log, { seq: 20 })).toEqual({ seq: 20 });
    expect(prevEvent(log, { seq: 0 })).toEqual({ seq: 0 });
    expect(prevEvent(log, { seq: 6, chunk: 1 })).toEqual({ seq: 5 });
    expect(nextEvent(log, { seq: 99 })).toEqual({ seq: 20 });
  });

  it('moves between step and turn starts', () => {
    expect(nextStep(log, { seq: 0 })).toEqual({ seq: 2 });
    expect(nextStep(log, { seq: 2 })).toEqual({ seq: 10 });
    expect(nextStep(log, { seq: 16 })).toEqual({ seq: 16 });
    expect(prevStep(log, { seq: 12 })).toEqual({ seq: 10 }); // back to the current step's start
    expect(prevStep(log, { seq: 10 })).toEqual({ seq: 2 });
    expect(prevStep(log, { seq: 2 })).toEqual({ seq: 2 });
    expect(nextTurn(log, { seq: 3 })).toEqual({ seq: 15 });
    expect(nextTurn(log, { seq: 15 })).toEqual({ seq: 15 });
    expect(prevTurn(log, { seq: 17 })).toEqual({ seq: 15 });
    expect(prevTurn(log, { seq: 15 })).toEqual({ seq: 1 });
    expect(prevTurn(log, { seq: 1 })).toEqual({ seq: 1 });
  });

  it('steps chunk by chunk inside the current step, and from outside a step into the nearest one', () => {
    expect(nextChunk(log, { seq: 2 })).toEqual({ seq: 4 });
    expect(nextChunk(log, { seq: 7 })).toEqual({ seq: 7 }); // last chunk of the step: stays
    expect(nextChunk(log, { seq: 9 })).toEqual({ seq: 9 });
    expect(nextChunk(log, { seq: 14 })).toEqual({ seq: 17 }); // between turns: the next step's first chunk
    expect(prevChunk(log, { seq: 8 })).toEqual({ seq: 7 });
    expect(prevChunk(log, { seq: 6, chunk: 1 })).toEqual({ seq: 5 });
    expect(prevChunk(log, { seq: 4 })).toEqual({ seq: 4 });
    expect(prevChunk(log, { seq: 14 })).toEqual({ seq: 11 });
  });

  it('steps by code point inside deltas, never showing the same text twice', () => {
    const forward: ReplayPosition[] = [{ seq: 2 }];
    for (;;) {
      const last = forward[forward.length - 1] as ReplayPosition;
      const next = nextChar(log, last);
      if (next.seq === last.seq && next.chunk === last.chunk) break;
      forward.push(next);
    }
    expect(forward).toEqual([
      { seq: 2 },
      { seq: 4 },
      { seq: 5, chunk: 1 },
      { seq: 5, chunk: 2 },
      { seq: 5 },
      { seq: 6, chunk: 1 },
      { seq: 6 },
      { seq: 7 },
    ]);
    expect(forward.map((p) => previewText(log, p))).toEqual([
      '',
      '',
      'a',
      'ab',
      'abc',
      'abc好',
      'abc好😀',
      'abc好😀',
    ]);
    // prevChar retraces the same stops.
    const back: ReplayPosition[] = [{ seq: 7 }];
    for (let i = 0; i < 6; i++) back.push(prevChar(log, back[back.length - 1] as ReplayPosition));
    expect(back).toEqual(forward.slice(1).reverse());
  });

  it('normalizes positions', () => {
    expect(clampPosition(log, { seq: 5, chunk: 1 })).toEqual({ seq: 5, chunk: 1 });
    expect(clampPosition(log, { seq: 5, chunk: 3 })).toEqual({ seq: 5 }); // the whole delta
    expect(clampPosition(log, { seq: 5, chunk: -1 })).toEqual({ seq: 5 });
    expect(clampPosition(log, { seq: 4, chunk: 1 })).toEqual({ seq: 4 }); // not a delta
    expect(clampPosition(log, { seq: 1e9 })).toEqual({ seq: 20 });
    expect(deltaLengthAt(log, 6)).toBe(2);
    expect(deltaLengthAt(log, 8)).toBe(0);
  });

  it('describes positions for aria-valuetext', () => {
    expect(describePosition(log, { seq: 0 })).toBe('seq 0 of 21, session/title');
    expect(describePosition(log, { seq: 1 })).toBe('seq 1 of 21, turn 1, turn/start');
    expect(describePosition(log, { seq: 4 })).toBe('seq 4 of 21, turn 1, step 1, block-start');
    expect(describePosition(log, { seq: 5 })).toBe('seq 5 of 21, turn 1, step 1, text-delta');
    expect(describePosition(log, { seq: 5, chunk: 2 })).toBe(
      'seq 5 of 21, turn 1, step 1, text-delta, character 2 of 3',
    );
    expect(describePosition(log, { seq: 18 })).toBe('seq 18 of 21, turn 2, step 1, assistant/message');
    expect(describePosition(logOfRows([]), { seq: 0 })).toBe('no events');
  });
});

describe('stepping through a sample chunk run', () => {
  for (const name of [
    'dsh/steering.jsonl',
    'dsh/cordis-tool-round.jsonl',
    'dsh/compaction-recovery.stream.jsonl',
  ]) {
    it(`visits every assistant/chunk of ${name} in order, chunk by chunk`, () => {
      const log = sample(name);
      const expected = chunkSeqs(log);
      expect(expected.length).toBeGreaterThan(0);
      const visited: number[] = [];
      let pos: ReplayPosition = { seq: 0 };
      for (let guard = 0; guard < 10_000; guard++) {
        let next = nextChunk(log, pos);
        if (next.seq === pos.seq) {
          // The step's last chunk: on to the next step, then its first chunk.
          const step = nextStep(log, pos);
          if (step.seq === pos.seq) break;
          next = nextChunk(log, step);
          if (next.seq === step.seq) {
            pos = step;
            continue;
          }
        }
        visited.push(next.seq);
        pos = next;
      }
      expect(visited).toEqual(expected);
    });
  }

  it('shows the concatenation of the deltas so far at every chunk of the steering run', () => {
    const log = sample('dsh/steering.jsonl');
    const step = log.structure.steps[0];
    if (!step) throw new Error('no step');
    const texts = new Map<number, string>();
    let pos: ReplayPosition = { seq: step.startSeq };
    let checked = 0;
    for (;;) {
      const next = nextChunk(log, pos);
      if (next.seq === pos.seq) break;
      pos = next;
      const c = (log.event(pos.seq).data as { chunk: StreamChunk }).chunk;
      if (c.type === 'block-end') break; // from here the block's final form replaces the deltas
      if (c.type === 'text-delta' || c.type === 'reasoning-delta' || c.type === 'tool-call-delta') {
        const d = c as { index: number; text?: string; argumentsDelta?: string };
        texts.set(d.index, (texts.get(d.index) ?? '') + (d.text ?? d.argumentsDelta ?? ''));
        expect(previewText(log, pos)).toBe([...texts.values()].join('|'));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('walks every code point of the steering run with nextChar', () => {
    const log = sample('dsh/steering.jsonl');
    const step = log.structure.steps[0];
    if (!step) throw new Error('no step');
    let pos: ReplayPosition = { seq: step.startSeq };
    let prevLength = 0;
    let stops = 0;
    for (;;) {
      const next = nextChar(log, pos);
      if (next.seq === pos.seq && next.chunk === pos.chunk) break;
      pos = next;
      stops++;
      const c = (log.event(pos.seq).data as { chunk: StreamChunk }).chunk;
      if (c.type === 'block-end') break;
      const length = codePointLength(previewText(log, pos).replace(/\|/g, ''));
      // Inside a delta run every stop adds exactly one code point (block-starts add none).
      if (c.type.endsWith('-delta') && deltaLengthAt(log, pos.seq) > 0) expect(length - prevLength).toBe(1);
      prevLength = length;
    }
    expect(stops).toBeGreaterThan(100);
  });
});

describe('a name from the log in the readout (audit R21-5)', () => {
  it('draws at most NAME_MAX_CHARS of an event type or chunk type, then "…"', () => {
    const huge = `custom/${'x\n'.repeat(500_000)}`;
    const text = [
      '{"type":"session","version":0,"id":"r21-5"}',
      '{"type":"turn/start","seq":0,"time":1,"data":{"turn":1}}',
      JSON.stringify({ type: huge, seq: 1, time: 2, data: {} }),
      JSON.stringify({
        type: 'assistant/chunk',
        seq: 2,
        time: 3,
        data: { turn: 1, step: 1, chunk: { type: huge } },
      }),
    ].join('\n');
    const log = loadLogFromBytes(new TextEncoder().encode(`${text}\n`));
    for (const seq of [1, 2]) {
      const readout = describePosition(log, { seq });
      expect(readout.length).toBeLessThan(NAME_MAX_CHARS + 40);
      expect(readout.startsWith(`seq ${seq} of 3, turn 1, custom/x`)).toBe(true);
      expect(readout.endsWith('…')).toBe(true);
    }
  });
});
