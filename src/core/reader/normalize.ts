/**
 * Normalization on load (spec 3 and 3.4): every dialect of a durable event
 * becomes the one shape of `SessionEvent` in types.ts, in place on the parsed
 * object (no copies on the common path).
 *
 * - user/message without `role` gets role "user". String `content` of any
 *   message becomes one text block.
 * - `steering/message` becomes `user/message`: data `{turn, content, source}`
 *   is the message (role "user"); data `{turn, message}` (the last shape the
 *   harness wrote) has the message as it is in `data.message`.
 * - `context/message` (written until 2026-07-23) becomes `user/message`, a
 *   surface event whose message is `{role:"user", content, source}`.
 * - assistant/message `{content, provenance}` (legacy) becomes
 *   `{message:{role:"assistant", content, source:{...provenance, kind:"model"}}}`.
 * - tool/result `{callId, content, isError}` (legacy) and the design card's
 *   `{message:{role:"tool", toolName, content, isError}}` become a user
 *   message holding one tool-result block; the design card's call id comes
 *   from `data.callId` or the tool/call named in `sourceEventSeqs`.
 * - turn/start's legacy `trigger` is dropped.
 * - design-card deltas get an index (normalizeChunk.ts).
 * - a surface event without `surfaceOp` is treated as "append" (`defaultSurfaceOp`).
 * - turn/end reasons are checked (an object with a string `kind`) but kept as
 *   written: legacy reasons are folded in for display by analysis/endReason.ts.
 *
 * A known type whose data does not have its shape is kept as written (the
 * timeline shows it) with `invalid: true` and a `bad-data` diagnostic naming
 * the path. Every check runs before anything is changed, so an invalid
 * event's data is exactly what the file says (only the legacy types are
 * still renamed user/message, so they stay surface events like their valid
 * peers). Log-only and unknown types are not checked beyond `data` being an
 * object.
 *
 * Normalization that depends on earlier events goes through a
 * `NormalizeContext` (normalizeContext.ts).
 */
import type { SessionEvent } from '../types';
import { isSurfaceType } from '../types';
import { Invalid, isFiniteNumber, isInt, isObject, type JsonObject } from '../validate';
import type { NormalizeContext } from './normalizeContext';
import { normalizeChunk } from './normalizeChunk';
import {
  normalizeAssistantMessage,
  normalizeMessage,
  normalizeToolCall,
  normalizeToolResult,
} from './normalizeMessage';
import { checkTurnStep, without, type RawEvent } from './shape';

export type { RawEvent } from './shape';

export { FirstPassContext, RereadContext, type NormalizeContext } from './normalizeContext';

/**
 * Normalizes `ev` in place and gives it `seq`. Returns the problem when a
 * known type's data has the wrong shape (the event is then marked `invalid`).
 */
export function normalizeEvent(ev: RawEvent, seq: number, ctx: NormalizeContext): Invalid | undefined {
  ev.seq = seq;
  if (ev.time !== undefined && !isFiniteNumber(ev.time)) delete ev.time;
  if (ev.invalid !== undefined) delete ev.invalid; // only the reader says so
  const problem = normalizeData(ev, ev.data, seq, ctx);
  if (problem !== undefined) ev.invalid = true;
  return problem;
}

/** Gives a surface event without `surfaceOp` an "append"; true when it had to. */
export function defaultSurfaceOp(ev: JsonObject & { type: string }): boolean {
  if (ev.surfaceOp !== undefined || !isSurfaceType(ev.type)) return false;
  ev.surfaceOp = 'append';
  return true;
}

/** The event, typed: after `normalizeEvent` it has the shape its type says (unless `invalid`). */
export function asSessionEvent(ev: RawEvent): SessionEvent {
  return ev as unknown as SessionEvent;
}

function normalizeData(
  ev: RawEvent,
  data: JsonObject,
  seq: number,
  ctx: NormalizeContext,
): Invalid | undefined {
  switch (ev.type) {
    case 'assistant/chunk':
      return normalizeChunk(data, seq, ctx);
    case 'turn/start': {
      ctx.attemptBoundary();
      if (!isInt(data.turn)) return new Invalid('data.turn', 'an integer');
      if (data.trigger !== undefined) ev.data = without(data, 'trigger');
      return undefined;
    }
    case 'turn/end':
      if (!isInt(data.turn)) return new Invalid('data.turn', 'an integer');
      if (!isObject(data.reason)) return new Invalid('data.reason', 'an object');
      return typeof data.reason.kind === 'string' ? undefined : new Invalid('data.reason.kind', 'a string');
    case 'step/start':
      ctx.attemptBoundary();
      return checkTurnStep(data);
    case 'step/end':
      return checkTurnStep(data);
    case 'user/message':
      return normalizeMessage(data, 'data', 'user');
    case 'steering/message':
      ev.type = 'user/message';
      return normalizeSteering(ev, data);
    case 'context/message':
      ev.type = 'user/message';
      return normalizeContextMessage(ev, data);
    case 'assistant/message':
      ctx.attemptBoundary();
      return normalizeAssistantMessage(ev, data);
    case 'tool/call':
      return normalizeToolCall(data, seq, ctx);
    case 'tool/result':
      return normalizeToolResult(ev, data, seq, ctx);
    default:
      return undefined;
  }
}

/** steering/message: `{turn, message}` holds the message as it is; `{turn, content, source}` is one. */
function normalizeSteering(ev: RawEvent, data: JsonObject): Invalid | undefined {
  if (data.message === undefined) return normalizeMessage(data, 'data', 'user');
  const message = data.message;
  if (!isObject(message)) return new Invalid('data.message', 'an object');
  const bad = normalizeMessage(message, 'data.message', 'user');
  if (bad !== undefined) return bad;
  ev.data = message;
  return undefined;
}

/** context/message: the message is `{role:"user", content: data.content, source: data.source}`. */
function normalizeContextMessage(ev: RawEvent, data: JsonObject): Invalid | undefined {
  const message: JsonObject = { role: 'user', content: data.content };
  if (data.source !== undefined) message.source = data.source;
  const bad = normalizeMessage(message, 'data', 'user');
  if (bad !== undefined) return bad;
  ev.data = message;
  return undefined;
}
