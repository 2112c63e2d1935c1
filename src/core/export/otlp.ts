/**
 * A session log as OpenTelemetry traces in the OTLP/JSON encoding, following
 * the GenAI semantic conventions (open-telemetry/semantic-conventions-genai
 * v0.1.0, the successor of semantic-conventions v1.41.0's gen-ai pages; all
 * of it still "Development" status), so the tools teams already run (Jaeger,
 * Grafana Tempo, any OTLP collector) can show an agent session.
 *
 * One trace per session:
 *   session span (INTERNAL, the whole log)
 *     invoke_agent span per turn
 *       chat span per model call: every step attempt, failed ones included
 *       execute_tool span per tool call
 * Ids are deterministic (traceIds.ts): the trace from the session id, each
 * span from the session id and the seq it starts at.
 *
 * Message content (gen_ai.input.messages / gen_ai.output.messages /
 * gen_ai.system_instructions, tool arguments and results) is opt-in
 * (`content: true`): it can be large and private.
 */
import type { SessionLog } from '../log/sessionLog';
import type { AttemptInfo, StepInfo, TurnInfo } from '../analysis/structureIndex';
import type { Block, FinishReason, Message, TokenUsage } from '../types';
import { spanIdOf, traceIdOf } from './traceIds';

export const GENAI_SEMCONV_VERSION = 'semantic-conventions-genai v0.1.0';

// ------------------------------------------------------------ the OTLP/JSON shapes

export type OtlpAnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: OtlpAnyValue[] } };

export interface OtlpKeyValue {
  key: string;
  value: OtlpAnyValue;
}

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** SPAN_KIND_INTERNAL = 1, SPAN_KIND_CLIENT = 3. */
  kind: 1 | 3;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: OtlpKeyValue[];
  /** STATUS_CODE_UNSET = 0, STATUS_CODE_ERROR = 2. */
  status: { code: 0 | 2; message?: string };
}

export interface OtlpTracesData {
  resourceSpans: {
    resource: { attributes: OtlpKeyValue[] };
    scopeSpans: { scope: { name: string; version: string }; spans: OtlpSpan[] }[];
  }[];
}

export interface OtlpExportOptions {
  /** Add the messages, system instructions and tool arguments/results. */
  content?: boolean;
  /** The session id when the log's header has none (the CLI passes the file's fingerprint). */
  fallbackSessionId?: string;
  /** The exporter's version, recorded as the instrumentation scope version. */
  version?: string;
}

/** `{ double }` forces a doubleValue (a whole number of seconds is still a double). */
type Attr = string | number | boolean | string[] | { double: number } | undefined;

function value(v: Exclude<Attr, undefined>): OtlpAnyValue {
  if (typeof v === 'object' && !Array.isArray(v)) return { doubleValue: v.double };
  if (Array.isArray(v)) return { arrayValue: { values: v.map((s) => ({ stringValue: s })) } };
  if (typeof v === 'boolean') return { boolValue: v };
  if (typeof v === 'number') return Number.isInteger(v) ? { intValue: String(v) } : { doubleValue: v };
  return { stringValue: v };
}

function attributes(o: Record<string, Attr>): OtlpKeyValue[] {
  return Object.entries(o)
    .filter((e): e is [string, Exclude<Attr, undefined>] => e[1] !== undefined)
    .map(([key, v]) => ({ key, value: value(v) }));
}

/** Epoch ms -> nanoseconds as the decimal string OTLP/JSON uses for fixed64. */
export function nanos(ms: number): string {
  return (BigInt(Math.round(ms * 1000)) * 1000n).toString();
}

// ------------------------------------------------------------ the export

interface RequestInForce {
  provider?: string;
  model?: string;
  system?: unknown;
}

export function exportOtlp(log: SessionLog, options: OtlpExportOptions = {}): OtlpTracesData {
  return new OtlpBuilder(log, options).build();
}

/** The export as the file holds it: one TracesData document on one line (also the OTel file exporter's JSON lines). */
export function exportOtlpText(
  log: SessionLog,
  options: OtlpExportOptions = {},
): { text: string; spans: number } {
  const data = exportOtlp(log, options);
  const spans = data.resourceSpans.reduce(
    (n, r) => n + r.scopeSpans.reduce((m, s) => m + s.spans.length, 0),
    0,
  );
  return { text: JSON.stringify(data) + '\n', spans };
}

class OtlpBuilder {
  private readonly sessionId: string;
  private readonly traceId: string;
  private readonly spans: OtlpSpan[] = [];
  private readonly headerSeqs: number[] = [];
  private readonly agentName: string;

