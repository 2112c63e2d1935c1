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
import type { AttemptInfo, StepInfo, ToolCallInfo, TurnInfo } from '../analysis/structureIndex';
import { requestInForceAt, requestNames } from '../harness/requestInForce';
import { answeredBy } from '../log/message';
import { normalizeUsage, totalInputTokens } from '../analysis/usage';
import { isKnownEvent, type Block, type FinishReason, type Message, type TokenUsage } from '../types';
import { isObject } from '../validate';
import { finishReason, semconvMessage, semconvPart } from './genaiMessages';
import { ContentBudget, contentBudget, contentJson, cutContent, historyJson } from './contentLimits';
import { attributes, nanos, spanCount, type Attr, type OtlpSpan, type OtlpTracesData } from './otlpJson';
import { spanIdsOf, traceIdOf } from './traceIds';
import { nameHead } from '../view/bidiControls';

export interface OtlpExportOptions {
  /** Add the messages, system instructions and tool arguments/results. */
  content?: boolean;
  /** The session id when the log's header has none (the CLI passes the file's fingerprint). */
  fallbackSessionId?: string;
  /** The exporter's version, recorded as the instrumentation scope version. */
  version?: string;
  /** Characters of content the document holds at most; default contentBudget(the log's bytes). */
  contentBudget?: number;
  /** Characters of one content attribute at most; default MAX_CONTENT_ATTRIBUTE. */
  contentAttributeChars?: number;
}

/** What the spans need of the request in force (core/harness/requestInForce.ts) at a seq. */
interface RequestFacts {
  provider?: string;
  model?: string;
  system?: unknown;
}

export function exportOtlp(log: SessionLog, options: OtlpExportOptions = {}): OtlpTracesData {
  return new OtlpBuilder(log, options).build();
}

/**
 * The export as the file holds it: one TracesData document on one line (also the OTel file
 * exporter's JSON lines). `contentNote`: what content was cut or left out, for the user.
 */
export function exportOtlpText(
  log: SessionLog,
  options: OtlpExportOptions = {},
): { text: string; spans: number; contentNote: string | null } {
  const builder = new OtlpBuilder(log, options);
  const data = builder.build();
  return { text: JSON.stringify(data) + '\n', spans: spanCount(data), contentNote: builder.contentNote() };
}

class OtlpBuilder {
  /** The session id as the spans name it, cut like a name: it is in every span (audit R23-7). */
  private readonly conversationId: string;
  private readonly spanIdOf: (key: string) => string;
  private readonly traceId: string;
  private readonly spans: OtlpSpan[] = [];
  private readonly agentName: string;
  /** See timeline(). */
  private timeAtOrBefore: Float64Array | undefined;
  /** null until firstTime() has looked. */
  private firstKnownTime: number | undefined | null = null;
  /** Set when content is asked for. */
  private readonly content: ContentBudget | undefined;

  constructor(
    private readonly log: SessionLog,
    private readonly options: OtlpExportOptions,
  ) {
    const h = log.sessionHeader;
    const sessionId =
      typeof h?.id === 'string' && h.id !== '' ? h.id : (options.fallbackSessionId ?? 'unnamed-session');
    this.conversationId = nameHead(sessionId);
    // The ids hash the whole id (two sessions whose ids share a long head keep apart), once.
    this.traceId = traceIdOf(sessionId);
    this.spanIdOf = spanIdsOf(sessionId);
    const format = isObject(h?.origin) ? h.origin.format : undefined;
    this.agentName = typeof format === 'string' ? format : 'deepseek-harness';
    if (options.content)
      this.content = new ContentBudget(
        options.contentBudget ?? contentBudget(log.bytesDecoded),
        options.contentAttributeChars,
      );
  }

  contentNote(): string | null {
    return this.content?.note() ?? null;
  }

