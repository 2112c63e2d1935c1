/**
 * Follow mode on another agent's log: imported as it is at each checkpoint.
 * Growth that only adds events is read on; growth that re-tells events
 * already shown asks for the log to be imported again, and nothing of it is
 * half-applied meanwhile.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SessionLog } from '../log/sessionLog';
import { importForeign, type ForeignFormat } from './importers';

const enc = new TextEncoder();
const OTHER = '../shared/samples/other/';

/** Every event's type and derived history at the end, as one comparable value. */
function shape(log: SessionLog) {
  const types = Array.from({ length: log.eventCount }, (_, s) => log.typeOf(s));
  const last = log.eventCount - 1;
  const messages = last >= 0 ? log.messagesAt(last).messages.map((m) => [m.seq, m.message.role]) : [];
  return { types, messages };
}

function whole(text: string): SessionLog {
  const log = new SessionLog();
  log.push(enc.encode(text));
  log.end();
  return log;
}

describe('an imported log in follow mode', () => {
  it('reads complete lines at a checkpoint; the line being written waits for its newline', () => {
    const text = readFileSync(OTHER + 'claude-code/agentlogs-compact.jsonl', 'utf8');
    const lines = text.split('\n');
    const log = new SessionLog();
    const head = lines.slice(0, 8).join('\n') + '\n';
    log.push(enc.encode(head + (lines[8] as string).slice(0, 20)));
    expect(log.eventCount).toBe(0);
    log.checkpoint();
    expect(log.sourceFormat).toBe('claude-code');
    expect(shape(log)).toEqual(shape(whole(head)));
    expect(log.diagnostics.items.some((d) => d.message.includes('incomplete'))).toBe(false);
  });

  it('growth that re-tells shown events asks for a new import and shows none of it meanwhile', () => {
    const text = readFileSync(OTHER + 'claude-code/agentlogs-compact.jsonl', 'utf8');
    const lines = text.split('\n');
    const log = new SessionLog();
    log.push(enc.encode(lines.slice(0, 8).join('\n') + '\n'));
    log.checkpoint();
    const before = shape(log);
    // The 9th record continues the conversation the importer closed at the old end (a synthetic turn end).
    log.push(enc.encode(lines.slice(8).join('\n')));
    log.checkpoint();
    expect(log.follow?.reimportNeeded).toBe(true);
    expect(shape(log)).toEqual(before);
    // Opened again, the grown log is the whole file's import.
    expect(shape(whole(text)).types.length).toBeGreaterThan(before.types.length);
  });

  it('growth that only adds events is read on, equal to importing the grown log whole', () => {
    // Find, in every line-based sample, the cuts where importing more lines only appends
    // events; follow mode must land exactly on the whole import there, and ask for a new
    // import everywhere else.
    // (formats imported whole; a Codex rollout is read piece by piece: followPieces.test.ts)
    const samples: [string, ForeignFormat][] = [
      ['claude-code/fe869ecb-c176-478f-9734-7e4b8ef12cff.jsonl', 'claude-code'],
      ['pi/agent-sessions-v3-compaction-small.jsonl', 'pi'],
    ];
    let incremental = 0;
    let reimports = 0;
    for (const [file, format] of samples) {
      const lines = readFileSync(OTHER + file, 'utf8')
        .split('\n')
        .filter(Boolean);
      const upTo = (n: number) => lines.slice(0, n).join('\n') + '\n';
      for (let n = 1; n + 1 <= lines.length && n < 40; n++) {
        const a =
          importForeign(format, enc.encode(upTo(n)))
            .jsonlLines()
            .join('\n') + '\n';
        const b =
          importForeign(format, enc.encode(upTo(n + 1)))
            .jsonlLines()
            .join('\n') + '\n';
        const log = new SessionLog();
        log.push(enc.encode(upTo(n)));
        log.checkpoint();
        log.push(enc.encode((lines[n] as string) + '\n'));
        log.checkpoint();
        if (b.startsWith(a)) {
          incremental++;
          expect(log.follow?.reimportNeeded, `${file} at ${n}`).toBe(false);
          expect(shape(log), `${file} at ${n}`).toEqual(shape(whole(upTo(n + 1))));
        } else {
          reimports++;
          expect(log.follow?.reimportNeeded, `${file} at ${n}`).toBe(true);
          expect(shape(log), `${file} at ${n}`).toEqual(shape(whole(upTo(n))));
        }
      }
    }
    expect(incremental).toBeGreaterThan(0);
    expect(reimports).toBeGreaterThan(0);
  });
});
