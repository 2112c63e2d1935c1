/**
 * A file of millions of bad lines: `check` and `stats` keep the first DIAGNOSTICS_PER_CODE
 * diagnostics of each code and count the rest, so memory stays bounded (audit R25-M7: 15M lines
 * of `1` ran out of a 4 GB heap). The counts stay whole, and the output says what was not kept.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DiagnosticList } from '../core/diagnostics';
import { DIAGNOSTICS_PER_CODE } from './readInput';
import { ensureBuiltCli, runCli } from './testSupport';

beforeAll(ensureBuiltCli, 120_000);

const LINES = 2_000_000;

describe('a file of bad lines under the CLI', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'diag-cap-')), 'ones.jsonl');
  writeFileSync(file, '1\n'.repeat(LINES));
  // a heap far below what 2M diagnostics take (about 600 MB)
  const small = { nodeArgs: ['--max-old-space-size=160'] };

  it('check: keeps the first of each code, counts them all, says what it did not keep', () => {
    const run = runCli(['check', file], small);
    expect(run.err).not.toMatch(/heap|FATAL/);
    expect(run.code).toBe(1);
    const rest = (LINES - DIAGNOSTICS_PER_CODE).toLocaleString('en-US');
    expect(run.out).toContain(`and ${rest} more counted but not kept (not-an-object ${rest})`);
    expect(run.out).toContain(`0 events: ${LINES} errors`);
  }, 120_000);

  it('check --json: the kept diagnostics and the count of the rest per code', () => {
    const run = runCli(['check', file, '--json'], small);
    const json = JSON.parse(run.out) as {
      diagnostics: unknown[];
      diagnosticsNotKept: Record<string, number>;
    };
    expect(json.diagnostics).toHaveLength(DIAGNOSTICS_PER_CODE);
    expect(json.diagnosticsNotKept).toEqual({ 'not-an-object': LINES - DIAGNOSTICS_PER_CODE });
  }, 120_000);

  it('stats: answers', () => {
    const run = runCli(['stats', file], small);
    expect(run.err).not.toMatch(/heap|FATAL/);
    expect(run.out).toMatch(/turns\s+0/);
  }, 120_000);
});

describe('DiagnosticList', () => {
  it('keeps maxPerCode of each code; counts every one by severity', () => {
    const list = new DiagnosticList(2);
    for (let i = 0; i < 5; i++) list.report('bad-json', `line ${i}`, { line: i });
    list.report('torn-tail', 'torn', { line: 9 });
    expect(list.items.map((d) => `${d.code}@${d.line}`)).toEqual(['bad-json@0', 'bad-json@1', 'torn-tail@9']);
    expect(list.omitted).toEqual({ 'bad-json': 3 });
    expect(list.counts.error).toBe(5);
  });
});
