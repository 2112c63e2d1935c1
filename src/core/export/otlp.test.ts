/**
 * The OTLP export checked against what the OTLP/JSON encoding requires (hex
 * ids of the right length, nanosecond decimal strings, typed attribute
 * values, parents that exist) and its span counts against the log.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLogFromBytes, loadLogFromText } from '../log/load';
import type { SessionLog } from '../log/sessionLog';
import { exportOtlp } from './otlp';
import { nanos, type OtlpAnyValue, type OtlpSpan } from './otlpJson';
import { totalInputTokens } from '../analysis/usage';

const load = (path: string): SessionLog => loadLogFromBytes(readFileSync(`../shared/samples/${path}`));

function spansOf(log: SessionLog, content = false): OtlpSpan[] {
  const data = exportOtlp(log, { content, fallbackSessionId: 'fallback' });
  // Round-trip through JSON: what a file holds.
  const parsed = JSON.parse(JSON.stringify(data)) as ReturnType<typeof exportOtlp>;
  expect(parsed.resourceSpans).toHaveLength(1);
  const rs = parsed.resourceSpans[0] as (typeof parsed.resourceSpans)[number];
  expect(rs.resource.attributes.find((a) => a.key === 'service.name')).toBeDefined();
  return rs.scopeSpans.flatMap((s) => s.spans);
}

function checkValue(v: OtlpAnyValue, path: string): void {
  const keys = Object.keys(v);
  expect(keys, path).toHaveLength(1);
  const [k] = keys;
  const x = (v as Record<string, unknown>)[k as string];
  switch (k) {
    case 'stringValue':
      expect(typeof x, path).toBe('string');
      break;
    case 'boolValue':
      expect(typeof x, path).toBe('boolean');
      break;
    case 'intValue':
      // int64 in the protobuf JSON mapping: a decimal string
      expect(x, path).toMatch(/^-?\d+$/);
      break;
    case 'doubleValue':
      expect(Number.isFinite(x), path).toBe(true);
      break;
    case 'arrayValue':
      for (const [i, e] of ((x as { values: OtlpAnyValue[] }).values ?? []).entries())
        checkValue(e, `${path}[${i}]`);
      break;
    default:
      throw new Error(`${path}: ${String(k)} is not an AnyValue field`);
  }
}

function checkStructure(spans: OtlpSpan[]): void {
  const ids = new Set(spans.map((s) => s.spanId));
  expect(ids.size).toBe(spans.length);
  const traceIds = new Set(spans.map((s) => s.traceId));
  expect(traceIds.size).toBe(1);
  for (const s of spans) {
    expect(s.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(s.traceId).not.toMatch(/^0+$/);
    expect(s.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(s.spanId).not.toMatch(/^0+$/);
    if (s.parentSpanId !== undefined) {
      expect(s.parentSpanId).toMatch(/^[0-9a-f]{16}$/);
      expect(ids.has(s.parentSpanId), `${s.name}: parent ${s.parentSpanId} exists`).toBe(true);
    }
    expect(s.startTimeUnixNano).toMatch(/^\d+$/);
    expect(s.endTimeUnixNano).toMatch(/^\d+$/);
    expect(BigInt(s.endTimeUnixNano) >= BigInt(s.startTimeUnixNano)).toBe(true);
    expect([1, 3]).toContain(s.kind);
    expect([0, 2]).toContain(s.status.code);
    for (const a of s.attributes) {
      expect(typeof a.key).toBe('string');
      checkValue(a.value, `${s.name} ${a.key}`);
    }
  }
  expect(spans.filter((s) => s.parentSpanId === undefined)).toHaveLength(1);
}

const attr = (s: OtlpSpan, key: string): unknown => {
  const v = s.attributes.find((a) => a.key === key)?.value as Record<string, unknown> | undefined;
  if (!v) return undefined;
  if ('intValue' in v) return Number(v.intValue);
  if ('arrayValue' in v)
    return (v.arrayValue as { values: { stringValue: string }[] }).values.map((x) => x.stringValue);
  return Object.values(v)[0];
};
const op = (spans: OtlpSpan[], name: string) =>
  spans.filter((s) => attr(s, 'gen_ai.operation.name') === name);

/** Model calls of the log: every attempt, plus messages that came without chunks. */
function modelCalls(log: SessionLog): number {
  return log.structure.steps.reduce(
    (n, st) =>
      n +
      st.attempts.length +
      (st.messageSeq !== undefined && !st.attempts.some((a) => a.messageSeq === st.messageSeq) ? 1 : 0),
    0,
  );
}