  constructor(
    private readonly log: SessionLog,
    private readonly options: OtlpExportOptions,
  ) {
    const h = log.sessionHeader;
    this.sessionId =
      typeof h?.id === 'string' && h.id !== '' ? h.id : (options.fallbackSessionId ?? 'unnamed-session');
    this.traceId = traceIdOf(this.sessionId);
    const origin = h?.origin as { format?: unknown } | undefined;
    this.agentName = typeof origin?.format === 'string' ? origin.format : 'deepseek-harness';
    for (let s = 0; s < log.eventCount; s++) if (log.typeOf(s) === 'request/header') this.headerSeqs.push(s);
  }

  build(): OtlpTracesData {
    const log = this.log;
    const st = log.structure;
    const first = this.firstTime();
    const last = this.lastTime() ?? first;
    const rootId = spanIdOf(this.sessionId, 'session');
    const firstRequest = this.requestAt(log.eventCount - 1);
    this.spans.push({
      traceId: this.traceId,
      spanId: rootId,
      name: `session ${this.sessionId}`,
      kind: 1,
      startTimeUnixNano: nanos(first ?? 0),
      endTimeUnixNano: nanos(last ?? 0),
      attributes: attributes({
        'gen_ai.conversation.id': this.sessionId,
        'gen_ai.agent.name': this.agentName,
        'gen_ai.provider.name': firstRequest.provider,
        'seqscope.events': log.eventCount,
        'seqscope.turns': st.turns.length,
      }),
      status: { code: log.diagnostics.counts.error > 0 ? 2 : 0 },
    });
    const turnIds = st.turns.map((t) => this.turnSpan(t, rootId));
    st.steps.forEach((step) => {
      const parent = step.turnIndex >= 0 ? (turnIds[step.turnIndex] as string) : rootId;
      this.stepSpans(step, parent);
    });
    for (const call of st.toolCalls) {
      const parent = call.turnIndex >= 0 ? (turnIds[call.turnIndex] as string) : rootId;
      this.toolSpan(call, parent);
    }
    return {
      resourceSpans: [
        {
          resource: {
            attributes: attributes({
              'service.name': this.agentName,
              'telemetry.sdk.name': 'seqscope',
              'telemetry.sdk.language': 'nodejs',
            }),
          },
          scopeSpans: [
            {
              scope: { name: 'seqscope', version: this.options.version ?? '0' },
              spans: this.spans,
            },
          ],
        },
      ],
    };
  }

  private time(seq: number | null | undefined, fallback?: number): number {
    if (seq === null || seq === undefined) return fallback ?? this.firstTime() ?? 0;
    for (let s = seq; s >= 0; s--) {
      const t = this.log.timeOf(s);
      if (t !== undefined) return t;
    }
    return fallback ?? 0;
  }

  private firstTime(): number | undefined {
    for (let s = 0; s < this.log.eventCount; s++) {
      const t = this.log.timeOf(s);
      if (t !== undefined) return t;
    }
    return undefined;
  }

  private lastTime(): number | undefined {
    for (let s = this.log.eventCount - 1; s >= 0; s--) {
      const t = this.log.timeOf(s);
      if (t !== undefined) return t;
    }
    return undefined;
  }

