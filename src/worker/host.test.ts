import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { ParsedEvents } from '../core/log/parsedEvents';
import { singleStreamLog } from '../core/testing/hostileInputs';
import { CHECKPOINT_EVERY } from '../core/analysis/streamCheckpoints';
import { handlers, type HandlerTable } from './handlers';
import { LogHost } from './host';
import { MAX_POST_WIDTH, moreKeysKey } from '../core/depthLimit';
import type { Push, RequestEnvelope, RequestKind, ResponseMessage, WorkerMessage } from './protocol';

const demoText = readFileSync(new URL('../../public/samples/demo.jsonl', import.meta.url), 'utf8');

/** A LogHost whose posts are recorded: what the page would receive. */
function host() {
  const posted: WorkerMessage[] = [];
  const h = new LogHost((m) => posted.push(m));
  let id = 0;
  const ask = async (
    req: RequestEnvelope extends infer E ? (E extends { id: number } ? Omit<E, 'id'> : never) : never,
  ) => {
    const env = { id: ++id, ...req };
    await h.receive(env);
    const answer = posted.find((m): m is ResponseMessage => m.type === 'response' && m.id === env.id);
    if (!answer) throw new Error(`no answer to ${env.kind}`);
    return answer;
  };
  const pushes = () => posted.flatMap((m): Push[] => (m.type === 'push' ? [m.push] : []));
  return { h, ask, pushes };
}

const value = (r: ResponseMessage): unknown => {
  if (!r.result.ok) throw new Error(`${r.kind}: ${r.result.error.code} ${r.result.error.message}`);
  return r.result.value;
};

