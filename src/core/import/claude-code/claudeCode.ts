/**
 * Claude Code transcripts (`~/.claude/projects/<project>/<session>.jsonl`,
 * and `<session>/subagents/agent-<id>.jsonl`) as a session log.
 *
 * - One record per content block, several sharing `message.id`, with the
 *   usage repeated on each (streaming snapshots: `output_tokens` grows):
 *   one assistant message per id, its usage counted once, from the last
 *   record of that id.
 * - `thinking` -> reasoning, `tool_use` -> tool call, `tool_result` in user
 *   records (with `is_error`) -> tool result.
 * - `system`, `summary`, `attachment`, `file-history-snapshot`, `progress` and
 *   every other record type -> log-only rows (`claude-code/<type>`).
 * - `compact_boundary` and the `isCompactSummary` user record after it: the
 *   summary replaces the whole history before it.
 * - `parentUuid` branches: see branches.ts.
 * - A tool result naming a subagent (`toolUseResult.agentId`) gets a
 *   `subagent/descriptor` row with the subagent file's relative path.
 * - There is no system prompt or tool list in these logs: the request header
 *   says so.
 */
import { listSome } from '../../diagnostics';
import { isObject, type JsonObject } from '../../validate';
import type { Block, Message, TokenUsage } from '../../types';
import { LineNotes, parseJsonLines, type ForeignRecord } from '../jsonLines';
import { NativeLog, argumentsText, textBlock, timeOf } from '../nativeLog';
import { activeBranch, messageIdOf } from './branches';
import type { EmitBudget } from '../emitBudget';
import { importedName } from '../importedNames';

export const CLAUDE_CODE_NO_REQUEST =
  'Claude Code logs record no system prompt and no tool list: what the model was sent beyond these messages is unknown';

export function importClaudeCode(text: string, budget?: EmitBudget): NativeLog {
  const out = new NativeLog(budget);
  const { records, notes } = parseJsonLines(text);
  for (const n of notes) out.notes.push(n);
  const branches = activeBranch(records);
  out.header = headerOf(records);

  // The records of each assistant message, in file order (active branch only).
  const byMessage = new Map<string, ForeignRecord[]>();
  records.forEach((r, i) => {
    const id = r.value.type === 'assistant' ? messageIdOf(r.value) : undefined;
    if (id === undefined || !branches.active.has(i)) return;
    // Appended in place: a copy per record made 20,000 records of one message quadratic (R8-4).
    const parts = byMessage.get(id);
    if (parts) parts.push(r);
    else byMessage.set(id, [r]);
  });

  const malformed = new LineNotes();
  const emitted = new Set<string>();
  let model: string | undefined;
  let requestNoted = false;
  const offBranchRows = new Map<number, string>();
  for (const fork of branches.forks)
    for (const i of fork.records)
      offBranchRows.set(
        i,
        fork.fromUuid ? importedName(out, fork.fromUuid, "a fork point's uuid") : '(root)',
      );

  records.forEach((r, i) => {
    const v = r.value;
    const time = timeOf(v.timestamp);
    out.inputLine = r.line;
    if (!branches.active.has(i)) {
      out.logOnly(
        'claude-code/other-branch',
        { line: r.line, forkedFrom: offBranchRows.get(i), record: v },
        time,
      );
      return;
    }
    if ((v.type === 'assistant' || v.type === 'user') && !hasMessage(v))
      return keepMalformed(out, malformed, r, time);
    if (v.type === 'assistant') {
      const id = messageIdOf(v);
      if (id !== undefined && emitted.has(id)) return;
      if (id !== undefined) emitted.add(id);
      const parts = id !== undefined ? (byMessage.get(id) ?? [r]) : [r];
      const m = isObject(v.message) ? v.message : {};
      const thisModel =
        typeof m.model === 'string' ? importedName(out, m.model, 'the model name', r.line) : undefined;
      if (v.isApiErrorMessage === true || thisModel === '<synthetic>') {
        const textOf = blocksOf(parts).find((b) => b.type === 'text') as { text?: string } | undefined;
        out.failedAttempt({ message: textOf?.text ?? 'API error', code: 'api_error' }, time);
        return;
      }
      if (thisModel !== undefined && thisModel !== model) {
        model = thisModel;
        out.endStep(time);
        const seq = out.logOnly(
          'request/header',
          {
            header: { config: { provider: 'anthropic', model }, note: CLAUDE_CODE_NO_REQUEST },
            reason: 'import',
          },
          time,
        );
        if (!requestNoted) out.note('import-note', CLAUDE_CODE_NO_REQUEST, seq);
        requestNoted = true;
      }
      assistantMessage(out, parts, model, time);
      return;
    }
    if (v.type === 'user') return userRecord(out, r, time);
    out.logOnly(
      `claude-code/${typeof v.type === 'string' ? v.type : 'record'}`,
      { line: r.line, ...v },
      time,
    );
  });
  out.finish();
  for (const n of malformed.finish()) out.notes.push(n);

  for (const fork of branches.forks)
    out.note(
      'import-note',
      `another branch (a rewind or retry) leaves ${fork.fromLine !== undefined ? `line ${fork.fromLine}` : 'the start'}: ${fork.records.length} record(s) not on the active conversation, shown as claude-code/other-branch rows (lines ${listSome(fork.records.map((i) => (records[i] as ForeignRecord).line))})`,
    );
  return out;
}

