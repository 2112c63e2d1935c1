/**
 * A JSON array instead of JSONL, the commonest wrong input. A file that opens with `[` is read
 * as an array of events by its importer (import/json-array/); this reader, reading lines, names
 * one by its first line (a lone `[` when pretty-printed, or the whole array on one line) with its
 * fix in that line's diagnostic.
 */
import { escapeControls } from './lineText';

/**
 * A file name as one shell word (quoted unless it is plainly safe). A name holding a control or
 * bidi character (a newline, ESC) is written in ANSI-C quotes with those characters escaped, so
 * the command stays on one line and cannot forge the lines after it (audit R13-L5).
 */
export function shellWord(name: string): string {
  if (/^[\w./+-]+$/.test(name)) return name;
  if (escapeControls(name) === name) return `'${name.replaceAll("'", "'\\''")}'`;
  // each escaped character as its UTF-8 bytes: the name's own bytes, whatever the locale (R14-L1)
  const body = escapeControls(name.replaceAll('\\', '\\\\').replaceAll("'", "\\'"), true);
  return `$'${body}'`;
}

/** Said of a file that is a JSON array of events; the CLI's `check` finds its verdict by it. */
export const JSON_ARRAY_VERDICT = 'this file looks like a JSON array, not JSONL';

/** The command that writes a JSON array of events as JSONL, for the file `name` (compressed: decompressed first). */
export function jqConversion(name = 'FILE.json'): string {
  const packed = /\.(gz|zst)$/i.exec(name);
  const plain = packed ? name.slice(0, -packed[0].length) : name;
  const out = shellWord(`${plain.replace(/\.json$/i, '')}.jsonl`);
  if (!packed) return `jq -c '.[]' ${shellWord(name)} > ${out}`;
  const tool = packed[1]?.toLowerCase() === 'gz' ? 'gzip' : 'zstd';
  return `${tool} -dc ${shellWord(name)} | jq -c '.[]' > ${out}`;
}

/**
 * The command that writes the complete elements of an array cut short (no closing `]`) as JSONL:
 * `jq -c '.[]'` refuses the whole file, jq's streaming parser reads up to the cut (audit R12-3).
 */
export function jqStreamConversion(name = 'FILE.json'): string {
  const packed = /\.(gz|zst)$/i.exec(name);
  const plain = packed ? name.slice(0, -packed[0].length) : name;
  const out = shellWord(`${plain.replace(/\.json$/i, '')}.jsonl`);
  const jq = `jq -cn --stream 'fromstream(1|truncate_stream(inputs))'`;
  if (!packed) return `${jq} < ${shellWord(name)} > ${out}`;
  const tool = packed[1]?.toLowerCase() === 'gz' ? 'gzip' : 'zstd';
  return `${tool} -dc ${shellWord(name)} | ${jq} > ${out}`;
}

/** What is said of such a file, with its fix (naming the file when known). */
export function jsonArrayHint(name?: string): string {
  return `${JSON_ARRAY_VERDICT}: a session log has one JSON object per line (convert it with ${jqConversion(name)})`;
}

/** What is said of an array that does not parse, with the streaming jq that reads its complete elements (R13-4). */
export function brokenArrayHint(name?: string): string {
  return `${JSON_ARRAY_VERDICT}: a session log has one JSON object per line (to convert its complete elements: ${jqStreamConversion(name)})`;
}

/** The hint without a name (the line reader knows none). */
export const JSON_ARRAY_HINT = jsonArrayHint();

/** The bad-json message for a first line that does not parse, when it opens an array. */
export function openedArray(lineNumber: number, text: string | undefined): string | undefined {
  return text?.trimStart().startsWith('[')
    ? `line ${lineNumber} opens a JSON array; skipped: ${JSON_ARRAY_HINT}`
    : undefined;
}

/** The not-an-object message for a first line that is a whole array. */
export function wholeArray(lineNumber: number): string {
  return `line ${lineNumber} is an array, not a JSON object; skipped: ${JSON_ARRAY_HINT}`;
}