describe('LogHost: every request kind answered through the handler table', () => {
  it('has one handler per kind', () => {
    const kinds: RequestKind[] = [
      'open',
      'cancel',
      'rows',
      'toggle',
      'collapseAll',
      'locate',
      'nav',
      'problemNav',
      'problemAt',
      'filter',
      'typeCounts',
      'messages',
      'messagesAt',
      'messagesOf',
      'replaced',
      'stream',
      'event',
      'transcript',
      'toolPairs',
      'diagnostics',
      'structure',
      'replayAxis',
      'replayMove',
      'replayPlan',
      'search',
      'diff',
      'callDiff',
      'metrics',
      'costTotals',
      'runProfile',
      'inputDigests',
      'exportOtlp',
      'exportRedacted',
      'headerField',
      'library',
      'requestAt',
      'requestChanges',
      'requestChange',
      'resumePreview',
      'ping',
    ];
    expect(Object.keys(handlers).sort()).toEqual([...kinds].sort());
  });

  it('a handler wired to the wrong kind does not compile', () => {
    // Checked by `tsc -b` (the test project), not at run time.
    const wrong: Partial<HandlerTable> = {
      // @ts-expect-error: `rows` must answer a RowsWindow, not an event's detail.
      rows: handlers.event,
    };
    expect(wrong.rows).toBe(handlers.event);
  });

  it('answers before a load with no-log, and names the load the caller chose', async () => {
    const { ask, pushes } = host();
    const before = await ask({ kind: 'rows', from: 0, to: 10 });
    expect(before.result).toEqual({ ok: false, error: { code: 'no-log', message: 'No log is loaded' } });
    expect(value(await ask({ kind: 'ping' }))).toEqual({ loadId: 0 });

    const opened = await ask({
      kind: 'open',
      loadId: 31,
      source: { kind: 'text', text: demoText, name: 'demo.jsonl' },
    });
    expect(opened.kind).toBe('open');
    const summary = value(opened) as {
      loadId: number;
      name: string;
      events: number;
      turns: number;
      rowCount: number;
    };
    expect(summary).toMatchObject({ loadId: 31, name: 'demo.jsonl', turns: 3 });
    expect(summary.events).toBeGreaterThan(50);
    const kinds = pushes().map((p) => `${p.kind}:${p.loadId}`);
    expect(kinds).toContain('ready:31');
    expect(kinds.every((k) => k.endsWith(':31'))).toBe(true);
    expect(value(await ask({ kind: 'ping' }))).toEqual({ loadId: 31 });
    // The load is read: cancelling it is a no-op.
    expect(value(await ask({ kind: 'cancel', loadId: 31 }))).toEqual({ cancelled: false });
  });

  it('answers each kind with its shape', async () => {
    const { ask } = host();
    const summary = value(
      await ask({ kind: 'open', loadId: 1, source: { kind: 'text', text: demoText } }),
    ) as {
      events: number;
      rowCount: number;
    };
    const last = summary.events - 1;

    const rows = value(await ask({ kind: 'rows', from: 0, to: 5 })) as {
      from: number;
      rows: { row: number; seq: number }[];
      rowCount: number;
    };
    expect(rows.from).toBe(0);
    expect(rows.rows.map((r) => r.row)).toEqual([0, 1, 2, 3, 4]);
    expect(rows.rowCount).toBe(summary.rowCount);

    const turnRow = (
      value(await ask({ kind: 'rows', from: 0, to: summary.rowCount })) as {
        rows: { seq: number; kind: string }[];
      }
    ).rows.find((r) => r.kind === 'turn')!;
    const toggled = value(await ask({ kind: 'toggle', seq: turnRow.seq })) as {
      rowCount: number;
      rowsVersion: number;
    };
    expect(toggled.rowCount).toBeLessThan(summary.rowCount); // the turn folded
    const all = value(await ask({ kind: 'collapseAll', level: 'none' })) as { rowCount: number };
    expect(all.rowCount).toBe(summary.rowCount);

    expect(value(await ask({ kind: 'locate', seq: last, reveal: true }))).toMatchObject({ visible: true });
    // With a block size: the rows around the located one come with it, as `rows` would send them.
    const mid = Math.floor(last / 2);
    const located = value(await ask({ kind: 'locate', seq: mid, reveal: true, block: 8 })) as {
      row: number;
      rowCount: number;
      rowsVersion: number;
      blocks: { from: number; rows: { row: number; seq: number }[] }[];
    };
    const first = Math.floor(located.row / 8) * 8;
    expect(located.blocks.map((b) => b.from)).toEqual([first - 8, first, first + 8].filter((f) => f >= 0));
    for (const b of located.blocks)
      expect(b).toEqual(value(await ask({ kind: 'rows', from: b.from, to: b.from + 8 })));
    expect(located.blocks.flatMap((b) => b.rows).some((r) => r.row === located.row)).toBe(true);
    const badBlock = await ask({ kind: 'locate', seq: mid, reveal: false, block: 0 });
    expect(badBlock.result).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(value(await ask({ kind: 'nav', seq: 0, unit: 'turn', dir: 1 }))).toHaveProperty('seq');

    const messages = value(await ask({ kind: 'messages', seq: last, from: 0, to: 3 })) as {
      seq: number;
      messages: { seq: number; message: { role: string } }[];
      count: number;
    };
    expect(messages.seq).toBe(last);
    expect(messages.messages[0]!.message.role).toBeTypeOf('string');
    expect(messages.count).toBeGreaterThan(3);

    expect(value(await ask({ kind: 'replaced', seq: last }))).toEqual({
      seq: last,
      total: 0,
      offset: 0,
      messages: [],
    });
    // The pane's answer: the same tail, preview and focus as asked one by one. The message the
    // selected event produced: the demo's tool/result at 49 is message 2 there; its compaction
    // summary at 153 replaced 5 nodes with message 0; a turn/end changes none.
    const focusAt = async (seq: number) =>
      (value(await ask({ kind: 'messagesAt', seq, tail: 4, focus: true })) as { focus: unknown }).focus;
    expect(await focusAt(49)).toEqual({
      seq: 49,
      type: 'tool/result',
      kind: 'message',
      index: 2,
      last: 2,
      messageSeq: 49,
    });
    expect(await focusAt(153)).toMatchObject({ kind: 'replacement', index: 0, hidden: 5 });
    expect(await focusAt(149)).toMatchObject({ kind: 'none' });
    const at = value(await ask({ kind: 'messagesAt', seq: last, tail: 3, focus: false }));
    expect(at).toEqual({
      window: value(await ask({ kind: 'messages', seq: last, from: -3, to: 0 })),
      stream: value(await ask({ kind: 'stream', seq: last })),
      focus: null,
    });
    expect((await ask({ kind: 'messagesAt', seq: last + 1, tail: 3, focus: true })).result).toMatchObject({
      ok: false,
      error: { code: 'out-of-range' },
    });
    expect((await ask({ kind: 'messagesAt', seq: last, tail: -3, focus: true })).result).toMatchObject({
      ok: false,
      error: { code: 'bad-request' },
    });
    // By source seq: the same messages as the window, and nothing for a seq that produced none.
    const bySeq = value(
      await ask({ kind: 'messagesOf', seqs: [...messages.messages.map((m) => m.seq), -1] }),
    ) as { seq: number; message: unknown }[];
    expect(bySeq.map((m) => m.message)).toEqual(messages.messages.map((m) => m.message));
    const event = value(await ask({ kind: 'event', seq: 0 })) as { seq: number; line: number; type: string };
    expect(event).toMatchObject({ seq: 0, line: expect.any(Number) as number });
    const transcript = value(await ask({ kind: 'transcript', seq: last })) as {
      seq: number;
      entries: unknown[];
    };
    expect(transcript.entries.length).toBeGreaterThan(0);
    expect(value(await ask({ kind: 'toolPairs', callIds: ['no-such-call'] }))).toEqual([null]);
    const diags = value(await ask({ kind: 'diagnostics', from: 0, to: 10 })) as {
      counts: object;
      items: unknown[];
      total: number;
    };
    expect(diags.counts).toHaveProperty('error');
    const structure = value(await ask({ kind: 'structure' })) as { turnNums: Int32Array; steps: number };
    expect(Array.from(structure.turnNums)).toEqual([1, 2, 3]);

    // The streaming preview at some chunk of the log, and null where nothing streams.
    const chunkSeq = (
      value(await ask({ kind: 'rows', from: 0, to: summary.rowCount })) as {
        rows: { seq: number; kind: string }[];
      }
    ).rows.find((r) => r.kind === 'chunks')!.seq;
    const stream = value(await ask({ kind: 'stream', seq: chunkSeq })) as {
      seq: number;
      state: Record<string, unknown>;
    } | null;
    expect(stream?.seq).toBe(chunkSeq);
    expect(Object.keys(stream!.state)).not.toContain('stepIndex'); // an explicit view, not the core's state
    expect(value(await ask({ kind: 'stream', seq: 0 }))).toBeNull();

    const axis = value(await ask({ kind: 'replayAxis', axis: 'seq', width: 400 })) as {
      eventCount: number;
      knotSeqs: Int32Array;
    };
    expect(axis.eventCount).toBe(summary.events);
    expect(axis.knotSeqs).toBeInstanceOf(Int32Array);
    expect(value(await ask({ kind: 'replayMove', seq: 0, move: 'event', dir: 1 }))).toMatchObject({ seq: 1 });
    const plan = value(
      await ask({ kind: 'replayPlan', from: 0, count: 10, pacing: { kind: 'uniform', eventsPerSecond: 10 } }),
    ) as { from: number; playMs: Float64Array };
    expect(plan.from).toBe(0);
    expect(plan.playMs).toHaveLength(10);

    const filtered = value(
      await ask({ kind: 'filter', filter: { types: ['user/message'], errorsOnly: false, text: '' } }),
    ) as { matches: number; rowCount: number };
    expect(filtered.rowCount).toBe(filtered.matches);
    expect(filtered.matches).toBe(demoText.split('"type":"user/message"').length - 1);
  });

  it('refuses a seq that is not loaded, per kind that names one', async () => {
    const { ask } = host();
    await ask({ kind: 'open', loadId: 1, source: { kind: 'text', text: demoText } });
    for (const req of [
      { kind: 'messages', seq: 10 ** 6, from: 0, to: 1 },
      { kind: 'event', seq: -1 },
      { kind: 'locate', seq: 1.5, reveal: false },
      { kind: 'replayMove', seq: 10 ** 6, move: 'none' },
    ] as const) {
      const r = await ask(req);
      expect(r.result.ok ? 'ok' : r.result.error.code).toBe('out-of-range');
    }
  });
});

