/**
 * OpenAI Codex CLI rollouts (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`):
 * `{timestamp, type, payload}` lines, as a session log.
 *
 * - `session_meta` (id, cwd, cli version, base instructions) and
 *   `turn_context` (model, cwd, policies): the request in force
 *   (`request/header`, emitted when it changes).
 * - `response_item`: `message` (user, developer = system, assistant),
 *   `reasoning` (its summaries; encrypted content is shown as such),
 *   `function_call` / `custom_tool_call` / `local_shell_call` and their
 *   outputs. The items of one model response are one step: one assistant
 *   message, then its tool calls, then the results.
 * - `compacted` with `replacement_history`: the new history replaces the
 *   whole surface (without one, its `message` does).
 * - `event_msg`: log-only rows (`codex/<payload type>`); `token_count` gives
 *   the step's usage (repeats of the same totals are not counted again),
 *   `task_started` / `task_complete` the turns, `exec_command_end` the exit
 *   code that marks a failed command.
 * - Any other record type: a log-only row (`codex/<type>`), noted once per type.
 */
import { isObject, type JsonObject } from '../../validate';
import type { Block, Message, TokenUsage } from '../../types';
import { parseJsonLines, type ForeignRecord } from '../jsonLines';
import { NativeLog, argumentsText, textBlock, timeOf } from '../nativeLog';
import type { LineImport } from '../lineImport';
import type { EmitBudget } from '../emitBudget';
import { importedName } from '../importedNames';

const MODEL_ITEMS = new Set([
  'reasoning',
  'function_call',
  'custom_tool_call',
  'local_shell_call',
  'web_search_call',
]);
const OUTPUT_ITEMS = new Set(['function_call_output', 'custom_tool_call_output', 'local_shell_call_output']);
const KNOWN_RECORDS = new Set(['session_meta', 'turn_context', 'response_item', 'event_msg', 'compacted']);

interface Pending {
  blocks: Block[];
  time: number | undefined;
  rows: { type: string; data: Record<string, unknown>; time: number | undefined }[];
}

export function importCodex(text: string, budget?: EmitBudget): NativeLog {
  const out = new NativeLog(budget);
  const { records, notes } = parseJsonLines(text);
  for (const n of notes) out.notes.push(n);
  const failedCalls = failedCallIds(records);
  const st = new CodexState(out, failedCalls);
  for (const r of records) st.record(r);
  st.flush();
  out.finish();
  return out;
}

/**
 * A rollout read as it grows (follow mode, lineImport.ts): each record only adds to what came
 * before, so appended lines are imported on their own. Not settled: the model response being
 * assembled (emitted at its end) and the assistant message waiting for its token_count (whose
 * usage is written into it); the turn still open is closed only at `end()`. A failed command is
 * known from its exec_command_end when that comes in the same piece as its result or before it
 * (as Codex writes them); the whole-file import also looks ahead.
 */
export class CodexLines implements LineImport {
  readonly log: NativeLog;
  private readonly failed = new Set<string>();
  private readonly st: CodexState;
  /** Lines fed so far (numbers the next piece's lines). */
  private lines = 0;

  /** `budget`: what the import may write, growing with the text fed (emitBudget.ts). */
  constructor(private readonly budget?: EmitBudget) {
    this.log = new NativeLog(budget);
    this.st = new CodexState(this.log, this.failed);
  }

  get settled(): number {
    return this.st.awaitingSeq ?? this.log.events.length;
  }

  feed(text: string): void {
    if (this.budget) this.budget.inputBytes += text.length;
    const { records, notes } = parseJsonLines(text, this.lines + 1);
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.lines++;
    for (const n of notes) this.log.notes.push(n);
    for (const id of failedCallIds(records)) this.failed.add(id);
    for (const r of records) this.st.record(r);
  }

  end(): void {
    this.st.flush();
    this.log.finish();
  }
}