/** Whether a user or assistant record has a message with content (a string or a block list). */
function hasMessage(v: JsonObject): boolean {
  const m = v.message;
  return isObject(m) && (typeof m.content === 'string' || Array.isArray(m.content));
}

/**
 * A user or assistant record with no message content: kept as a row and named in a bounded note
 * (200,000 such records were dropped with no word at all).
 */
function keepMalformed(out: NativeLog, notes: LineNotes, r: ForeignRecord, time: number | undefined): void {
  const type = String(r.value.type);
  notes.add(
    'import-unmapped',
    `line ${r.line}: ${type === 'assistant' ? 'an' : 'a'} ${type} record without message content: kept as a row`,
    `are ${type} records without message content: kept as rows`,
  );
  out.logOnly(`claude-code/${type}`, { line: r.line, ...r.value }, time);
}

function headerOf(records: ForeignRecord[]): Record<string, unknown> {
  const h: Record<string, unknown> = { type: 'session', version: 0 };
  const origin: Record<string, unknown> = { format: 'claude-code' };
  for (const { value: v } of records) {
    if (h.id === undefined && typeof v.sessionId === 'string') h.id = v.sessionId;
    if (h.createdAt === undefined && timeOf(v.timestamp) !== undefined) h.createdAt = timeOf(v.timestamp);
    if (h.cwd === undefined && typeof v.cwd === 'string') h.cwd = v.cwd;
    if (origin.version === undefined && typeof v.version === 'string') origin.version = v.version;
    if (origin.agentId === undefined && typeof v.agentId === 'string') {
      origin.agentId = v.agentId;
      origin.sidechain = v.isSidechain === true;
    }
  }
  h.origin = origin;
  return h;
}

/** All distinct content blocks of a message's records, in order (a repeated snapshot adds nothing). */
function blocksOf(parts: ForeignRecord[]): JsonObject[] {
  const seen = new Set<string>();
  const out: JsonObject[] = [];
  for (const { value } of parts) {
    const m = value.message;
    if (!isObject(m)) continue;
    const content: unknown[] = Array.isArray(m.content)
      ? (m.content as unknown[])
      : typeof m.content === 'string'
        ? [{ type: 'text', text: m.content }]
        : [];
    for (const b of content) {
      if (!isObject(b)) continue;
      const key = b.type === 'tool_use' && typeof b.id === 'string' ? `tool:${b.id}` : JSON.stringify(b);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(b);
    }
  }
  return out;
}

function mapBlock(b: JsonObject): Block {
  switch (b.type) {
    case 'text':
      return textBlock(typeof b.text === 'string' ? b.text : '');
    case 'thinking':
      return { type: 'reasoning', text: typeof b.thinking === 'string' ? b.thinking : '' };
    case 'redacted_thinking':
      return { type: 'reasoning', text: '[redacted thinking: encrypted by the provider]' };
    case 'image':
      return imageBlock(b);
    case 'tool_use':
      return {
        type: 'tool-call',
        id: typeof b.id === 'string' ? b.id : '',
        name: typeof b.name === 'string' ? b.name : '',
        arguments: argumentsText(b.input),
      };
    default:
      return { ...b, type: typeof b.type === 'string' ? b.type : 'unknown' };
  }
}

/**
 * An Anthropic image block (`source`: base64 `data`, a `url` or a `file_id`) as an image block
 * with what is known of it: the media type and size; the base64 data itself is not kept (a pasted
 * screenshot is megabytes of text, and the timeline shows an image's metadata).
 */
