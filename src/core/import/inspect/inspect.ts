/**
 * Inspect AI eval logs (`.json`: inspectJson.ts, and `.eval` zips: evalZip.ts), one
 * sample at a time: each sample is one session log.
 *
 * - The sample's events become the timeline: every `model` event is a step
 *   (its output the assistant message, with usage; an `error` a failed
 *   attempt), every `tool` event a tool result; the others (`sandbox`,
 *   `store`, `state`, `span_begin`, `score`, ...) are log-only rows
 *   (`inspect/<event>`).
 * - A model event's `input` is the exact model input at that point, so the
 *   derived messages there are made equal to it: where the history replayed
 *   from the events so far agrees, the new input messages are appended;
 *   where it disagrees, an `import-input-mismatch` warning says where, and
 *   the differing tail is replaced by the recorded input.
 * - `attachment://<hash>` strings are resolved from the sample's
 *   `attachments`; `input_refs` ranges from its `message_pool`.
 */
import { isObject, type JsonObject } from '../../validate';
import type { Block, Message, TokenUsage } from '../../types';
import { NativeLog, argumentsText, textBlock, textOf, timeOf } from '../nativeLog';
import { limitDepth } from '../../depthLimit';
import { IMPORT_CUT_MARKER, IMPORT_CUT_NOTE, IMPORT_MAX_DEPTH } from '../jsonDocument';

/**
 * How deep a value of an Inspect log may nest: deeper subtrees are cut on import (the importer's
 * walk and the re-told events' JSON.stringify recurse; a 200,000-deep value overflowed the stack).
 * The same cut as every other importer's (../jsonDocument.ts).
 */
export const INSPECT_MAX_DEPTH = IMPORT_MAX_DEPTH;
export const CUT_MARKER = IMPORT_CUT_MARKER;
export const CUT_NOTE = IMPORT_CUT_NOTE;

/** The document depth-limited, and whether anything was cut. */
export function cutDeepValues<T>(doc: T): { value: T; cut: boolean } {
  const value = limitDepth(doc, INSPECT_MAX_DEPTH, CUT_MARKER);
  return { value, cut: value !== doc };
}

export interface InspectLog {
  /** The log's header (`eval`, `plan`, `results`, ...), without samples. */
  header: JsonObject;
  samples: JsonObject[];
}

export interface InspectImportOptions {
  /** Which sample (0-based, in log order); default the first. */
  sample?: number;
}

export function importInspect(log: InspectLog, options: InspectImportOptions = {}): NativeLog {
  const out = new NativeLog();
  const ev = isObject(log.header.eval) ? log.header.eval : {};
  const index = options.sample ?? 0;
  const sample = log.samples[index];
  out.header = {
    type: 'session',
    version: 0,
    id: `${textOf(ev.eval_id, textOf(ev.run_id, 'inspect'))}/${textOf(sample?.id, String(index))}/${textOf(sample?.epoch, '1')}`,
    ...(timeOf(ev.created) !== undefined ? { createdAt: timeOf(ev.created) } : {}),
    origin: {
      format: 'inspect',
      task: ev.task,
      model: ev.model,
      sample: sample?.id,
      epoch: sample?.epoch,
      samples: log.samples.map((s) => `${textOf(s.id)}#${textOf(s.epoch, '1')}`),
    },
  };
  if (!sample) {
    out.note(
      'import-unmapped',
      `the Inspect AI log has no sample ${index + 1} (it holds ${log.samples.length})`,
    );
    return out;
  }
  if (log.samples.length > 1)
    out.note(
      'import-note',
      `the Inspect AI log holds ${log.samples.length} samples (${log.samples.map((s, i) => `${i + 1}: ${textOf(s.id)}#${textOf(s.epoch, '1')}`).join(', ')}); this is sample ${index + 1} (id ${textOf(sample.id)}, epoch ${textOf(sample.epoch, '1')}); each sample opens as its own log (CLI: --sample N)`,
    );
  new SampleReplay(out, sample).run();
  return out;
}