/** Calls whose command failed, from `exec_command_end` exit codes and `patch_apply_end` results. */
function failedCallIds(records: ForeignRecord[]): Set<string> {
  const failed = new Set<string>();
  for (const { value: v } of records) {
    const p = v.payload;
    if (v.type !== 'event_msg' || !isObject(p) || typeof p.call_id !== 'string') continue;
    if (p.type === 'exec_command_end' && typeof p.exit_code === 'number' && p.exit_code !== 0)
      failed.add(p.call_id);
    if (p.type === 'patch_apply_end' && p.success === false) failed.add(p.call_id);
  }
  return failed;
}

class CodexState {
  private pending: Pending | null = null;
  private system: string | undefined;
  private provider = 'openai';
  /** The model in force (turn_context's): kept, not parsed from the header per step (audit R22-1). */
  private model = 'unknown';
  /** The last header's config as JSON text, and its system (compared as it is: R22-2). */
  private lastConfig: string | undefined;
  private lastSystem: string | undefined;
  private lastTotals = '';
  /** The assistant/message event still waiting for its token_count (its data, and its seq). */
  private awaitingUsage: Record<string, unknown> | undefined;
  awaitingSeq: number | undefined;
  private readonly unknownNoted = new Set<string>();

  constructor(
    private readonly out: NativeLog,
    private readonly failed: Set<string>,
  ) {}

  record(r: ForeignRecord): void {
    const v = r.value;
    this.out.inputLine = r.line;
    const time = timeOf(v.timestamp);
    const p = isObject(v.payload) ? v.payload : {};
    const type = typeof v.type === 'string' ? v.type : '';
    if (type === 'response_item') return this.responseItem(p, time, r.line);
    if (type === 'event_msg') return this.eventMsg(p, time);
    this.flush();
    if (type === 'session_meta') return this.sessionMeta(p, time);
    if (type === 'turn_context') return this.requestHeader(p, time);
    if (type === 'compacted') return this.compacted(p, time);
    if (!KNOWN_RECORDS.has(type) && !this.unknownNoted.has(type)) {
      this.unknownNoted.add(type);
      this.out.note(
        'import-note',
        `Codex record type "${type || '(none)'}" (line ${r.line}) is not one this importer maps: kept as codex/${type || 'record'} rows`,
        this.out.nextSeq,
      );
    }
    this.out.logOnly(`codex/${type || 'record'}`, { line: r.line, ...p }, time);
  }

  private sessionMeta(p: JsonObject, time: number | undefined): void {
    const h = this.out.header;
    if (typeof p.id === 'string') h.id = p.id;
    h.createdAt = timeOf(p.timestamp) ?? time;
    if (typeof p.cwd === 'string') h.cwd = p.cwd;
    h.origin = {
      format: 'codex',
      cliVersion: p.cli_version,
      originator: p.originator,
      source: p.source,
    };
    if (typeof p.model_provider === 'string')
      this.provider = importedName(this.out, p.model_provider, 'the model provider');
    const base = p.base_instructions;
    if (isObject(base) && typeof base.text === 'string') this.system = base.text;
    else if (typeof p.instructions === 'string') this.system = p.instructions;
    this.out.logOnly('codex/session_meta', { ...p, base_instructions: undefined }, time);
  }

  private requestHeader(p: JsonObject, time: number | undefined): void {
    const config: Record<string, unknown> = { provider: this.provider };
    for (const k of ['model', 'cwd', 'approval_policy', 'sandbox_policy', 'effort', 'summary'])
      if (p[k] !== undefined) config[k] = p[k];
    if (typeof p.model === 'string') config.model = importedName(this.out, p.model, 'the model name');
    const header: Record<string, unknown> = { config };
    const system = [this.system, typeof p.user_instructions === 'string' ? p.user_instructions : undefined]
      .filter((s) => s !== undefined && s !== '')
      .join('\n\n');
    if (system !== '') header.system = system;
    header.note = 'Codex rollouts record no tool list';
    // the system compared as it is: stringified with the rest, a 4 MB one cost 4 MB per turn_context
    const key = JSON.stringify(config);
    if (key === this.lastConfig && system === this.lastSystem) return;
    this.lastConfig = key;
    this.lastSystem = system;
    this.model = typeof config.model === 'string' ? config.model : 'unknown';
    this.out.endStep(time);
    this.out.logOnly('request/header', { header, reason: 'turn_context' }, time);
  }

