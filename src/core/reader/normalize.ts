/**
 * Normalization on load (spec 3 and 3.4): every dialect of a durable event
 * becomes the one shape of `SessionEvent` in types.ts, in place on the parsed
 * object (no copies on the common path).
 *
 * - user/message without `role` gets role "user"; `steering/message` becomes
 *   `user/message`. String `content` of any message becomes one text block.
 * - assistant/message `{content, provenance}` (legacy) becomes
 *   `{message:{role:"assistant", content, source:{...provenance, kind:"model"}}}`.
 * - tool/result `{callId, content, isError}` (legacy) and the design card's
 *   `{message:{role:"tool", toolName, content, isError}}` become a user
 *   message holding one tool-result block; the design card's call id comes
 *   from `data.callId` or the tool/call named in `sourceEventSeqs`.
 * - turn/start's legacy `trigger` is dropped.
 * - design-card deltas without `index` get one (a new block begins when the
 *   delta kind changes or a tool-call delta carries a `name`; numbering
 *   restarts at each step attempt: step/start, a `finish` chunk, an
 *   assistant/message), and tool-call-delta `arguments` becomes `argumentsDelta`.
 * - a surface event without `surfaceOp` is treated as "append" (`defaultSurfaceOp`).
 * - turn/end reasons are checked (an object with a string `kind`) but kept as
 *   written: legacy reasons are folded in for display by analysis/endReason.ts.
 *
 * A known type whose data does not have its shape is kept as written (the
 * timeline shows it) with `invalid: true` and a `bad-data` diagnostic naming
 * the path. Every check runs before anything is changed, so an invalid
 * event's data is exactly what the file says (only steering/message is still
 * renamed user/message, so it stays a surface event like its valid peers). Log-only and unknown types are
 * not checked beyond `data` being an object.
 *
 * Normalization that depends on earlier events goes through a
 * `NormalizeContext`: `FirstPassContext` works it out and records it,
 * `RereadContext` replays it from a `ReadContext`, so an event re-read alone
 * equals the first pass's.
 */
import type { SessionEvent } from '../types';
import { isSurfaceType } from '../types';
import { Invalid, isFiniteNumber, isInt, isObject, type JsonObject } from '../validate';
import type { ReadContext, ReadContextRecorder } from './readContext';

/** A parsed event whose envelope passed: string `type`, object `data`. */
export type RawEvent = JsonObject & { type: string; data: JsonObject };

/** The facts normalization needs from outside the event. */
export interface NormalizeContext {
  /** The index of an index-less delta; `startsBlock`: a tool-call delta carrying a name. */
  deltaIndex(seq: number, kind: string, startsBlock: boolean): number;
  /** A chunk with an explicit index (assigned indexes stay clear of it). */
  explicitIndex(index: number): void;
  /** A step attempt ends or begins. */
  attemptBoundary(): void;
  toolCall(seq: number, callId: string): void;
  /** The call id for a design-card tool/result without data.callId. */
  toolResultCallId(seq: number, sourceEventSeqs: unknown): string | undefined;
}

/** Tool calls remembered for design-card results; a result answers a recent call. */
const REMEMBERED_TOOL_CALLS = 65536;

/** The first pass: works the context out in file order and records it. */
export class FirstPassContext implements NormalizeContext {
  private blockIndex = -1;
  private blockKind = '';
  private nextIndex = 0;
  private readonly callIds = new Map<number, string>();

  constructor(private readonly recorder: ReadContextRecorder | undefined) {}

  deltaIndex(seq: number, kind: string, startsBlock: boolean): number {
    if (this.blockIndex < 0 || kind !== this.blockKind || startsBlock) {
      this.blockIndex = this.nextIndex++;
      this.blockKind = kind;
    }
    this.recorder?.onChunkIndexAssigned(seq, this.blockIndex);
    return this.blockIndex;
  }

  explicitIndex(index: number): void {
    if (index >= this.nextIndex) this.nextIndex = index + 1;
  }

  attemptBoundary(): void {
    this.blockIndex = -1;
    this.blockKind = '';
    this.nextIndex = 0;
  }

