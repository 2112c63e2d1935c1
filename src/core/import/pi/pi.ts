/**
 * pi coding agent sessions (`~/.pi/agent/sessions/<cwd>/<time>_<id>.jsonl`),
 * v1 (no `version`, no ids) and v3 (`version: 3`, every entry with
 * `id`/`parentId`), as a session log.
 *
 * - The `session` header: id, cwd, time (v1 also the provider and model).
 * - `message` entries: user, assistant (text, thinking, toolCall), `toolResult`
 *   (with `isError`), `bashExecution` (a command the user ran; the model sees
 *   its output unless `excludeFromContext`).
 * - `model_change` (and the v1 header's model): the request in force. pi
 *   sessions hold no system prompt or tool list; the header says so.
 * - `compaction`: the history becomes the summary plus the entries from the
 *   first kept one (v1 `firstKeptEntryIndex`, v3 `firstKeptEntryId`) on.
 * - `branch_summary` and `custom_message` entries reach the model as user
 *   messages; every other entry type is a log-only row (`pi/<type>`).
 * - v3 branches: the active one ends at the last entry; entries off it are
 *   `pi/other-branch` rows, with a note per branch.
 */
import { listSome } from '../../diagnostics';
import { isObject, type JsonObject } from '../../validate';
import type { Block, Message, TokenUsage } from '../../types';
import { LineNotes, parseJsonLines, type ForeignRecord } from '../jsonLines';
import { importedName } from '../importedNames';
import { nameHead } from '../../view/bidiControls';
import { NativeLog, argumentsText, textBlock, textOf, timeOf } from '../nativeLog';
import type { EmitBudget } from '../emitBudget';

export const PI_NO_REQUEST =
  'pi sessions record no system prompt and no tool list: what the model was sent beyond these messages is unknown';

export function importPi(text: string, budget?: EmitBudget): NativeLog {
  const out = new NativeLog(budget);
  const { records, notes } = parseJsonLines(text);
  for (const n of notes) out.notes.push(n);
  const head = records[0]?.value.type === 'session' ? records[0].value : undefined;
  const version = typeof head?.version === 'number' ? head.version : 1;
  out.header = {
    type: 'session',
    version: 0,
    ...(typeof head?.id === 'string' ? { id: head.id } : {}),
    ...(timeOf(head?.timestamp) !== undefined ? { createdAt: timeOf(head?.timestamp) } : {}),
    ...(typeof head?.cwd === 'string' ? { cwd: head.cwd } : {}),
    origin: { format: 'pi', version },
  };
  const active = activePath(records);
  const st = new PiState(out, records);
  if (head && typeof head.modelId === 'string')
    st.requestHeader(textOf(head.provider, 'unknown'), head.modelId, timeOf(head.timestamp));
  records.forEach((r, i) => {
    if (r.value === head) return;
    out.inputLine = r.line;
    if (!active.has(i)) {
      out.logOnly('pi/other-branch', { line: r.line, entry: r.value }, timeOf(r.value.timestamp));
      return;
    }
    st.entry(r, i);
  });
  out.finish(st.endReason());
  for (const n of st.lineNotes.finish()) out.notes.push(n);
  const off = records.filter((_, i) => !active.has(i) && records[i]?.value !== head);
  if (off.length > 0)
    out.note(
      'import-note',
      `${off.length} entr${off.length === 1 ? 'y is' : 'ies are'} on another branch (lines ${listSome(off.map((r) => r.line))}): shown as pi/other-branch rows; the active branch ends at the last entry`,
    );
  return out;
}

/** Indexes of the entries on the active branch (all of them for v1, which has no ids). */
function activePath(records: ForeignRecord[]): Set<number> {
  const byId = new Map<string, number>();
  let leaf = -1;
  records.forEach((r, i) => {
    if (typeof r.value.id === 'string' && r.value.type !== 'session') {
      byId.set(r.value.id, i);
      leaf = i;
    }
  });
  if (byId.size === 0) return new Set(records.map((_, i) => i));
  const path = new Set<number>();
  for (let i = leaf; i >= 0 && !path.has(i);) {
    path.add(i);
    const p = (records[i] as ForeignRecord).value.parentId;
    i = typeof p === 'string' ? (byId.get(p) ?? -1) : -1;
  }
  // Entries without an id (the header, a v1-style line) stay on the timeline.
  records.forEach((r, i) => {
    if (typeof r.value.id !== 'string') path.add(i);
  });
  return path;
}

class PiState {
  /** Record index of the entry each surface node came from (by surface seq). */
  private readonly entryOfSeq = new Map<number, number>();
  /**
   * Surface nodes that came from no entry (compaction summaries). Every other node is an entry's,
   * in record order (a kept message told again keeps its entry), so the only such node is a
   * summary at the front, and "the kept entries are the surface's tail" needs no walk over it.
   */
  private summariesOnSurface = 0;
  /** Record index of each entry id, built at the first `firstKeptEntryId` (the first of equal ids, as the file reads). */
  private indexOfId: Map<string, number> | undefined;
  private model = 'unknown';
  private provider = 'unknown';
  private lastStop: string | undefined;
  private lastError: string | undefined;
  private noted = false;
  /** Notes about single entries, bounded per kind (audit R22-11: one per line made 400,000). */
  readonly lineNotes = new LineNotes();

