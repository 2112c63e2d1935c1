/**
 * Normalizing the surface events' messages (spec 3.4): every dialect of
 * user/message, steering/message, context/message, assistant/message and
 * tool/result becomes the current harness's Message. Checks run before
 * anything changes, so an invalid event's data stays exactly as written.
 */
import { Invalid, isObject, type JsonObject } from '../validate';
import { checkContentOrString, contentBlocks } from './contentBlocks';
import type { NormalizeContext } from './normalizeContext';
import { checkTurnStep, without, type RawEvent } from './shape';

export function normalizeMessage(
  msg: JsonObject,
  path: string,
  defaultRole: 'user' | 'assistant',
): Invalid | undefined {
  const role = msg.role;
  if (role !== undefined && role !== 'user' && role !== 'assistant' && role !== 'system') {
    return new Invalid(`${path}.role`, '"user", "assistant" or "system"');
  }
  const bad = checkContentOrString(msg.content, `${path}.content`);
  if (bad !== undefined) return bad;
  if (msg.id !== undefined && typeof msg.id !== 'string') return new Invalid(`${path}.id`, 'a string');
  const source = msg.source;
  if (source !== undefined) {
    if (!isObject(source)) return new Invalid(`${path}.source`, 'an object');
    if (typeof source.kind !== 'string') return new Invalid(`${path}.source.kind`, 'a string');
  }
  if (role === undefined) msg.role = defaultRole;
  if (typeof msg.content === 'string') msg.content = contentBlocks(msg.content);
  return undefined;
}

export function normalizeAssistantMessage(ev: RawEvent, data: JsonObject): Invalid | undefined {
  const bad = checkTurnStep(data);
  if (bad !== undefined) return bad;
  if (data.usage !== undefined && !isObject(data.usage)) return new Invalid('data.usage', 'an object');
  if (data.interrupted !== undefined && typeof data.interrupted !== 'boolean')
    return new Invalid('data.interrupted', 'a boolean');
  if (data.message !== undefined || data.content === undefined) {
    if (!isObject(data.message)) return new Invalid('data.message', 'an object');
    return normalizeMessage(data.message, 'data.message', 'assistant');
  }
  // Legacy: {turn, step, content, provenance}.
  const badContent = checkContentOrString(data.content, 'data.content');
  if (badContent !== undefined) return badContent;
  const provenance = data.provenance;
  if (provenance !== undefined && !isObject(provenance)) return new Invalid('data.provenance', 'an object');
  const message: JsonObject = { role: 'assistant', content: contentBlocks(data.content) };
  if (provenance !== undefined) message.source = { ...provenance, kind: 'model' };
  const normalized = without(data, 'content', 'provenance');
  normalized.message = message;
  ev.data = normalized;
  return undefined;
}

export function normalizeToolCall(data: JsonObject, seq: number, ctx: NormalizeContext): Invalid | undefined {
  const bad = checkTurnStep(data);
  if (bad !== undefined) return bad;
  if (typeof data.callId !== 'string') return new Invalid('data.callId', 'a string');
  if (typeof data.name !== 'string') return new Invalid('data.name', 'a string');
  if (typeof data.arguments !== 'string') return new Invalid('data.arguments', 'a string (raw JSON)');
  ctx.toolCall(seq, data.callId);
  return undefined;
}

export function normalizeToolResult(
  ev: RawEvent,
  data: JsonObject,
  seq: number,
  ctx: NormalizeContext,
): Invalid | undefined {
  const bad = checkTurnStep(data);
  if (bad !== undefined) return bad;
  if (data.error !== undefined && !isObject(data.error)) return new Invalid('data.error', 'an object');
  const msg = data.message;
  if (msg === undefined && data.callId !== undefined) {
    // Legacy: {turn, step, callId, content, isError}.
    if (typeof data.callId !== 'string') return new Invalid('data.callId', 'a string');
    const badResult = checkResultParts(data.content, data.isError, 'data');
    if (badResult !== undefined) return badResult;
    const normalized = without(data, 'callId', 'content', 'isError');
    normalized.message = toolResultMessage(data.callId, data.content, data.isError, undefined, undefined);
    ev.data = normalized;
    return undefined;
  }
  if (!isObject(msg)) return new Invalid('data.message', 'an object');
  if (msg.role !== 'tool') return normalizeMessage(msg, 'data.message', 'user');
  // Design card: {message:{role:"tool", toolName, content, isError}}, call id from data.callId or sourceEventSeqs.
  const badResult = checkResultParts(msg.content, msg.isError, 'data.message');
  if (badResult !== undefined) return badResult;
  if (msg.toolName !== undefined && typeof msg.toolName !== 'string')
    return new Invalid('data.message.toolName', 'a string');
  if (msg.id !== undefined && typeof msg.id !== 'string') return new Invalid('data.message.id', 'a string');
  if (data.callId !== undefined && typeof data.callId !== 'string')
    return new Invalid('data.callId', 'a string');
  const callId =
    typeof data.callId === 'string' ? data.callId : ctx.toolResultCallId(seq, ev.sourceEventSeqs);
  if (callId === undefined)
    return new Invalid('data.callId', 'a call id (there is none, and sourceEventSeqs names no tool/call)');
  const normalized = without(data, 'callId', 'message');
  normalized.message = toolResultMessage(callId, msg.content, msg.isError, msg.toolName, msg.id);
  ev.data = normalized;
  return undefined;
}

function checkResultParts(content: unknown, isError: unknown, path: string): Invalid | undefined {
  const bad = checkContentOrString(content, `${path}.content`);
  if (bad !== undefined) return bad;
  return isError === undefined || typeof isError === 'boolean'
    ? undefined
    : new Invalid(`${path}.isError`, 'a boolean');
}

/** The current harness's tool-result message: a user message holding one tool-result block. */
function toolResultMessage(
  callId: string,
  content: unknown,
  isError: unknown,
  toolName: unknown,
  id: unknown,
): JsonObject {
  const block: JsonObject = { type: 'tool-result', toolCallId: callId, content: contentBlocks(content) };
  if (isError !== undefined) block.isError = isError;
  const source: JsonObject = { kind: 'tool', callId };
  if (toolName !== undefined) source.toolName = toolName;
  const message: JsonObject = { role: 'user', content: [block], source };
  if (id !== undefined) message.id = id;
  return message;
}
