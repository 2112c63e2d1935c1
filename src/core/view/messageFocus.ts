/**
 * Which derived message an event produced or changed: the messages pane scrolls to it and marks
 * it when the event is selected. Answers in terms of `messagesAt(seq)` of the selected seq, so
 * the index is a place in the list the pane shows:
 * - a user/message, assistant/message or tool/result appended at seq: that message;
 * - a replace (a pruned tool result, a compaction's summary): the message that stands in for what
 *   it hid;
 * - a tool/call: the assistant message that made the call;
 * - an assistant/chunk: the message being streamed (the preview after the last message);
 * - compaction/start, compaction/summary, compaction/prune: the messages the compaction is about
 *   to replace (still on the surface at seq); compaction/end: the summary that replaced them.
 * Anything else changes no message.
 */
import { stepAt } from '../analysis/structureIndex';
import type { SessionLog } from '../log/sessionLog';
import { isKnownEvent, looseData } from '../types';

export type MessageFocusKind =
  /** The event is this message (appended at seq). */
  | 'message'
  /** The event replaced earlier messages (`hidden`): this message stands in for them. */
  | 'replacement'
  /** A tool/call: the assistant message that made the call. */
  | 'call'
  /** A chunk: the message being streamed, shown after the last derived message (`index` = count). */
  | 'streaming'
  /** A compaction about to replace these messages (a later event replaces them). */
  | 'to-replace';

export interface MessageFocus {
  seq: number;
  /** The selected event's type. */
  type: string;
  kind: MessageFocusKind;
  /** First message's index in `messagesAt(seq)`; the message count for 'streaming'. */
  index: number;
  /** Last message's index, inclusive (a compaction's range); `index` for one message. */
  last: number;
  /** The surface event whose message is at `index` (the chunk itself for 'streaming'). */
  messageSeq: number;
  /** For 'replacement' and 'to-replace': how many surface nodes are (to be) hidden. */
  hidden?: number;
  /** A tool result's content pruned (or to be pruned), rather than messages summarised. */
  prune?: boolean;
  /** For 'to-replace': the later event that replaces them, when the log has it. */
  by?: number;
}

/** Why an event changes no message (said to the user instead of a message). */
export interface NoMessageFocus {
  seq: number;
  type: string;
  kind: 'none';
  why: string;
}

/** How far a compaction's events look for the replace that belongs to them. */
const COMPACTION_SPAN = 2048;

/** The message the event at `seq` produced or changed, in `messagesAt(seq)`. */
export function messageFocus(log: SessionLog, seq: number): MessageFocus | NoMessageFocus {
  const type = log.typeOf(seq);
  const none = (why: string): NoMessageFocus => ({ seq, type, kind: 'none', why });
  switch (type) {
    case 'user/message':
    case 'assistant/message':
    case 'tool/result': {
      const index = log.messageIndexOf(seq, seq);
      if (index === null) return none(notOnSurface(log, seq, type));
      const hidden = log.hiddenBy(seq);
      if (hidden === null) return { seq, type, kind: 'message', index, last: index, messageSeq: seq };
      const focus: MessageFocus = {
        seq,
        type,
        kind: 'replacement',
        index,
        last: index,
        messageSeq: seq,
        hidden: hidden.length,
      };
      if (type === 'tool/result') focus.prune = true;
      return focus;
    }
    case 'tool/call':
      return callFocus(log, seq) ?? none('its assistant message is not in the history at this seq');
    case 'assistant/chunk':
      return chunkFocus(log, seq) ?? none('its message is not in the history at this seq');
    case 'compaction/start':
    case 'compaction/summary':
      return ahead(log, seq, compactionReplace(log, seq, 1)) ?? none('no replace follows in this compaction');
    case 'compaction/prune':
      return pruneFocus(log, seq) ?? none('the result it prunes is not in the history at this seq');
    case 'compaction/end': {
      const r = compactionReplace(log, seq, -1);
      const index = r === null ? null : log.messageIndexOf(seq, r);
      if (r === null || index === null) return none('the compaction replaced no message');
      return {
        seq,
        type,
        kind: 'replacement',
        index,
        last: index,
        messageSeq: r,
        hidden: log.hiddenBy(r)?.length ?? 0,
      };
    }
    default:
      return none(`a ${type} event changes no message`);
  }
}