function imageBlock(b: JsonObject): Block {
  const source = isObject(b.source) ? b.source : {};
  const attachment: Record<string, unknown> = {
    mediaType: typeof source.media_type === 'string' ? source.media_type : 'unknown',
  };
  if (typeof source.data === 'string') attachment.bytes = base64Bytes(source.data);
  if (typeof source.url === 'string') attachment.name = source.url;
  if (typeof source.file_id === 'string') attachment.attachmentId = source.file_id;
  return { type: 'image', attachment };
}

/** The size of the bytes a base64 text encodes. */
function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/** Anthropic usage -> the model's counters (TokenUsage convention: `input_tokens` is already the uncached input). */
export function anthropicUsage(u: unknown): TokenUsage | undefined {
  if (!isObject(u)) return undefined;
  const n = (k: string) => (typeof u[k] === 'number' ? u[k] : 0);
  const cacheRead = n('cache_read_input_tokens');
  const cacheWrite = n('cache_creation_input_tokens');
  const usage: TokenUsage = {
    inputTokens: n('input_tokens'),
    outputTokens: n('output_tokens'),
  };
  if (cacheRead > 0) usage.cacheReadTokens = cacheRead;
  if (cacheWrite > 0) usage.cacheWriteTokens = cacheWrite;
  return usage;
}

function assistantMessage(
  out: NativeLog,
  parts: ForeignRecord[],
  model: string | undefined,
  time: number | undefined,
): void {
  const last = (parts[parts.length - 1] as ForeignRecord).value;
  const lastMessage = isObject(last.message) ? last.message : {};
  const content = blocksOf(parts).map(mapBlock);
  const message: Message = {
    role: 'assistant',
    content,
    source: { kind: 'model', provider: 'anthropic', model: model ?? 'unknown' },
  };
  const id = messageIdOf(last);
  if (id !== undefined) message.id = id;
  out.startStep(time);
  const usage = anthropicUsage(lastMessage.usage);
  out.assistant(message, time, usage ? { usage } : {});
  for (const b of content)
    if (b.type === 'tool-call') {
      const call = b as { id: string; name: string; arguments: string };
      out.toolCall(call.id, call.name, call.arguments, time);
    }
}

function userRecord(out: NativeLog, r: ForeignRecord, time: number | undefined): void {
  const v = r.value;
  const m = v.message as JsonObject; // hasMessage: content is a string or a list
  const raw: unknown[] = Array.isArray(m.content)
    ? (m.content as unknown[])
    : [{ type: 'text', text: m.content }];
  const rest: Block[] = [];
  let results = 0;
  for (const b of raw) {
    if (!isObject(b)) continue;
    if (b.type !== 'tool_result') {
      rest.push(mapBlock(b));
      continue;
    }
    const callId = typeof b.tool_use_id === 'string' ? b.tool_use_id : '';
    const content: Block[] =
      typeof b.content === 'string'
        ? [textBlock(b.content)]
        : Array.isArray(b.content)
          ? (b.content as unknown[]).filter(isObject).map(mapBlock)
          : [];
    out.toolResult(callId, content, b.is_error === true, time);
    // the record's one toolUseResult describes its result: once, not per block (audit R22-4)
    if (results++ === 0) subagentDescriptor(out, r, callId, time);
  }
  if (rest.length === 0) return;
  const message: Message = { role: 'user', content: rest };
  if (v.isCompactSummary === true) {
    out.replaceWithUser(0, out.surfaceLength - 1, message, time, { newTurn: true });
    return;
  }
  out.user(message, time, { newTurn: true });
}

/** A tool result naming a subagent (`toolUseResult.agentId`): the subagent file's relative path. */
function subagentDescriptor(
  out: NativeLog,
  r: ForeignRecord,
  callId: string,
  time: number | undefined,
): void {
  const v = r.value;
  const result = v.toolUseResult;
  if (!isObject(result) || typeof result.agentId !== 'string') return;
  const agentId = importedName(out, result.agentId, 'a subagent id', r.line);
  const sessionId =
    typeof v.sessionId === 'string' ? importedName(out, v.sessionId, 'a session id', r.line) : '<session>';
  out.logOnly(
    'subagent/descriptor',
    {
      callId,
      agentId,
      agentType: result.agentType,
      status: result.status,
      file: `${sessionId}/subagents/agent-${agentId}.jsonl`,
    },
    time,
  );
}
