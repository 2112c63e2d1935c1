/** Redacted streams are grouped exactly as the reader assembles them (audit R9-1): no piece of a key split across deltas survives in the assembled stream. */
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import { redactLogText } from './redactLog';

const KEY = 'sk-ant-api03-Xq7Lm2Pz9Rt4Vw8Yb1Nc5Hd3Jf6Kg0QsTuVwXyZaBcDeFgHiJkLmNoPqRsTuVwXyZ012345-_abcdAA';
/** 'sk-ant-api03-Xq7': too short for the api-key rule alone. */
const CUT = 16;

/** One aborted step whose stream is `chunks`; the log has no diagnostics of its own beyond the failed attempt. */
function logWith(chunks: Record<string, unknown>[]): string {
  let seq = 0;
  const lines: string[] = [];
  const ev = (type: string, data: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    lines.push(JSON.stringify({ type, seq: seq++, time: 1755000000000 + seq, data, ...extra }));
  ev('turn/start', { turn: 1 });
  ev(
    'user/message',
    { role: 'user', content: [{ type: 'text', text: 'what key?' }] },
    { surfaceOp: 'append' },
  );
  ev('step/start', { turn: 1, step: 1 });
  for (const chunk of chunks) ev('assistant/chunk', { turn: 1, step: 1, chunk });
  ev('assistant/chunk', { turn: 1, step: 1, chunk: { type: 'finish', reason: { kind: 'aborted' } } });
  ev('step/end', { turn: 1, step: 1 });
  ev('turn/end', { turn: 1, reason: { kind: 'aborted' } });
  return lines.join('\n') + '\n';
}

/** The assembled stream at the attempt's last chunk, as the viewer shows it. */
function streamed(text: string): string {
  const log = loadLogFromText(text);
  const last = log.eventCount - 3; // the finish
  return JSON.stringify(log.streamAt(last)?.blocks);
}

const head = `use ${KEY.slice(0, CUT)}`;
const tail = `${KEY.slice(CUT)} to call the API`;
const args = `{"headers":{"x-api-key":"${KEY}"}}`;

const SHAPES: [string, Record<string, unknown>[]][] = [
  [
    'a reasoning-delta then a text-delta of the same index (one block)',
    [
      { type: 'reasoning-delta', index: 0, text: head },
      { type: 'text-delta', index: 0, text: tail },
    ],
  ],
  [
    'an index-less design-card delta (the reader gives it index 0) then index 0',
    [
      { type: 'text-delta', text: head },
      { type: 'text-delta', index: 0, text: tail },
    ],
  ],
  [
    'tool-call deltas whose argumentsDelta is read, beside a decoy empty text',
    [
      {
        type: 'tool-call-delta',
        index: 0,
        id: 'c1',
        name: 'http',
        text: '',
        argumentsDelta: args.slice(0, 40),
      },
      { type: 'tool-call-delta', index: 0, text: '', argumentsDelta: args.slice(40) },
    ],
  ],
  [
    'design-card tool-call deltas (`arguments`, no index)',
    [
      { type: 'tool-call-delta', id: 'c1', name: 'http', arguments: args.slice(0, 40) },
      { type: 'tool-call-delta', arguments: args.slice(40) },
    ],
  ],
  [
    'a delta continuing the text of its block-end',
    [
      { type: 'block-end', index: 0, block: { type: 'text', text: head } },
      { type: 'text-delta', index: 0, text: tail },
    ],
  ],
];

describe('redacted streams are grouped as the reader assembles them (R9-1)', () => {
  it.each(SHAPES)(
    '%s: the key is whole in the original stream and gone from the redacted one',
    (_, chunks) => {
      const original = logWith(chunks);
      expect(streamed(original)).toContain(KEY); // the shape really assembles the key
      const r = redactLogText(original);
      expect(r.counts['api-key']).toBe(1);
      const after = streamed(r.text);
      expect(after).not.toContain('Xq7Lm2');
      expect(after).not.toContain(KEY.slice(40, 60));
      expect(r.text).not.toContain(KEY.slice(CUT, CUT + 12));
    },
  );

  it('keeps apart what the assembler keeps apart: a tool call after text restarts the block', () => {
    // text then a tool-call delta of the same index: the tool call's arguments start afresh, so
    // a key there is masked on its own (the prose before it must not hide it)
    const original = logWith([
      { type: 'text-delta', index: 0, text: 'prefix' },
      { type: 'tool-call-delta', index: 0, id: 'c1', name: 'http', argumentsDelta: `${KEY}` },
    ]);
    const r = redactLogText(original);
    expect(streamed(r.text)).not.toContain('Xq7Lm2');
    expect(r.counts['api-key']).toBe(1);
  });

  it('a packed row the reader refuses is still masked as one run of deltas', () => {
    const row = JSON.stringify({
      type: 'text-chunks',
      seq0: 3,
      data: { turn: 1, step: 1, index: 0, dt: [], texts: [head, tail] }, // dt: one gap short
    });
    const r = redactLogText(row);
    expect(r.text).not.toContain(KEY.slice(CUT, CUT + 12));
  });
});
