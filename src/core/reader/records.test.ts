import { describe, expect, it } from 'vitest';
import { JSON_ARRAY_HINT } from './jsonArray';
import { RecordReader, splitLineText } from './records';
import { codes, readText } from './testing';
import { DiagnosticList } from '../diagnostics';
import type { SessionEvent } from '../types';

const j = (v: unknown): string => JSON.stringify(v);
const ev = (type: string, data: unknown = {}, extra: Record<string, unknown> = {}): string =>
  j({ type, ...extra, data });
const turnStart = (turn = 1, extra: Record<string, unknown> = {}): string =>
  ev('turn/start', { turn }, extra);
const log = (...lines: string[]): string => lines.join('\n') + '\n';

describe('unparsable lines', () => {
  it('reports bad JSON in the middle with its line number and loads the rest', () => {
    const r = readText(log(turnStart(1), '{"type":"turn/start",', turnStart(2)));
    expect(r.events.map((e) => [e.seq, e.data])).toEqual([
      [0, { turn: 1 }],
      [1, { turn: 2 }],
    ]);
    expect(codes(r)).toEqual([
      ['bad-json', 2],
      ['seq-assigned', 0],
    ]);
    expect(r.diagnostics[0]?.severity).toBe('error');
  });

  it('drops a torn tail (last line, no newline, unparsable) with a warning', () => {
    const r = readText(log(turnStart(1)) + '{"type":"turn/st');
    expect(r.events).toHaveLength(1);
    expect(codes(r)).toEqual([
      ['torn-tail', 2],
      ['seq-assigned', 0],
    ]);
    expect(r.diagnostics[0]?.severity).toBe('warning');
  });

  it('quotes the start of a broken line (controls escaped, cut at 200 code points) in its message', () => {
    const long = '{"type":"turn/start","x":"' + 'é'.repeat(300);
    const r = readText(log(turnStart(1), 'oops\u0007 {', long) + '{"type":"tu');
    const texts = r.diagnostics.filter((d) => d.line !== undefined).map((d) => splitLineText(d.message).text);
    expect(texts[0]).toBe('oops\\x07 {');
    expect(texts[1]).toBe(Array.from(long).slice(0, 200).join('') + '…');
    expect(texts[2]).toBe('{"type":"tu');
    expect(splitLineText(r.diagnostics[0]!.message).message).toMatch(
      /^line 2 is not valid JSON \(.*\); skipped$/,
    );
    expect(splitLineText('no excerpt here')).toEqual({ message: 'no excerpt here', text: null });
  });

  it('names a JSON array for what it is, pretty-printed or on one line, on its first line only', () => {
    const pretty = readText(
      JSON.stringify([{ type: 'turn/start', seq: 0, data: { turn: 1 } }], null, 2) + '\n',
    );
    expect(pretty.events).toEqual([]);
    expect(pretty.diagnostics[0]).toMatchObject({ code: 'bad-json', line: 1 });
    expect(pretty.diagnostics[0]?.message).toBe(`line 1 opens a JSON array; skipped: ${JSON_ARRAY_HINT}`);
    expect(pretty.diagnostics.slice(1).some((d) => d.message.includes('JSON array'))).toBe(false);
    const compact = readText(log(j([{ type: 'turn/start', seq: 0, data: { turn: 1 } }])));
    expect(compact.diagnostics[0]?.message).toBe(
      `line 1 is an array, not a JSON object; skipped: ${JSON_ARRAY_HINT}`,
    );
    // An array further down is an ordinary bad line.
    const later = readText(log(turnStart(1), '[1, 2]'));
    expect(later.diagnostics[0]?.message).toBe('line 2 is an array, not a JSON object; skipped');
  });

  it('keeps a complete last line without a newline', () => {
    expect(readText(log(turnStart(1)) + turnStart(2)).events).toHaveLength(2);
  });

  it('treats an unparsable last line that has a newline as bad JSON', () => {
    expect(codes(readText(log(turnStart(1), '{"type":')))[0]).toEqual(['bad-json', 2]);
  });
});

