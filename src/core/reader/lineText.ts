/**
 * The text of a broken line, quoted in its diagnostic's message: its start,
 * with control and bidi characters escaped, so a message never carries raw
 * terminal bytes; and the split of such a message back into its parts.
 */

/** Marks the excerpt of a broken line at the end of its diagnostic's message. */
export const LINE_TEXT_MARK = '; line text: ';
/** Code points of a broken line quoted in its diagnostic. */
export const LINE_EXCERPT_CHARS = 200;

export function lineExcerpt(text: string | undefined): string {
  if (text === undefined) return '';
  const cps = Array.from(text.slice(0, LINE_EXCERPT_CHARS * 2)).slice(0, LINE_EXCERPT_CHARS);
  const head = cps.join('');
  return `${LINE_TEXT_MARK}${escapeControls(head)}${head.length < text.length ? '…' : ''}`;
}

/** A diagnostic message split into its text and the broken line's excerpt (null when it quotes none). */
export function splitLineText(message: string): { message: string; text: string | null } {
  const i = message.lastIndexOf(LINE_TEXT_MARK);
  if (i < 0) return { message, text: null };
  return { message: message.slice(0, i), text: message.slice(i + LINE_TEXT_MARK.length) };
}

/**
 * Control (and bidi) characters as \xNN / \uNNNN escapes, so a message never carries raw terminal
 * bytes; `utf8Bytes`: each as its UTF-8 bytes, \xNN each (bash's $'...' reads \xNN as one raw byte
 * in any locale, and \uNNNN only in a UTF-8 one: audit R14-L1).
 */
export function escapeControls(s: string, utf8Bytes = false): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069]/g, (c) => {
    const code = c.charCodeAt(0);
    if (utf8Bytes)
      return Array.from(new TextEncoder().encode(c), (b) => `\\x${b.toString(16).padStart(2, '0')}`).join('');
    return code < 0x100
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
