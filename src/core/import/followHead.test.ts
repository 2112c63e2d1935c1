/**
 * Follow mode at the start of a log (audit R11-3, R11-4): a compressed log's input held back
 * for coalescing (16 KiB) is decoded at each checkpoint, and another agent's log is not judged
 * by an empty head or a torn first line (it was locked into the harness format: 0 events and
 * bad-data errors instead of the transcript).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SessionLog } from '../log/sessionLog';

const enc = new TextEncoder();
const OTHER = '../shared/samples/other/';
const CLAUDE = readFileSync(OTHER + 'claude-code/fe869ecb-c176-478f-9734-7e4b8ef12cff.jsonl');
const HARNESS_ZST = new Uint8Array(
  readFileSync(new URL('../reader/fixtures/harness-frames.jsonl.zst', import.meta.url)),
);
const HARNESS = readFileSync(new URL('../reader/fixtures/harness-frames.jsonl', import.meta.url));

function whole(bytes: Uint8Array): SessionLog {
  const log = new SessionLog();
  log.push(bytes);
  log.end();
  return log;
}

/** Pushed in pieces with a checkpoint after each, as follow mode reads a growing file. */
function followed(...pieces: Uint8Array[]): SessionLog {
  const log = new SessionLog();
  for (const p of pieces) {
    log.push(p);
    log.checkpoint();
  }
  return log;
}

const types = (log: SessionLog) => Array.from({ length: log.eventCount }, (_, s) => log.typeOf(s));

describe('follow mode on a compressed log (R11-3)', () => {
  it('a small harness .jsonl.zst shows every event at the checkpoint', () => {
    expect(HARNESS_ZST.length).toBeLessThan(16 * 1024);
    const log = followed(HARNESS_ZST);
    expect(log.eventCount).toBeGreaterThan(0);
    expect(types(log)).toEqual(types(whole(HARNESS)));
  });

  it('a small harness .jsonl.gz likewise, and a gzip member appended is read at the next checkpoint', () => {
    const lines = HARNESS.toString('utf8').split('\n').filter(Boolean);
    const first = new Uint8Array(gzipSync(lines.slice(0, 3).join('\n') + '\n'));
    const rest = new Uint8Array(gzipSync(lines.slice(3).join('\n') + '\n'));
    const log = new SessionLog();
    log.push(first);
    log.checkpoint();
    expect(types(log)).toEqual(types(whole(enc.encode(lines.slice(0, 3).join('\n') + '\n'))));
    log.push(rest);
    log.checkpoint();
    expect(types(log)).toEqual(types(whole(HARNESS)));
  });

  it("another agent's small .jsonl.gz is imported at the checkpoint", () => {
    const codex = readFileSync(OTHER + 'codex/agentlogs-crud.jsonl');
    const gz = new Uint8Array(gzipSync(codex));
    expect(gz.length).toBeLessThan(16 * 1024);
    const log = followed(gz);
    expect(log.sourceFormat).toBe('codex');
    expect(log.eventCount).toBeGreaterThan(0);
    // a rollout is read piece by piece: its settled events show, the open turn closes at the end
    expect(types(log)).toEqual(types(whole(codex)).slice(0, log.eventCount));
    log.end();
    expect(types(log)).toEqual(types(whole(codex)));
  });
});

describe("follow mode on another agent's log that starts empty or torn (R11-4)", () => {
  it('empty at the first checkpoint, then written: read as its own format', () => {
    const log = followed(new Uint8Array(0), CLAUDE);
    expect(log.sourceFormat).toBe('claude-code');
    expect(types(log)).toEqual(types(whole(CLAUDE)));
    expect(log.diagnostics.items.filter((d) => d.code === 'bad-data')).toEqual([]);
  });

  it('the first line torn at the first checkpoint, then completed: read as its own format', () => {
    const log = followed(CLAUDE.subarray(0, 100), CLAUDE.subarray(100));
    expect(log.sourceFormat).toBe('claude-code');
    expect(types(log)).toEqual(types(whole(CLAUDE)));
  });

  it('one whole record whose newline is not written yet is judged as it is', () => {
    const first = CLAUDE.toString('utf8').split('\n')[0] as string;
    const log = followed(enc.encode(first));
    expect(log.sourceFormat).toBe('claude-code');
    const harness = followed(new Uint8Array(HARNESS.subarray(0, HARNESS.indexOf(10))));
    expect(harness.sourceFormat).toBe('seqscope');
  });
});
