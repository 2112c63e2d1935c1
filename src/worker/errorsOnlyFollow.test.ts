import { describe, expect, it } from 'vitest';
import { OpenLog } from './openLog';
import { TimelineRows } from './timelineRows';

/**
 * "Errors only" while following a growing log: failures that arrive after the
 * filter was set must show up as the log grows, the way the worker's follow
 * path feeds it (push appended bytes, checkpoint, then ask for the rows).
 */
const line = (v: object) => JSON.stringify(v) + '\n';
const user = (seq: number, text: string) =>
  line({
    type: 'user/message',
    seq,
    data: { role: 'user', content: [{ type: 'text', text }], source: { kind: 'user' } },
    surfaceOp: 'append',
  });
const toolMessage = (callId: string) => ({
  role: 'user',
  content: [
    { type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text: 'boom' }], isError: true },
  ],
  source: { kind: 'tool', callId },
});

function following(initial: string): { log: OpenLog; rows: TimelineRows; grow: (more: string) => number[] } {
  const log = new OpenLog(1, 'url', 'live.jsonl', 'http://127.0.0.1/live.jsonl');
  log.push(new TextEncoder().encode(initial));
  log.checkpoint();
  const rows = new TimelineRows(log);
  rows.setFilter({ types: null, errorsOnly: true, text: '' })!.advance(1000);
  const shown = () => rows.window(0, rows.rows().rowCount).map((r) => r.seq);
  const grow = (more: string) => {
    log.push(new TextEncoder().encode(more));
    log.checkpoint();
    return shown();
  };
  return { log, rows, grow };
}

describe('errors only, following a growing log', () => {
  it('shows an existing call getting its error result', () => {
    const { grow } = following(
      line({ type: 'turn/start', seq: 0, data: { turn: 1 } }) +
        user(1, 'run it') +
        line({ type: 'step/start', seq: 2, data: { turn: 1, step: 1 } }) +
        line({
          type: 'tool/call',
          seq: 3,
          data: { turn: 1, step: 1, callId: 'c1', name: 'bash', arguments: '{}' },
        }),
    );
    expect(grow(user(4, 'still waiting'))).toEqual([]);
    const shown = grow(
      line({
        type: 'tool/result',
        seq: 5,
        data: { turn: 1, step: 1, message: toolMessage('c1'), error: { code: 'exit-1' } },
        surfaceOp: 'append',
      }),
    );
    expect(shown).toEqual([5]);
  });

  it('shows an open turn ending with an error', () => {
    const { grow } = following(
      line({ type: 'turn/start', seq: 0, data: { turn: 1 } }) +
        user(1, 'go') +
        line({ type: 'step/start', seq: 2, data: { turn: 1, step: 1 } }) +
        line({ type: 'step/end', seq: 3, data: { turn: 1, step: 1 } }),
    );
    const shown = grow(
      line({
        type: 'turn/end',
        seq: 4,
        data: { turn: 1, reason: { kind: 'error', error: { message: 'provider overloaded' } } },
      }),
    );
    expect(shown).toEqual([4]);
  });
});
