/**
 * Text diffs for the model's input: a message as the text it reads as, and a
 * word-level diff between two texts (jsdiff), falling back to a line diff
 * when the word diff would take too long (a 100 kB tool output rewritten).
 */
import { diffLines, diffWordsWithSpace } from 'diff';
import type { Block, Message } from '../types';
import { jsonText } from '../deepJson';

/** One run of a text diff: kept (`=`), only in the old text (`-`) or only in the new (`+`). */
export interface TextPart {
  op: '=' | '-' | '+';
  text: string;
}

/** Past this many edits a word diff gives up (then a line diff is used). */
const MAX_WORD_EDITS = 2000;

export function textDiff(before: string, after: string): TextPart[] {
  if (before === after) return before ? [{ op: '=', text: before }] : [];
  const words = diffWordsWithSpace(before, after, { maxEditLength: MAX_WORD_EDITS });
  const changes = words ?? diffLines(before, after);
  return changes.map((c) => ({ op: c.added ? '+' : c.removed ? '-' : '=', text: c.value }));
}

/** The message as text: text and reasoning blocks, tool calls as `name(arguments)`, tool results' content. */
export function messageText(m: Message): string {
  return m.content.map(blockText).join('\n');
}

function blockText(b: Block): string {
  const r = b as unknown as Record<string, unknown>;
  if (typeof r.text === 'string') return r.text;
  if (b.type === 'tool-call') return `${str(r.name)}(${str(r.arguments)})`;
  if (b.type === 'tool_use') return `${str(r.name)}(${jsonText(r.input ?? {})})`;
  if (Array.isArray(r.content)) return (r.content as Block[]).map(blockText).join('\n');
  if (typeof r.content === 'string') return r.content;
  return jsonText(b) ?? '';
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : (jsonText(v ?? '') ?? '');
}
