/**
 * The event types Seqscope recognizes: exactly the types the harness knows
 * (spec section 3, DSH 0.1.1-rc.2), plus the legacy spellings it normalizes
 * on load (spec 3.4). Anything else is an unknown type: kept and shown as an
 * opaque row, and reported as an error (`unknown-required-type`, the harness
 * would refuse the log) unless the event says `ignorable: true`.
 *
 * The live bus events (`agent/pre-step`, `agent/request`, `agent/status`,
 * `agent/turn-stopping`, `tools/*`, `fs/*`, `llm/stream`) are deliberately
 * absent: they never belong in a log, so one appearing there is unknown. So
 * are whole families (`team/*`, `hook/*`...): only the listed members exist.
 */
import { SESSION_EVENT_TYPES } from '../types';

/** Legacy types normalized on load to `user/message` (spec 3.4). */
export const LEGACY_EVENT_TYPES: readonly string[] = ['steering/message', 'context/message'];

/** Log-only events the harness writes: shown with a summary, never projected, data not checked. */
export const LOG_ONLY_EVENT_TYPES: readonly string[] = [
  'agent-preset/selected',
  'agent/inbox/spliced',
  'approval/asked',
  'approval/decided',
  'approval/policy',
  'command/done',
  'command/run',
  'compaction/end',
  'compaction/prune',
  'compaction/start',
  'compaction/summary',
  'feedback/record',
  'goal/change',
  'hook/invoked',
  'hook/result',
  'llm/retry',
  'llm/retry-started',
  'permission/preset',
  'plan/mode',
  'request/context',
  'request/header',
  'sandbox/mode',
  'schedule/change',
  'session/end-seed',
  'session/title',
  'session/title-llm-request',
  'subagent/descriptor',
  'team/member',
  'team/message/delivered',
  'team/message/queued',
  'team/task',
  'todo/write',
  'tool-workflow/agent-end',
  'tool-workflow/agent-start',
  'tool-workflow/run-end',
  'tool-workflow/run-start',
  'tool/code-dispatch',
  'tool/code-dispatch-start',
  'web/deepseek-search-llm-request',
];

/** Every type the harness knows (48): a log with any other type, not ignorable, is refused. */
export const HARNESS_EVENT_TYPES: readonly string[] = [...SESSION_EVENT_TYPES, ...LOG_ONLY_EVENT_TYPES];

/**
 * Rows the importers (src/core/import) write for other agents' logs, with no
 * harness counterpart: known to Seqscope (shown, never reported as unknown).
 */
export const IMPORTED_EVENT_PREFIXES: readonly string[] = ['claude-code/', 'codex/', 'pi/', 'inspect/'];

const known = new Set<string>([...HARNESS_EVENT_TYPES, ...LEGACY_EVENT_TYPES]);

export function isKnownEventType(type: string): boolean {
  if (known.has(type)) return true;
  for (const prefix of IMPORTED_EVENT_PREFIXES) if (type.startsWith(prefix)) return true;
  return false;
}
