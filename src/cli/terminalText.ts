/** Text from a log printed to a terminal: control characters shown as escapes, never interpreted. */

export type Write = (s: string) => void;

/** `s` with C0/C1 controls (ESC, BEL, CR...) written as `\u001b`-style escapes. */
export function printable(s: string): string {
  return s.replace(/\p{Cc}/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
