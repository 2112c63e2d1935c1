/** Redaction reads each line once (streamPieces.ts readLog): the reader's scanners, the value kept as written. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { redactLogText } from './redactLog';

const KEY = 'sk-ant-api03-Zq8xW4vR7tY2uI9oP3aS6dF1gH5jK0lM';
const HEADER = '{"type":"session","version":0,"id":"one","createdAt":0}';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('redaction reads each line once', () => {
  it('parses no delta line with JSON.parse, and every other line once', () => {
    const lines = [HEADER];
    let seq = 0;
    const ev = (type: string, data: Record<string, unknown>) =>
      lines.push(JSON.stringify({ type, seq: seq++, time: 1755000000000 + seq, data }));
    ev('turn/start', { turn: 1 });
    ev('step/start', { turn: 1, step: 1 });
    const words = ['use ', KEY.slice(0, 16), KEY.slice(16), ' to call', ' the API'];
    for (let i = 0; i < 200; i++)
      ev('assistant/chunk', {
        turn: 1,
        step: 1,
        chunk: { type: 'text-delta', index: 0, text: words[i % 5] },
      });
    ev('step/end', { turn: 1, step: 1 });
    ev('turn/end', { turn: 1, reason: { kind: 'completed' } });
    const text = lines.join('\n') + '\n';
    const parse = vi.spyOn(JSON, 'parse');
    const r = redactLogText(text);
    // the header and four events; the 200 deltas are read as fields (fastLine.ts)
    expect(parse).toHaveBeenCalledTimes(5);
    expect(r.counts['api-key']).toBe(40);
    expect(r.text).not.toContain(KEY.slice(16, 30));
  });

  it('keeps a line the reader normalizes as written (a legacy string content stays a string)', () => {
    const message = {
      type: 'user/message',
      seq: 0,
      time: 1,
      data: { turn: 1, content: `my key is ${KEY}` },
    };
    const r = redactLogText([HEADER, JSON.stringify(message)].join('\n'));
    const line = JSON.parse(r.text.split('\n')[1] ?? '') as typeof message;
    // as written: no role, no blocks, no surfaceOp added; only the key masked
    expect(Object.keys(line)).toEqual(['type', 'seq', 'time', 'data']);
    expect(line.data.content).toBe(`my key is [api-key]${'*'.repeat(KEY.length - 9)}`);
  });
});