  private responseItem(p: JsonObject, time: number | undefined, line: number): void {
    const type = typeof p.type === 'string' ? p.type : '';
    if (MODEL_ITEMS.has(type) || (type === 'message' && p.role === 'assistant')) {
      this.pending ??= { blocks: [], time, rows: [] };
      for (const b of modelBlocks(p)) this.pending.blocks.push(b);
      return;
    }
    this.flush();
    if (type === 'message') {
      this.out.user(codexMessage(p), time, { newTurn: p.role === 'user' });
      return;
    }
    if (OUTPUT_ITEMS.has(type)) {
      const callId = typeof p.call_id === 'string' ? p.call_id : '';
      const { content, isError } = outputOf(p.output);
      this.out.toolResult(callId, content, isError || this.failed.has(callId), time);
      return;
    }
    if (!this.unknownNoted.has(`response_item/${type}`)) {
      this.unknownNoted.add(`response_item/${type}`);
      this.out.note(
        'import-note',
        `Codex response item "${type}" (line ${line}) is not one this importer maps: kept as codex/response_item/${type} rows`,
        this.out.nextSeq,
      );
    }
    this.out.logOnly(`codex/response_item/${type || 'item'}`, { line, ...p }, time);
  }

  private eventMsg(p: JsonObject, time: number | undefined): void {
    const type = typeof p.type === 'string' ? p.type : 'event';
    const row = { type: `codex/${type}`, data: { ...p }, time };
    if (type === 'token_count') this.tokenCount(p);
    if (type === 'task_started' || type === 'turn_started') {
      this.flush();
      this.out.startTurn(time);
    }
    if (this.pending && type !== 'task_complete' && type !== 'turn_complete' && type !== 'token_count') {
      this.pending.rows.push(row);
      return;
    }
    this.flush();
    this.out.logOnly(row.type, row.data, time);
    if (type === 'task_complete' || type === 'turn_complete') this.out.endTurn(time, { kind: 'completed' });
    if (type === 'turn_aborted')
      this.out.endTurn(time, {
        kind: 'aborted',
        reason: { kind: typeof p.reason === 'string' ? p.reason : 'user' },
      });
  }

  /** A token_count with new totals: its last_token_usage is the usage of the step just answered. */
  private tokenCount(p: JsonObject): void {
    const info = isObject(p.info) ? p.info : undefined;
    if (!info) return;
    const totals = JSON.stringify(info.total_token_usage ?? null);
    if (totals === this.lastTotals) return;
    this.lastTotals = totals;
    this.flush();
    const usage = codexUsage(info.last_token_usage);
    if (usage && this.awaitingUsage) this.awaitingUsage.usage = usage;
    this.awaitingUsage = undefined;
    this.awaitingSeq = undefined;
  }

  private compacted(p: JsonObject, time: number | undefined): void {
    const history = Array.isArray(p.replacement_history) ? p.replacement_history.filter(isObject) : [];
    const messages = history.filter((h) => h.type === 'message').map(codexMessage);
    const source = { kind: 'compaction', format: 'codex' };
    if (messages.length === 0)
      messages.push({
        role: 'user',
        content: [textBlock(typeof p.message === 'string' ? p.message : '')],
        source,
      });
    const [first, ...rest] = messages.map((m) => ({ ...m, source }));
    this.out.replaceWithUser(0, this.out.surfaceLength - 1, first as Message, time, { newTurn: false });
    for (const m of rest) this.out.user(m, time, { newTurn: false });
    if (history.length > messages.length)
      this.out.note(
        'import-note',
        `the compacted history holds ${history.length - messages.length} item(s) that are not messages: not replayed`,
        this.out.nextSeq - 1,
      );
  }

  /** Emits the model response gathered so far as one step. */
  flush(): void {
    const pend = this.pending;
    if (!pend) return;
    this.pending = null;
    this.out.startStep(pend.time);
    const message: Message = {
      role: 'assistant',
      content: pend.blocks,
      source: { kind: 'model', provider: this.provider, model: this.model },
    };
    const seq = this.out.assistant(message, pend.time);
    this.awaitingUsage = (this.out.events[seq] as { data: Record<string, unknown> }).data;
    this.awaitingSeq = seq;
    for (const b of pend.blocks)
      if (b.type === 'tool-call') {
        const c = b as { id: string; name: string; arguments: string };
        this.out.toolCall(c.id, c.name, c.arguments, pend.time);
      }
    for (const row of pend.rows) this.out.logOnly(row.type, row.data, row.time);
  }
}

