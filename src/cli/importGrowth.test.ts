/** `check` of an import that would write GBs from a few MB ends with the guard's message (audit R22-2), never out of memory. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltCli, runCli } from './testSupport';

beforeAll(ensureBuiltCli, 120_000);

describe('an amplifying import under the CLI', () => {
  it('a 1 MiB system prompt and 100 turn_context lines alternating the model: stopped, said, exit 1', () => {
    const ts = '2025-01-01T00:00:00.000Z';
    const lines = [
      {
        timestamp: ts,
        type: 'session_meta',
        payload: { id: 's', base_instructions: { text: 's'.repeat(1 << 20) } },
      },
    ];
    for (let i = 0; i < 100; i++)
      lines.push({ timestamp: ts, type: 'turn_context', payload: { model: `m${i % 2}` } } as never);
    const file = join(mkdtempSync(join(tmpdir(), 'growth-')), 'rollout.jsonl');
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    // a heap far below the 100 MiB of headers the import would write, and the JSONL text after it
    const run = runCli(['check', file], { nodeArgs: ['--max-old-space-size=200'] });
    expect(run.err).not.toMatch(/heap|FATAL/);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(
      /read-limit +line \d+ +Stopped importing at line \d+: the import would write more than 64\.0 MiB/,
    );
    expect(run.err).toContain('To read it anyway, rerun with --no-limits.');
  }, 120_000);
});
