/**
 * The foreign logs' JSONL: one record per line, read forgivingly. A line
 * holding several records glued together (a real pi writer glitch: two
 * objects with no newline between them) is split at its top-level object
 * boundaries; a line that does not parse at all is a note and is skipped.
 * Values nested past IMPORT_MAX_DEPTH are cut, with one note (jsonDocument.ts).
 */
import type { ImportNote } from './nativeLog';
import { isObject, type JsonObject } from '../validate';
import { IMPORT_CUT_NOTE, parseImported } from './jsonDocument';
import { utf8Length } from '../reader/utf8Length';

export interface ForeignRecord {
  value: JsonObject;
  /** 1-based line in the foreign file. */
  line: number;
}

/** Lines named one by one in notes of each kind; the rest are counted in one note (R8-7). */
export const NAMED_LINES = 20;

/**
 * Notes about single lines: the first NAMED_LINES of each kind are named, the rest counted in
 * one note at the end. A note per line made 200,000 junk lines 200,000 notes, and spreading
 * them into a call overflowed the stack: the importer failed and both valid records were lost.
 */
export class LineNotes {
  private readonly notes: ImportNote[] = [];
  /** Per kind (the rest of its message): lines seen, and the code of its notes. */
  private readonly kinds = new Map<
    string,
    { code: ImportNote['code']; lines: number; moreBytes: number; moreDropped: number }
  >();

  /** `droppedBytes`: the line's bytes when it is skipped (a copy of the events says it misses them). */
  add(code: ImportNote['code'], message: string, rest: string, droppedBytes = 0): void {
    const kind = this.kinds.get(rest) ?? { code, lines: 0, moreBytes: 0, moreDropped: 0 };
    this.kinds.set(rest, kind);
    if (++kind.lines <= NAMED_LINES)
      this.notes.push(droppedBytes > 0 ? { code, message, droppedBytes } : { code, message });
    else if (droppedBytes > 0) {
      kind.moreBytes += droppedBytes;
      kind.moreDropped++;
    }
  }

  finish(): ImportNote[] {
    for (const [rest, { code, lines, moreBytes, moreDropped }] of this.kinds) {
      const more = lines - NAMED_LINES;
      if (more <= 0) continue;
      const message = `${more} more line${more === 1 ? '' : 's'} ${rest}`;
      // the lines it counts are places a copy misses: "in 1,000 places", not "in 21" (audit R16-L1)
      this.notes.push(
        moreBytes > 0
          ? { code, message, droppedBytes: moreBytes, droppedPlaces: moreDropped }
          : { code, message },
      );
    }
    return this.notes;
  }
}

/** `firstLine`: the file's line number of the text's first line (a piece read in follow mode). */
export function parseJsonLines(
  text: string,
  firstLine = 1,
): { records: ForeignRecord[]; notes: ImportNote[] } {
  const records: ForeignRecord[] = [];
  const notes: ImportNote[] = [];
  const lineNotes = new LineNotes();
  const lines = text.split('\n');
  const cut = { any: false };
  for (let i = 0; i < lines.length; i++) {
    const no = i + firstLine;
    let raw = lines[i] as string;
    if (no === 1 && raw.charCodeAt(0) === 0xfeff) raw = raw.slice(1);
    const line = raw.trim();
    if (line === '') continue;
    const values = parseLine(line, cut);
    if (values === null && i === lines.length - 1) {
      // No newline after it: a line still being written (a live log), not a broken one; a
      // torn tail with its bytes, as the native reader's, so a copy names what it leaves out
      notes.push({
        code: 'torn-tail',
        message: `the last line (${no}) is incomplete, as while the agent is still writing it: skipped`,
        droppedBytes: utf8Length(raw),
      });
      continue;
    }
    if (values === null) {
      lineNotes.add(
        'import-unmapped',
        `line ${no} is not JSON (${line.length} characters): skipped`,
        'are not JSON: skipped',
        utf8Length(raw),
      );
      continue;
    }
    if (values.length > 1)
      lineNotes.add(
        'import-note',
        `line ${no} holds ${values.length} records with no newline between them (a writer glitch): read as ${values.length} records`,
        'hold several records with no newline between them (a writer glitch): read as several records',
      );
    for (const value of values) {
      if (isObject(value)) records.push({ value, line: no });
      else
        // its bytes as unread as a line that is not JSON: a copy of the events misses it (audit R16-3)
        lineNotes.add(
          'import-unmapped',
          `line ${no} is not a JSON object: skipped`,
          'are not JSON objects: skipped',
          values.length === 1 ? utf8Length(raw) : utf8Length(JSON.stringify(value) ?? ''),
        );
    }
  }
  for (const n of lineNotes.finish()) notes.push(n);
  if (cut.any) notes.push({ code: 'import-note', message: IMPORT_CUT_NOTE });
  return { records, notes };
}

function parseLine(line: string, cut: { any: boolean }): unknown[] | null {
  const parse = (text: string) => {
    const r = parseImported(text);
    cut.any ||= r.cut;
    return r.value;
  };
  try {
    return [parse(line)];
  } catch {
    const parts = splitObjects(line);
    if (parts.length < 2) return null;
    try {
      return parts.map(parse);
    } catch {
      return null;
    }
  }
}

/** Top-level `{...}` spans of a line, string-aware. */
function splitObjects(line: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (depth === 0) start = i;
      depth++;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
      if (depth === 0 && start >= 0) {
        out.push(line.slice(start, i + 1));
        start = -1;
      }
    }
  }
  return out;
}