describe('OTLP export', { timeout: 60_000 }, () => {
  const cases = [
    'dsh/compaction-recovery.stream.jsonl',
    'dsh/steering.jsonl',
    'design-card-example.jsonl',
    'other/claude-code/ef958aa1-0e93-49f0-bb71-150f63befcd1.jsonl',
    'other/codex/agentlogs-crud.jsonl',
    'other/pi/pi-mono-v1-large-session.jsonl',
    'other/inspect/log_message_deduplication.eval',
  ];
  for (const path of cases)
    it(`${path}: valid OTLP/JSON with one span per turn, model call and tool call`, () => {
      const log = load(path);
      // Content repeats the whole history on every call: checked on the smaller logs only.
      const spans = spansOf(log, !path.includes('large-session'));
      checkStructure(spans);
      const st = log.structure;
      expect(op(spans, 'invoke_agent')).toHaveLength(st.turns.length);
      expect(op(spans, 'chat')).toHaveLength(modelCalls(log));
      expect(op(spans, 'execute_tool')).toHaveLength(st.toolCalls.length);
      expect(spans).toHaveLength(1 + st.turns.length + modelCalls(log) + st.toolCalls.length);
      // Failed attempts are chat spans with an error status and error.type.
      const failedChats = op(spans, 'chat').filter((s) => s.status.code === 2);
      expect(failedChats).toHaveLength(st.totals.failedAttempts);
      for (const s of failedChats) expect(attr(s, 'error.type')).toBeDefined();
      // Tool errors are execute_tool spans with an error status.
      const toolErrors = op(spans, 'execute_tool').filter(
        (s) => attr(s, 'error.type') !== undefined && s.status.code === 2,
      );
      expect(toolErrors.length).toBeGreaterThanOrEqual(st.totals.toolErrors);
      // Usage: the chat spans add up to the log's totals.
      const sum = (k: string) =>
        op(spans, 'chat').reduce((n, s) => n + ((attr(s, k) as number | undefined) ?? 0), 0);
      // OTel's input_tokens include the cache; TokenUsage.inputTokens is the uncached part.
      expect(sum('gen_ai.usage.input_tokens')).toBe(totalInputTokens(st.usage));
      expect(sum('gen_ai.usage.output_tokens')).toBe(st.usage.outputTokens);
      for (const s of op(spans, 'chat')) {
        expect(attr(s, 'gen_ai.provider.name')).toEqual(expect.any(String));
        expect(s.kind).toBe(3);
      }
    });

  it('a failed attempt of compaction-recovery is its own chat span, with time to first chunk on streamed calls', () => {
    const log = load('dsh/compaction-recovery.stream.jsonl');
    expect(log.structure.totals.failedAttempts).toBeGreaterThan(0);
    const chats = op(spansOf(log), 'chat');
    const failed = chats.filter((s) => s.status.code === 2);
    expect(failed.length).toBe(log.structure.totals.failedAttempts);
    expect(attr(failed[0] as OtlpSpan, 'gen_ai.response.finish_reasons')).toEqual(['error']);
    const streamed = chats.filter((s) => attr(s, 'gen_ai.request.stream') === true);
    expect(streamed.length).toBeGreaterThan(0);
    for (const s of streamed)
      expect(attr(s, 'gen_ai.response.time_to_first_chunk')).toEqual(expect.any(Number));
  });

  it('a finish kind that is no string is no word: the reason comes from the message, and the document serializes (audit R18-1)', () => {
    const pty = readFileSync('../shared/samples/dsh/pty-tools.jsonl', 'utf8');
    const first = '"reason":{"kind":"tool-calls"}';
    expect(pty).toContain(first);
    for (const kind of [`${'['.repeat(5000)}"stop"${']'.repeat(5000)}`, '{"a":"b"}', '12.5', 'true']) {
      const log = loadLogFromText(pty.replace(first, `"reason":{"kind":${kind}}`));
      const text = JSON.stringify(exportOtlp(log, { content: true }));
      const doc = JSON.parse(text) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
      const spans = doc.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
      const reasons = spans.flatMap((s) => {
        const a = s.attributes.find((x) => x.key === 'gen_ai.response.finish_reasons');
        return a ? (a.value as { arrayValue: { values: OtlpAnyValue[] } }).arrayValue.values : [];
      });
      expect(reasons.length, kind.slice(0, 12)).toBeGreaterThan(0);
      for (const r of reasons)
        expect(typeof (r as { stringValue?: unknown }).stringValue, kind.slice(0, 12)).toBe('string');
      // the first call's message holds tool calls: that is its reason
      expect((reasons[0] as { stringValue: string }).stringValue).toBe('tool_calls');
    }
  });

  it('is deterministic: the same log gives the same ids; another session another trace', () => {
    const a = spansOf(load('other/codex/agentlogs-crud.jsonl'));
    const b = spansOf(load('other/codex/agentlogs-crud.jsonl'));
    expect(b.map((s) => s.spanId)).toEqual(a.map((s) => s.spanId));
    expect(b[0]?.traceId).toBe(a[0]?.traceId);
    const c = spansOf(
      load('other/codex/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl'),
    );
    expect(c[0]?.traceId).not.toBe(a[0]?.traceId);
  });

  it('content is opt-in: --content adds the input and output messages of each call', () => {
    const log = load('other/claude-code/agentlogs-compact.jsonl');
    const plain = op(spansOf(log), 'chat')[0] as OtlpSpan;
    expect(attr(plain, 'gen_ai.input.messages')).toBeUndefined();
    const withContent = op(spansOf(log, true), 'chat')[0] as OtlpSpan;
    const input = JSON.parse(attr(withContent, 'gen_ai.input.messages') as string) as {
      role: string;
      parts: { type: string; content?: string }[];
    }[];
    expect(input.at(-1)?.parts[0]).toEqual({ type: 'text', content: 'how are you doing' });
    const output = JSON.parse(attr(withContent, 'gen_ai.output.messages') as string) as {
      role: string;
      finish_reason: string;
      parts: { type: string }[];
    }[];
    expect(output[0]).toMatchObject({ role: 'assistant', finish_reason: 'stop' });
    expect(output[0]?.parts.map((p) => p.type)).toEqual(['reasoning', 'text']);
  });

  it('names the tool and call id, and marks a failing tool as an error', () => {
    const log = load(
      'other/claude-code/ef958aa1-0e93-49f0-bb71-150f63befcd1/subagents/agent-ab1e6e141221a29ab.jsonl',
    );
    const tools = op(spansOf(log), 'execute_tool');
    expect(tools).toHaveLength(17);
    const errors = tools.filter((s) => s.status.code === 2);
    expect(errors).toHaveLength(2);
    for (const s of tools) {
      expect(attr(s, 'gen_ai.tool.call.id')).toMatch(/^toolu_/);
      expect(s.name).toBe(`execute_tool ${String(attr(s, 'gen_ai.tool.name'))}`);
    }
  });

  it('uses the fallback id for a log whose header names no session, and nanosecond strings for times', () => {
    const log = loadLogFromText('{"type":"turn/start","seq":0,"time":1700000000123,"data":{"turn":1}}\n');
    const spans = spansOf(log);
    expect(attr(spans[0] as OtlpSpan, 'gen_ai.conversation.id')).toBe('fallback');
    expect(nanos(1700000000123)).toBe('1700000000123000000');
    // fixed64 is unsigned and 64 bits (audit R18-5): no negative, no overflowing decimal
    expect(nanos(-8.64e15)).toBe('0');
    expect(nanos(Number.NaN)).toBe('0');
    expect(nanos(8.64e15)).toBe('18446744073709551615');
    expect(nanos(Infinity)).toBe('18446744073709551615');
    expect(BigInt(nanos(1.8446744073709e13))).toBeLessThanOrEqual((1n << 64n) - 1n);
  });
});