class SampleReplay {
  private readonly attachments: JsonObject;
  private readonly pool: unknown[];
  private lastRequest = '';

  constructor(
    private readonly out: NativeLog,
    private readonly sample: JsonObject,
  ) {
    this.attachments = isObject(sample.attachments) ? sample.attachments : {};
    this.pool = Array.isArray(sample.message_pool) ? sample.message_pool : [];
  }

  run(): void {
    const out = this.out;
    const events = Array.isArray(this.sample.events) ? this.sample.events.filter(isObject) : [];
    const first = timeOf(events[0]?.timestamp);
    out.startTurn(first);
    if (events.length === 0) {
      // An old log without events: replay the sample's messages.
      this.sync(this.messagesOf(this.sample.messages), first, -1);
    }
    events.forEach((e, i) => {
      const time = timeOf(e.timestamp);
      if (e.event === 'model') return this.model(e, time, i);
      if (e.event === 'tool') return this.tool(e, time);
      out.logOnly(`inspect/${typeof e.event === 'string' ? e.event : 'event'}`, this.rowOf(e), time);
    });
    out.endTurn(
      undefined,
      this.sample.error
        ? {
            kind: 'error',
            error: {
              message: textOf(
                isObject(this.sample.error) ? this.sample.error.message : this.sample.error,
                'error',
              ),
            },
          }
        : { kind: 'completed' },
    );
    const final = this.messagesOf(this.sample.messages);
    if (final.length > 0 && events.length > 0) {
      const derived = out.derived();
      const at = firstDifference(derived, final);
      if (at >= 0)
        out.note(
          'import-input-mismatch',
          `the sample's recorded messages differ from the replayed history at message ${at + 1} (${describe(final[at])} recorded, ${describe(derived[at])} replayed)`,
          out.nextSeq - 1,
        );
    }
  }

  private rowOf(e: JsonObject): Record<string, unknown> {
    return this.resolve(e) as Record<string, unknown>;
  }

  /**
   * `attachment://<hash>` strings replaced by the attachment's text, at any depth: a copy made
   * with a work list, not recursion (a value 1000 levels deep, the import's cut, overflowed a
   * browser worker's smaller stack here).
   */
  private resolve(v: unknown): unknown {
    const one = (x: unknown, work: [unknown, unknown][]): unknown => {
      if (typeof x === 'string') {
        if (!x.startsWith('attachment://')) return x;
        const a = this.attachments[x.slice('attachment://'.length)];
        return typeof a === 'string' ? a : x;
      }
      if (Array.isArray(x) || isObject(x)) {
        const copy = Array.isArray(x) ? [] : {};
        work.push([x, copy]);
        return copy;
      }
      return x;
    };
    const work: [unknown, unknown][] = [];
    const out = one(v, work);
    for (let next = work.pop(); next; next = work.pop()) {
      const [src, dst] = next;
      if (Array.isArray(src)) for (const x of src as unknown[]) (dst as unknown[]).push(one(x, work));
      else
        for (const [k, x] of Object.entries(src as JsonObject))
          Object.defineProperty(dst, k, {
            value: one(x, work),
            enumerable: true,
            writable: true,
            configurable: true,
          });
    }
    return out;
  }

  private messagesOf(list: unknown): Message[] {
    return Array.isArray(list)
      ? list.filter(isObject).map((m) => chatMessage(this.resolve(m) as JsonObject))
      : [];
  }

  private inputOf(e: JsonObject): Message[] {
    const direct: unknown[] = Array.isArray(e.input) ? e.input : [];
    const refs: unknown[] = Array.isArray(e.input_refs) ? e.input_refs : [];
    if (refs.length === 0) return this.messagesOf(direct);
    const raw: unknown[] = [];
    for (const r of refs)
      if (Array.isArray(r) && typeof r[0] === 'number' && typeof r[1] === 'number')
        raw.push(...this.pool.slice(r[0], r[1]));
    return this.messagesOf([...raw, ...direct]);
  }

