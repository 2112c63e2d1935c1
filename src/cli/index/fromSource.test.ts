/**
 * `index` run from source (`node --import tsx src/cli/main.ts`), as a developer runs it: its
 * worker threads run indexWorker.ts behind tsx's loader. On Node 20 an `--import tsx` in a
 * worker's execArgv is not applied to its entry, and every log was "unreadable".
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
const SAMPLES = resolve(ROOT, '../shared/samples/dsh');
const out = mkdtempSync(join(tmpdir(), 'seqscope-from-source-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('index from source', () => {
  it('reads every log in worker threads (none unreadable)', () => {
    const stdout = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'index', SAMPLES, '--out', out, '--json', '--threads', '2'],
      { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
    );
    const done = JSON.parse(stdout.trim().split('\n').at(-1) as string) as Record<string, unknown>;
    expect(done).toMatchObject({ done: 5, failed: 0, rows: { sessions: 5, steps: 18, tool_calls: 13 } });
  }, 150_000);
});
