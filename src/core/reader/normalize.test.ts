import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readEventAt } from './logReader';
import { PackedRowMemo } from './reread';
import { codes, readText, type ReadResult } from './testing';

const j = (v: unknown): string => JSON.stringify(v);
const log = (...lines: unknown[]): string => lines.map(j).join('\n') + '\n';
const sample = (name: string): string =>
  readFileSync(new URL(`../../../../shared/samples/${name}`, import.meta.url), 'utf8');

/** Every event re-read alone from the store equals what the first pass produced. */
function expectRereadsEqual(r: ReadResult): void {
  r.events.forEach((ev, seq) => {
    expect(readEventAt(r.store, r.locs[seq]!, seq, r.reader.context), `seq ${seq}`).toStrictEqual(ev);
  });
}

describe('legacy shapes (spec 3.4)', () => {
  it('gives user/message without role the user role, keeping id and source', () => {
    const data = { id: 'm1', content: [{ type: 'text', text: 'hi' }], source: { kind: 'user', rpcId: 'r' } };
    const r = readText(log({ type: 'user/message', data, surfaceOp: 'append' }));
    expect(r.events[0]?.data).toEqual({ ...data, role: 'user' });
  });

  it('turns steering/message into user/message (a surface event)', () => {
    const r = readText(
      log({ type: 'steering/message', seq: 0, data: { content: [{ type: 'text', text: 'also X' }] } }),
    );
    expect(r.events).toEqual([
      {
        type: 'user/message',
        seq: 0,
        surfaceOp: 'append',
        data: { role: 'user', content: [{ type: 'text', text: 'also X' }] },
      },
    ]);
    expect(codes(r)).toEqual([['surface-op-missing', 0]]);
  });

  it('moves legacy assistant content + provenance into a model-sourced message', () => {
    const content = [{ type: 'text', text: 'ok' }];
    const r = readText(
      log({
        type: 'assistant/message',
        seq: 0,
        surfaceOp: 'append',
        data: {
          turn: 1,
          step: 2,
          content,
          provenance: { provider: 'p', model: 'm' },
          usage: { inputTokens: 1, outputTokens: 2 },
        },
      }),
    );
    expect(r.events[0]?.data).toEqual({
      turn: 1,
      step: 2,
      usage: { inputTokens: 1, outputTokens: 2 },
      message: { role: 'assistant', content, source: { provider: 'p', model: 'm', kind: 'model' } },
    });
    expect(r.diagnostics).toEqual([]);
  });

  it('wraps a legacy tool/result in a user message holding one tool-result block', () => {
    const content = [{ type: 'text', text: 'done' }];
    const r = readText(
      log({
        type: 'tool/result',
        seq: 0,
        surfaceOp: 'append',
        data: { turn: 1, step: 1, callId: 'c1', content, isError: false },
      }),
    );
    expect(r.events[0]?.data).toEqual({
      turn: 1,
      step: 1,
      message: {
        role: 'user',
        content: [{ type: 'tool-result', toolCallId: 'c1', content, isError: false }],
        source: { kind: 'tool', callId: 'c1' },
      },
    });
  });

  it('drops turn/start trigger', () => {
    const r = readText(log({ type: 'turn/start', seq: 0, data: { turn: 3, trigger: { kind: 'message' } } }));
    expect(r.events[0]?.data).toEqual({ turn: 3 });
  });

  it('makes string message content one text block', () => {
    const r = readText(
      log({ type: 'user/message', seq: 0, surfaceOp: 'append', data: { role: 'user', content: 'plain' } }),
    );
    expect(r.events[0]?.data).toEqual({ role: 'user', content: [{ type: 'text', text: 'plain' }] });
  });

  it('keeps turn/end reasons as written (legacy forms are read by analysis/endReason.ts)', () => {
    const r = readText(
      log(
        { type: 'turn/end', seq: 0, data: { turn: 1, reason: { kind: 'disposed' } } },
        { type: 'turn/end', seq: 1, data: { turn: 1, reason: 'done' } },
      ),
    );
    expect(r.events[0]?.data).toEqual({ turn: 1, reason: { kind: 'disposed' } });
    expect(r.events[1]?.invalid).toBe(true);
    expect(codes(r)).toEqual([['bad-data', 1]]);
  });
});

