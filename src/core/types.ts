/**
 * The core's data model: what a session log becomes once it is read, checked
 * and normalized. Everything here is plain data (JSON-serialisable), so it
 * crosses the worker boundary and the CLI's stdout unchanged.
 */

export type Severity = 'error' | 'warning' | 'info';

/** Every diagnostic code of spec section 5; `diagnostics.ts` maps each to its severity. */
export type DiagnosticCode =
  | 'bad-json'
  | 'torn-tail'
  | 'not-an-object'
  | 'missing-type'
  | 'bad-data'
  | 'seq-mismatch'
  | 'seq-assigned'
  | 'time-backwards'
  | 'unknown-required-type'
  | 'unknown-ignorable-type'
  | 'header-version'
  | 'turn-unbalanced'
  | 'turn-open-at-tail'
  | 'step-unbalanced'
  | 'event-outside-step'
  | 'tool-call-without-result'
  | 'tool-result-without-call'
  | 'surface-op-missing'
  | 'surface-op-invalid'
  | 'surface-op-on-non-surface'
  | 'replace-range-missing'
  | 'replace-range-reversed'
  | 'replace-provenance-missing'
  | 'tool-result-rewrite-invalid'
  | 'source-seq-invalid'
  | 'chunk-mismatch'
  | 'failed-attempt'
  | 'empty-assistant-message'
  | 'interrupted-message'
  | 'repair-placeholder'
  | 'packed-row-invalid'
  /** The compressed stream is corrupt or truncated; what decoded before it is kept. */
  | 'bad-compression'
  /** The harness would refuse to resume this log (spec section 4, resume check): one per reason. */
  | 'resume-refused'
  /** The log ends inside a turn: the events the harness would append on resume. */
  | 'resume-repair'
  /** An imported (non-harness) log: a record the importer could not map (kept as a row when it can be). */
  | 'import-unmapped'
  /** An imported log: a fact about the import (branches, missing subagent files, what the format does not record). */
  | 'import-note'
  /** An imported Inspect AI sample: the model's recorded input differs from the replayed history. */
  | 'import-input-mismatch'
  /** Reading stopped at a read limit (decoded size, compression ratio, line length); what came before is kept. */
  | 'read-limit'
  /** The input is not text (binary bytes in its first 64 KiB): refused, nothing read. */
  | 'not-text'
  | 'bad-usage';

export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  /** The event it concerns, when it concerns one. */
  seq?: number;
  /** 1-based line in the (decompressed) file, when known. */
  line?: number;
  /** Bytes of the input this finding dropped unread (a last line cut mid-write), when it dropped any. */
  droppedBytes?: number;
  /** How many places (lines, members) those bytes came from, when one finding counts several. */
  droppedPlaces?: number;
  message: string;
}

// ---------------------------------------------------------------- messages

export interface TextBlock {
  type: 'text';
  text: string;
}
export interface ReasoningBlock {
  type: 'reasoning';
  text: string;
}
export interface ImageBlock {
  type: 'image';
  attachment: {
    attachmentId: string;
    mediaType: string;
    bytes: number;
    width: number;
    height: number;
    name?: string;
  };
}
export interface ToolCallBlock {
  type: 'tool-call';
  id: string;
  name: string;
  /** Raw JSON text, as the model streamed it. */
  arguments: string;
}
export interface ToolResultBlock {
  type: 'tool-result';
  toolCallId: string;
  content: Block[];
  isError?: boolean;
}
/** Any other block shape (e.g. the design card's `tool_use`), kept verbatim. */
export interface UnknownBlock {
  type: string;
  [key: string]: unknown;
}
export type KnownBlock = TextBlock | ReasoningBlock | ImageBlock | ToolCallBlock | ToolResultBlock;
export type Block = KnownBlock | UnknownBlock;

export type MessageSource =
  | { kind: 'user'; [key: string]: unknown }
  | { kind: 'plugin'; plugin: string; form?: string; [key: string]: unknown }
  | { kind: 'model'; provider: string; model: string; replayState?: unknown; [key: string]: unknown }
  | { kind: 'tool'; callId: string; [key: string]: unknown }
  | { kind: string; [key: string]: unknown };

export interface Message {
  id?: string;
  role: 'system' | 'user' | 'assistant';
  content: Block[];
  source?: MessageSource;
}

// ---------------------------------------------------------------- stream chunks

/**
 * One model call's tokens, as the harness records them; every importer writes the same
 * convention. The four input counters are disjoint: all the input the model read is
 * inputTokens + cacheReadTokens + cacheWriteTokens (`totalInputTokens`, what OTel's
 * gen_ai.usage.input_tokens and the app's "in" figures mean), and each is priced at its own rate.
 */
export interface TokenUsage {
  /** Input tokens NOT read from or written to the cache (Anthropic's input_tokens; OpenAI's input_tokens minus cached_input_tokens). */
  inputTokens: number;
  /** Includes reasoningTokens. */
  outputTokens: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
  reasoningTokens?: number;
}

export type FinishReason =
  | { kind: 'stop' | 'tool-calls' | 'max-tokens' }
  | { kind: 'aborted' | 'error'; failure?: { message?: string; code?: string; [key: string]: unknown } }
  | { kind: string; [key: string]: unknown };

/**
 * Stream chunks after normalization. Design-card deltas (no `index`) get an
 * index assigned by the normalizer, and their `arguments` become
 * `argumentsDelta`, so assembly sees one dialect.
 */
