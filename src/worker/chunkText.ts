/**
 * The timeline filter's text test of a chunk event: is `needle` in the chunk's JSON text as the
 * user reads it (filterScan.ts: escapes decoded, lower-cased)? A packed `tool-call-chunks` row
 * gives its id and name to every member (core/search/longStrings.ts): a long string field is
 * read once while it repeats: whether the needle is inside it, and its ends, where a match may
 * cross into its neighbours. The answers are those of the whole text.
 *
 * Why the pieces can be read apart: the text is `{` + `"key":value` fields joined by `,` + `}`;
 * an escape never crosses a field, and lower-casing's one context rule (a final sigma) stops
 * at the `"` every field starts and every string ends with.
 */
import { LONG_STRING, LongStringMemo } from '../core/search/longStrings';
import { isObject } from '../core/validate';

interface LongField {
  /** The needle is inside the field's readable text. */
  inside: boolean;
  /** What a match crossing the field's edges can use of it: its ends, apart. */
  edges: string;
}

export class ChunkTextTest {
  private readonly fields = new LongStringMemo<LongField>();
  /** A character the needle lacks: keeps a long field's two ends from making a match together. */
  private readonly apart: string;

  constructor(
    private readonly needle: string,
    private readonly readable: (jsonText: string) => string,
  ) {
    let code = 0xffff;
    while (needle.includes(String.fromCharCode(code))) code--;
    this.apart = String.fromCharCode(code);
  }

  /** Characters of text read so far (a caller's measure of work between clock checks). */
  read = 0;

  matches(chunk: unknown): boolean {
    if (!isObject(chunk) || Array.isArray(chunk)) return this.holds(JSON.stringify(chunk) ?? '');
    let text = '{';
    let first = true;
    for (const key of Object.keys(chunk)) {
      const value = chunk[key];
      let piece: string;
      if (typeof value === 'string' && value.length >= LONG_STRING) {
        const field = this.longField(key, value);
        if (field.inside) return true;
        piece = field.edges;
      } else {
        const valueText = JSON.stringify(value);
        if (valueText === undefined) continue; // as JSON.stringify leaves it out
        piece = this.readable(`${JSON.stringify(key)}:${valueText}`);
      }
      text += (first ? '' : ',') + piece;
      first = false;
    }
    return this.holds(`${text}}`, false);
  }

  private holds(jsonText: string, decode = true): boolean {
    const text = decode ? this.readable(jsonText) : jsonText;
    this.read += text.length;
    return text.includes(this.needle);
  }

  private longField(key: string, value: string): LongField {
    return this.fields.recall(key, value, () => {
      const text = this.readable(`${JSON.stringify(key)}:${JSON.stringify(value)}`);
      this.read += text.length;
      const reach = Math.max(0, this.needle.length - 1);
      return {
        inside: text.includes(this.needle),
        edges:
          text.length <= 2 * reach
            ? text
            : text.slice(0, reach) + this.apart + text.slice(text.length - reach),
      };
    });
  }
}