  constructor(
    private readonly out: NativeLog,
    private readonly records: ForeignRecord[],
  ) {}

  requestHeader(providerName: string, modelName: string, time: number | undefined): void {
    const provider = importedName(this.out, providerName, 'the model provider');
    const model = importedName(this.out, modelName, 'the model name');
    this.provider = provider;
    this.model = model;
    this.out.endStep(time);
    const seq = this.out.logOnly(
      'request/header',
      { header: { config: { provider, model }, note: PI_NO_REQUEST }, reason: 'model_change' },
      time,
    );
    if (!this.noted) this.out.note('import-note', PI_NO_REQUEST, seq);
    this.noted = true;
  }

  endReason() {
    if (this.lastStop === 'aborted') return { kind: 'aborted', reason: { kind: 'user' } };
    if (this.lastStop === 'error')
      return { kind: 'error', error: { message: this.lastError ?? 'error', code: 'error' } };
    return { kind: 'completed' };
  }

  entry(r: ForeignRecord, index: number): void {
    const v = r.value;
    const time = timeOf(v.timestamp);
    switch (v.type) {
      case 'message':
        return this.message(r, index, time);
      case 'model_change':
        this.requestHeader(textOf(v.provider, this.provider), textOf(v.modelId, this.model), time);
        return;
      case 'compaction':
        return this.compaction(r, index, time);
      case 'branch_summary':
        this.keep(
          index,
          this.out.user(summaryMessage(v.summary, 'branch_summary'), time, { newTurn: false }),
        );
        return;
      case 'custom_message':
        if (v.display === false || v.excludeFromContext === true) break;
        this.keep(
          index,
          this.out.user({ role: 'user', content: blocks(v.content) }, time, { newTurn: false }),
        );
        return;
    }
    this.out.logOnly(`pi/${typeof v.type === 'string' ? v.type : 'entry'}`, { line: r.line, ...v }, time);
  }

  private keep(index: number, seq: number): void {
    this.entryOfSeq.set(seq, index);
  }

  private message(r: ForeignRecord, index: number, time: number | undefined): void {
    const m = isObject(r.value.message) ? r.value.message : undefined;
    if (!m) {
      this.lineNotes.add(
        'import-unmapped',
        `line ${r.line}: a message entry without a message: kept as a row`,
        'are message entries without a message: kept as rows',
      );
      this.out.logOnly('pi/message', { line: r.line, ...r.value }, time);
      return;
    }
    switch (m.role) {
      case 'user':
        this.keep(
          index,
          this.out.user({ role: 'user', content: blocks(m.content) }, time, { newTurn: true }),
        );
        return;
      case 'assistant':
        return this.assistant(m, index, time);
      case 'toolResult': {
        const callId = typeof m.toolCallId === 'string' ? m.toolCallId : '';
        this.keep(index, this.out.toolResult(callId, blocks(m.content), m.isError === true, time));
        return;
      }
      case 'bashExecution': {
        if (m.excludeFromContext === true) {
          this.out.logOnly('pi/bashExecution', { line: r.line, ...m }, time);
          return;
        }
        const exit = typeof m.exitCode === 'number' && m.exitCode !== 0 ? `\n(exit code ${m.exitCode})` : '';
        const text = `Ran \`${textOf(m.command)}\`\n\`\`\`\n${textOf(m.output)}\n\`\`\`${exit}`;
        this.keep(
          index,
          this.out.user(
            { role: 'user', content: [textBlock(text)], source: { kind: 'user', form: 'bash' } },
            time,
            { newTurn: true },
          ),
        );
        return;
      }
      default:
        this.lineNotes.add(
          'import-unmapped',
          `line ${r.line}: message role "${nameHead(String(m.role))}" is not mapped: kept as a row`,
          'are messages of a role that is not mapped: kept as rows',
        );
        this.out.logOnly('pi/message', { line: r.line, ...r.value }, time);
    }
  }

  private assistant(m: JsonObject, index: number, time: number | undefined): void {
    const provider =
      typeof m.provider === 'string'
        ? importedName(this.out, m.provider, 'the model provider')
        : this.provider;
    const model =
      typeof m.model === 'string' ? importedName(this.out, m.model, 'the model name') : this.model;
    this.lastStop = typeof m.stopReason === 'string' ? m.stopReason : undefined;
    this.lastError = typeof m.errorMessage === 'string' ? m.errorMessage : undefined;
    this.out.startStep(time);
    const content = blocks(m.content);
    if (this.lastStop === 'error' && content.length === 0) {
      this.out.failedAttempt({ message: this.lastError ?? 'error', code: 'error' }, time);
      return;
    }
    const usage = piUsage(m.usage);
    const message: Message = { role: 'assistant', content, source: { kind: 'model', provider, model } };
    const extra: { usage?: TokenUsage; interrupted?: boolean } = {};
    if (usage) extra.usage = usage;
    // A reply cut off by the user or by a provider error: its calls never ran.
    if (this.lastStop === 'aborted' || this.lastStop === 'error') extra.interrupted = true;
    this.keep(index, this.out.assistant(message, time, extra));
    for (const b of content)
      if (b.type === 'tool-call') {
        const c = b as { id: string; name: string; arguments: string };
        this.out.toolCall(c.id, c.name, c.arguments, time);
      }
  }

