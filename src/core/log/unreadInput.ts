/**
 * What an import left unread mid-file (a JSON array broken after some elements: bad-json with the
 * bytes from there on), as opposed to a torn end (a last line or element cut short, a log still
 * being written). A copy of the events (an export, a redacted copy of an imported log) holds only
 * what was read, so it says so (audit R14-4).
 */
import type { Diagnostic } from '../types';

export interface UnreadInput {
  /** Bytes left unread from the break on. */
  bytes: number;
  /** Where the break is (an array's element number), when known. */
  line?: number;
}

/** The breaks that left input unread, in order; a torn end is not one. */
export function unreadInput(diagnostics: readonly Diagnostic[]): UnreadInput[] {
  const out: UnreadInput[] = [];
  for (const d of diagnostics)
    if (d.code !== 'torn-tail' && d.droppedBytes !== undefined && d.droppedBytes > 0)
      out.push(d.line === undefined ? { bytes: d.droppedBytes } : { bytes: d.droppedBytes, line: d.line });
  return out;
}

/** Bytes a torn end dropped (0: none). */
export function tornEndBytes(diagnostics: readonly Diagnostic[]): number {
  let n = 0;
  for (const d of diagnostics) if (d.code === 'torn-tail') n += d.droppedBytes ?? 0;
  return n;
}
