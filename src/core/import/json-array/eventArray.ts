/**
 * A JSON array of the harness's events (what many tools export) instead of JSONL: split into its
 * elements (elementSplitter.ts), and each element's own text handed to the ordinary reader as
 * one line of JSONL, so every event is read, checked and guarded (line length, objects and
 * arrays) exactly as in a JSONL log. Nothing is parsed here, nothing re-told: an element that is
 * no event gets the reader's own diagnostic (its "line" is the element's number, which the note
 * says). The file is never parsed whole (audit R12-2: the parse came before any guard), an
 * element too deep for one engine is that element's diagnostic, not the file's (R12-1), and an
 * array cut short reads every complete element, its torn tail said as the reader says one (R12-3).
 *
 * Why an importer and not the line reader: the reader's unit is the line (byte offsets, range
 * workers splitting at newlines, the byte-level fast paths, re-reads of one event all assume one
 * record per line), while an importer already holds a file whole and tells the reader lines.
 *
 * A file that opens with `[` whose first line is a whole array followed by more lines is JSONL
 * that starts with an array line (handed on as it is: the reader skips that line and reads the
 * rest); so is one whose first line breaks before more lines (`[INFO] starting` then JSONL). An
 * array that breaks further on (a trailing comma, text after its `]`, a missing comma) keeps the
 * elements whole before the break, and one diagnostic says where it broke and what was left (R13-4).
 * A stray `[` before JSONL is left out, and lines that are each a whole array are read in order (R14-2).
 */
import { brokenArrayHint, jqConversion, jqStreamConversion } from '../../reader/jsonArray';
import { lineContainerLimit, refusedLongPartMessage, refusedPartMessage } from '../../reader/lineLengthGuard';
import { bytesSaid } from '../../view/byteSize';
import { utf8Length } from '../../reader/utf8Length';
import { NativeLog } from '../nativeLog';
import {
  splitArray,
  type ArrayElements,
  type BrokenArray,
  type ElementLimits,
  type RefusedElement,
} from './elementSplitter';

/** A log whose lines are the input's own, one per array element, never re-told. */
class ElementLines extends NativeLog {
  constructor(private readonly lines: string[]) {
    super();
  }

  override jsonlLines(): string[] {
    return this.lines;
  }
}

/** Refused elements named one by one; the rest are counted in one note. */
const NAMED_REFUSALS = 10;

/**
 * `maxLineBytes`: the reader's line limit, which each element meets as a line does (its length,
 * its objects and arrays: reader/lineLengthGuard.ts); an element past it is refused unread.
 */
export function importEventArray(
  text: string,
  name?: string,
  maxLineBytes = Infinity,
  cutByLimit = false,
): NativeLog {
  const limits: ElementLimits = {
    maxBytes: maxLineBytes,
    // the reader's own bound of a line, so an element it would refuse is refused here, alone (R14-L3)
    maxContainers: lineContainerLimit(maxLineBytes),
  };
  const split = splitArray(text, limits);
  if (split.kind === 'first-line')
    return arrayLines(text, name, limits) ?? new ElementLines(text.split('\n'));
  if (split.kind === 'broken') {
    // a first line such as `[INFO] starting` before JSONL: the reader's, line by line (R13-4)
    if (jsonlAfterFirstLine(text, split.at)) return new ElementLines(text.split('\n'));
    // a stray `[` (a line of its own, or glued to the first record) before JSONL (audit R14-2)
    const lines = jsonlAfterBracket(text, split.at);
    if (lines) {
      const out = new ElementLines(lines);
      out.note(
        'bad-json',
        `${name ?? 'this file'} starts with a [ that opens no JSON array: its records are one JSON object per line (JSONL), so the [ was left out and every line read as JSONL`,
      );
      return out;
    }
    return brokenArray(split, text, name, limits);
  }
  return arrayRead(split, name, limits, true, cutByLimit);
}

