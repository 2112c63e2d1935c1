/**
 * Exports of the messages pane (sharing), pure so they are unit-tested:
 *
 *  - messagesJson: the derived messages at a seq, exactly the model-visible
 *    history (spec section 4), with the request in force there, in the shape
 *    `seqscope derive FILE --at SEQ --with-request` prints: one entry
 *    `{seq, messages, request}` (request null when no header is in force;
 *    `legacyMessagePrefix` beside it for logs that have one).
 *  - transcriptMarkdown: the human transcript up to the seq as readable
 *    Markdown: every appended surface event in log order, including those a
 *    replacement (compaction) later hid, and each replacement marked as such
 *    (spec 4.3: replaced nodes vanish from the derived history but stay in
 *    the human transcript), with the partly streamed message when the seq is
 *    inside a stream. Its entries come from the worker's `transcript` query.
 */
import type { Block, Message } from '../../core/types';
import { jsonText } from '../../core/deepJson';
import { formatSeq } from '../../core/view/seqText';

export interface ExportedRequest {
  /** {config, system?, tools?, adapterDefaults?, seq}, as the CLI prints it. */
  json: Record<string, unknown>;
  legacyMessagePrefix?: unknown[];
}

export function messagesJson(
  seq: number,
  messages: readonly Message[],
  request: ExportedRequest | null,
): string {
  const entry: Record<string, unknown> = { seq, messages, request: request === null ? null : request.json };
  if (request?.legacyMessagePrefix !== undefined) entry.legacyMessagePrefix = request.legacyMessagePrefix;
  return `${JSON.stringify([entry], null, 2)}\n`;
}

export interface TranscriptItem {
  seq: number;
  message: Message;
  replace?: { start: number; end: number; hidden: number[] | null };
}

export interface TranscriptInput {
  /** The log's name. */
  name: string;
  seq: number;
  /** The link to this position, written under the title. */
  link?: string;
  /**
   * The transcript entries up to seq in log order: appended messages, and replacements
   * (`replace` set: the range of surface seqs they replaced and the nodes hidden, null if not applied).
   */
  messages: readonly TranscriptItem[];
  /** The assistant message streaming at seq (not appended yet), when there is one. */
  streaming?: { blocks: readonly Block[] } | null;
}

