/**
 * What an import left unread mid-file (a JSON array broken after some elements, a foreign log's
 * lines that are not JSON: diagnostics carrying the bytes dropped), or input that did not
 * decompress whole, as opposed to a torn end (a last line cut short, a log still being written).
 * A copy of the events (an export, a redacted copy of an imported log) holds only what was read,
 * so it says so (audit R14-4, R15-1, R15-3).
 */
import type { Diagnostic } from '../types';
import { bytesSaid } from '../view/byteSize';

interface UnreadInput {
  /** Bytes left unread. */
  bytes: number;
  /** Where (a line, or an array's element number), when known. */
  line?: number;
  /** How many places these bytes came from (a note that counts the lines past the named ones). */
  places: number;
}

/** The findings that left input unread, in order; a torn end is not one. */
function unreadInput(diagnostics: readonly Diagnostic[]): UnreadInput[] {
  const out: UnreadInput[] = [];
  for (const d of diagnostics) {
    if (d.code === 'torn-tail' || d.droppedBytes === undefined || d.droppedBytes <= 0) continue;
    const u: UnreadInput = { bytes: d.droppedBytes, places: Math.max(1, d.droppedPlaces ?? 1) };
    if (d.line !== undefined) u.line = d.line;
    out.push(u);
  }
  return out;
}

/** Bytes a torn end dropped (0: none). */
export function tornEndBytes(diagnostics: readonly Diagnostic[]): number {
  let n = 0;
  for (const d of diagnostics) if (d.code === 'torn-tail') n += d.droppedBytes ?? 0;
  return n;
}

/** The reader's findings for a native line it skipped whole (not JSON, not an object, no type). */
const SKIPPED_LINE = new Set<string>(['bad-json', 'not-an-object', 'missing-type']);

/**
 * Why a copy of the events is partial, as a clause ("35.2 KiB (36,038 bytes) of the input from
 * line 6 on were not read"), or undefined when it holds everything the input held.
 * `eventsOnly`: the copy is made of the events alone (OTLP spans), not of the input's lines, so a
 * native line the reader skipped is missing from it too (a JSONL copy of a native log keeps it).
 */
export function partialCopyReason(
  diagnostics: readonly Diagnostic[],
  { eventsOnly = false }: { eventsOnly?: boolean } = {},
): string | undefined {
  const reasons: string[] = [];
  if (eventsOnly) {
    // those with bytes (an import's skipped lines) are counted below, as unread input
    const skipped = diagnostics.filter(
      (d) => SKIPPED_LINE.has(d.code) && d.line !== undefined && d.droppedBytes === undefined,
    );
    const first = skipped[0];
    if (first)
      reasons.push(
        skipped.length === 1
          ? `line ${first.line} of the input is not an event (skipped)`
          : `${skipped.length.toLocaleString('en-US')} lines of the input are not events (skipped; the first is line ${first.line})`,
      );
  }
  if (diagnostics.some((d) => d.code === 'bad-compression'))
    reasons.push('the input did not decompress whole (what followed the damage is not in it)');
  const unread = unreadInput(diagnostics);
  const total = unread.reduce((n, u) => n + u.bytes, 0);
  const places = unread.reduce((n, u) => n + u.places, 0);
  const first = unread[0];
  if (first && places === 1)
    reasons.push(
      `${bytesSaid(first.bytes)} of the input${first.line === undefined ? '' : ` from line ${first.line} on`} were not read`,
    );
  else if (first)
    reasons.push(
      `${bytesSaid(total)} of the input in ${places.toLocaleString('en-US')} places${first.line === undefined ? '' : ` (the first at line ${first.line})`} were not read`,
    );
  return reasons.length > 0 ? reasons.join('; ') : undefined;
}