  /** Makes the derived messages equal `input` (see the file comment). */
  private sync(input: Message[], time: number | undefined, eventIndex: number): void {
    const out = this.out;
    const derived = out.derived();
    const at = firstDifference(derived, input);
    if (at < 0) return;
    if (at < derived.length) {
      out.note(
        'import-input-mismatch',
        `model event ${eventIndex + 1}: its recorded input differs from the history replayed from the events before it at message ${at + 1} (${describe(input[at])} recorded, ${describe(derived[at])} replayed); the messages here are the recorded input`,
        out.nextSeq,
      );
      const first = input[at];
      if (!first) return;
      // Node index of derived message `at` (empty assistant messages derive nothing, but hold a node).
      const node = nodeOfDerived(out, at);
      out.replaceWithUser(node, out.surfaceLength - 1, first, time, { newTurn: false });
      for (const m of input.slice(at + 1)) out.user(m, time, { newTurn: false });
      return;
    }
    for (const m of input.slice(at)) out.user(m, time, { newTurn: false });
  }

  private model(e: JsonObject, time: number | undefined, i: number): void {
    const out = this.out;
    const model = typeof e.model === 'string' ? e.model : 'unknown';
    const tools = Array.isArray(e.tools) ? this.resolve(e.tools) : undefined;
    const request = JSON.stringify({ model, tools });
    if (request !== this.lastRequest) {
      this.lastRequest = request;
      out.endStep(time);
      const [provider, ...rest] = model.split('/');
      const header: Record<string, unknown> = {
        config: {
          provider: rest.length > 0 ? provider : 'unknown',
          model: rest.length > 0 ? rest.join('/') : model,
        },
      };
      if (Array.isArray(tools) && tools.length > 0) header.tools = tools;
      out.logOnly('request/header', { header, reason: 'model' }, time);
    }
    out.endStep(time);
    this.sync(this.inputOf(e), time, i);
    out.startStep(time);
    const done = timeOf(e.completed) ?? time;
    if (typeof e.error === 'string' && e.error !== '') {
      out.failedAttempt({ message: e.error, code: 'model_error' }, done);
      return;
    }
    const output = isObject(e.output) ? e.output : {};
    const choice =
      Array.isArray(output.choices) && isObject(output.choices[0]) ? output.choices[0] : undefined;
    const msg =
      choice && isObject(choice.message)
        ? chatMessage(this.resolve(choice.message) as JsonObject)
        : undefined;
    if (!msg) {
      out.note('import-unmapped', `model event ${i + 1} has no output message`, out.nextSeq);
      return;
    }
    msg.source = { kind: 'model', provider: model.split('/')[0] ?? 'unknown', model };
    const usage = inspectUsage(output.usage);
    out.assistant(msg, done, usage ? { usage } : {});
    for (const b of msg.content)
      if (b.type === 'tool-call') {
        const c = b as { id: string; name: string; arguments: string };
        out.toolCall(c.id, c.name, c.arguments, done);
      }
  }

  private tool(e: JsonObject, time: number | undefined): void {
    const callId = typeof e.id === 'string' ? e.id : '';
    const error = isObject(e.error) ? e.error : undefined;
    const content = toolContent(this.resolve(e.result), error);
    this.out.toolResult(callId, content, error !== undefined, timeOf(e.completed) ?? time, {
      function: e.function,
      ...(error ? { error } : {}),
    });
  }
}

function nodeOfDerived(out: NativeLog, derivedIndex: number): number {
  let seen = -1;
  for (let i = 0; i < out.surfaceLength; i++) {
    const m = out.surfaceMessage(i);
    if (m && m.content.length > 0) seen++;
    if (seen === derivedIndex) return i;
  }
  return out.surfaceLength;
}