  /** The latest request/header at or before seq. */
  private requestAt(seq: number): RequestInForce {
    let lo = 0;
    let hi = this.headerSeqs.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((this.headerSeqs[mid] as number) <= seq) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found < 0) return {};
    const d = this.log.event(this.headerSeqs[found] as number).data as {
      header?: { config?: { provider?: unknown; model?: unknown }; system?: unknown };
    };
    const config = d.header?.config;
    return {
      provider: typeof config?.provider === 'string' ? config.provider : undefined,
      model: typeof config?.model === 'string' ? config.model : undefined,
      system: d.header?.system,
    };
  }

  private turnSpan(t: TurnInfo, parent: string): string {
    const id = spanIdOf(this.sessionId, `turn:${t.startSeq}`);
    const reason = t.endReason as { kind?: string; label?: string } | undefined;
    const failed = reason?.kind === 'error';
    const u = t.usage;
    this.spans.push({
      traceId: this.traceId,
      spanId: id,
      parentSpanId: parent,
      name: `invoke_agent ${this.agentName}`,
      kind: 1,
      startTimeUnixNano: nanos(this.time(t.startSeq)),
      endTimeUnixNano: nanos(this.time(t.lastSeq)),
      attributes: attributes({
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.agent.name': this.agentName,
        'gen_ai.conversation.id': this.sessionId,
        'gen_ai.provider.name': this.requestAt(t.startSeq).provider ?? this.requestAt(t.lastSeq).provider,
        'gen_ai.usage.input_tokens': u?.inputTokens,
        'gen_ai.usage.output_tokens': u?.outputTokens,
        'gen_ai.usage.cache_read.input_tokens': u?.cacheReadTokens,
        'gen_ai.usage.cache_creation.input_tokens': u?.cacheWriteTokens,
        'error.type': failed ? 'turn_error' : undefined,
        'seqscope.turn': t.turn,
        'seqscope.seq': t.startSeq,
        'seqscope.end_reason': reason?.kind,
      }),
      status: failed ? { code: 2, message: 'the turn ended in an error' } : { code: 0 },
    });
    return id;
  }

  /** One chat span per model call of the step: its attempts, and a message that had no chunks. */
  private stepSpans(step: StepInfo, parent: string): void {
    const calls: { attempt?: AttemptInfo; messageSeq?: number; startSeq: number }[] = [];
    let start = step.startSeq;
    for (const a of step.attempts) {
      calls.push({ attempt: a, messageSeq: a.messageSeq, startSeq: start });
      start = a.messageSeq ?? a.lastChunkSeq;
    }
    if (step.messageSeq !== undefined && !step.attempts.some((a) => a.messageSeq === step.messageSeq))
      calls.push({ messageSeq: step.messageSeq, startSeq: start });
    for (const c of calls) this.chatSpan(step, c.startSeq, c.attempt, c.messageSeq, parent);
  }

  private chatSpan(
    step: StepInfo,
    startSeq: number,
    attempt: AttemptInfo | undefined,
    messageSeq: number | undefined,
    parent: string,
  ): void {
    const log = this.log;
    const msgData =
      messageSeq !== undefined
        ? (log.event(messageSeq).data as { message?: Message; usage?: TokenUsage })
        : undefined;
    const message = msgData?.message;
    const source = message?.source as { provider?: unknown; model?: unknown } | undefined;
    const request = this.requestAt(startSeq);
    const model = typeof source?.model === 'string' ? source.model : request.model;
    const provider = typeof source?.provider === 'string' ? source.provider : (request.provider ?? 'unknown');
    const usage = attempt?.usage ?? msgData?.usage;
    const endSeq = messageSeq ?? attempt?.lastChunkSeq ?? startSeq;
    // A call recorded without chunks has no request time: it began when its last input arrived.
    const startMs = attempt || startSeq === 0 ? this.time(startSeq) : this.time(startSeq - 1);
    const failure = attempt?.failed
      ? (attempt.finish as { failure?: { code?: string; message?: string } })
      : undefined;
    const finish = finishReason(attempt?.finish, message);
    const ttfc =
      attempt && attempt.chunkCount > 0 ? (this.time(attempt.firstChunkSeq) - startMs) / 1000 : undefined;
    const attrs: Record<string, Attr> = {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': provider,
      'gen_ai.request.model': model,
      'gen_ai.response.model': typeof source?.model === 'string' ? source.model : undefined,
      'gen_ai.response.id': message?.id,
      'gen_ai.conversation.id': this.sessionId,
      'gen_ai.response.finish_reasons': finish ? [finish] : undefined,
      'gen_ai.usage.input_tokens': usage?.inputTokens,
      'gen_ai.usage.output_tokens': usage?.outputTokens,
      'gen_ai.usage.cache_read.input_tokens': usage?.cacheReadTokens,
      'gen_ai.usage.cache_creation.input_tokens': usage?.cacheWriteTokens,
      'gen_ai.usage.reasoning.output_tokens': usage?.reasoningTokens,
      'gen_ai.request.stream': attempt !== undefined && attempt.chunkCount > 0 ? true : undefined,
      'gen_ai.response.time_to_first_chunk': ttfc !== undefined && ttfc >= 0 ? { double: ttfc } : undefined,
      'error.type': failure ? (failure.failure?.code ?? 'model_error') : undefined,
      'seqscope.turn': step.turn,
      'seqscope.step': step.step,
      'seqscope.seq': startSeq,
    };
    if (this.options.content) {
      const input = log.messagesAt(startSeq).messages.map((m) => m.message);
      attrs['gen_ai.input.messages'] = JSON.stringify(input.map(semconvMessage));
      if (message)
        attrs['gen_ai.output.messages'] = JSON.stringify([
          { ...semconvMessage(message), finish_reason: finish },
        ]);
      if (typeof request.system === 'string' && request.system !== '')
        attrs['gen_ai.system_instructions'] = JSON.stringify([{ type: 'text', content: request.system }]);
    }
    this.spans.push({
      traceId: this.traceId,
      spanId: spanIdOf(
        this.sessionId,
        `chat:${attempt ? attempt.firstChunkSeq : startSeq}:${messageSeq ?? -1}`,
      ),
      parentSpanId: parent,
      name: `chat${model ? ` ${model}` : ''}`,
      kind: 3,
      startTimeUnixNano: nanos(startMs),
      endTimeUnixNano: nanos(Math.max(startMs, this.time(endSeq))),
      attributes: attributes(attrs),
      status: failure
        ? { code: 2, message: failure.failure?.message ?? 'the model call failed' }
        : { code: 0 },
    });
  }

  private toolSpan(
    call: {
      callId: string;
      name: string;
      callSeq: number | null;
      resultSeq: number | null;
      isError: boolean;
      errorCode?: string;
      turn: number;
      step: number;
    },
    parent: string,
  ): void {
    const startSeq = call.callSeq ?? call.resultSeq ?? 0;
    const startMs = this.time(startSeq);
    const endMs = call.resultSeq !== null ? this.time(call.resultSeq) : startMs;
    const attrs: Record<string, Attr> = {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': call.name,
      'gen_ai.tool.call.id': call.callId,
      'gen_ai.tool.type': 'function',
      'error.type': call.isError
        ? (call.errorCode ?? 'tool_error')
        : call.resultSeq === null
          ? 'no_result'
          : undefined,
      'seqscope.turn': call.turn,
      'seqscope.step': call.step,
      'seqscope.seq': startSeq,
    };
    if (this.options.content) {
      if (call.callSeq !== null) {
        const d = this.log.event(call.callSeq).data as { arguments?: unknown };
        if (typeof d.arguments === 'string') attrs['gen_ai.tool.call.arguments'] = d.arguments;
      }
      if (call.resultSeq !== null) {
        const m = (this.log.event(call.resultSeq).data as { message?: Message }).message;
        const result = m?.content.find((b) => b.type === 'tool-result') as { content?: Block[] } | undefined;
        if (result?.content)
          attrs['gen_ai.tool.call.result'] = JSON.stringify(result.content.map(semconvPart));
      }
    }
    this.spans.push({
      traceId: this.traceId,
      spanId: spanIdOf(this.sessionId, `tool:${startSeq}:${call.callId}`),
      parentSpanId: parent,
      name: `execute_tool ${call.name}`,
      kind: 1,
      startTimeUnixNano: nanos(startMs),
      endTimeUnixNano: nanos(Math.max(startMs, endMs)),
      attributes: attributes(attrs),
      status: call.isError
        ? { code: 2, message: `the tool reported an error${call.errorCode ? ` (${call.errorCode})` : ''}` }
        : call.resultSeq === null
          ? { code: 2, message: 'the call never got a result' }
          : { code: 0 },
    });
  }
}

