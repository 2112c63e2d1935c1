/** The built CLI refuses a regex that could backtrack for ever (audit R8-9) instead of hanging on the log. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuiltCli } from './testSupport';

beforeAll(ensureBuiltCli, 60_000);

/** One user message of 40 `a`s then `!`: `(a+)+$` backtracks 2^40 times on it. */
function redosLog(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'seqscope-redos-')), 'redos.jsonl');
  const text = `${'a'.repeat(40)}! 12-3456 555-1234 foo ab`;
  const record = {
    type: 'user/message',
    seq: 0,
    time: 1,
    data: { role: 'user', content: [{ type: 'text', text }] },
  };
  writeFileSync(file, `${JSON.stringify({ ...record, surfaceOp: 'append' })}\n`);
  return file;
}

/** Like runCli, but a search that hangs is killed (status null) instead of blocking the test run for ever. */
function runSearch(args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, 'search', ...args], { encoding: 'utf8', timeout: 20_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('seqscope search --regex', () => {
  it.each(['(a+)+$', '(\\w+\\s?)+$'])(
    'refuses %s with the reason and exit 2, without running it',
    { timeout: 30_000 },
    (pattern) => {
      const r = runSearch([redosLog(), pattern, '--regex']);
      expect(r.code).toBe(2);
      expect(r.err).toContain('seqscope: this pattern can take exponential time: ');
      expect(r.err).toContain(pattern.slice(0, -1));
      expect(r.out).toBe('');
    },
  );

  it.each([
    ['a+b', 1],
    ['foo|bar', 1],
    ['\\d{3}-\\d{4}', 1],
  ])('accepts %s and finds the message', (pattern, events) => {
    const r = runSearch([redosLog(), pattern, '--regex', '--json']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { count: number }).count).toBe(events);
  });
});