/** OpenAI usage -> the model's counters: its `input_tokens` include `cached_input_tokens`, TokenUsage's do not. */
function codexUsage(u: unknown): TokenUsage | undefined {
  if (!isObject(u)) return undefined;
  const n = (k: string) => (typeof u[k] === 'number' ? u[k] : 0);
  const cached = Math.min(n('cached_input_tokens'), n('input_tokens'));
  const usage: TokenUsage = { inputTokens: n('input_tokens') - cached, outputTokens: n('output_tokens') };
  if (cached > 0) usage.cacheReadTokens = cached;
  if (n('reasoning_output_tokens') > 0) usage.reasoningTokens = n('reasoning_output_tokens');
  return usage;
}

function contentBlocks(content: unknown): Block[] {
  if (typeof content === 'string') return [textBlock(content)];
  if (!Array.isArray(content)) return [];
  return content.filter(isObject).map((c): Block => {
    if (
      (c.type === 'input_text' || c.type === 'output_text' || c.type === 'text') &&
      typeof c.text === 'string'
    )
      return textBlock(c.text);
    return { ...c, type: typeof c.type === 'string' ? c.type : 'unknown' };
  });
}

function codexMessage(p: JsonObject): Message {
  const role =
    p.role === 'assistant' ? 'assistant' : p.role === 'developer' || p.role === 'system' ? 'system' : 'user';
  return { role, content: contentBlocks(p.content) };
}

/** The blocks one model output item contributes to the step's assistant message. */
function modelBlocks(p: JsonObject): Block[] {
  const callId = typeof p.call_id === 'string' ? p.call_id : typeof p.id === 'string' ? p.id : '';
  switch (p.type) {
    case 'message':
      return contentBlocks(p.content);
    case 'reasoning': {
      const summary = Array.isArray(p.summary)
        ? p.summary
            .filter(isObject)
            .map((s) => (typeof s.text === 'string' ? s.text : ''))
            .filter((s) => s !== '')
        : [];
      const content = Array.isArray(p.content)
        ? p.content
            .filter(isObject)
            .map((s) => (typeof s.text === 'string' ? s.text : ''))
            .filter((s) => s !== '')
        : [];
      const parts = [...summary, ...content];
      if (typeof p.encrypted_content === 'string' && p.encrypted_content !== '')
        parts.push(
          `[encrypted reasoning: ${p.encrypted_content.length} characters, readable only by the provider]`,
        );
      return [{ type: 'reasoning', text: parts.join('\n\n') }];
    }
    case 'function_call':
      return [
        {
          type: 'tool-call',
          id: callId,
          name: typeof p.name === 'string' ? p.name : '',
          arguments: argumentsText(p.arguments),
        },
      ];
    case 'custom_tool_call':
      return [
        {
          type: 'tool-call',
          id: callId,
          name: typeof p.name === 'string' ? p.name : '',
          arguments: JSON.stringify(typeof p.input === 'string' ? p.input : (p.input ?? '')),
        },
      ];
    case 'local_shell_call':
      return [
        { type: 'tool-call', id: callId, name: 'local_shell', arguments: JSON.stringify(p.action ?? {}) },
      ];
    default:
      // A server-side tool (web search): no result comes back as an item; kept as it is.
      return [{ ...p, type: typeof p.type === 'string' ? p.type : 'unknown' }];
  }
}

function outputOf(output: unknown): { content: Block[]; isError: boolean } {
  if (typeof output === 'string') return { content: [textBlock(output)], isError: false };
  if (isObject(output)) {
    const content =
      typeof output.content === 'string' ? [textBlock(output.content)] : contentBlocks(output.content);
    return { content, isError: output.success === false };
  }
  return { content: contentBlocks(output), isError: false };
}