describe('LogHost: messages are the model-visible ones, depth-limited in every answer', () => {
  /** A user message with a display-only extra and a block nested `depth` levels deep. */
  function deepLog(depth: number): string {
    let nested: unknown = { leaf: true };
    for (let i = 0; i < depth; i++) nested = { down: nested };
    const message = {
      role: 'user',
      content: [
        { type: 'text', text: 'hi' },
        { type: 'custom', payload: nested },
      ],
      source: { kind: 'user' },
      display: { pinned: true },
    };
    return [
      JSON.stringify({ type: 'turn/start', seq: 0, data: { turn: 1 } }),
      JSON.stringify({ type: 'user/message', seq: 1, data: message, surfaceOp: 'append' }),
    ].join('\n');
  }

  const depthOf = (v: unknown): number =>
    typeof v === 'object' && v !== null ? 1 + Math.max(0, ...Object.values(v).map(depthOf)) : 0;

  it('the transcript and the messages at a seq strip display extras and cut deep payloads alike', async () => {
    const { ask } = host();
    await ask({ kind: 'open', loadId: 1, source: { kind: 'text', text: deepLog(3000) } });
    const transcript = value(await ask({ kind: 'transcript', seq: 1 })) as { entries: { message: object }[] };
    const messages = value(await ask({ kind: 'messages', seq: 1, from: 0, to: 1 })) as {
      messages: { message: object }[];
    };
    const fromTranscript = transcript.entries[0]!.message;
    const fromMessages = messages.messages[0]!.message;
    expect(Object.keys(fromTranscript).sort()).toEqual(['content', 'role', 'source']);
    expect(fromTranscript).toEqual(fromMessages);
    expect(depthOf(fromTranscript)).toBeLessThanOrEqual(101);
    expect(JSON.stringify(fromTranscript)).toContain('nested deeper than 100 levels');
  });
});