export type StreamChunk =
  | { type: 'block-start'; index: number; blockType: string }
  | { type: 'text-delta'; index: number; text: string }
  | { type: 'reasoning-delta'; index: number; text: string }
  | { type: 'tool-call-delta'; index: number; id?: string; name?: string; argumentsDelta: string }
  | { type: 'block-end'; index: number; block: Block }
  | { type: 'usage'; usage: TokenUsage }
  | { type: 'finish'; reason: FinishReason }
  | { type: string; [key: string]: unknown };

// ---------------------------------------------------------------- events

export type SurfaceOp = 'append' | { op: 'replace'; start: number; end: number };

export type TurnEndReason =
  | { kind: 'completed' | 'blocked' | 'max-tokens' | 'interrupted' }
  | { kind: 'aborted'; reason: { kind: string; [key: string]: unknown } }
  | { kind: 'error'; error: { message: string; code?: string; status?: number; [key: string]: unknown } }
  | { kind: string; [key: string]: unknown };

interface EventBase {
  /** Position in the log (0-based); the address of the event everywhere. */
  seq: number;
  /** Epoch ms, when the log has it. */
  time?: number;
  surfaceOp?: SurfaceOp;
  sourceEventSeqs?: number[];
  ignorable?: boolean;
  /**
   * Set by the reader when a known type's `data` failed validation (a
   * `bad-data` diagnostic says where). The event keeps its type and its data
   * exactly as written, so the timeline shows it, but the data does NOT have
   * the shape its type promises: anything shape-dependent must skip it.
   */
  invalid?: true;
}

/**
 * A durable session event after normalization (spec 3.4): one dialect. Its
 * `type` alone does not narrow `data` (an unknown or log-only type is a
 * string too, and an `invalid` event keeps its type): check `isKnownEvent`
 * first, then `type` narrows `data`.
 */
export type SessionEvent = KnownEvent | OtherEvent;

/** An event of a type the projector reads, whose data passed validation: `type` narrows `data`. */
export type KnownEvent =
  | (EventBase & { type: 'turn/start'; data: { turn: number } })
  | (EventBase & { type: 'turn/end'; data: { turn: number; reason: TurnEndReason } })
  | (EventBase & { type: 'step/start' | 'step/end'; data: { turn: number; step: number } })
  | (EventBase & { type: 'user/message'; data: Message })
  | (EventBase & { type: 'assistant/chunk'; data: { turn: number; step: number; chunk: StreamChunk } })
  | (EventBase & {
      type: 'assistant/message';
      data: { turn: number; step: number; message: Message; usage?: TokenUsage; interrupted?: boolean };
    })
  | (EventBase & {
      type: 'tool/call';
      data: { turn: number; step: number; callId: string; name: string; arguments: string };
    })
  | (EventBase & {
      type: 'tool/result';
      data: {
        turn: number;
        step: number;
        message: Message;
        error?: { name?: string; code?: string; [key: string]: unknown };
        meta?: unknown;
      };
    });

export type KnownEventType = KnownEvent['type'];

/** The durable session event types (spec 3): the reader validates and normalizes their data. */
export const SESSION_EVENT_TYPES: readonly KnownEventType[] = [
  'turn/start',
  'turn/end',
  'step/start',
  'step/end',
  'user/message',
  'assistant/chunk',
  'assistant/message',
  'tool/call',
  'tool/result',
];
const KNOWN_EVENT_TYPES: ReadonlySet<string> = new Set<string>(SESSION_EVENT_TYPES);

/** True for a projected type whose data has its type's shape (the reader validated it): `data` narrows by `type`. */
export function isKnownEvent(ev: SessionEvent): ev is KnownEvent {
  return ev.invalid !== true && KNOWN_EVENT_TYPES.has(ev.type);
}

/**
 * The event's data as written, for the few readers that must also take an
 * `invalid` event into account (the structure builder counts an invalid
 * turn/end as the end of its turn): every field is `unknown` and is checked
 * where it is read.
 */
export function looseData(ev: SessionEvent): Readonly<Record<string, unknown>> {
  const d: unknown = ev.data;
  return typeof d === 'object' && d !== null ? (d as Record<string, unknown>) : {};
}

/** Log-only or unknown events: kept, shown, never projected. */
export interface OtherEvent extends EventBase {
  type: string;
  data: Record<string, unknown>;
}

/** The optional first line of a log (spec section 1): metadata, not an event. */
export interface SessionHeader {
  type: 'session';
  version: number;
  id?: string;
  createdAt?: number;
  cwd?: string;
  parentSession?: string;
  seedLength?: number;
  origin?: unknown;
  delegationDepth?: number;
  agentPreset?: unknown;
  [key: string]: unknown;
}

/** A non-event line kept for display (e.g. the headless runner's `result`). */
export interface MetaLine {
  line: number;
  /** The number of events before it: where it sits on the timeline. */
  beforeSeq: number;
  value: Record<string, unknown>;
}

export const SURFACE_TYPES = ['user/message', 'assistant/message', 'tool/result'] as const;
export type SurfaceType = (typeof SURFACE_TYPES)[number];
export function isSurfaceType(type: string): type is SurfaceType {
  return type === 'user/message' || type === 'assistant/message' || type === 'tool/result';
}
