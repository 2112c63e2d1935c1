/**
 * Tool calls paired with their results during the loading pass (callId ->
 * call seq, result seq, name, error), and the diagnostics about pairing:
 * tool-result-without-call, tool-call-without-result, repair-placeholder.
 * One small object per call; never per event.
 */
import type { DiagnosticSink } from '../diagnostics';
import { looseData, type Message, type SessionEvent } from '../types';
import type { ToolCallInfo } from './structureIndex';
import { isObject } from '../validate';

/** Where an event sits: indexes into the structure's turns and steps, -1 for none. */
export interface Placement {
  turnIndex: number;
  stepIndex: number;
}

const REPAIR_CODES = new Set(['TOOL_OUTCOME_UNKNOWN', 'TOOL_NOT_STARTED']);

export class ToolCallPairing {
  /** Calls, and results without a call (`callSeq: null`), in log order. */
  readonly calls: ToolCallInfo[] = [];
  callCount = 0;
  results = 0;
  errors = 0;
  private readonly byId = new Map<string, number>();

  constructor(private readonly sink: DiagnosticSink) {}

  call(ev: SessionEvent, at: Placement): void {
    const d = looseData(ev);
    const callId = typeof d.callId === 'string' ? d.callId : '';
    this.byId.set(callId, this.calls.length); // a repeated id: the later call gets the next result
    this.callCount++;
    this.calls.push({
      callId,
      name: typeof d.name === 'string' ? d.name : '',
      turn: num(d.turn),
      step: num(d.step),
      ...at,
      callSeq: ev.seq,
      resultSeq: null,
      isError: false,
    });
  }

  /** Returns the call this result answers (newly paired), if any. */
  result(ev: SessionEvent, at: Placement): ToolCallInfo | undefined {
    const d = looseData(ev);
    const msg = d.message as Message | undefined;
    const callId = resultCallId(msg);
    const error =
      typeof d.error === 'object' && d.error !== null ? (d.error as Record<string, unknown>) : undefined;
    const code = typeof error?.code === 'string' ? error.code : undefined;
    if (code !== undefined && REPAIR_CODES.has(code)) {
      this.sink.report(
        'repair-placeholder',
        `tool/result for ${callId} is a crash-repair placeholder (${code}): the tool's real outcome is unknown`,
        { seq: ev.seq },
      );
    }
    const i = this.byId.get(callId);
    const call = i === undefined ? undefined : this.calls[i];
    if (call && call.resultSeq !== null) return undefined; // a later rewrite (pruning replace) of an answered call
    const replace = typeof ev.surfaceOp === 'object' && ev.surfaceOp !== null;
    if (!call && replace) return undefined; // rewrites a result; the surface fold checks what it hides
    this.results++;
    const isError = resultIsError(msg) || error !== undefined;
    if (isError) this.errors++;
    if (!call) {
      this.sink.report(
        'tool-result-without-call',
        `tool/result for call id ${JSON.stringify(callId)}, which no tool/call made`,
        {
          seq: ev.seq,
        },
      );
      this.calls.push({
        callId,
        name: typeof error?.name === 'string' ? error.name : '',
        turn: num(d.turn),
        step: num(d.step),
        ...at,
        callSeq: null,
        resultSeq: ev.seq,
        isError,
        ...(code !== undefined ? { errorCode: code } : {}),
      });
      return undefined;
    }
    call.resultSeq = ev.seq;
    call.isError = isError;
    if (code !== undefined) call.errorCode = code;
    return call;
  }

  /**
   * Reports unanswered calls. Decision: calls at or after `openTailTurnSeq`
   * (the start of a turn still open at the tail) are not reported: they may
   * still be running (live log) or were cut off by a crash, and
   * `turn-open-at-tail` already says so.
   */
  end(openTailTurnSeq: number | null): void {
    for (const c of this.calls) {
      if (c.callSeq === null || c.resultSeq !== null) continue;
      if (openTailTurnSeq !== null && c.callSeq >= openTailTurnSeq) continue;
      this.sink.report(
        'tool-call-without-result',
        `tool call ${JSON.stringify(c.name)} (${c.callId}) never got a tool/result`,
        { seq: c.callSeq },
      );
    }
  }
}

/** The call a (normalized) tool/result answers: its source, else its tool-result block. */
export function resultCallId(msg: Message | undefined): string {
  const src = msg?.source as Record<string, unknown> | undefined;
  if (typeof src?.callId === 'string') return src.callId;
  // an event kept as written (marked invalid) can hold anything in its content: `[null]` crashed the load (audit R16-9)
  for (const b of Array.isArray(msg?.content) ? (msg.content as unknown[]) : []) {
    if (isObject(b) && b.type === 'tool-result' && typeof b.toolCallId === 'string') return b.toolCallId;
  }
  return '';
}

function resultIsError(msg: Message | undefined): boolean {
  const content: unknown[] = Array.isArray(msg?.content) ? msg.content : [];
  return content.some((b) => isObject(b) && b.type === 'tool-result' && b.isError === true);
}

function num(v: unknown): number {
  return typeof v === 'number' ? v : NaN;
}