  /**
   * The history becomes [summary, entries from the first kept one on]. Work is the surface nodes
   * it replaces (each compaction walks only the nodes before the first kept one, which it removes),
   * never the whole surface per compaction: 80,000 compactions over 80,000 kept messages took
   * minutes (R8-2).
   */
  private compaction(r: ForeignRecord, index: number, time: number | undefined): void {
    const v = r.value;
    let firstKept = index;
    if (typeof v.firstKeptEntryIndex === 'number' && Number.isFinite(v.firstKeptEntryIndex))
      firstKept = Math.max(0, Math.ceil(v.firstKeptEntryIndex));
    else if (typeof v.firstKeptEntryId === 'string') {
      const j = this.entryIndex(v.firstKeptEntryId);
      if (j !== undefined) firstKept = j;
      else
        this.lineNotes.add(
          'import-unmapped',
          `line ${r.line}: the compaction keeps from entry ${nameHead(v.firstKeptEntryId)}, which is not in the file: nothing kept`,
          'are compactions that keep from an entry not in the file: nothing kept',
        );
    }
    const out = this.out;
    const n = out.surfaceLength;
    const entryAt = (i: number) => this.entryOfSeq.get(out.surfaceSeq(i) as number) ?? -1;
    // Entries are in record order on the surface: the kept ones are those from the first kept on.
    let k = 0;
    let summariesBefore = 0;
    for (; k < n; k++) {
      const e = entryAt(k);
      if (e >= firstKept) break;
      if (e < 0) summariesBefore++;
    }
    const summary = summaryMessage(v.summary, 'compaction');
    out.endStep(time);
    if (k > 0 && k < n && this.summariesOnSurface === summariesBefore) {
      out.replaceWithUser(0, k - 1, summary, time, { newTurn: false });
      this.summariesOnSurface = 1;
      return;
    }
    // The kept entries are not a tail of the surface (kept from the very start, or nothing kept):
    // the summary replaces everything and the kept messages follow again, each as its entry's.
    const kept: [number, Message][] = [];
    for (let i = k; i < n; i++) {
      const e = entryAt(i);
      const m = e >= firstKept ? messageAtNode(out, i) : undefined;
      if (m) kept.push([e, m]);
    }
    out.replaceWithUser(0, n - 1, summary, time, { newTurn: false });
    this.summariesOnSurface = 1;
    for (const [e, m] of kept)
      this.keep(e, out.user({ ...m, source: { kind: 'compaction', kept: true } }, time, { newTurn: false }));
  }

  private entryIndex(id: string): number | undefined {
    if (!this.indexOfId) {
      this.indexOfId = new Map();
      this.records.forEach((e, i) => {
        if (typeof e.value.id === 'string' && !this.indexOfId?.has(e.value.id))
          this.indexOfId?.set(e.value.id, i);
      });
    }
    return this.indexOfId.get(id);
  }
}

/** The message a surface node derives (an empty assistant message derives none). */
function messageAtNode(out: NativeLog, i: number): Message | undefined {
  const m = out.surfaceMessage(i);
  return m && m.content.length > 0 ? { role: m.role, content: m.content } : undefined;
}

function summaryMessage(summary: unknown, form: string): Message {
  return {
    role: 'user',
    content: [textBlock(typeof summary === 'string' ? summary : JSON.stringify(summary ?? ''))],
    source: { kind: 'compaction', form },
  };
}

function blocks(content: unknown): Block[] {
  if (typeof content === 'string') return [textBlock(content)];
  if (!Array.isArray(content)) return [];
  return content.filter(isObject).map((b): Block => {
    switch (b.type) {
      case 'text':
        return textBlock(typeof b.text === 'string' ? b.text : '');
      case 'thinking':
        return { type: 'reasoning', text: typeof b.thinking === 'string' ? b.thinking : '' };
      case 'toolCall':
        return {
          type: 'tool-call',
          id: typeof b.id === 'string' ? b.id : '',
          name: typeof b.name === 'string' ? b.name : '',
          arguments: argumentsText(b.arguments),
        };
      default:
        return { ...b, type: typeof b.type === 'string' ? b.type : 'unknown' };
    }
  });
}

/** pi usage -> the model's counters: pi's `input` excludes the cache (its own cost.input is input x the input price). */
function piUsage(u: unknown): TokenUsage | undefined {
  if (!isObject(u)) return undefined;
  const n = (k: string) => (typeof u[k] === 'number' ? u[k] : 0);
  const usage: TokenUsage = {
    inputTokens: n('input'),
    outputTokens: n('output'),
  };
  if (n('cacheRead') > 0) usage.cacheReadTokens = n('cacheRead');
  if (n('cacheWrite') > 0) usage.cacheWriteTokens = n('cacheWrite');
  return usage;
}
