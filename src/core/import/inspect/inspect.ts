/**
 * Inspect AI eval logs (`.json`: inspectJson.ts, and `.eval` zips: evalZip.ts), one sample at a
 * time: each sample is one session log.
 *
 * - The sample's events become the timeline: every `model` event is a step (its output the
 *   assistant message, with usage; an `error` a failed attempt), every `tool` event a tool result;
 *   the others (`sandbox`, `store`, `state`, `span_begin`, `score`, ...) are log-only rows
 *   (`inspect/<event>`).
 * - A model event's `input` is the exact model input at that point, so the derived messages there
 *   are made equal to it: where the history replayed from the events so far agrees, the new input
 *   messages are appended; where it disagrees, an `import-input-mismatch` warning says where, and
 *   the differing tail is replaced by the recorded input.
 * - `attachment://<hash>` strings are resolved from the sample's `attachments`; `input_refs`
 *   ranges from its `message_pool`.
 */
import type { EmitBudget } from '../emitBudget';
import { isObject, type JsonObject } from '../../validate';
import type { Message } from '../../types';
import { NativeLog, textOf, timeOf } from '../nativeLog';
import { chatMessage, describe, inspectUsage, toolContent } from './inspectMessages';
import {
  ATTACHMENT_FLOOR_CHARS,
  ATTACHMENT_INPUT_RATIO,
  RETELL_FLOOR,
  RETELL_PER_ITEM,
  commonPrefix,
  type CallInput,
} from './callInput';
import { POOL_MOVES_FLOOR, POOL_MOVES_PER_ITEM, PoolContent } from './poolContent';
import { Attachments } from './attachments';
import { limitDepth } from '../../depthLimit';
import { IMPORT_CUT_MARKER, IMPORT_CUT_NOTE, IMPORT_MAX_DEPTH } from '../jsonDocument';
import { INSPECT_FORMAT, sampleLabels } from './sampleList';

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
  /** The size of the input the log came from, in bytes (bounds the attachment text inlined). */
  inputBytes?: number;
  /** What the import may write (emitBudget.ts). */
  budget?: EmitBudget;
}