function notOnSurface(log: SessionLog, seq: number, type: string): string {
  const ev = log.event(seq);
  if (ev.invalid) return 'the event is invalid (see its diagnostics)';
  if (isKnownEvent(ev) && ev.type === 'assistant/message' && ev.data.message.content.length === 0)
    return 'an empty assistant message derives no message';
  if (ev.surfaceOp !== undefined && ev.surfaceOp !== 'append')
    return 'its replace was not applied (see its diagnostics)';
  return `this ${type} is not in the history at this seq`;
}

/** The assistant message of the step's latest attempt closed at or before seq. */
function callFocus(log: SessionLog, seq: number): MessageFocus | null {
  const step = stepAt(log.structure, seq);
  if (!step) return null;
  for (let i = step.attempts.length - 1; i >= 0; i--) {
    const m = step.attempts[i]?.messageSeq;
    if (m === undefined || m > seq) continue;
    const index = log.messageIndexOf(seq, m);
    return index === null
      ? null
      : { seq, type: log.typeOf(seq), kind: 'call', index, last: index, messageSeq: m };
  }
  return null;
}

/** A chunk of an attempt whose message is not appended yet: the preview after the last message. */
function chunkFocus(log: SessionLog, seq: number): MessageFocus | null {
  const step = stepAt(log.structure, seq);
  const attempt = step?.attempts.find((a) => a.firstChunkSeq <= seq && seq <= a.lastChunkSeq);
  const m = attempt?.messageSeq;
  if (m !== undefined && m <= seq) {
    const index = log.messageIndexOf(seq, m);
    return index === null
      ? null
      : { seq, type: log.typeOf(seq), kind: 'message', index, last: index, messageSeq: m };
  }
  const count = log.messagesAt(seq, 0, 0).count;
  return { seq, type: log.typeOf(seq), kind: 'streaming', index: count, last: count, messageSeq: seq };
}

/**
 * The applied replace that belongs to the compaction around `seq`: the first after it (dir 1,
 * up to the compaction's end) or the last before it (dir -1, back to its start).
 */
function compactionReplace(log: SessionLog, seq: number, dir: 1 | -1): number | null {
  const stop = dir > 0 ? 'compaction/end' : 'compaction/start';
  const n = log.eventCount;
  for (let s = seq + dir, k = 0; s >= 0 && s < n && k < COMPACTION_SPAN; s += dir, k++) {
    const type = log.typeOf(s);
    if (type === 'user/message' || type === 'tool/result') if (log.hiddenBy(s) !== null) return s;
    if (type === stop || type === 'turn/start') return null;
  }
  return null;
}

/** What the replace at `r` (later than seq) will hide, as messages at seq. */
function ahead(log: SessionLog, seq: number, r: number | null): MessageFocus | null {
  const hidden = r === null ? null : log.hiddenBy(r);
  if (!hidden) return null;
  const indexes = hidden.map((h) => log.messageIndexOf(seq, h)).filter((i) => i !== null);
  const index = indexes[0];
  const last = indexes.at(-1);
  if (index === undefined || last === undefined) return null;
  const focus: MessageFocus = {
    seq,
    type: log.typeOf(seq),
    kind: 'to-replace',
    index,
    last,
    messageSeq: hidden[0] as number,
    hidden: hidden.length,
  };
  if (r !== null) focus.by = r;
  if (r !== null && log.typeOf(r) === 'tool/result') focus.prune = true;
  return focus;
}

/** compaction/prune names the tool result it prunes (`targetSeq`); the replace follows it. */
function pruneFocus(log: SessionLog, seq: number): MessageFocus | null {
  const target = looseData(log.event(seq)).targetSeq;
  if (typeof target !== 'number' || !Number.isInteger(target)) return null;
  const index = log.messageIndexOf(seq, target);
  if (index === null) return null;
  const focus: MessageFocus = {
    seq,
    type: log.typeOf(seq),
    kind: 'to-replace',
    index,
    last: index,
    messageSeq: target,
    hidden: 1,
    prune: true,
  };
  const n = log.eventCount;
  for (let s = seq + 1; s < n && s <= seq + COMPACTION_SPAN; s++) {
    if (log.typeOf(s) !== 'tool/result') continue;
    if (log.hiddenBy(s)?.includes(target)) {
      focus.by = s;
      break;
    }
  }
  return focus;
}