/** The elements of an array read whole or up to its torn tail, with the notes saying so. */
function arrayRead(
  split: ArrayElements,
  name: string | undefined,
  limits: ElementLimits,
  parses = true,
  cutByLimit = false,
): NativeLog {
  const file = name ?? 'this file';
  const { elements, torn, refused } = split;
  const out = new ElementLines(elements);
  if (refused) noteRefused(out, refused, file, limits);
  const count = elements.length;
  const what = count === 1 ? '1 element' : `${count.toLocaleString('en-US')} elements`;
  const asLines =
    'read as if each element were a line of JSONL: line numbers in these diagnostics count its elements. A session log has one JSON object per line';
  if (!torn) {
    // jq -c '.[]' refuses an array that does not parse; the streaming jq reads its complete elements
    const convert = parses
      ? `to convert it: ${jqConversion(name)}`
      : `to convert its complete elements: ${jqStreamConversion(name)}`;
    const arrays =
      split.arrays === undefined
        ? `a JSON array (${what})`
        : `${split.arrays.toLocaleString('en-US')} JSON arrays one after another (${what} in all, read in order)`;
    out.note('import-note', `${file} is ${arrays}, ${asLines}; ${convert}`);
    return out;
  }
  // the torn end as it stands: a followed array's writer adds to it (provisional: followImport.ts)
  out.provisionalNote(
    'import-note',
    `${file} is a JSON array without its closing ] (${what} complete), ${asLines}; to convert its complete elements: ${jqStreamConversion(name)}`,
  );
  const bytes = torn.droppedBytes;
  const why = cutByLimit
    ? 'a read limit stopped the reading there'
    : 'the writer stopped, or is still writing';
  if (bytes === 0)
    out.provisionalNote(
      'torn-tail',
      `${file} ends without the JSON array's closing ] (${why}): all ${what} were read, nothing dropped`,
    );
  else
    // the bytes as the reader's torn tail carries them (the app's torn-tail note shows them)
    out.provisionalNote(
      'torn-tail',
      `the last element (${count + 1}) of ${file} is cut short and the array has no closing ] (${why}): its ${bytesSaid(bytes)} dropped; the ${what} before it were read`,
      { line: count + 1, droppedBytes: bytes },
    );
  return out;
}

/**
 * One read-limit note per refused element (the first NAMED_REFUSALS; the rest counted), as the
 * reader's guard would have refused each as a line: the log says which limit ("Load anyway",
 * --no-limits lift it) through refusedContainers / refusedLine (importingReader.ts).
 */
function noteRefused(out: NativeLog, refused: RefusedElement[], file: string, limits: ElementLimits): void {
  for (const r of refused.slice(0, NAMED_REFUSALS)) {
    const what = `element ${r.element} of ${file}`;
    out.lineNote(
      'read-limit',
      r.containers !== undefined
        ? refusedPartMessage(what, limits.maxContainers)
        : refusedLongPartMessage(what, limits.maxBytes),
      r.element,
    );
  }
  const more = refused.length - NAMED_REFUSALS;
  if (more > 0)
    out.note(
      'read-limit',
      `${more.toLocaleString('en-US')} more element${more === 1 ? '' : 's'} of ${file} passed the same limits: left out too`,
    );
  out.refusedLine = refused[0]?.element;
  if (refused.some((r) => r.containers !== undefined)) out.refusedContainers = limits.maxContainers;
}

/**
 * True when the defect is on the first line and more text follows it: a log line that starts
 * with `[` (`[INFO] ...`, `[12:00:01] ...`) before JSONL, not an array (whose defect on its first
 * line would leave nothing after it).
 */
function jsonlAfterFirstLine(text: string, at: number): boolean {
  const nl = text.indexOf('\n');
  return nl >= 0 && at < nl && /\S/.test(text.slice(nl + 1, nl + 1 + 4096));
}

/** JSON objects on each of the first `sample` non-blank lines from `from` on: JSONL there. */
function objectLines(text: string, from: number, sample = 3): boolean {
  let seen = 0;
  for (let at = from; at < text.length && seen < sample;) {
    const nl = text.indexOf('\n', at);
    const line = text.slice(at, nl < 0 ? text.length : nl).trim();
    at = nl < 0 ? text.length : nl + 1;
    if (line === '') continue;
    if (line.length > 1 << 20 || line[0] !== '{') return false;
    try {
      const v: unknown = JSON.parse(line);
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
    } catch {
      return false;
    }
    seen++;
  }
  return seen > 0;
}

/**
 * The file's lines without a stray opening `[` when the array breaks at the start of a line from
 * which the lines are JSON objects (JSONL: `[` then the records, or `[` glued to the first one); a
 * missing comma in a real array leaves lines ending in `,` or a closing `]`, which are not objects.
 */