describe('design-card shapes', () => {
  const chunk = (seq: number, c: unknown) => ({
    type: 'assistant/chunk',
    seq,
    data: { turn: 1, step: 1, chunk: c },
  });

  it('reads the design-card example: indexes its deltas and resolves its tool result', () => {
    const r = readText(sample('design-card-example.jsonl'));
    expect(r.events).toHaveLength(10);
    expect(r.diagnostics).toEqual([]);
    expect(r.events[3]?.data).toEqual({
      turn: 1,
      step: 1,
      chunk: { type: 'text-delta', text: "I'll ", index: 0 },
    });
    expect(r.events[4]?.data).toEqual({
      turn: 1,
      step: 1,
      chunk: {
        type: 'tool-call-delta',
        name: 'bash',
        argumentsDelta: '{"command":"grep runoob README.md"}',
        index: 1,
      },
    });
    expect(r.events[7]?.data).toEqual({
      turn: 1,
      step: 1,
      message: {
        role: 'user',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            content: [{ type: 'text', text: 'runoob' }],
            isError: false,
          },
        ],
        source: { kind: 'tool', callId: 'call_1', toolName: 'bash' },
      },
    });
    expect(r.events[7]?.sourceEventSeqs).toEqual([6]);
    expectRereadsEqual(r);
  });

  it('starts a new block on a kind change or a named tool-call delta, and restarts per attempt', () => {
    const r = readText(
      log(
        { type: 'step/start', seq: 0, data: { turn: 1, step: 1 } },
        chunk(1, { type: 'reasoning-delta', text: 'a' }),
        chunk(2, { type: 'text-delta', text: 'b' }),
        chunk(3, { type: 'text-delta', text: 'c' }),
        chunk(4, { type: 'tool-call-delta', name: 'f', arguments: '{' }),
        chunk(5, { type: 'tool-call-delta', arguments: '}' }),
        chunk(6, { type: 'tool-call-delta', name: 'g', arguments: '{}' }),
        chunk(7, { type: 'finish', reason: { kind: 'error', failure: { message: 'x' } } }),
        chunk(8, { type: 'text-delta', text: 'retry' }),
        { type: 'step/start', seq: 9, data: { turn: 1, step: 2 } },
        chunk(10, { type: 'block-start', index: 0, blockType: 'text' }),
        chunk(11, { type: 'text-delta', text: 'd' }),
      ),
    );
    const indexes = r.events.map((e) => ((e.data as { chunk?: { index?: number } }).chunk ?? {}).index);
    expect(indexes).toEqual([undefined, 0, 1, 1, 2, 2, 3, undefined, 0, undefined, 0, 1]);
    expect((r.events[5]?.data as { chunk: unknown }).chunk).toEqual({
      type: 'tool-call-delta',
      argumentsDelta: '}',
      index: 2,
    });
    expect(r.diagnostics).toEqual([]);
    expectRereadsEqual(r);
    // The recorded indexes are what a re-read uses: without them a re-read could not know.
    expect(r.reader.context.chunkIndex(6)).toBe(3);
    expect(r.reader.context.chunkIndex(10)).toBeUndefined();
  });

  it('takes a design-card result call id from data.callId, or reports it when nothing names one', () => {
    const result = (seq: number, extra: Record<string, unknown>) => ({
      type: 'tool/result',
      seq,
      surfaceOp: 'append',
      ...extra,
      data: {
        turn: 1,
        step: 1,
        message: { role: 'tool', toolName: 't', content: [{ type: 'text', text: 'x' }] },
        ...(extra.data as object),
      },
    });
    const r = readText(log(result(0, { data: { callId: 'given' } }), result(1, { sourceEventSeqs: [0] })));
    expect(
      (r.events[0]?.data as { message: { content: { toolCallId: string }[] } }).message.content[0]
        ?.toolCallId,
    ).toBe('given');
    expect(r.events[1]?.invalid).toBe(true);
    expect(codes(r)).toEqual([['bad-data', 1]]);
    expect(r.diagnostics[0]?.message).toMatch(/data\.callId: expected a call id/);
    expectRereadsEqual(r);
  });
});

