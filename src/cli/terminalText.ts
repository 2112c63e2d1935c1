/**
 * Text bound for a terminal carries no control sequences from the log. A log is written by
 * whatever ran the agent, and its event types, tool-call ids and messages reach `check`'s
 * table; raw, an ESC there can clear the screen, retitle the window or write the clipboard
 * (OSC 52), a CR can overwrite a line, and bidi overrides can reorder what is shown.
 *
 * `terminalSafe` is applied to everything the CLI writes: C0 controls but newline and tab,
 * DEL, C1 controls (U+0080-U+009F) and the bidi embedding/override/isolate characters
 * become `\uXXXX` escapes. Inside JSON text that is the same JSON (a JSON string may spell
 * any character as `\uXXXX`, and raw C0 cannot occur in valid JSON), so JSON output stays
 * valid and equal. `printable` also escapes newline and tab, for one-line table cells.
 */

import { writeJson } from '../core/deepJson';
export type Write = (s: string) => void;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_IN_CELL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const escape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** s with every control character but newline and tab spelled as \uXXXX. */
export function terminalSafe(s: string): string {
  return s.replace(UNSAFE, escape);
}

/** s as one line (a table cell, a tab-separated field): newline and tab escaped too. */
export function printable(s: string): string {
  return s.replace(UNSAFE_IN_CELL, escape);
}

/**
 * Makes every string written to stream terminal-safe (bytes, e.g. compressed output, pass
 * as they are): the one place that guarantees it for all commands, present and future.
 */
export function guardTerminalOutput(stream: NodeJS.WriteStream): void {
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stream.write = (chunk: unknown, ...rest: unknown[]) =>
    write(typeof chunk === 'string' ? terminalSafe(chunk) : chunk, ...rest);
}

/**
 * An export's data as written to a stream: for a terminal, text (the guard escapes it, as all
 * text); to a file or a pipe, its exact bytes, which the guard passes as they are, so
 * `export > copy.jsonl` is the same file as `export --out copy.jsonl` (audit R12-L4: a kept bad
 * line's raw ESC came out as `\u001b` text). A terminal is what `isTTY` says, as the index's
 * progress decides (index/command.ts).
 */
export function exportedData(text: string, tty: boolean): string | Uint8Array {
  return tty ? text : Buffer.from(text, 'utf8');
}

/**
 * `value` as indented JSON and a newline, at any depth: JSON.stringify overflows the stack
 * on a value ~10 000 levels deep (a log may carry one in a tool's arguments), writeJson
 * keeps its own stack. Every `--json` output goes through here.
 */
export function printJson(value: unknown, out: Write): void {
  writeJson(value, out, 2);
  out('\n');
}
