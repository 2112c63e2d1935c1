/**
 * A walked folder's .json files (audit R13-L3): sniffed as `open` sniffs them, so a JSON array of
 * session events is indexed like its JSONL, and other JSON is listed as skipped with a true reason.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltCli, runCli } from '../testSupport';
import { SKIPPED_JSON_REASON, listLogs } from './sources';

const ROOT = resolve(__dirname, '../../..');
const SAMPLE = resolve(ROOT, '../shared/samples/dsh/cordis-tool-round.jsonl');

beforeAll(ensureBuiltCli, 120_000);

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'seqscope-index-json-'));
  const lines = readFileSync(SAMPLE, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  writeFileSync(join(dir, 'run.json'), `[${lines.join(',')}]`);
  writeFileSync(join(dir, 'names.json'), '["alice", "bob"]\n');
  writeFileSync(join(dir, 'package.json'), '{"name":"not-a-log","version":"1.0.0"}\n');
  return dir;
}

describe('seqscope index: .json files in a walked folder (audit R13-L3)', { timeout: 180_000 }, () => {
  it('lists a JSON array of events as a log, and other JSON as skipped with the reason', async () => {
    const dir = folder();
    const { logs, skipped } = await listLogs([dir]);
    expect(logs.map((l) => l.path)).toEqual([join(dir, 'run.json')]);
    expect(skipped).toEqual([
      { path: join(dir, 'names.json'), reason: SKIPPED_JSON_REASON },
      { path: join(dir, 'package.json'), reason: SKIPPED_JSON_REASON },
    ]);
    expect(SKIPPED_JSON_REASON).toContain('nor a JSON array of session events');
  });

  it('indexes the array with the events `check` reads from it', () => {
    const dir = folder();
    const r = runCli(['index', dir, '--out', join(dir, '.idx'), '--json']);
    expect(r.code, r.err).toBe(0);
    const done = JSON.parse(r.out.trim().split('\n').at(-1) as string) as Record<string, unknown>;
    expect(done).toMatchObject({ event: 'done', total: 1, done: 1 });
    const check = JSON.parse(runCli(['check', join(dir, 'run.json'), '--json']).out) as { events: number };
    expect(check.events).toBe(60);
  });
});
