/**
 * An importer that can read another agent's log in pieces, as it grows (follow mode). Most
 * foreign logs need the whole file (Claude Code and pi choose the active branch from the last
 * entry; an Inspect AI log is one document), so follow mode imports them from the start again
 * (followImport.ts). A format whose records only ever add to what came before (a Codex rollout)
 * offers this instead: appended lines cost their own size, not the file's.
 *
 * What an import adds at the end of a log that is still being written is provisional: the
 * model response being assembled, the turn closed at the end of the input. So the importer
 * says which events are `settled` (never changed by later lines); only those are shown until
 * the log ends.
 */
import type { NativeLog } from './nativeLog';

export interface LineImport {
  /** What is imported so far; its events before `settled` are final. */
  readonly log: NativeLog;
  /** Events that later lines will not change (a prefix of `log.events`). */
  readonly settled: number;
  /** Reads the next lines of the log, in order (whole lines, newline-terminated unless at its end). */
  feed(text: string): void;
  /** The log ended: closes what is open; every event is settled. */
  end(): void;
}
