/**
 * Following a live session of another agent: its importer reads the log from its start, so
 * importing at every growth cost the file's size per appended line (quadratic). Checkpoints
 * at each growth are `grown` (followImport.ts): the bytes handed to the importer over a whole
 * session, reopenings included, stay within a constant factor of the file, and a last `now`
 * checkpoint (the follower's trailing import) shows everything.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SessionLog } from '../log/sessionLog';
import { REIMPORT_GROWTH } from './followImport';

const enc = new TextEncoder();
const OTHER = '../shared/samples/other/';

function typesOf(log: SessionLog): string[] {
  return Array.from({ length: log.eventCount }, (_, s) => log.typeOf(s));
}

/**
 * `lines` appended one by one, a `grown` checkpoint after each; a log whose growth re-told
 * shown events is opened again (as the app does) on the bytes so far. Returns the bytes every
 * import read, the reopenings, and the log after a final `now` checkpoint.
 */
function follow(lines: string[]) {
  let text = '';
  let log = new SessionLog();
  let imported = 0;
  let reopened = 0;
  const open = () => {
    imported += log.follow?.bytesImported ?? 0;
    log = new SessionLog();
    log.push(enc.encode(text));
    log.checkpoint('now');
  };
  for (const line of lines) {
    text += line + '\n';
    log.push(enc.encode(line + '\n'));
    log.checkpoint('grown');
    if (log.follow?.reimportNeeded) {
      reopened++;
      open();
    }
  }
  log.checkpoint('now');
  if (log.follow?.reimportNeeded) open();
  imported += log.follow?.bytesImported ?? 0;
  return { imported, reopened, log, bytes: enc.encode(text).length };
}

describe('following another agent: imports are geometric', () => {
  it.each([
    ['codex/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl', 386],
    ['claude-code/ef958aa1-0e93-49f0-bb71-150f63befcd1.jsonl', 180],
    ['pi/pi-mono-v1-compaction-thinking.jsonl', 463],
  ])('%s grown line by line: bytes imported within a constant of the file', (file, count) => {
    const lines = readFileSync(OTHER + file, 'utf8')
      .split('\n')
      .filter(Boolean);
    expect(lines).toHaveLength(count);
    const { imported, reopened, log, bytes } = follow(lines);
    // An import at every growth reopened the log at nearly every line (codex: 382 of 386).
    expect(reopened).toBeLessThan(count / 10);
    // A geometric series of imports (each REIMPORT_GROWTH larger), reopenings and the last one.
    const bound = (1 / REIMPORT_GROWTH + 2) * 2 * bytes;
    expect(imported).toBeLessThanOrEqual(bound);
    // An import at every growth read count * bytes / 2 in all.
    expect(imported).toBeLessThan((count * bytes) / 8);
    // What shows at the end is the whole log's import.
    const whole = new SessionLog();
    whole.push(enc.encode(lines.join('\n') + '\n'));
    whole.end();
    expect(typesOf(log)).toEqual(typesOf(whole));
  });

  it('a small growth waits (deferred) and a `now` checkpoint imports it', () => {
    // a format imported whole (a Codex rollout is read piece by piece, never deferred: followPieces.test.ts)
    const lines = readFileSync(OTHER + 'pi/pi-mono-v1-compaction-thinking.jsonl', 'utf8')
      .split('\n')
      .filter(Boolean);
    const log = new SessionLog();
    log.push(enc.encode(lines.slice(0, 30).join('\n') + '\n'));
    log.checkpoint('now');
    const first = log.follow?.bytesImported ?? 0;
    const events = log.eventCount;
    log.push(enc.encode(lines[30] + '\n'));
    log.checkpoint('grown');
    expect(log.follow?.deferred).toBe(true);
    expect(log.follow?.bytesImported).toBe(first);
    expect(log.eventCount).toBe(events);
    log.checkpoint('now');
    expect(log.follow?.deferred).toBe(false);
    expect(log.follow?.bytesImported).toBeGreaterThan(first);
  });
});