function jsonlAfterBracket(text: string, at: number): string[] | undefined {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  if (lineStart === 0 || text.slice(lineStart, at).trim() !== '' || !objectLines(text, lineStart))
    return undefined;
  const open = text.indexOf('[');
  const lines = text
    .slice(0, open)
    .concat(' ', text.slice(open + 1))
    .split('\n');
  // the records before the break, each on a line of its own, read as JSONL too
  const before = lines.slice(0, text.slice(0, lineStart).split('\n').length - 1);
  return before.every((l) => l.trim() === '' || objectLines(l, 0, 1)) ? lines : undefined;
}

/**
 * A file of complete one-line arrays, one per line (two exports appended, say): every array's
 * elements in order, each a line (audit R14-2). A line that is not a whole array among more that
 * are (a writer's bad line, its last batch cut mid-write) is left out and named with its bytes:
 * one such line refused every good one (audit R16-8). Undefined when most lines are not arrays.
 */
function arrayLines(text: string, name: string | undefined, limits: ElementLimits): NativeLog | undefined {
  const elements: string[] = [];
  const refused: RefusedElement[] = [];
  const bad: { line: number; bytes: number }[] = [];
  let arrays = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim() === '') continue;
    const split = splitArray(line, limits);
    if (split.kind !== 'array' || split.torn) {
      bad.push({ line: i + 1, bytes: utf8Length(line) });
      continue;
    }
    for (const r of split.refused ?? []) refused.push({ ...r, element: r.element + elements.length });
    elements.push(...split.elements);
    arrays++;
  }
  if (arrays < 2 || bad.length >= arrays) return undefined;
  const joined: ArrayElements =
    refused.length > 0 ? { kind: 'array', elements, refused } : { kind: 'array', elements };
  const out = arrayRead(joined, name, limits);
  const file = name ?? 'this file';
  out.note(
    'import-note',
    `${file} holds ${arrays.toLocaleString('en-US')} JSON arrays, one per line: their elements are read in order, numbered on from one array to the next`,
  );
  const last = bad.at(-1);
  for (const b of bad) {
    const said = bytesSaid(b.bytes);
    // a last line with no newline after it: a batch still being written (a torn tail)
    if (b === last && !text.endsWith('\n') && b.line === lines.length)
      out.provisionalNote(
        'torn-tail',
        `the last line (${b.line}) of ${file} is not a whole JSON array (cut short, or still being written): its ${said} dropped; the arrays before it were read`,
        { droppedBytes: b.bytes },
      );
    else
      // its bytes as unread: a copy of the events says it misses them (core/log/unreadInput.ts)
      out.notes.push({
        code: 'bad-json',
        message: `line ${b.line} of ${file} is not a whole JSON array: its ${said} were not read; the arrays on the other lines were`,
        droppedBytes: b.bytes,
      });
  }
  return out;
}

/**
 * An array that stops being one: the elements complete before the defect are read (all of them
 * when only a trailing comma or the text after the `]` is wrong), and one bad-json says where
 * it broke and what was left unread, with the streaming jq that reads the same elements.
 */
function brokenArray(
  split: BrokenArray,
  text: string,
  name: string | undefined,
  limits: ElementLimits,
): NativeLog {
  const file = name ?? 'this file';
  const count = split.read.elements.length;
  const out = count === 0 ? new ElementLines([]) : arrayRead(split.read, name, limits, false);
  const what = count === 1 ? '1 element' : `${count.toLocaleString('en-US')} elements`;
  const unread = bytesSaid(split.unreadBytes);
  const before = split.closed
    ? `every element before it was read (${what})`
    : `the ${what} before it ${count === 1 ? 'was' : 'were'} read`;
  const kept = count === 0 ? 'so none of it was read' : `${before}; the ${unread} from there on were not`;
  // what was left unread, as a field: an export says its copy is partial (cli/exportCommand.ts)
  out.lineNote(
    'bad-json',
    `${file} opens a JSON array that does not parse (${withLine(split.why, text)}), ${kept}; ${brokenArrayHint(name)}`,
    count + 1,
    split.unreadBytes,
  );
  return out;
}

/** "at position N" with the line and column an editor shows. */
function withLine(why: string, text: string): string {
  const at = /at position (\d+)/.exec(why);
  if (!at) return why;
  const before = text.slice(0, Number(at[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return why.replace(at[0], `${at[0]} (line ${line} column ${column})`);
}
