/**
 * Subagent transcripts named by an imported log (`subagent/descriptor` rows
 * carry the file's path relative to the parent log's folder, as Claude Code
 * lays them out: `<session>/subagents/agent-<id>.jsonl`). The core cannot
 * look at the disk; here the CLI can, so each one becomes a note: where to
 * open it, or that it is missing (a missing one is normal: only the parent
 * file was copied).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SessionLog } from '../core/log/sessionLog';
import { looseData } from '../core/types';
import { nameHead } from '../core/view/bidiControls';

/** The longest path a note names whole. */
const PATH_MAX_CHARS = 1024;

/** Descriptors named one note each; the rest are counted in one note (audit R22-4: one per tool result). */
export const NAMED_SUBAGENTS = 20;

export function noteSubagentFiles(log: SessionLog, logPath: string): void {
  if (logPath === '-') return;
  const dir = dirname(logPath);
  let more = 0;
  for (let seq = 0; seq < log.eventCount; seq++) {
    if (log.typeOf(seq) !== 'subagent/descriptor') continue;
    const d = looseData(log.event(seq));
    if (typeof d.file !== 'string' || d.file.includes('..')) continue;
    if (++more > NAMED_SUBAGENTS) continue;
    const path = join(dir, d.file);
    const shown = nameHead(path, PATH_MAX_CHARS);
    const who = `subagent ${typeof d.agentId === 'string' ? nameHead(d.agentId) : '?'} (call ${typeof d.callId === 'string' ? nameHead(d.callId) : '?'})`;
    log.diagnostics.report(
      'import-note',
      existsSync(path)
        ? `${who}: its transcript is ${shown}; open it as its own log`
        : `${who}: its transcript ${shown} is not beside this log (missing)`,
      { seq },
    );
  }
  more -= NAMED_SUBAGENTS;
  if (more > 0)
    log.diagnostics.report(
      'import-note',
      `${more.toLocaleString('en-US')} more subagent descriptor${more === 1 ? '' : 's'}: their transcripts are not looked for`,
    );
}