  toolCall(seq: number, callId: string): void {
    this.callIds.set(seq, callId);
    if (this.callIds.size > REMEMBERED_TOOL_CALLS) {
      const oldest = this.callIds.keys().next();
      if (oldest.done !== true) this.callIds.delete(oldest.value);
    }
  }

  toolResultCallId(seq: number, sourceEventSeqs: unknown): string | undefined {
    if (!Array.isArray(sourceEventSeqs)) return undefined;
    for (const s of sourceEventSeqs) {
      const callId = typeof s === 'number' ? this.callIds.get(s) : undefined;
      if (callId !== undefined) {
        this.recorder?.onToolResultCallIdResolved(seq, callId);
        return callId;
      }
    }
    return undefined;
  }
}

/** A re-read: replays what the first pass recorded. */
export class RereadContext implements NormalizeContext {
  constructor(private readonly context: ReadContext) {}
  deltaIndex(seq: number): number {
    return this.context.chunkIndex(seq) ?? 0;
  }
  explicitIndex(): void {}
  attemptBoundary(): void {}
  toolCall(): void {}
  toolResultCallId(seq: number): string | undefined {
    return this.context.toolResultCallId(seq);
  }
}

/**
 * Normalizes `ev` in place and gives it `seq`. Returns the problem when a
 * known type's data has the wrong shape (the event is then marked `invalid`).
 */
