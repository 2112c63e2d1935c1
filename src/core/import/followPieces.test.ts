/**
 * Following a Codex rollout that keeps growing (audit R11-2): its records only add to what came
 * before, so appended lines are imported on their own (lineImport.ts). Each trailing import read
 * the whole log again: a 41 MB rollout growing a line a second kept the worker busy and a seek
 * waited up to 15 s behind a re-import.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SessionLog } from '../log/sessionLog';

const enc = new TextEncoder();
const CODEX = '../shared/samples/other/codex/';

const types = (log: SessionLog) => Array.from({ length: log.eventCount }, (_, s) => log.typeOf(s));

function whole(text: string): SessionLog {
  const log = new SessionLog();
  log.push(enc.encode(text));
  log.end();
  return log;
}

function linesOf(file: string): string[] {
  return readFileSync(CODEX + file, 'utf8')
    .split('\n')
    .filter(Boolean);
}

describe('following a Codex rollout: appended lines are imported on their own', () => {
  it('N small appends to a large rollout cost the file once plus what was appended', () => {
    const lines = linesOf('rollout-2026-02-23T12-54-34-019c8a59-e9dd-71f0-9ae3-4079fe9726a9.jsonl');
    let text = lines.join('\n') + '\n';
    const fileBytes = enc.encode(text).length;
    // Bytes every import read, reopenings included (a growth that re-told shown events is
    // opened again, as the app does).
    let imported = 0;
    let reopened = 0;
    let log = new SessionLog();
    const open = () => {
      imported += log.follow?.bytesImported ?? 0;
      log = new SessionLog();
      log.push(enc.encode(text));
      log.checkpoint('now');
    };
    open();
    let appended = 0;
    const appends = 40;
    for (let i = 1; i <= appends; i++) {
      const line = (lines[i] as string) + '\n';
      text += line;
      appended += enc.encode(line).length;
      log.push(enc.encode(line));
      // the follower's checkpoint at each growth, then its trailing import
      for (const when of ['grown', 'now'] as const) {
        log.checkpoint(when);
        if (log.follow?.reimportNeeded) {
          reopened++;
          open();
        }
      }
    }
    imported += log.follow?.bytesImported ?? 0;
    // Whole imports read the log at every trailing import or reopening: over appends * fileBytes.
    expect(imported).toBe(fileBytes + appended);
    expect(reopened).toBe(0);
    expect(log.follow?.deferred).toBe(false);
    // What shows is the whole import's events, as far as they are settled; all of them once it ends.
    const all = types(whole(text));
    expect(log.eventCount).toBeGreaterThan(all.length - 20);
    expect(types(log)).toEqual(all.slice(0, log.eventCount));
    log.end();
    expect(types(log)).toEqual(all);
  });

  it('grown line by line, every checkpoint shows a prefix of the whole import; the end shows all of it', () => {
    for (const file of [
      'agentlogs-crud.jsonl',
      'rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl',
    ]) {
      const lines = linesOf(file).slice(0, 120);
      const log = new SessionLog();
      let text = '';
      for (const [n, line] of lines.entries()) {
        text += line + '\n';
        log.push(enc.encode(line + '\n'));
        log.checkpoint('grown');
        if (n % 10 !== 9) continue;
        const all = types(whole(text));
        expect(log.follow?.reimportNeeded, `${file} at ${n}`).toBe(false);
        expect(types(log), `${file} at ${n}`).toEqual(all.slice(0, log.eventCount));
      }
      expect(log.follow?.bytesImported).toBe(enc.encode(text).length);
      log.end();
      const done = whole(text);
      expect(types(log), file).toEqual(types(done));
      const last = done.eventCount - 1;
      expect(log.messagesAt(last).messages.map((m) => [m.seq, m.message.role])).toEqual(
        done.messagesAt(last).messages.map((m) => [m.seq, m.message.role]),
      );
    }
  });

  it('a torn last line waits for its newline', () => {
    const lines = linesOf('agentlogs-crud.jsonl');
    const head = lines.slice(0, 10).join('\n') + '\n';
    const next = lines[10] as string;
    const log = new SessionLog();
    log.push(enc.encode(head + next.slice(0, 30)));
    log.checkpoint('now');
    expect(log.follow?.bytesImported).toBe(enc.encode(head).length);
    log.push(enc.encode(next.slice(30) + '\n'));
    log.checkpoint('now');
    expect(log.follow?.bytesImported).toBe(enc.encode(head + next + '\n').length);
    expect(log.diagnostics.items.some((d) => d.message.includes('incomplete'))).toBe(false);
    log.end();
    expect(types(log)).toEqual(types(whole(head + next + '\n')));
  });
});
