/**
 * How much message content an OTLP export carries (`content: true`). Each model call's
 * gen_ai.input.messages is the whole history the model was sent, so content written whole grows
 * with steps x context: 2,000 turns of a 1 KB message need ~2 GB of attribute text, past the
 * engine's longest string (audit R22-8). The GenAI semantic conventions allow truncating
 * content "preserving JSON structure", and backends cap attribute values anyway, so:
 *
 * - a string in content longer than MAX_CONTENT_STRING is cut and ends in a marker saying how
 *   much was cut; arrays and objects keep their first MAX_CONTENT_ITEMS entries;
 * - an attribute's JSON text is at most MAX_CONTENT_ATTRIBUTE characters: a history keeps its
 *   newest messages that fit (seqscope.content.input_messages_omitted counts the others);
 *   another value still over it after cutting is left out;
 * - the document holds at most contentBudget(log bytes) characters of content: spans past it
 *   carry none. Such spans say so (seqscope.content = "omitted" / "truncated"), the resource
 *   counts them, and contentNote is the sentence the CLI and the app show.
 */
import { jsonText } from '../deepJson';
import { MAX_POST_DEPTH, depthMarker, setOwn } from '../depthLimit';
import { formatBytes } from '../view/byteSize';
import type { SessionLog } from '../log/sessionLog';
import type { Message } from '../types';
import { semconvMessage } from './genaiMessages';
import type { Attr } from './otlpJson';

/**
 * Characters of one string in content at most (a part's text, a system prompt, a tool argument):
 * room for a large tool output whole; a backend caps what it stores anyway.
 */
export const MAX_CONTENT_STRING = 256 * 1024;
/** Items of one array (a message's parts) or keys of one object kept at most. */
export const MAX_CONTENT_ITEMS = 256;
/**
 * Characters of one content attribute's JSON text at most: a real model call's whole input (a
 * system prompt, tools and a long history are 50-500 KB) fits; a hostile one does not grow past it.
 */
export const MAX_CONTENT_ATTRIBUTE = 1024 * 1024;

const MiB = 1024 * 1024;
/**
 * The content budget is this many characters per byte of the log, within the floor and ceiling
 * below: each call's input repeats the history before it, so a real session's content is often
 * 100-200 times its log (a 974 KB pi session: 197 MB) and must still export whole.
 */
export const CONTENT_PER_LOG_BYTE = 256;
/** A small log's export keeps all its content up to this much. */
export const MIN_CONTENT_BUDGET = 64 * MiB;
/**
 * Content at most, whatever the log: the document is one string (the engine's longest is ~512 MiB),
 * and its JSON encoding escapes the attributes' JSON text again: at most twice as long (an
 * attribute's `\"` is written `\\\"`): 2 x 224 MiB and the spans stay under it. A real session's
 * content is escaped far less (a 974 KB pi session exports whole: a 197 MB document).
 */
export const MAX_CONTENT_BUDGET = 224 * MiB;

/** The characters of content an export of a log this many bytes holds. */
export function contentBudget(logBytes: number): number {
  return Math.min(MAX_CONTENT_BUDGET, Math.max(MIN_CONTENT_BUDGET, CONTENT_PER_LOG_BYTE * logBytes));
}

/** What cutting one span's content did (`any`), and the attribute cap it cuts to. */
export interface ContentCut {
  any: boolean;
  /** Characters of one content attribute's JSON text at most (MAX_CONTENT_ATTRIBUTE). */
  attributeChars: number;
}

/** What a span says of its content when not all of it is there (the `seqscope.content` attribute). */
export type ContentState = 'truncated' | 'omitted';

/** A string cut to MAX_CONTENT_STRING, with the marker that says so. */
function cutString(s: string): string {
  // never between the halves of a surrogate pair (an emoji): the kept text stays well-formed
  const at = /[\uD800-\uDBFF]/.test(s.charAt(MAX_CONTENT_STRING - 1))
    ? MAX_CONTENT_STRING - 1
    : MAX_CONTENT_STRING;
  const more = s.length - at;
  return `${s.slice(0, at)}… [seqscope: ${more.toLocaleString('en-US')} more characters cut]`;
}

/**
 * `v` with long strings, wide arrays and objects, and nesting past MAX_POST_DEPTH cut (each with
 * a marker); `cut.any` is set when anything was. Work is bounded by what is kept.
 */
export function cutContent(v: unknown, cut: Pick<ContentCut, 'any'>, level = 1): unknown {
  if (typeof v === 'string') {
    if (v.length <= MAX_CONTENT_STRING) return v;
    cut.any = true;
    return cutString(v);
  }
  if (v === null || typeof v !== 'object') return v;
  if (level > MAX_POST_DEPTH) {
    cut.any = true;
    return depthMarker(MAX_POST_DEPTH);
  }
  if (Array.isArray(v)) {
    const kept = v.slice(0, MAX_CONTENT_ITEMS).map((x: unknown) => cutContent(x, cut, level + 1));
    if (v.length > MAX_CONTENT_ITEMS) {
      cut.any = true;
      kept.push(`… [seqscope: ${(v.length - MAX_CONTENT_ITEMS).toLocaleString('en-US')} more items cut]`);
    }
    return kept;
  }
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const key in v) {
    if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
    if (n++ === MAX_CONTENT_ITEMS) {
      cut.any = true;
      setOwn(out, '…', 'seqscope: more keys cut');
      break;
    }
    setOwn(out, key, cutContent((v as Record<string, unknown>)[key], cut, level + 1));
  }
  return out;
}

