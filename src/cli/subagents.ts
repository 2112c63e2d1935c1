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

export function noteSubagentFiles(log: SessionLog, logPath: string): void {
  if (logPath === '-') return;
  const dir = dirname(logPath);
  for (let seq = 0; seq < log.eventCount; seq++) {
    if (log.typeOf(seq) !== 'subagent/descriptor') continue;
    const d = looseData(log.event(seq));
    if (typeof d.file !== 'string' || d.file.includes('..')) continue;
    const path = join(dir, d.file);
    const who = `subagent ${typeof d.agentId === 'string' ? d.agentId : '?'} (call ${typeof d.callId === 'string' ? d.callId : '?'})`;
    log.diagnostics.report(
      'import-note',
      existsSync(path)
        ? `${who}: its transcript is ${path}; open it as its own log`
        : `${who}: its transcript ${path} is not beside this log (missing)`,
      { seq },
    );
  }
}
