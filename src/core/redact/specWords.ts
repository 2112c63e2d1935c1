/**
 * The log's own words (spec sections 1 and 3): the keys, event types and enum values the
 * reader and the harness read. A user's redaction pattern never masks one of these where the
 * spec puts it (a key, or the value of a `type`/`role`/`kind`/`op`... field), so a pattern such
 * as `art` (a name) or `ant` cannot turn `turn/start` into `turn/st***` or `assistant` into
 * `assist***` and make the copy an invalid log (audits R12-4, R13-3). Everything else, keys and
 * `type`s of free-form payloads (a tool's JSON schema, a structured tool result) included, is
 * content and is masked like any text (audit R13-2). The built-in secret rules apply everywhere.
 */
import { HARNESS_EVENT_TYPES, IMPORTED_EVENT_PREFIXES, LEGACY_EVENT_TYPES } from '../reader/knownTypes';

/** Keys of the envelope, the header and the data shapes of spec section 3 (and 3.4's legacy spellings). */
// prettier-ignore
const KEYS = [
  // envelope and header (spec 1)
  'type', 'seq', 'time', 'data', 'surfaceOp', 'sourceEventSeqs', 'ignorable', 'event', 'sessionId', 'seq0', 'time0',
  'version', 'id', 'createdAt', 'cwd', 'parentSession', 'seedLength', 'origin', 'delegationDepth', 'agentPreset',
  // data of the durable events, packed rows, messages, blocks, chunks, usage, reasons
  'turn', 'step', 'message', 'chunk', 'usage', 'interrupted', 'callId', 'name', 'arguments', 'error', 'meta',
  'reason', 'index', 'texts', 'args', 'dt', 'role', 'content', 'source', 'kind', 'plugin', 'form', 'provider',
  'model', 'replayState', 'text', 'attachment', 'attachmentId', 'mediaType', 'bytes', 'width', 'height',
  'toolCallId', 'isError', 'blockType', 'argumentsDelta', 'block', 'inputTokens', 'outputTokens',
  'cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens', 'failure', 'code', 'status', 'op', 'start', 'end',
  'providerRetryAfterMs', 'requestId', 'todos', 'trigger',
  // the request in force (spec 4) and the header fields the resume check reads (audit R16-5)
  'header', 'config', 'system', 'tools', 'adapterDefaults', 'messagePrefix', 'sandboxMode', 'approvalPolicy',
] as const;

/** Values of the spec's enum-valued fields. */
// prettier-ignore
const VALUES = [
  'session', 'session_event', 'text-chunks', 'reasoning-chunks', 'tool-call-chunks',
  'system', 'user', 'assistant', 'plugin', 'model', 'tool',
  'text', 'reasoning', 'image', 'tool-call', 'tool-result',
  'block-start', 'text-delta', 'reasoning-delta', 'tool-call-delta', 'block-end', 'usage', 'finish',
  'stop', 'tool-calls', 'max-tokens', 'aborted', 'error', 'completed', 'blocked', 'interrupted',
  'append', 'replace',
  // an aborted turn's reason kinds (3.2), a request header's reasons, crash repair's error codes (4)
  'parent', 'disposed', 'legacy', 'hook', 'initial', 'change', 'resume', 'fallback',
  'TOOL_OUTCOME_UNKNOWN', 'TOOL_NOT_STARTED',
] as const;

/** Fields whose string value is one of the spec's words when it is one at all. */
const ENUM_FIELDS = new Set<string>([
  'type',
  'role',
  'kind',
  'op',
  'surfaceOp',
  'blockType',
  'reason',
  'code',
]);

const SPEC_KEYS = new Set<string>(KEYS);
const SPEC_VALUES = new Set<string>([...VALUES, ...HARNESS_EVENT_TYPES, ...LEGACY_EVENT_TYPES]);

/** True when `key` is a key the spec defines: masked by the built-in rules only. */
export function isSpecKey(key: string): boolean {
  return SPEC_KEYS.has(key);
}

/** True when `value`, held by the field `key`, is one of the spec's words for such a field. */
export function isSpecValue(key: string, value: string): boolean {
  if (!ENUM_FIELDS.has(key)) return false;
  return SPEC_VALUES.has(value) || (key === 'type' && isImportedType(value));
}

/**
 * An importer's re-told event type (`codex/session_meta`, `claude-code/summary`): the copy of an
 * imported log names its rows so, and a user pattern such as `codex` or `e` that renamed them made
 * the copy's rows unknown event types the harness refuses (audit R15-L2).
 */
function isImportedType(value: string): boolean {
  return IMPORTED_EVENT_PREFIXES.some((prefix) => value.startsWith(prefix) && value.length > prefix.length);
}
