/**
 * The `chunk-mismatch` check (spec 3.3): do the blocks assembled from a step
 * attempt's chunks mean the same as the `assistant/message` content?
 *
 * "By meaning": text and reasoning by their text; tool calls by name and by
 * arguments parsed as JSON (key order and whitespace do not matter; ids are
 * not compared, providers and harnesses rewrite them); a design-card
 * `tool_use` block's `input` stands for parsed arguments. Other blocks
 * (images, unknown shapes) must be deep-equal. Returns the first difference
 * as a short human sentence, or null when they agree.
 */
import { jsonEqual, jsonText, valueText } from '../deepJson';
import type { Block } from '../types';
import { codePointLength, truncateCodePoints } from './assemble';
import { isObject } from '../validate';

type Comparable =
  | { kind: 'text' | 'reasoning'; text: string }
  | { kind: 'tool-call'; name: string; args: ParsedArgs }
  | { kind: 'other'; type: string; value: unknown };

/** A tool call's arguments: their text, parsed only when a comparison needs the value (see argsEqual). */
type ParsedArgs = { raw: string; parsed?: { ok: true; value: unknown } | { ok: false } };

export function compareBlocks(assembled: readonly Block[], content: readonly Block[]): string | null {
  const n = Math.min(assembled.length, content.length);
  let first: string | null = null;
  let more = 0;
  for (let i = 0; i < n; i++) {
    const why = compareBlock(toComparable(assembled[i] as Block), toComparable(content[i] as Block));
    if (why === null) continue;
    if (first === null) first = `block ${i + 1}: ${why}`;
    else more++;
  }
  if (assembled.length !== content.length) {
    const extra = assembled.length > content.length ? assembled[n] : content[n];
    const side = assembled.length > content.length ? 'only the chunks have' : 'only the message has';
    const count =
      `chunks assembled ${plural(assembled.length, 'block')}, message has ${plural(content.length, 'block')}` +
      ` (block ${n + 1}: ${side} ${describe(toComparable(extra as Block))})`;
    if (first === null) return count;
    return `${first}; ${more > 0 ? `${plural(more, 'more block')} differ; ` : ''}${count}`;
  }
  if (first === null) return null;
  return more > 0
    ? `${first} (and ${plural(more, 'more block')} ${more === 1 ? 'differs' : 'differ'})`
    : first;
}

function compareBlock(a: Comparable, m: Comparable): string | null {
  if (a.kind !== m.kind || (a.kind === 'other' && m.kind === 'other' && a.type !== m.type)) {
    return `chunks have ${describe(a)}, message has ${describe(m)}`;
  }
  if ((a.kind === 'text' || a.kind === 'reasoning') && (m.kind === 'text' || m.kind === 'reasoning')) {
    return a.text === m.text ? null : `${a.kind} differs: ${textDiff(a.text, m.text)}`;
  }
  if (a.kind === 'tool-call' && m.kind === 'tool-call') {
    if (a.name !== m.name)
      return `tool-call name differs: chunks have ${quote(a.name)}, message has ${quote(m.name)}`;
    if (argsEqual(a.args, m.args)) return null;
    return `tool-call ${quote(a.name)} arguments differ: ${textDiff(argsText(a.args), argsText(m.args))}`;
  }
  if (a.kind === 'other' && m.kind === 'other') {
    return deepEqual(a.value, m.value) ? null : `${a.type} block differs`;
  }
  return null;
}

function toComparable(b: Block): Comparable {
  // a message kept as written (marked invalid) can hold anything in its content (audit R16-9)
  if (!isObject(b)) return { kind: 'other', type: b === null ? 'null' : typeof b, value: b };
  const r = b as Record<string, unknown>;
  if ((b.type === 'text' || b.type === 'reasoning') && typeof r.text === 'string')
    return { kind: b.type, text: r.text };
  if (b.type === 'tool-call') {
    return {
      kind: 'tool-call',
      name: typeof r.name === 'string' ? r.name : '',
      args: { raw: typeof r.arguments === 'string' ? r.arguments : '' },
    };
  }
  if (b.type === 'tool_use') {
    const input = r.input ?? {};
    return {
      kind: 'tool-call',
      name: typeof r.name === 'string' ? r.name : '',
      args: { raw: jsonText(input) ?? '', parsed: { ok: true, value: input } },
    };
  }
  return { kind: 'other', type: b.type, value: b };
}

/**
 * Empty arguments mean "no arguments", the same as `{}`: providers stream
 * nothing for a call without parameters while the stored message says `{}`.
 */
function parseArgs(a: ParsedArgs): { ok: true; value: unknown } | { ok: false } {
  if (a.parsed) return a.parsed;
  const raw = a.raw;
  if (raw.trim() === '') return (a.parsed = { ok: true, value: {} });
  try {
    return (a.parsed = { ok: true, value: JSON.parse(raw) as unknown });
  } catch {
    return (a.parsed = { ok: false });
  }
}

/**
 * The same text is the same arguments (parsed alike, or unparsable alike), so the common case, a
 * stream that ends in exactly the stored text, is decided without parsing either side.
 */
function argsEqual(a: ParsedArgs, b: ParsedArgs): boolean {
  if (a.raw === b.raw) return true;
  const pa = parseArgs(a);
  const pb = parseArgs(b);
  if (pa.ok && pb.ok) return deepEqual(pa.value, pb.value);
  return false; // unparsable on either side: only the same text is the same
}

function argsText(a: ParsedArgs): string {
  const p = parseArgs(a);
  return p.ok ? (jsonText(p.value) ?? '') : a.raw;
}

/** Structural equality of JSON values (object key order ignored), at any depth. */
export const deepEqual = jsonEqual;

function describe(c: Comparable): string {
  if (c.kind === 'tool-call') return `a tool-call ${quote(c.name)}`;
  if (c.kind === 'other') return `a ${valueText(c.type)} block`;
  return `a ${c.kind} block (${plural(codePointLength(c.text), 'char')})`;
}

const SNIPPET = 40;

/**
 * `chunks have "I'll " (5 chars), message has "I'll search" (11 chars)`; for
 * long texts, a window around the first difference.
 */
function textDiff(a: string, m: string): string {
  let at = 0;
  while (at < a.length && at < m.length && a.charCodeAt(at) === m.charCodeAt(at)) at++;
  const long = codePointLength(a) > SNIPPET || codePointLength(m) > SNIPPET;
  const from = long ? Math.max(0, at - 10) : 0;
  const where = long ? `, first difference at char ${codePointLength(a.slice(0, at))}` : '';
  return (
    `chunks have ${snippet(a, from)} (${plural(codePointLength(a), 'char')}), ` +
    `message has ${snippet(m, from)} (${plural(codePointLength(m), 'char')})${where}`
  );
}

function snippet(s: string, from: number): string {
  // Do not start inside a surrogate pair.
  if (from > 0 && from < s.length && s.charCodeAt(from) >= 0xdc00 && s.charCodeAt(from) <= 0xdfff) from--;
  const rest = s.slice(from);
  const cut = truncateCodePoints(rest, SNIPPET);
  return (from > 0 ? '…' : '') + quote(cut) + (cut.length < rest.length ? '…' : '');
}

function quote(s: string): string {
  return JSON.stringify(s);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
