/**
 * The event types Seqscope recognizes (spec section 3). Anything else is an
 * unknown type: kept and shown as an opaque row, and reported as an error
 * (`unknown-required-type`) unless the event says `ignorable: true`.
 *
 * The live bus events (`agent/pre-step`, `agent/request`, `agent/status`,
 * `agent/turn-stopping`, `tools/*`, `fs/*`, `llm/stream`) are deliberately
 * absent: they never belong in a log, so one appearing there is unknown.
 */

/** Durable session events: the reader validates and normalizes their data. */
export const SESSION_EVENT_TYPES: readonly string[] = [
  'turn/start',
  'turn/end',
  'step/start',
  'step/end',
  'user/message',
  'assistant/chunk',
  'assistant/message',
  'tool/call',
  'tool/result',
  // Legacy spelling, normalized to user/message (spec 3.4).
  'steering/message',
];

/** Log-only events seen in real logs: shown with a summary, never projected, data not checked. */
export const LOG_ONLY_EVENT_TYPES: readonly string[] = [
  'todo/write',
  'request/header',
  'request/context',
  'session/title',
  'session/end-seed',
  'agent/inbox/spliced',
  'compaction/start',
  'compaction/summary',
  'compaction/prune',
  'compaction/end',
  'llm/retry',
  'llm/retry-started',
  'goal/change',
  'plan/mode',
  'permission/preset',
  'sandbox/mode',
  'subagent/descriptor',
  'feedback/record',
];

/** Families of log-only events: every type under these prefixes is known. */
export const LOG_ONLY_EVENT_PREFIXES: readonly string[] = [
  'compaction/',
  'approval/',
  'command/',
  'hook/',
  'team/',
  // Rows of other agents' logs that have no harness counterpart (src/core/import).
  'claude-code/',
  'codex/',
  'pi/',
  'inspect/',
];

const exact = new Set<string>([...SESSION_EVENT_TYPES, ...LOG_ONLY_EVENT_TYPES]);

export function isKnownEventType(type: string): boolean {
  if (exact.has(type)) return true;
  for (const prefix of LOG_ONLY_EVENT_PREFIXES) if (type.startsWith(prefix)) return true;
  return false;
}