describe('envelope', () => {
  it('reports non-objects, a missing type and non-object data; none of them is an event', () => {
    const r = readText(
      log(
        '[1,2]',
        '42',
        'null',
        '"s"',
        j({ data: {} }),
        j({ type: 7, data: {} }),
        j({ type: 'turn/start' }),
        j({ type: 'turn/start', data: [1] }),
        turnStart(1),
      ),
    );
    expect(r.events.map((e) => e.seq)).toEqual([0]);
    expect(codes(r)).toEqual([
      ['not-an-object', 1],
      ['not-an-object', 2],
      ['not-an-object', 3],
      ['not-an-object', 4],
      ['missing-type', 5],
      ['missing-type', 6],
      ['bad-data', 7],
      ['bad-data', 8],
      ['seq-assigned', 0],
    ]);
    expect(r.diagnostics[6]?.message).toMatch(/"data" is missing, not an object; not an event/);
  });

  it('reports a seq that disagrees with the position once per run, and keeps file order', () => {
    const seqs = [0, 1, 3, 4, 5, 2, 'x', 7];
    const r = readText(log(...seqs.map((seq, i) => turnStart(i, { seq }))));
    expect(r.events.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(r.events.map((e) => (e.data as { turn: number }).turn)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(codes(r)).toEqual([
      ['seq-mismatch', 2],
      ['seq-mismatch', 5],
      ['seq-mismatch', 6],
    ]);
    expect(r.diagnostics[0]?.message).toMatch(/seq 3 is at position 2/);
  });

  it('assigns absent seqs by position with one info saying how many', () => {
    const r = readText(log(turnStart(1, { seq: 0 }), turnStart(2), turnStart(3)));
    expect(r.events.map((e) => e.seq)).toEqual([0, 1, 2]);
    expect(codes(r)).toEqual([['seq-assigned', 1]]);
    expect(r.diagnostics[0]?.message).toMatch(/^2 of 3 events have no seq/);
    expect(r.diagnostics[0]?.severity).toBe('info');
  });

  it('warns when time goes backwards, and drops a time that is not a number', () => {
    const times = [10, 20, 15, 'soon', 16, 12];
    const r = readText(log(...times.map((time, seq) => turnStart(1, { seq, time }))));
    expect(r.events.map((e) => e.time)).toEqual([10, 20, 15, undefined, 16, 12]);
    expect('time' in (r.events[3] as object)).toBe(false);
    expect(codes(r)).toEqual([
      ['time-backwards', 2],
      ['bad-data', 3],
      ['time-backwards', 5],
    ]);
  });

  it('keeps unknown types as events, reporting each type once, as error or (ignorable) info', () => {
    const r = readText(
      log(
        ev('x/custom', { a: 1 }),
        ev('x/custom', { a: 2 }),
        ev('x/note', {}, { ignorable: true }),
        ev('agent/status', {}), // a live bus event: never in a log, so unknown
        ev('request/header', {}),
        ev('compaction/prune', {}),
        ev('approval/asked', {}),
        ev('llm/retry', {}),
      ),
    );
    expect(r.events.map((e) => e.type)).toEqual([
      'x/custom',
      'x/custom',
      'x/note',
      'agent/status',
      'request/header',
      'compaction/prune',
      'approval/asked',
      'llm/retry',
    ]);
    expect(r.events[1]?.data).toEqual({ a: 2 });
    expect(codes(r)).toEqual([
      ['unknown-required-type', 0],
      ['unknown-ignorable-type', 2],
      ['unknown-required-type', 3],
      ['seq-assigned', 0],
    ]);
    expect(r.diagnostics.map((d) => d.severity).slice(0, 3)).toEqual(['error', 'info', 'error']);
  });

  it('keeps a known type with bad data as written, marked invalid, with the path in the message', () => {
    const data = { turn: 1, step: 1, callId: 5, name: 'bash', arguments: '{}' };
    const r = readText(
      log(
        ev('tool/call', data, { seq: 0 }),
        ev(
          'user/message',
          { role: 'user', content: [{ type: 'text', text: 3 }] },
          { seq: 1, surfaceOp: 'append' },
        ),
      ),
    );
    expect(r.events).toEqual([
      { type: 'tool/call', seq: 0, data, invalid: true },
      {
        type: 'user/message',
        seq: 1,
        surfaceOp: 'append',
        data: { role: 'user', content: [{ type: 'text', text: 3 }] },
        invalid: true,
      },
    ]);
    expect(codes(r)).toEqual([
      ['bad-data', 0],
      ['bad-data', 1],
    ]);
    expect(r.diagnostics[0]?.message).toMatch(/^tool\/call: data\.callId: expected a string/);
    expect(r.diagnostics[1]?.message).toMatch(/data\.content\[0\]\.text: expected a string/);
  });

  it('defaults a missing surfaceOp to append and reports it once with the count', () => {
    const msg = { role: 'user', content: [{ type: 'text', text: 'hi' }] };
    const r = readText(
      log(
        turnStart(1, { seq: 0 }),
        ev('user/message', msg, { seq: 1 }),
        ev('user/message', msg, { seq: 2, surfaceOp: 'append' }),
        ev('user/message', msg, { seq: 3 }),
      ),
    );
    expect(r.events.map((e) => e.surfaceOp)).toEqual([undefined, 'append', 'append', 'append']);
    expect(codes(r)).toEqual([['surface-op-missing', 1]]);
    expect(r.diagnostics[0]?.message).toMatch(/^2 surface events have no surfaceOp/);
  });
});

describe('header, wrappers and meta lines', () => {
  it('takes a session line as the header only as the first record', () => {
    const header = { type: 'session', version: 0, id: 's1', createdAt: 5, seedLength: 2 };
    const r = readText(log('', 'garbage', j(header), turnStart(1), j({ ...header, id: 's2' })));
    expect(r.header).toEqual({ header, line: 3 });
    expect(r.events).toHaveLength(1);
    expect(r.metas).toEqual([{ value: { ...header, id: 's2' }, line: 5 }]);
    expect(codes(r)).toEqual([
      ['bad-json', 2],
      ['bad-data', 5],
      ['seq-assigned', 0],
    ]);
  });

  it('warns about a header version other than 0', () => {
    const r = readText(log(j({ type: 'session', version: 2, id: 's' }), turnStart(1, { seq: 0 })));
    expect(r.header?.header.version).toBe(2);
    expect(codes(r)).toEqual([['header-version', 1]]);
    expect(r.diagnostics[0]?.severity).toBe('warning');
  });

  it('unwraps session_event lines and keeps result and other runner lines as meta', () => {
    const wrapped = (seq: number) =>
      j({
        type: 'session_event',
        sessionId: 'S',
        event: { type: 'turn/start', seq, time: 0, data: { turn: 1 } },
      });
    const r = readText(
      log(
        wrapped(0),
        j({ type: 'status', sessionId: 'S', state: 'busy' }),
        wrapped(1),
        j({ type: 'result', sessionId: 'S', output: 'ok' }),
      ),
    );
    expect(r.events).toEqual([
      { type: 'turn/start', seq: 0, time: 0, data: { turn: 1 } },
      { type: 'turn/start', seq: 1, time: 0, data: { turn: 1 } },
    ]);
    expect(r.metas.map((m) => [m.value.type, m.line])).toEqual([
      ['status', 2],
      ['result', 4],
    ]);
    expect(r.diagnostics).toEqual([]);
  });

  it('reports a wrapper without an event object', () => {
    const r = readText(
      log(
        j({ type: 'session_event', sessionId: 'S', event: 3 }),
        j({ type: 'session_event', event: { data: {} } }),
      ),
    );
    expect(r.events).toEqual([]);
    expect(codes(r)).toEqual([
      ['not-an-object', 1],
      ['missing-type', 2],
    ]);
  });
});

describe('packed chunk rows', () => {
  const textRow = {
    type: 'text-chunks',
    seq0: 1,
    time0: 100,
    data: { turn: 1, step: 2, index: 0, dt: [5, -2], texts: ['a', 'b', 'c'] },
  };

  it('expands to member events with seq S+k and time T+sum(dt[0..k-1]), all at the row line', () => {
    const r = readText(log(turnStart(1, { seq: 0, time: 90 }), j(textRow)));
    expect(r.events.slice(1)).toEqual([
      {
        type: 'assistant/chunk',
        seq: 1,
        time: 100,
        data: { turn: 1, step: 2, chunk: { type: 'text-delta', index: 0, text: 'a' } },
      },
      {
        type: 'assistant/chunk',
        seq: 2,
        time: 105,
        data: { turn: 1, step: 2, chunk: { type: 'text-delta', index: 0, text: 'b' } },
      },
      {
        type: 'assistant/chunk',
        seq: 3,
        time: 103,
        data: { turn: 1, step: 2, chunk: { type: 'text-delta', index: 0, text: 'c' } },
      },
    ]);
    expect(r.locs.slice(1).map((l) => [l.line, l.member])).toEqual([
      [2, 0],
      [2, 1],
      [2, 2],
    ]);
    expect(codes(r)).toEqual([['time-backwards', 3]]); // a negative gap is allowed, and still a step back in time
  });

  it('expands tool-call rows with id and name on every member, reasoning rows as reasoning deltas', () => {
    const r = readText(
      log(
        j({
          type: 'tool-call-chunks',
          data: { turn: 1, step: 1, index: 1, dt: [1], id: 'c1', name: 'bash', args: ['{"a"', ':1}'] },
        }),
        j({ type: 'reasoning-chunks', data: { turn: 1, step: 1, index: 0, dt: [], texts: ['hm'] } }),
      ),
    );
    expect(r.events.map((e) => (e.data as { chunk: unknown }).chunk)).toEqual([
      { type: 'tool-call-delta', index: 1, id: 'c1', name: 'bash', argumentsDelta: '{"a"' },
      { type: 'tool-call-delta', index: 1, id: 'c1', name: 'bash', argumentsDelta: ':1}' },
      { type: 'reasoning-delta', index: 0, text: 'hm' },
    ]);
    expect(r.events.every((e) => !('time' in e))).toBe(true);
    expect(codes(r)).toEqual([['seq-assigned', 0]]);
  });

  it('reports a row whose arrays disagree (or are malformed) and expands it to nothing', () => {
    const bad = [
      { ...textRow, data: { ...textRow.data, dt: [1] } },
      { ...textRow, data: { ...textRow.data, texts: ['a', 2, 'c'] } },
      { type: 'tool-call-chunks', data: { turn: 1, step: 1, index: 0, dt: [], args: ['x'] } },
      { type: 'text-chunks', data: { turn: 1, step: 1, index: 0, dt: [], texts: [] } },
    ];
    const r = readText(log(...bad.map(j), turnStart(1, { seq: 0 })));
    expect(r.events.map((e) => e.type)).toEqual(['turn/start']);
    expect(codes(r)).toEqual([
      ['packed-row-invalid', 1],
      ['packed-row-invalid', 2],
      ['packed-row-invalid', 3],
      ['packed-row-invalid', 4],
    ]);
    expect(r.diagnostics[0]?.message).toMatch(/data\.dt: expected 2 gaps for 3 texts, not 1/);
    expect(r.diagnostics[1]?.message).toMatch(/data\.texts\[1\]: expected a string/);
    expect(r.diagnostics[2]?.message).toMatch(/data\.id: expected a string/);
  });

  it('checks seq0 against the position', () => {
    const r = readText(log(j({ ...textRow, seq0: 4, time0: undefined })));
    expect(r.events.map((e) => e.seq)).toEqual([0, 1, 2]);
    expect(codes(r)).toEqual([['seq-mismatch', 0]]);
  });
});

describe('lines the splitter already refused (notFast)', () => {
  it('parses them with JSON.parse, never scanning them: a delta line so flagged comes as an event, the same one', () => {
    const line = j({
      type: 'assistant/chunk',
      seq: 0,
      data: { turn: 1, step: 1, chunk: { type: 'text-delta', index: 0, text: 'é"\\' } },
    });
    const read = (notFast: boolean) => {
      const events: SessionEvent[] = [];
      const deltas: unknown[] = [];
      const reader = new RecordReader(
        {
          header: () => {},
          meta: () => {},
          event: (ev) => events.push(ev),
          delta: (d, seq) => deltas.push({ ...d.value(), seq }),
        },
        new DiagnosticList(),
        undefined,
      );
      reader.line(line, 0, line.length, 1, true, false, notFast);
      return { events, deltas };
    };
    const scanned = read(false);
    expect(scanned.events).toEqual([]);
    expect(scanned.deltas).toHaveLength(1);
    const parsed = read(true);
    expect(parsed.deltas).toEqual([]);
    expect(parsed.events).toEqual(scanned.deltas);
  });
});