export function normalizeEvent(ev: RawEvent, seq: number, ctx: NormalizeContext): Invalid | undefined {
  ev.seq = seq;
  if (ev.time !== undefined && !isFiniteNumber(ev.time)) delete ev.time;
  if (ev.invalid !== undefined) delete ev.invalid; // only the reader says so
  if (ev.type === 'steering/message') ev.type = 'user/message';
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

function checkTurnStep(data: JsonObject): Invalid | undefined {
  if (!isInt(data.turn)) return new Invalid('data.turn', 'an integer');
  if (!isInt(data.step)) return new Invalid('data.step', 'an integer');
  return undefined;
}

// ---------------------------------------------------------------- chunks

function normalizeChunk(data: JsonObject, seq: number, ctx: NormalizeContext): Invalid | undefined {
  const bad = checkTurnStep(data);
  if (bad !== undefined) return bad;
  const chunk = data.chunk;
  if (!isObject(chunk)) return new Invalid('data.chunk', 'an object');
  const type = chunk.type;
  if (typeof type !== 'string') return new Invalid('data.chunk.type', 'a string');
  const index = chunk.index;
  if (index !== undefined && !isInt(index)) return new Invalid('data.chunk.index', 'an integer');
  switch (type) {
    case 'text-delta':
    case 'reasoning-delta':
      if (typeof chunk.text !== 'string') return new Invalid('data.chunk.text', 'a string');
      break;
    case 'tool-call-delta': {
      const designCard = chunk.argumentsDelta === undefined && chunk.arguments !== undefined;
      if (typeof (designCard ? chunk.arguments : chunk.argumentsDelta) !== 'string') {
        return new Invalid(designCard ? 'data.chunk.arguments' : 'data.chunk.argumentsDelta', 'a string');
      }
      if (chunk.id !== undefined && typeof chunk.id !== 'string')
        return new Invalid('data.chunk.id', 'a string');
      if (chunk.name !== undefined && typeof chunk.name !== 'string')
        return new Invalid('data.chunk.name', 'a string');
      if (designCard) {
        const renamed = without(chunk, 'arguments');
        renamed.argumentsDelta = chunk.arguments;
        data.chunk = renamed;
        return assignIndex(renamed, seq, ctx, chunk.name !== undefined);
      }
      break;
    }
    case 'block-start':
      if (!isInt(index)) return new Invalid('data.chunk.index', 'an integer');
      if (typeof chunk.blockType !== 'string') return new Invalid('data.chunk.blockType', 'a string');
      break;
    case 'block-end':
      if (!isInt(index)) return new Invalid('data.chunk.index', 'an integer');
      {
        const badBlock = checkBlock(chunk.block, 'data.chunk.block', 0);
        if (badBlock !== undefined) return badBlock;
      }
      break;
    case 'usage':
      return isObject(chunk.usage) ? undefined : new Invalid('data.chunk.usage', 'an object');
    case 'finish':
      ctx.attemptBoundary();
      return isObject(chunk.reason) ? undefined : new Invalid('data.chunk.reason', 'an object');
    default:
      return undefined; // an unknown chunk kind is kept as written
  }
  return assignIndex(chunk, seq, ctx, type === 'tool-call-delta' && chunk.name !== undefined);
}

/** Deltas (and block-start) with an index note it; design-card deltas without one get one. */
function assignIndex(chunk: JsonObject, seq: number, ctx: NormalizeContext, startsBlock: boolean): undefined {
  const index = chunk.index;
  if (typeof index === 'number') ctx.explicitIndex(index);
  else chunk.index = ctx.deltaIndex(seq, chunk.type as string, startsBlock);
  return undefined;
}

// ---------------------------------------------------------------- messages and blocks

/** Deeper nesting of tool-result content than this is refused (keeps validation off the stack limit). */
const MAX_BLOCK_DEPTH = 32;

function checkContent(content: unknown, path: string, depth: number): Invalid | undefined {
  if (!Array.isArray(content)) return new Invalid(path, 'an array of content blocks');
  for (let i = 0; i < content.length; i++) {
    const block: unknown = content[i];
    // Text blocks are most of it: checked inline, paths built only on failure.
    if (isObject(block) && block.type === 'text' && typeof block.text === 'string') continue;
    const bad = checkBlock(block, `${path}[${i}]`, depth);
    if (bad !== undefined) return bad;
  }
  return undefined;
}

/** Known block shapes are checked; other shapes (e.g. `tool_use`) are kept verbatim. */
function checkBlock(block: unknown, path: string, depth: number): Invalid | undefined {
  if (!isObject(block)) return new Invalid(path, 'an object');
  const type = block.type;
  if (typeof type !== 'string') return new Invalid(`${path}.type`, 'a string');
  switch (type) {
    case 'text':
    case 'reasoning':
      return typeof block.text === 'string' ? undefined : new Invalid(`${path}.text`, 'a string');
    case 'tool-call':
      if (typeof block.id !== 'string') return new Invalid(`${path}.id`, 'a string');
      if (typeof block.name !== 'string') return new Invalid(`${path}.name`, 'a string');
      return typeof block.arguments === 'string'
        ? undefined
        : new Invalid(`${path}.arguments`, 'a string (raw JSON)');
    case 'tool-result':
      if (typeof block.toolCallId !== 'string') return new Invalid(`${path}.toolCallId`, 'a string');
      if (block.isError !== undefined && typeof block.isError !== 'boolean')
        return new Invalid(`${path}.isError`, 'a boolean');
      if (depth >= MAX_BLOCK_DEPTH)
        return new Invalid(`${path}.content`, `at most ${MAX_BLOCK_DEPTH} levels of nested tool results`);
      return checkContent(block.content, `${path}.content`, depth + 1);
    case 'image':
      return isObject(block.attachment) ? undefined : new Invalid(`${path}.attachment`, 'an object');
    default:
      return undefined;
  }
}

/** Content as written: a block array, or a string (one text block once normalized). */
function checkContentOrString(content: unknown, path: string): Invalid | undefined {
  return typeof content === 'string' ? undefined : checkContent(content, path, 0);
}

function contentBlocks(content: unknown): unknown {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

function normalizeMessage(
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

function normalizeAssistantMessage(ev: RawEvent, data: JsonObject): Invalid | undefined {
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

function normalizeToolCall(data: JsonObject, seq: number, ctx: NormalizeContext): Invalid | undefined {
  const bad = checkTurnStep(data);
  if (bad !== undefined) return bad;
  if (typeof data.callId !== 'string') return new Invalid('data.callId', 'a string');
  if (typeof data.name !== 'string') return new Invalid('data.name', 'a string');
  if (typeof data.arguments !== 'string') return new Invalid('data.arguments', 'a string (raw JSON)');
  ctx.toolCall(seq, data.callId);
  return undefined;
}

function normalizeToolResult(
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

/** A shallow copy without the named keys (legacy paths only: avoids `delete` on hot objects). */
function without(o: JsonObject, ...keys: string[]): JsonObject {
  const out: JsonObject = {};
  for (const k in o) if (!keys.includes(k)) out[k] = o[k];
  return out;
}