/** Index of the first message where `a` and `b` differ (by role and content), or -1 when equal. */
function firstDifference(a: Message[], b: Message[]): number {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    if (!x || !y || x.role !== y.role || JSON.stringify(x.content) !== JSON.stringify(y.content)) return i;
  }
  return -1;
}

function describe(m: Message | undefined): string {
  if (!m) return 'nothing';
  const text = m.content
    .map((b) => (b.type === 'text' ? (b as { text: string }).text : `[${b.type}]`))
    .join(' ')
    .slice(0, 60);
  return `${m.role} "${text}"`;
}

function contentOf(content: unknown): Block[] {
  if (typeof content === 'string') return content === '' ? [] : [textBlock(content)];
  if (!Array.isArray(content)) return [];
  return content.filter(isObject).map((c): Block => {
    if (c.type === 'text' && typeof c.text === 'string') return textBlock(c.text);
    if (c.type === 'reasoning')
      return {
        type: 'reasoning',
        text: c.redacted === true ? '[redacted reasoning: encrypted by the provider]' : textOf(c.reasoning),
      };
    return { ...c, type: typeof c.type === 'string' ? c.type : 'unknown' };
  });
}

function toolContent(result: unknown, error: JsonObject | undefined): Block[] {
  const content = contentOf(result);
  if (content.length === 0 && error) return [textBlock(textOf(error.message, textOf(error.type, 'error')))];
  return content;
}

/** An Inspect ChatMessage as the model's Message (tool messages become user tool-result messages). */
function chatMessage(m: JsonObject): Message {
  if (m.role === 'tool') {
    const error = isObject(m.error) ? m.error : undefined;
    const block: Block = {
      type: 'tool-result',
      toolCallId: typeof m.tool_call_id === 'string' ? m.tool_call_id : '',
      content: toolContent(m.content, error),
    };
    if (error) block.isError = true;
    return { role: 'user', content: [block] };
  }
  const role = m.role === 'assistant' ? 'assistant' : m.role === 'system' ? 'system' : 'user';
  const content = contentOf(m.content);
  if (Array.isArray(m.tool_calls))
    for (const c of m.tool_calls.filter(isObject))
      content.push({
        type: 'tool-call',
        id: typeof c.id === 'string' ? c.id : '',
        name: typeof c.function === 'string' ? c.function : '',
        arguments: argumentsText(c.arguments),
      });
  return { role, content };
}

/**
 * Inspect's ModelUsage as TokenUsage, whose inputTokens is the uncached input. Inspect's own
 * `input_tokens` means that for Anthropic (and for OpenAI since inspect_ai subtracts
 * `cached_tokens` from `prompt_tokens`), with `total_tokens` = input + output + cache; but
 * older OpenAI logs (0.3.95 among them) hold `prompt_tokens`, the cache read inside it, with
 * `total_tokens` = input + output. `total_tokens` tells the two apart, so a cached token is
 * billed once either way.
 */
function inspectUsage(u: unknown): TokenUsage | undefined {
  if (!isObject(u)) return undefined;
  const n = (k: string) => (typeof u[k] === 'number' && Number.isFinite(u[k]) ? u[k] : 0);
  const input = n('input_tokens');
  const output = n('output_tokens');
  const cache = n('input_tokens_cache_read') + n('input_tokens_cache_write');
  const cacheInInput = cache > 0 && input >= cache && n('total_tokens') === input + output;
  const usage: TokenUsage = { inputTokens: cacheInInput ? input - cache : input, outputTokens: output };
  if (n('input_tokens_cache_read') > 0) usage.cacheReadTokens = n('input_tokens_cache_read');
  if (n('input_tokens_cache_write') > 0) usage.cacheWriteTokens = n('input_tokens_cache_write');
  if (n('reasoning_tokens') > 0) usage.reasoningTokens = n('reasoning_tokens');
  return usage;
}