export function transcriptMarkdown(input: TranscriptInput): string {
  const out: string[] = [`# ${escapeInline(input.name)}: transcript up to ${formatSeq(input.seq)}`, ''];
  const n = input.messages.length;
  const replacements = input.messages.filter((m) => m.replace).length;
  out.push(
    `${n} message${n === 1 ? '' : 's'} up to ${formatSeq(input.seq)}, in log order${input.streaming ? ', then the message streaming at that point' : ''}.` +
      (replacements > 0
        ? ` ${replacements} replacement${replacements === 1 ? '' : 's'} (marked) stand in for earlier messages in the model's history; the messages they replaced stay above.`
        : ''),
  );
  if (input.link) out.push('', `<${input.link}>`);
  input.messages.forEach((m, i) => {
    out.push('');
    if (m.replace) out.push(replaceNote(m.message, m.replace), '');
    out.push(`## ${i + 1}. ${heading(m.message)} · ${formatSeq(m.seq)}`, '');
    for (const line of blocksMd(m.message.content)) out.push(line);
  });
  if (input.streaming) {
    out.push('', `## ${n + 1}. Assistant (streaming, partial at ${formatSeq(input.seq)})`, '');
    for (const line of blocksMd(input.streaming.blocks)) out.push(line);
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

/** "> [compaction replaced seqs 1..90 with:]" (named by the plugin that wrote it, when one did). */
function replaceNote(m: Message, r: NonNullable<TranscriptItem['replace']>): string {
  const src = m.source as { kind?: unknown; plugin?: unknown } | undefined;
  const who =
    src?.kind === 'plugin' && typeof src.plugin === 'string' ? escapeInline(src.plugin) : 'replacement';
  const range = `seqs ${r.start}..${r.end}`;
  if (r.hidden === null) return `> [invalid ${who} of ${range}, not applied:]`;
  return `> [${who} replaced ${range} with:]`;
}

function heading(m: Message): string {
  const src = m.source as
    { kind?: unknown; provider?: unknown; model?: unknown; plugin?: unknown } | undefined;
  if (src?.kind === 'tool' || (m.content.length > 0 && m.content.every((b) => b.type === 'tool-result')))
    return 'Tool result';
  const role = m.role === 'assistant' ? 'Assistant' : m.role === 'system' ? 'System' : 'User';
  // Names come from the log: escaped like every other field (a heading is Markdown too).
  if (src?.kind === 'model' && typeof src.model === 'string')
    return `${role} (${typeof src.provider === 'string' ? `${escapeInline(src.provider)}/` : ''}${escapeInline(src.model)})`;
  if (src?.kind === 'plugin' && typeof src.plugin === 'string')
    return `${role} (plugin ${escapeInline(src.plugin)})`;
  return role;
}

function blocksMd(blocks: readonly Block[], depth = 0): string[] {
  if (blocks.length === 0) return ['*(no content)*'];
  const out: string[] = [];
  for (const b of blocks) {
    if (out.length > 0) out.push('');
    for (const line of blockMd(b, depth)) out.push(line);
  }
  return out;
}

function blockMd(b: Block, depth: number): string[] {
  const f = b as Record<string, unknown>;
  switch (b.type) {
    case 'text':
      if (typeof f.text === 'string') return [f.text];
      break;
    case 'reasoning':
      if (typeof f.text === 'string')
        return ['> **Reasoning**', '>', ...f.text.split('\n').map((l) => (l ? `> ${l}` : '>'))];
      break;
    case 'tool-call':
      if (typeof f.name === 'string' && typeof f.arguments === 'string')
        return [
          `**Tool call** ${codeSpan(f.name)}${typeof f.id === 'string' ? ` (id ${codeSpan(f.id)})` : ''}`,
          '',
          ...fence(prettyJson(f.arguments), 'json'),
        ];
      break;
    case 'tool-result':
      if (typeof f.toolCallId === 'string' && Array.isArray(f.content)) {
        const head = `**Tool result**${f.isError === true ? ' (error)' : ''} for ${codeSpan(f.toolCallId)}`;
        if (depth >= 4) return [head, '', ...fence(JSON.stringify(f.content, null, 2), 'json')];
        const inner = (f.content as Block[]).map((c) =>
          c.type === 'text' && typeof (c as { text?: unknown }).text === 'string'
            ? fence((c as { text: string }).text, '')
            : blockMd(c, depth + 1),
        );
        return [head, '', ...inner.flatMap((lines, i) => (i === 0 ? lines : ['', ...lines]))];
      }
      break;
    case 'image': {
      const a = f.attachment as Record<string, unknown> | undefined;
      if (a) {
        const name = typeof a.name === 'string' ? `${a.name}, ` : '';
        return [
          `*[image: ${escapeInline(`${name}${String(a.mediaType)}, ${String(a.width)}×${String(a.height)}, ${String(a.bytes)}`)} bytes]*`,
        ];
      }
      break;
    }
  }
  return [`*${escapeInline(String(b.type))} block:*`, '', ...fence(jsonText(b, 2) ?? '', 'json')];
}

/** A fenced code block whose fence is longer than any backtick run inside. */
function fence(text: string, lang: string): string[] {
  // A loop, not a spread: a 200,000-line tool output overflowed the stack (re-audit NEW-2).
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const bar = '`'.repeat(Math.max(3, longest + 1));
  return [`${bar}${lang}`, ...text.split('\n'), bar];
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text; // streamed arguments may be partial JSON: as written
  }
}

/**
 * A log value as inline code: on one line (a blank line inside would end the span and let what
 * follows be raw HTML, audit R5-8) and with no backtick to close it early.
 */
function codeSpan(text: string): string {
  return `\`${text.replace(/[\r\n]+/g, ' ').replace(/`/g, "'")}\``;
}

/** Inline Markdown: its syntax characters escaped, and no line break (one could start a new block). */
function escapeInline(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/([\\`*_[\]#<>!|&])/g, '\\$1');
}
