/**
 * Bidi controls in names (tool names, event types, models, file names): the embedding,
 * override and isolate characters (U+202A-202E, U+2066-2069) and the marks (U+200E/F, U+061C)
 * reorder the text around them when drawn, so `tool\u202e30000` reads as another name
 * (Trojan Source). A name is shown with them spelled out (`\u202e`), never obeyed (audit R10-L2).
 */

const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** One piece of a name: plain text, or one bidi control spelled as `\uXXXX`. */
export interface NamePart {
  text: string;
  control: boolean;
}

/** The name in pieces, each bidi control its own piece spelled out; one piece when it has none. */
export function nameParts(name: string): NamePart[] {
  const parts: NamePart[] = [];
  let from = 0;
  for (const m of name.matchAll(BIDI_CONTROLS)) {
    if (m.index > from) parts.push({ text: name.slice(from, m.index), control: false });
    parts.push({ text: spelled(m[0]), control: true });
    from = m.index + 1;
  }
  if (from < name.length || parts.length === 0) parts.push({ text: name.slice(from), control: false });
  return parts;
}

/** The name with its bidi controls spelled out: for text that cannot hold markup (a tooltip). */
export function visibleName(name: string): string {
  return name.replace(BIDI_CONTROLS, spelled);
}

/**
 * The longest name drawn whole (a model, a tool, an event type, a turn's end reason): a name is
 * drawn in a line or a badge, and one of 250,000 lines drawn whole held the page 7 s (audit R21-5).
 */
export const NAME_MAX_CHARS = 256;

/**
 * The first `maxChars` code points of `name`, then "…" when it has more (a cut never splits a
 * surrogate pair). THE cut of a name for drawing: NameText, the replay readout, the stream's labels.
 */
export function nameHead(name: string, maxChars = NAME_MAX_CHARS): string {
  if (name.length <= maxChars) return name;
  const head = Array.from(name.slice(0, maxChars * 2));
  return head.length > maxChars || name.length > maxChars * 2 ? `${head.slice(0, maxChars).join('')}…` : name;
}

/** The longest head of a name a tooltip shows. */
export const NAME_TIP_CHARS = 2_000;

/** A name for a tooltip: its head (NAME_TIP_CHARS), bidi controls spelled out. */
export function nameTip(name: string): string {
  return visibleName(nameHead(name, NAME_TIP_CHARS));
}

const spelled = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Bidi controls and every other character that is not drawn as itself in a line of text: the
 * C0 and C1 controls (a newline, NUL, ESC) and the line and paragraph separators.
 */
// eslint-disable-next-line no-control-regex
const UNDRAWN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069]/g;

/**
 * Text from outside shown inside a sentence of ours (a deep link's dropped field in a notice):
 * at most `maxChars` code points of it (then "…"), each bidi control or control character
 * spelled out as `\uXXXX`, so it can neither reorder nor break the sentence around it.
 */
export function visibleText(text: string, maxChars: number): string {
  // Code points, not UTF-16 units: a cut never splits a surrogate pair.
  const head = Array.from(text.slice(0, maxChars * 2));
  const cut = head.length > maxChars || text.length > maxChars * 2;
  const shown = cut ? `${head.slice(0, maxChars).join('')}…` : text;
  return shown.replace(UNDRAWN, spelled);
}