/** A value as a content attribute: cut, then left out (undefined) when its text is still too long. */
export function contentJson(v: unknown, cut: ContentCut): string | undefined {
  const text = jsonText(cutContent(v, cut));
  if (text !== undefined && text.length <= cut.attributeChars) return text;
  if (text !== undefined) cut.any = true;
  return undefined;
}

/**
 * The history at seq (the input of a model call starting there) as a content attribute: its
 * newest messages whose JSON text fits MAX_CONTENT_ATTRIBUTE, oldest first. Messages are parsed
 * newest first only as far as they fit; `omitted` counts the older ones.
 */
export function historyJson(
  log: SessionLog,
  seq: number,
  cut: ContentCut,
): { text: string; omitted: number } {
  const count = log.messagesAt(seq, 0, 0).count;
  const texts: string[] = [];
  let length = 2;
  for (const m of newestMessages(log, seq, count)) {
    const text = jsonText(cutContent(m, cut)) ?? 'null';
    if (length + text.length + (texts.length > 0 ? 1 : 0) > cut.attributeChars) break;
    length += text.length + (texts.length > 0 ? 1 : 0);
    texts.push(text);
  }
  const omitted = count - texts.length;
  if (omitted > 0) cut.any = true;
  return { text: `[${texts.reverse().join(',')}]`, omitted };
}

/** The semconv messages of the history at seq, newest first, parsed a page at a time. */
function* newestMessages(log: SessionLog, seq: number, count: number): Generator<unknown> {
  const PAGE = 16;
  for (let hi = count; hi > 0; hi -= PAGE) {
    const page = log.messagesAt(seq, Math.max(0, hi - PAGE), hi).messages;
    for (let i = page.length - 1; i >= 0; i--)
      yield semconvMessage((page[i] as { message: Message }).message);
  }
}

/** The content budget of one export, spent span by span. */
export class ContentBudget {
  private spent = 0;
  /** Spans that would carry content (model calls, tool calls). */
  spans = 0;
  /** Spans whose content was left out: the budget was spent. */
  omittedSpans = 0;
  /** Spans whose content was cut. */
  truncatedSpans = 0;

  constructor(
    readonly budget: number,
    /** Characters of one content attribute at most (MAX_CONTENT_ATTRIBUTE; tests pass less). */
    readonly attributeChars = MAX_CONTENT_ATTRIBUTE,
  ) {}

  /**
   * The span's content attributes (`make`, called only while the budget lasts) added to `attrs`,
   * or `seqscope.content` = "omitted". A span may overspend by its own attributes (each bounded).
   */
  fill(attrs: Record<string, Attr>, make: (cut: ContentCut) => Record<string, Attr>): void {
    this.spans++;
    if (this.spent >= this.budget) {
      this.omittedSpans++;
      attrs['seqscope.content'] = 'omitted' satisfies ContentState;
      return;
    }
    const cut: ContentCut = { any: false, attributeChars: this.attributeChars };
    const content = make(cut);
    for (const [key, value] of Object.entries(content)) {
      if (value === undefined) continue;
      attrs[key] = value;
      if (typeof value === 'string') this.spent += value.length;
    }
    if (cut.any) {
      this.truncatedSpans++;
      attrs['seqscope.content'] = 'truncated' satisfies ContentState;
    }
  }

  /** The resource's count of spans with content cut or left out. */
  resourceAttributes(): Record<string, number | undefined> {
    return {
      'seqscope.content.truncated_spans': this.truncatedSpans || undefined,
      'seqscope.content.omitted_spans': this.omittedSpans || undefined,
    };
  }

  /** What the export says when content was cut or left out (undefined when none was). */
  note(): string | undefined {
    const said: string[] = [];
    if (this.omittedSpans > 0)
      said.push(
        `left out of ${this.omittedSpans.toLocaleString('en-US')} of ${this.spans.toLocaleString('en-US')} model and tool calls, past the export's ${formatBytes(this.budget)} of content (seqscope.content = "omitted"; their times, models and tokens are there)`,
      );
    if (this.truncatedSpans > 0)
      said.push(
        `cut in ${this.truncatedSpans.toLocaleString('en-US')} spans: texts past ${formatBytes(MAX_CONTENT_STRING)}, histories to their newest messages within ${formatBytes(this.attributeChars)} (seqscope.content = "truncated")`,
      );
    return said.length > 0 ? `message content is ${said.join('; ')}` : undefined;
  }
}