describe('LogHost: one stream of many deltas', () => {
  it('the stream at the step/end after 200,000 deltas reads at most one checkpoint interval of events', async () => {
    // SessionLog re-reads (re-parses) an event it does not hold: the count of those re-reads is
    // the cost of the first visit. It once re-read the whole stream (the worker died at 1M).
    const reads = vi.spyOn(ParsedEvents.prototype as unknown as { read(seq: number): unknown }, 'read');
    try {
      const deltas = 200_000;
      const { ask } = host();
      value(await ask({ kind: 'open', loadId: 1, source: { kind: 'text', text: singleStreamLog(deltas) } }));
      const before = reads.mock.calls.length;
      const stream = value(await ask({ kind: 'stream', seq: deltas + 5 })) as {
        state: { blocks: { text: string }[]; chunkCount: number };
      };
      expect(reads.mock.calls.length - before).toBeLessThanOrEqual(CHECKPOINT_EVERY);
      const text = stream.state.blocks[0]?.text ?? '';
      expect(text.length).toBe(deltas);
      expect(text.slice(-12)).toBe('890123456789');
      expect(stream.state.chunkCount).toBe(deltas + 3);
    } finally {
      reads.mockRestore();
    }
  });
});

describe('LogHost: the event answer is bounded in width (R7-8)', () => {
  it('an event of 200,000 keys is answered with its first keys and a marker naming the rest', async () => {
    const data: Record<string, number> = {};
    for (let i = 0; i < 200_000; i++) data[`k${i}`] = i;
    const text = [
      '{"type":"session","version":0,"id":"wide","createdAt":0}',
      JSON.stringify({ type: 'plugin/wide', seq: 0, time: 1, data, ignorable: true }),
    ].join('\n');
    const { ask } = host();
    await ask({ kind: 'open', loadId: 1, source: { kind: 'text', text } });
    const detail = value(await ask({ kind: 'event', seq: 0 })) as {
      event: { data: object };
      leftOut: number;
    };
    expect(detail.leftOut).toBe(200_000 - MAX_POST_WIDTH);
    const keys = Object.keys(detail.event.data);
    expect(keys).toHaveLength(MAX_POST_WIDTH + 1);
    expect(keys.at(-1)).toBe(moreKeysKey(200_000 - MAX_POST_WIDTH));
  });
});