describe('readEventAt', () => {
  it('re-reads every event of every sample equal to the first pass, also across tiny blocks', () => {
    for (const name of [
      'design-card-example.jsonl',
      'dsh/cordis-tool-round.jsonl',
      'dsh/steering.jsonl',
      'dsh/agent-instructions.jsonl',
      'dsh/compaction-recovery.stream.jsonl',
      'dsh/pty-tools.jsonl',
    ]) {
      expectRereadsEqual(readText(sample(name)));
      expectRereadsEqual(readText(sample(name), [97, 13], 64));
    }
  });

  it('re-reads invalid events, packed members and defaulted surfaceOps the same way', () => {
    const r = readText(
      '\uFEFF' +
        log(
          { type: 'tool/call', data: { turn: 1, step: 1, callId: 1 } },
          { type: 'user/message', time: 'x', data: { content: [{ type: 'text', text: 'hi' }] } },
          {
            type: 'text-chunks',
            time0: 5,
            data: { turn: 1, step: 1, index: 0, dt: [0.1, 0.2, 0.3], texts: ['a', 'b', 'c', 'd'] },
          },
          { type: 'session_event', event: { type: 'x/y', data: {}, ignorable: true } },
        ),
    );
    expect(r.events).toHaveLength(7);
    expectRereadsEqual(r);
  });

  it('re-reads packed members through a memo of the last row: any order, two rows, a member out of range', () => {
    const row = (type: string, index: number, items: string[], extra: object = {}) => ({
      type,
      time0: 100,
      data: {
        turn: 1,
        step: 1,
        index,
        dt: items.slice(1).map((_, k) => k + 1),
        ...(type === 'tool-call-chunks' ? { id: 'c1', name: 'bash', args: items } : { texts: items }),
        ...extra,
      },
    });
    const r = readText(
      log(
        row('text-chunks', 0, ['a', 'b\u00e9', '\n', 'd']),
        row('tool-call-chunks', 1, ['{"x"', ':1}']),
        {
          type: 'assistant/chunk',
          data: { turn: 1, step: 1, chunk: { type: 'text-delta', index: 0, text: 'e' } },
        },
        row('reasoning-chunks', 2, ['r1', 'r2']),
      ),
    );
    expect(r.events).toHaveLength(9);
    const memo = new PackedRowMemo();
    const order = [0, 1, 2, 3, 4, 5, 6, 7, 8, 3, 2, 1, 0, 4, 0, 5, 7, 8, 7];
    for (const seq of order)
      expect(readEventAt(r.store, r.locs[seq]!, seq, r.reader.context, memo), `seq ${seq}`).toStrictEqual(
        r.events[seq],
      );
    // A member index the remembered row does not have is a placeholder, as without the memo.
    const past = { ...r.locs[0]!, member: 4 };
    expect(readEventAt(r.store, past, 4, r.reader.context, memo).type).toBe('seqscope/unreadable');
    // Every re-read is a fresh object: changing one does not change the next.
    const first = readEventAt(r.store, r.locs[1]!, 1, r.reader.context, memo);
    (first.data as { chunk: { text: string } }).chunk.text = 'changed';
    expect(readEventAt(r.store, r.locs[1]!, 1, r.reader.context, memo)).toStrictEqual(r.events[1]);
  });

  it('gives a placeholder, not a throw, for a location that is not an event', () => {
    const r = readText(log({ type: 'session', version: 0 }, { type: 'turn/start', data: { turn: 1 } }));
    const bad = readEventAt(r.store, { line: 1, offset: 0, length: 5, member: -1 }, 0, r.reader.context);
    expect(bad).toMatchObject({ type: 'seqscope/unreadable', seq: 0, invalid: true });
    expect(
      readEventAt(r.store, { line: 1, offset: 0, length: 1e9, member: -1 }, 0, r.reader.context).type,
    ).toBe('seqscope/unreadable');
  });
});

describe('legacy user-message types (spec 3.4)', () => {
  const content = [{ type: 'text', text: 'also check the tests' }];

  it('steering/message {turn, message}: the message is data.message as it is', () => {
    const message = { id: 'm7', role: 'user', content, source: { kind: 'user' } };
    const r = readText(log({ type: 'steering/message', data: { turn: 2, message }, surfaceOp: 'append' }));
    expect(r.events[0]).toMatchObject({ type: 'user/message', surfaceOp: 'append', data: message });
    expect(r.events[0]?.invalid).toBeUndefined();
    expect(codes(r)).toEqual([['seq-assigned', 0]]);
    expectRereadsEqual(r);
  });

  it('steering/message {turn, message} without a role gets the user role; a non-object message is bad-data', () => {
    const r = readText(
      log(
        {
          type: 'steering/message',
          data: { turn: 1, message: { content: 'plain text' } },
          surfaceOp: 'append',
        },
        { type: 'steering/message', data: { turn: 1, message: 'nope' }, surfaceOp: 'append' },
      ),
    );
    expect(r.events[0]?.data).toEqual({ role: 'user', content: [{ type: 'text', text: 'plain text' }] });
    expect(r.events[1]).toMatchObject({
      type: 'user/message',
      invalid: true,
      data: { turn: 1, message: 'nope' },
    });
    expect(r.diagnostics.find((d) => d.code === 'bad-data')?.message).toMatch(
      /data\.message: expected an object/,
    );
  });

  it('steering/message {turn, content, source}: the message is {role:"user", content, source}', () => {
    const r = readText(
      log({
        type: 'steering/message',
        data: { turn: 1, content, source: { kind: 'user' } },
        surfaceOp: 'append',
      }),
    );
    expect(r.events[0]).toMatchObject({
      type: 'user/message',
      data: { role: 'user', content, source: { kind: 'user' } },
    });
  });

  it('context/message is a surface event: a user message with its content and source', () => {
    const source = { kind: 'plugin', plugin: 'workspace-context', form: 'agents-md' };
    const r = readText(log({ type: 'context/message', data: { content, source } }));
    expect(r.events).toEqual([
      { type: 'user/message', seq: 0, surfaceOp: 'append', data: { role: 'user', content, source } },
    ]);
    // The surface marker is missing as in any log that old: one warning for the log.
    expect(codes(r)).toEqual([
      ['seq-assigned', 0],
      ['surface-op-missing', 0],
    ]);
    expectRereadsEqual(r);
  });

  it('context/message with content that is no block list is bad-data, kept as written', () => {
    const r = readText(log({ type: 'context/message', data: { content: 7 }, surfaceOp: 'append' }));
    expect(r.events[0]).toMatchObject({ type: 'user/message', invalid: true, data: { content: 7 } });
    expect(r.diagnostics.find((d) => d.code === 'bad-data')?.message).toMatch(/data\.content/);
  });
});
