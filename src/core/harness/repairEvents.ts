/**
 * The events the harness appends when it resumes a log that ends inside a
 * turn (spec section 4, resume check), in its order and shapes. The
 * TOOL_OUTCOME_UNKNOWN result is the harness's own (its test corpus,
 * `semantic-checkpoint-snapshots/tool-outcome-unknown`: message id
 * `interrupted-tool-result-<callId>-<seq>`, the tool/call's seq as source);
 * the corpus has no TOOL_NOT_STARTED result, so that one follows the same
 * pattern with its own code and the assistant/message as source.
 */
import { isKnownEvent, type Message, type SessionEvent } from '../types';
import { isObject } from '../validate';

/** What the harness writes on resume, by type (the shapes of the durable events it imitates). */
export type SyntheticEventBody =
  | {
      type: 'tool/result';
      data: { turn: number; step: number; message: Message; error: { name: string; code: string } };
      surfaceOp: 'append';
      sourceEventSeqs: number[];
    }
  | { type: 'step/end'; data: { turn: number; step: number } }
  | { type: 'turn/end'; data: { turn: number; reason: { kind: 'interrupted' } } }
  | { type: 'session/end-seed'; data: Record<string, never> };

/** An event the harness would append on resume; never in the file. */
export type SyntheticEvent = SyntheticEventBody & { seq: number; time?: number; synthetic: true };

export const TOOL_OUTCOME_UNKNOWN_TEXT =
  'The tool call was interrupted after it was recorded, but no result was durably recorded. Its outcome is unknown. Decide whether to retry from the tool semantics: retry only if the operation is read-only or idempotent; if it may have side effects, first verify external state or ask the user. Do not retry blindly.';
export const TOOL_NOT_STARTED_TEXT =
  'The tool call was interrupted before it was recorded as started, so it did not run. Call it again if it is still needed.';

/** What the repair reads of a log. */
export interface RepairSource {
  typeOf(seq: number): string;
  timeOf(seq: number): number | undefined;
  event(seq: number): SessionEvent;
}

/** The synthetic events for a log whose kept events are 0..last; [] when it ends between turns. */
export function syntheticRepair(log: RepairSource, last: number): SyntheticEvent[] {
  // The open turn: the last turn/start with no turn/end after it (type column only, no parsing).
  let turnStart = -1;
  let turn = 0;
  for (let s = last; s >= 0; s--) {
    const type = log.typeOf(s);
    if (type === 'turn/end') return [];
    if (type !== 'turn/start') continue;
    const ev = log.event(s);
    if (isKnownEvent(ev) && ev.type === 'turn/start') {
      turnStart = s;
      turn = ev.data.turn;
      break;
    }
  }
  if (turnStart < 0) return [];
  let lastStepEnd = turnStart;
  let lastStepStart = -1;
  let openStep: { turn: number; step: number } | undefined;
  for (let s = last; s > turnStart; s--) {
    const type = log.typeOf(s);
    if (type === 'step/end') {
      lastStepEnd = s;
      break;
    }
    if (type === 'step/start' && lastStepStart < 0) {
      const ev = log.event(s);
      if (isKnownEvent(ev) && ev.type === 'step/start') {
        lastStepStart = s;
        openStep = ev.data;
      }
    }
  }
  const time = lastTime(log, last);
  const out: SyntheticEvent[] = [];
  let seq = last;
  const add = (e: SyntheticEventBody): void => {
    const ev: SyntheticEvent = { ...e, seq: ++seq, synthetic: true };
    if (time !== undefined) ev.time = time;
    out.push(ev);
  };
  for (const pending of pendingCalls(log, lastStepEnd, last)) {
    const unknown = pending.callSeq !== undefined;
    const resultSeq = seq + 1;
    const message: Message = {
      id: `interrupted-tool-result-${pending.callId}-${resultSeq}`,
      role: 'user',
      source: { kind: 'tool', callId: pending.callId },
      content: [
        {
          type: 'tool-result',
          toolCallId: pending.callId,
          isError: true,
          content: [{ type: 'text', text: unknown ? TOOL_OUTCOME_UNKNOWN_TEXT : TOOL_NOT_STARTED_TEXT }],
        },
      ],
    };
    add({
      type: 'tool/result',
      data: {
        turn: pending.turn,
        step: pending.step,
        message,
        error: unknown
          ? { name: 'ToolOutcomeUnknownError', code: 'TOOL_OUTCOME_UNKNOWN' }
          : { name: 'ToolNotStartedError', code: 'TOOL_NOT_STARTED' },
      },
      surfaceOp: 'append',
      sourceEventSeqs: [unknown ? (pending.callSeq as number) : pending.messageSeq],
    });
  }
  if (openStep !== undefined && lastStepStart > lastStepEnd)
    add({ type: 'step/end', data: { turn: openStep.turn, step: openStep.step } });
  add({ type: 'turn/end', data: { turn, reason: { kind: 'interrupted' } } });
  add({ type: 'session/end-seed', data: {} });
  return out;
}

interface PendingCall {
  callId: string;
  turn: number;
  step: number;
  messageSeq: number;
  /** The tool/call event recorded for it, if any. */
  callSeq?: number;
}

/** Tool-call blocks of assistant messages in (from, last] without a tool/result in that range. */
function pendingCalls(log: RepairSource, from: number, last: number): PendingCall[] {
  const calls: PendingCall[] = [];
  const answered = new Set<string>();
  for (let s = from + 1; s <= last; s++) {
    const type = log.typeOf(s);
    if (type !== 'assistant/message' && type !== 'tool/result') continue;
    const ev = log.event(s);
    if (!isKnownEvent(ev)) continue;
    if (ev.type === 'tool/result') {
      for (const id of resultCallIds(ev.data.message)) answered.add(id);
    } else if (ev.type === 'assistant/message') {
      const { turn, step, message } = ev.data;
      for (const b of message.content)
        if (b.type === 'tool-call' && 'id' in b && typeof b.id === 'string')
          calls.push({ callId: b.id, turn, step, messageSeq: s });
    }
  }
  const open = calls.filter((c) => !answered.has(c.callId));
  if (open.length === 0) return [];
  // tool/call events are read only for calls left open: a turn of 600,000 calls and no message
  // naming them was read twice in full (audit 28 L6)
  const wanted = new Set(open.map((c) => c.callId));
  const recorded = new Map<string, number>();
  for (let s = from + 1; s <= last && recorded.size < wanted.size; s++) {
    if (log.typeOf(s) !== 'tool/call') continue;
    const ev = log.event(s);
    if (!isKnownEvent(ev) || ev.type !== 'tool/call') continue;
    const id = ev.data.callId;
    if (wanted.has(id) && !recorded.has(id)) recorded.set(id, s);
  }
  return open.map((c) => {
    const callSeq = recorded.get(c.callId);
    return callSeq === undefined ? c : { ...c, callSeq };
  });
}

function resultCallIds(message: unknown): string[] {
  if (!isObject(message)) return [];
  const ids: string[] = [];
  if (isObject(message.source) && typeof message.source.callId === 'string') ids.push(message.source.callId);
  if (Array.isArray(message.content))
    for (const b of message.content)
      if (isObject(b) && b.type === 'tool-result' && typeof b.toolCallId === 'string') ids.push(b.toolCallId);
  return ids;
}

function lastTime(log: RepairSource, last: number): number | undefined {
  return last >= 0 ? log.timeOf(last) : undefined;
}