export function importInspect(log: InspectLog, options: InspectImportOptions = {}): NativeLog {
  const out = new NativeLog(options.budget);
  const ev = isObject(log.header.eval) ? log.header.eval : {};
  const index = options.sample ?? 0;
  const sample = log.samples[index];
  out.header = {
    type: 'session',
    version: 0,
    id: `${textOf(ev.eval_id, textOf(ev.run_id, 'inspect'))}/${textOf(sample?.id, String(index))}/${textOf(sample?.epoch, '1')}`,
    ...(timeOf(ev.created) !== undefined ? { createdAt: timeOf(ev.created) } : {}),
    origin: {
      format: INSPECT_FORMAT,
      task: ev.task,
      model: ev.model,
      sample: sample?.id,
      epoch: sample?.epoch,
      samples: sampleLabels(log.samples),
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
  new SampleReplay(out, sample, options.inputBytes ?? 0).run();
  return out;
}

class SampleReplay {
  /** The sample's attachments, inlined within a budget (attachments.ts). */
  private readonly attachments: Attachments;
  /** The pool's objects, and per pool index how many objects come before it (ranges count objects). */
  private readonly pool: JsonObject[] = [];
  private readonly objectsBefore: number[] = [];
  private readonly pooled: (Message | undefined)[] = []; // each resolved once, re-used by every call
  /** The pool by content (and every message's content key): inputs are compared by runs (NEW-1). */
  private readonly poolContent: PoolContent;
  private lastRequest = '';
  /** The previous call's ranges, and how many leading derived messages are known equal to its input. */
  private prevRanges: [number, number][] = [];
  private agreed = 0;
  private retold = 0;
  /** The pool's budget ran out and inputs are trusted past the previous one (trusted()). */
  private simplified = false;
  private readonly retellBudget: number;

  constructor(
    private readonly out: NativeLog,
    private readonly sample: JsonObject,
    inputBytes: number,
  ) {
    this.attachments = new Attachments(
      isObject(sample.attachments) ? sample.attachments : {},
      Math.max(ATTACHMENT_FLOOR_CHARS, ATTACHMENT_INPUT_RATIO * inputBytes),
      out,
    );
    const pool: unknown[] = Array.isArray(sample.message_pool) ? sample.message_pool : [];
    for (const m of pool) {
      this.objectsBefore.push(this.pool.length);
      if (isObject(m)) this.pool.push(m);
    }
    this.objectsBefore.push(this.pool.length);
    const events = Array.isArray(sample.events) ? sample.events.length : 0;
    this.poolContent = new PoolContent(
      this.pool.length,
      (k) => this.pooledMessage(k),
      POOL_MOVES_FLOOR + POOL_MOVES_PER_ITEM * (pool.length + events),
    );
    this.retellBudget = RETELL_FLOOR + RETELL_PER_ITEM * (pool.length + events);
  }

  run(): void {
    const out = this.out;
    const events = Array.isArray(this.sample.events) ? this.sample.events.filter(isObject) : [];
    const first = timeOf(events[0]?.timestamp);
    out.startTurn(first);
    if (events.length === 0) {
      // An old log without events: replay the sample's messages.
      const direct = this.messagesOf(this.sample.messages);
      this.sync({ ranges: [], direct, length: direct.length }, first, -1);
    }
    events.forEach((e, i) => {
      const time = timeOf(e.timestamp);
      if (e.event === 'model') return this.model(e, time, i);
      if (e.event === 'tool') return this.tool(e, time);
      out.logOnly(
        `inspect/${typeof e.event === 'string' ? e.event : 'event'}`,
        this.resolve(e) as Record<string, unknown>,
        time,
      );
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
      const at = this.firstDifference(derived, 0, final[Symbol.iterator]());
      if (at >= 0)
        out.note(
          'import-input-mismatch',
          `the sample's recorded messages differ from the replayed history at message ${at + 1} (${describe(final[at])} recorded, ${describe(derived[at])} replayed)`,
          out.nextSeq - 1,
        );
    }
  }

  private resolve(v: unknown): unknown {
    return this.attachments.resolve(v);
  }

  private messagesOf(list: unknown): Message[] {
    return Array.isArray(list)
      ? list.filter(isObject).map((m) => chatMessage(this.resolve(m) as JsonObject))
      : [];
  }

  private inputOf(e: JsonObject): CallInput {
    const direct = this.messagesOf(Array.isArray(e.input) ? e.input : []);
    const refs: unknown[] = Array.isArray(e.input_refs) ? e.input_refs : [];
    const ranges: [number, number][] = [];
    let length = direct.length;
    const at = (i: number) =>
      this.objectsBefore[Math.max(0, Math.min(i, this.objectsBefore.length - 1))] as number;
    for (const r of refs)
      if (Array.isArray(r) && typeof r[0] === 'number' && typeof r[1] === 'number') {
        // clamped to the pool, and never spread into a call (125k messages overflowed the stack: R8-6)
        const range: [number, number] = [at(Math.floor(r[0])), at(Math.ceil(r[1]))];
        if (range[1] <= range[0]) continue;
        ranges.push(range);
        length += range[1] - range[0];
      }
    return { ranges, direct, length };
  }

  private pooledMessage(k: number): Message {
    let m = this.pooled[k];
    if (!m) {
      m = chatMessage(this.resolve(this.pool[k]) as JsonObject);
      this.pooled[k] = m;
    }
    return m;
  }

  /** The input's messages from position `start` on. */
  private *messagesFrom(input: CallInput, start: number): Generator<Message> {
    let skip = start;
    for (const [a, b] of input.ranges) {
      if (skip >= b - a) {
        skip -= b - a;
        continue;
      }
      for (let k = a + skip; k < b; k++) yield this.pooledMessage(k);
      skip = 0;
    }
    for (let i = skip; i < input.direct.length; i++) yield input.direct[i] as Message;
  }

  /**
   * Index of the first message from `start` where `derived` and the messages of `next` differ (by
   * role and content), or -1 when they are equal; `next` is consumed up to that message, which
   * `pending.value` then holds.
   */
  private firstDifference(
    derived: readonly Message[],
    start: number,
    next: Iterator<Message>,
    pending: { value?: Message } = {},
  ): number {
    for (let i = start; ; i++) {
      const x = derived[i];
      const y = next.next();
      if (y.done) return x ? i : -1;
      pending.value = y.value;
      if (
        !x ||
        (x !== y.value &&
          (x.role !== y.value.role || this.poolContent.keyOf(x) !== this.poolContent.keyOf(y.value)))
      )
        return i;
    }
  }

  /**
   * Makes the derived messages equal `input` (see the file comment). Only the input past what is
   * known to agree is compared: the previous call's pooled prefix whose messages this call's ranges
   * repeat (pool entries do not change, and nothing but this replaces derived messages).
   */
  private sync(input: CallInput, time: number | undefined, eventIndex: number): void {
    const out = this.out;
    const derived = out.derived();
    const same = (i: number, j: number, limit: number) => this.poolContent.commonLength(i, j, limit);
    let start = commonPrefix(this.prevRanges, input.ranges, this.agreed, same);
    if (this.poolContent.exhausted) start = this.trusted(start, derived.length, eventIndex);
    this.prevRanges = input.ranges;
    this.agreed = input.length;
    const rest = this.messagesFrom(input, start);
    const pending: { value?: Message } = {};
    const at = this.firstDifference(derived, start, rest, pending);
    if (at < 0) return;
    if (at < derived.length) {
      out.note(
        'import-input-mismatch',
        `model event ${eventIndex + 1}: its recorded input differs from the history replayed from the events before it at message ${at + 1} (${describe(at < input.length ? pending.value : undefined)} recorded, ${describe(derived[at])} replayed); the messages here are the recorded input`,
        out.nextSeq,
      );
      if (at >= input.length) return;
      if (this.retold + (input.length - at) > this.retellBudget) {
        if (this.retold !== Infinity)
          out.note(
            'import-note',
            `model event ${eventIndex + 1} and later: inputs that differ from the history are no longer re-told (${this.retold} messages were re-told, the most for a log of this size); the history shown from here may differ from the recorded inputs`,
            out.nextSeq,
          );
        this.retold = Infinity; // one note
        this.agreed = at;
        return;
      }
      this.retold += input.length - at;
      out.replaceWithUser(out.nodeOfDerived(at), out.surfaceLength - 1, pending.value as Message, time, {
        newTurn: false,
      });
      for (const m of rest) out.user(m, time, { newTurn: false });
      return;
    }
    out.user(pending.value as Message, time, { newTurn: false });
    for (const m of rest) out.user(m, time, { newTurn: false });
  }

  /**
   * The pool's comparisons spent their budget (poolContent.ts: copies that never continue a run
   * cost one step per message per call): an input is trusted to repeat the previous one as far as
   * that one agreed with the history, and only what comes after is compared. One warning says so.
   */
  private trusted(start: number, derivedLength: number, eventIndex: number): number {
    if (!this.simplified) {
      this.simplified = true;
      this.out.note(
        'import-unmapped',
        `model event ${eventIndex + 1} and later: each input is compared with the history only past the previous input (comparing the message pool's copies took ${this.poolContent.moves} steps, the most for a log of this size); a change earlier in an input is not shown`,
        this.out.nextSeq,
      );
    }
    return Math.max(start, Math.min(this.agreed, derivedLength));
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