/** The semconv finish reason: stop, length, tool_calls, error (or the log's own word). */
function finishReason(finish: FinishReason | undefined, message: Message | undefined): string | undefined {
  const kind = (finish as { kind?: string } | undefined)?.kind;
  switch (kind) {
    case 'stop':
      return 'stop';
    case 'tool-calls':
      return 'tool_calls';
    case 'max-tokens':
      return 'length';
    case 'error':
    case 'aborted':
      return 'error';
    case undefined:
      break;
    default:
      return kind;
  }
  if (!message) return undefined;
  return message.content.some((b) => b.type === 'tool-call') ? 'tool_calls' : 'stop';
}

/** A message in the semconv's JSON schema for gen_ai.input.messages / output.messages. */
function semconvMessage(m: Message): { role: string; parts: unknown[] } {
  const toolResults = m.content.filter((b) => b.type === 'tool-result');
  const role = toolResults.length > 0 && toolResults.length === m.content.length ? 'tool' : m.role;
  return { role, parts: m.content.map(semconvPart) };
}

function semconvPart(b: Block): unknown {
  const x = b as Record<string, unknown>;
  switch (b.type) {
    case 'text':
      return { type: 'text', content: x.text };
    case 'reasoning':
      return { type: 'reasoning', content: x.text };
    case 'tool-call': {
      let args: unknown = x.arguments;
      try {
        args = JSON.parse(String(x.arguments));
      } catch {
        // keep the raw text
      }
      return { type: 'tool_call', id: x.id, name: x.name, arguments: args };
    }
    case 'tool-result':
      return {
        type: 'tool_call_response',
        id: x.toolCallId,
        response: Array.isArray(x.content) ? (x.content as Block[]).map(semconvPart) : x.content,
      };
    default:
      return { type: b.type };
  }
}