  build(): OtlpTracesData {
    const log = this.log;
    const st = log.structure;
    const first = this.firstTime();
    const last = this.lastTime() ?? first;
    const rootId = this.spanIdOf('session');
    const firstRequest = this.requestAt(log.eventCount - 1);
    this.spans.push({
      traceId: this.traceId,
      spanId: rootId,
      name: `session ${this.conversationId}`,
      kind: 1,
      startTimeUnixNano: nanos(first ?? 0),
      endTimeUnixNano: nanos(last ?? 0),
      attributes: attributes({
        'gen_ai.conversation.id': this.conversationId,
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
              ...this.content?.resourceAttributes(),
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

  /** The time at seq: the last known time at or before it (0 when there is none). */
  private time(seq: number | null | undefined, fallback?: number): number {
    if (seq === null || seq === undefined) return fallback ?? this.firstTime() ?? 0;
    const timeline = this.timeline();
    const t = timeline[Math.min(seq, timeline.length - 1)];
    return t === undefined || Number.isNaN(t) ? (fallback ?? 0) : t;
  }

  /**
   * The last known time at or before each seq (NaN before the first timed
   * event), filled forward in one pass: every span asks for two times, and a
   * walk back per question is O(spans x events) on a log without times (R9-2).
   */
  private timeline(): Float64Array {
    if (this.timeAtOrBefore) return this.timeAtOrBefore;
    const count = this.log.eventCount;
    const out = new Float64Array(count);
    let last = NaN;
    for (let s = 0; s < count; s++) {
      last = this.log.timeOf(s) ?? last;
      out[s] = last;
    }
    return (this.timeAtOrBefore = out);
  }

  private firstTime(): number | undefined {
    if (this.firstKnownTime === null) {
      this.firstKnownTime = undefined;
      for (let s = 0; s < this.log.eventCount && this.firstKnownTime === undefined; s++)
        this.firstKnownTime = this.log.timeOf(s);
    }
    return this.firstKnownTime;
  }

  private lastTime(): number | undefined {
    const count = this.log.eventCount;
    const t = count > 0 ? this.timeline()[count - 1] : undefined;
    return t === undefined || Number.isNaN(t) ? undefined : t;
  }

  /** The provider, model and system prompt of the request in force at seq. */
  private requestAt(seq: number): RequestFacts {
    const request = requestInForceAt(this.log, seq);
    if (request === null) return {};
    return { ...requestNames(request), system: request.system };
  }

  private turnSpan(t: TurnInfo, parent: string): string {
    const id = this.spanIdOf(`turn:${t.startSeq}`);
    const reason = t.endReason;
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
        'gen_ai.conversation.id': this.conversationId,
        'gen_ai.provider.name': this.requestAt(t.startSeq).provider ?? this.requestAt(t.lastSeq).provider,
        'gen_ai.usage.input_tokens': u && totalInputTokens(u),
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
    const answer = messageSeq !== undefined ? assistantMessage(log, messageSeq) : undefined;
    const message = answer?.message;
    const by = messageSeq !== undefined ? answeredBy(log.event(messageSeq)) : { provider: null, model: null };
    const request = this.requestAt(startSeq);
    const model = by.model ?? request.model;
    const provider = by.provider ?? request.provider ?? 'unknown';
    // The message's usage is the log's, unchecked: counted as the totals count it (check's bad-usage).
    const usage = attempt?.usage ?? normalizeUsage(answer?.usage);
    const endSeq = messageSeq ?? attempt?.lastChunkSeq ?? startSeq;
    // A call recorded without chunks has no request time: it began when its last input arrived.
    const startMs = attempt || startSeq === 0 ? this.time(startSeq) : this.time(startSeq - 1);
    const failure = attempt?.failed ? failureOf(attempt.finish) : undefined;
    const finish = finishReason(attempt?.finish, message);
    const ttfc =
      attempt && attempt.chunkCount > 0 ? (this.time(attempt.firstChunkSeq) - startMs) / 1000 : undefined;
    const attrs: Record<string, Attr> = {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': provider,
      'gen_ai.request.model': model,
      'gen_ai.response.model': by.model ?? undefined,
      'gen_ai.response.id': message?.id,
      'gen_ai.conversation.id': this.conversationId,
      'gen_ai.response.finish_reasons': finish ? [finish] : undefined,
      'gen_ai.usage.input_tokens': usage && totalInputTokens(usage),
      'gen_ai.usage.output_tokens': usage?.outputTokens,
      'gen_ai.usage.cache_read.input_tokens': usage?.cacheReadTokens,
      'gen_ai.usage.cache_creation.input_tokens': usage?.cacheWriteTokens,
      'gen_ai.usage.reasoning.output_tokens': usage?.reasoningTokens,
      'gen_ai.request.stream': attempt !== undefined && attempt.chunkCount > 0 ? true : undefined,
      'gen_ai.response.time_to_first_chunk': ttfc !== undefined && ttfc >= 0 ? { double: ttfc } : undefined,
      'error.type': failure ? (failure.code ?? 'model_error') : undefined,
      'seqscope.turn': step.turn,
      'seqscope.step': step.step,
      'seqscope.seq': startSeq,
    };
    this.content?.fill(attrs, (cut) => {
      const history = historyJson(log, startSeq, cut);
      const system = request.system;
      return {
        'gen_ai.input.messages': history.text,
        'seqscope.content.input_messages_omitted': history.omitted || undefined,
        'gen_ai.output.messages': message
          ? contentJson([{ ...semconvMessage(message), finish_reason: finish }], cut)
          : undefined,
        'gen_ai.system_instructions':
          typeof system === 'string' && system !== ''
            ? contentJson([{ type: 'text', content: system }], cut)
            : undefined,
      };
    });
    this.spans.push({
      traceId: this.traceId,
      spanId: this.spanIdOf(`chat:${attempt ? attempt.firstChunkSeq : startSeq}:${messageSeq ?? -1}`),
      parentSpanId: parent,
      name: `chat${model ? ` ${model}` : ''}`,
      kind: 3,
      startTimeUnixNano: nanos(startMs),
      endTimeUnixNano: nanos(Math.max(startMs, this.time(endSeq))),
      attributes: attributes(attrs),
      status: failure ? { code: 2, message: failure.message ?? 'the model call failed' } : { code: 0 },
    });
  }

  private toolSpan(call: ToolCallInfo, parent: string): void {
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
    this.content?.fill(attrs, (cut) => {
      const out: Record<string, Attr> = {};
      const callEvent = call.callSeq !== null ? this.log.event(call.callSeq) : undefined;
      if (callEvent && isKnownEvent(callEvent) && callEvent.type === 'tool/call') {
        const args: unknown = callEvent.data.arguments;
        out['gen_ai.tool.call.arguments'] =
          typeof args === 'string' ? (cutContent(args, cut) as string) : contentJson(args, cut);
      }
      const resultEvent = call.resultSeq !== null ? this.log.event(call.resultSeq) : undefined;
      if (resultEvent && isKnownEvent(resultEvent) && resultEvent.type === 'tool/result') {
        const result = resultEvent.data.message.content.find((b) => b.type === 'tool-result');
        const content = result && 'content' in result ? result.content : undefined;
        if (Array.isArray(content))
          out['gen_ai.tool.call.result'] = contentJson((content as Block[]).map(semconvPart), cut);
      }
      return out;
    });
    this.spans.push({
      traceId: this.traceId,
      spanId: this.spanIdOf(`tool:${startSeq}:${call.callId}`),
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

/** An assistant/message event's message and usage; undefined for any other event or an invalid one. */
function assistantMessage(
  log: SessionLog,
  seq: number,
): { message: Message; usage?: TokenUsage } | undefined {
  const ev = log.event(seq);
  return isKnownEvent(ev) && ev.type === 'assistant/message' ? ev.data : undefined;
}

/** The failure a failed attempt's finish reason carries. */
function failureOf(finish: FinishReason | undefined): { code?: string; message?: string } | undefined {
  if (finish?.kind !== 'error' && finish?.kind !== 'aborted') return undefined;
  const failure = (finish as { failure?: unknown }).failure;
  if (!isObject(failure)) return {};
  return {
    code: typeof failure.code === 'string' ? failure.code : undefined,
    message: typeof failure.message === 'string' ? failure.message : undefined,
  };
}
