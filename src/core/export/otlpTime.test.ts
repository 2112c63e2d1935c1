/**
 * Span times on logs with few or no `time` fields (the spec allows them
 * missing): a span takes the last known time at or before its seq, and
 * finding it costs one pass over the log, not a walk back per span (R9-2).
 */
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import type { SessionLog } from '../log/sessionLog';
import { exportOtlp } from './otlp';
import type { OtlpSpan } from './otlpJson';

/** One turn of `steps` steps, each an assistant tool_use, its tool/call and tool/result; `timeAt` picks the timed seqs. */
function toolLoop(steps: number, timeAt: (seq: number) => number | undefined = () => undefined): string {
  const lines: string[] = [];
  const ev = (type: string, data: unknown, extra: Record<string, unknown> = {}): number => {
    const seq = lines.length;
    const time = timeAt(seq);
    lines.push(JSON.stringify({ type, seq, ...(time !== undefined ? { time } : {}), data, ...extra }));
    return seq;
  };
  const text = (t: string) => [{ type: 'text', text: t }];
  ev('request/header', { header: { config: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } });
  ev('turn/start', { turn: 1 });
  ev('user/message', { role: 'user', content: text('go') }, { surfaceOp: 'append', sourceEventSeqs: [] });
  for (let i = 1; i <= steps; i++) {
    ev('step/start', { turn: 1, step: i });
    const message = {
      role: 'assistant',
      content: [{ type: 'tool_use', id: `c${i}`, name: 'bash', input: { command: 'ls' } }],
    };
    ev(
      'assistant/message',
      { turn: 1, step: i, message, usage: { inputTokens: 10, outputTokens: 2 } },
      { surfaceOp: 'append', sourceEventSeqs: [] },
    );
    const call = ev('tool/call', { turn: 1, step: i, callId: `c${i}`, name: 'bash', arguments: '{}' });
    const result = { role: 'tool', toolName: 'bash', content: 'ok', isError: false };
    ev(
      'tool/result',
      { turn: 1, step: i, message: result },
      { surfaceOp: 'append', sourceEventSeqs: [call] },
    );
    ev('step/end', { turn: 1, step: i });
  }
  ev('turn/end', { turn: 1, reason: { kind: 'completed' } });
  return lines.join('\n') + '\n';
}

/** Counts the log's timeOf calls made while running `work`. */
function countTimeReads(log: SessionLog, work: () => void): number {
  const timeOf = log.timeOf.bind(log);
  let reads = 0;
  log.timeOf = (seq: number) => {
    reads++;
    return timeOf(seq);
  };
  work();
  return reads;
}

const ms = (nanos: string): number => Number(BigInt(nanos) / 1_000_000n);
const byOp = (spans: OtlpSpan[], op: string) =>
  spans.filter((s) =>
    s.attributes.some(
      (a) => a.key === 'gen_ai.operation.name' && 'stringValue' in a.value && a.value.stringValue === op,
    ),
  );

describe('OTLP span times', () => {
  it('reads each event time a bounded number of times on a log without times', () => {
    const steps = 300;
    const log = loadLogFromText(toolLoop(steps));
    expect(log.structure.steps).toHaveLength(steps);
    let spans: OtlpSpan[] = [];
    const reads = countTimeReads(log, () => {
      spans = exportOtlp(log).resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
    });
    // 1 session + 1 turn + a chat and a tool span per step, every one asking two times.
    expect(spans).toHaveLength(2 + 2 * steps);
    expect(reads).toBeLessThanOrEqual(2 * log.eventCount);
    for (const s of spans) expect([s.startTimeUnixNano, s.endTimeUnixNano]).toEqual(['0', '0']);
  });

  it('gives a span the last known time at or before its seq', () => {
    // seq 0 request/header, 1 turn/start, 2 user/message, then per step: step/start,
    // assistant/message, tool/call, tool/result, step/end; last turn/end.
    const times: Record<number, number> = { 2: 1000, 4: 2000, 6: 5000, 9: 7000 };
    const log = loadLogFromText(toolLoop(2, (seq) => times[seq]));
    const spans = exportOtlp(log).resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
    const span = (s: OtlpSpan | undefined) => [
      ms(s?.startTimeUnixNano ?? '0'),
      ms(s?.endTimeUnixNano ?? '0'),
    ];
    // The session runs from the first to the last time in the log.
    expect(span(spans[0])).toEqual([1000, 7000]);
    // The turn starts at seq 1, before any time: 0; it ends at seq 13, last timed at seq 9.
    expect(span(byOp(spans, 'invoke_agent')[0])).toEqual([0, 7000]);
    // A call without chunks starts when its last input arrived (the seq before its step/start).
    expect(byOp(spans, 'chat').map(span)).toEqual([
      [1000, 2000],
      [5000, 7000],
    ]);
    expect(byOp(spans, 'execute_tool').map(span)).toEqual([
      [2000, 5000],
      [7000, 7000],
    ]);
  });
});
