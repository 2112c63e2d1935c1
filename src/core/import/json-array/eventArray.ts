/**
 * A JSON array of the harness's events (what many tools export) instead of JSONL: read whole,
 * and each element handed to the ordinary reader as one line of JSONL, so every event is read
 * and checked exactly as in a JSONL log. Nothing is re-told: an element that is no event gets
 * the reader's own diagnostic (its "line" is the element's number, which the note says).
 *
 * Why an importer and not the line reader: the reader's unit is the line (byte offsets, range
 * workers splitting at newlines, the byte-level fast paths, re-reads of one event all assume one
 * record per line), while an importer already holds a file whole and tells the reader lines.
 *
 * A file that opens with `[` but does not parse as one JSON document: when its first line parses
 * alone, it is JSONL that starts with an array line (handed on as it is: the reader skips that
 * line and reads the rest); otherwise it is a broken array, and one diagnostic says so for the
 * whole file, not one per line.
 */
import { jqConversion, jsonArrayHint } from '../../reader/jsonArray';
import { errorMessage } from '../../errorMessage';
import { NativeLog } from '../nativeLog';

/** A log whose lines are the input's own, one per array element, never re-told. */
class ElementLines extends NativeLog {
  constructor(private readonly lines: string[]) {
    super();
  }

  override jsonlLines(): string[] {
    return this.lines;
  }
}

export function importEventArray(text: string, name?: string): NativeLog {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const firstLine = text.replace(/^\uFEFF?\s*/, '').split('\n', 1)[0] ?? '';
    if (parses(firstLine)) return new ElementLines(text.split('\n'));
    const out = new ElementLines([]);
    const file = name ?? 'this file';
    out.note(
      'bad-json',
      `${file} opens a JSON array that does not parse (${withLine(errorMessage(e), text)}), so none of it was read; ${jsonArrayHint(name)}`,
    );
    return out;
  }
  const elements = Array.isArray(value) ? value : [value];
  const out = new ElementLines(elements.map((el) => JSON.stringify(el) ?? 'null'));
  const what = elements.length === 1 ? '1 element' : `${elements.length.toLocaleString('en-US')} elements`;
  out.note(
    'import-note',
    `${name ?? 'this file'} is a JSON array (${what}), read as if each element were a line of JSONL: line numbers in these diagnostics count its elements. A session log has one JSON object per line; to convert it: ${jqConversion(name)}`,
  );
  return out;
}

/** The parser's "at position N" with the line and column an editor shows, when it gave none. */
function withLine(why: string, text: string): string {
  const at = /at position (\d+)(?!\d| \(line)/.exec(why);
  if (!at) return why;
  const before = text.slice(0, Number(at[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return why.replace(at[0], `${at[0]} (line ${line} column ${column})`);
}

function parses(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}
