/**
 * Where a line's top-level `"sourceEventSeqs":[...]` begins, when the line ends with it (the
 * harness writes it last, before an appended event's `"surfaceOp":"append"`): an assistant
 * message names every chunk it was streamed from, nearly half of its line's bytes and more of
 * its parse. A reader that wants only the message (messagesAt, every seek) parses the line
 * without it (reread.ts `readForMessageAt`).
 *
 * Found from the line's end, byte by byte, and only in this exact shape:
 *
 *   ...,"sourceEventSeqs":[<digits and commas>]}
 *   ...,"sourceEventSeqs":[<digits and commas>],"surfaceOp":"append"}
 *
 * In a line that is valid JSON (every line read again parsed once already), that shape is
 * always the top-level member: the `]` cannot be inside a string (the rest of the line holds no
 * quote, or a quote followed by a bare word), what follows it closes the outermost object, and
 * the key's opening quote follows a comma, so it is unescaped and the comma separates members.
 * Removing the member leaves valid JSON whose every other value is unchanged.
 */

const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const KEY = ascii(',"sourceEventSeqs":[');
/** What may follow the array, up to the line's end: the rest of the line, as text. */
export const SOURCES_TAILS = ['}', ',"surfaceOp":"append"}'] as const;
const TAILS = SOURCES_TAILS.map(ascii);
const CLOSE_LIST = 93;
const COMMA = 44;
const ZERO = 48;
const NINE = 57;

/** The member's place in bytes[start..end) (one line, no line end), or null when the line does not end with it. */
export function sourcesTail(
  bytes: Uint8Array,
  start: number,
  end: number,
): { cut: number; tail: (typeof SOURCES_TAILS)[number] } | null {
  for (let t = 0; t < TAILS.length; t++) {
    const tail = TAILS[t] as Uint8Array;
    let p = end - tail.length;
    if (p <= start || !endsWith(bytes, p, tail) || bytes[p - 1] !== CLOSE_LIST) continue;
    p -= 2;
    // The array's numbers and commas, back to its `[` (the last byte of KEY).
    while (p >= start) {
      const c = bytes[p] as number;
      if (!((c >= ZERO && c <= NINE) || c === COMMA)) break;
      p--;
    }
    const cut = p - (KEY.length - 1);
    if (cut <= start || !endsWith(bytes, cut, KEY)) return null;
    return { cut, tail: SOURCES_TAILS[t] as (typeof SOURCES_TAILS)[number] };
  }
  return null;
}

function endsWith(bytes: Uint8Array, at: number, k: Uint8Array): boolean {
  for (let i = 0; i < k.length; i++) if (bytes[at + i] !== k[i]) return false;
  return true;
}
