/**
 * Pretty-printed JSON as text: parsing helpers and a syntax-coloured <pre>. Used for tool-call
 * arguments and generic (unknown) blocks. Long JSON (over LONG_JSON characters) renders as plain
 * text with line numbers, head and tail, virtualized when expanded.
 *
 * Lines wrap at spaces and punctuation first; a word (a path, a long token) breaks only when it
 * is wider than the whole line by itself.
 */

import { type ReactNode, useMemo } from 'react';
import { PlainTextView } from './plainText';

export type PrettyJson = { ok: true; text: string; value: unknown } | { ok: false; text: string };

/** Pretty-prints a raw JSON string; `ok: false` (with the raw text) when it does not parse. */
export function prettyJsonText(raw: string): PrettyJson {
  try {
    const value: unknown = JSON.parse(raw);
    return { ok: true, text: stringifyPretty(value), value };
  } catch {
    return { ok: false, text: raw };
  }
}

/** JSON.stringify with 2-space indent that never throws (cycles, BigInt) and never returns undefined. */
export function stringifyPretty(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** JSON longer than this renders as plain text (line numbers, head and tail, virtualized rows). */
export const LONG_JSON = 20_000;

// Input is our own JSON.stringify output, so strings are well-formed; the alternatives start with
// distinct characters, so there is no backtracking blow-up.
const TOKEN_RE = /("(?:[^"\\\n]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;

function colourise(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const m of text.matchAll(TOKEN_RE)) {
    const at = m.index;
    if (at > last) out.push(text.slice(last, at));
    if (m[1] !== undefined) {
      const isKey = m[2] !== undefined;
      out.push(
        <span key={key++} className={isKey ? 'text-purple-300' : 'text-emerald-300'}>
          {m[1]}
        </span>,
      );
      if (isKey) out.push(m[2]);
    } else if (m[3] !== undefined) {
      out.push(
        <span key={key++} className="text-sky-300">
          {m[3]}
        </span>,
      );
    } else {
      out.push(
        <span key={key++} className={m[4] === 'null' ? 'text-fg-subtle' : 'text-orange-300'}>
          {m[4]}
        </span>,
      );
    }
    last = at + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export interface JsonTextProps {
  /** Pretty-printed JSON (or any text when `colour` is false). */
  text: string;
  /** Syntax colouring (default true). */
  colour?: boolean;
  className?: string;
}

/** A monospace, wrapped, optionally syntax-coloured block of JSON text; long JSON as plain text. */
export function JsonText({ text, colour = true, className }: JsonTextProps): ReactNode {
  const long = text.length > LONG_JSON;
  const content = useMemo(() => (colour && !long ? colourise(text) : text), [colour, long, text]);
  if (long) return <PlainTextView text={text} className={className} />;
  return (
    <pre
      className={`font-mono text-xs leading-snug break-words whitespace-pre-wrap text-fg ${className ?? ''}`}
    >
      {content}
    </pre>
  );
}
