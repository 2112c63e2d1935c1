/**
 * A JSON array instead of JSONL, the commonest wrong input: recognised by the file's first
 * line (a lone `[` when pretty-printed, or the whole array on one line), and named with its
 * fix in that line's diagnostic.
 */

/** What is said of such a file (the CLI's `check` repeats it as its verdict). */
export const JSON_ARRAY_HINT =
  "this file looks like a JSON array, not JSONL: a session log has one JSON object per line (convert it with jq -c '.[]' FILE.json > FILE.jsonl)";

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
