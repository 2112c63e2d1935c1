/**
 * The built CLI matches a user's regex in linear time (issue 14): patterns a backtracking engine
 * runs for minutes or for ever on one long line give their counts; what RE2 lacks is refused by name.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuiltCli } from './testSupport';

beforeAll(ensureBuiltCli, 60_000);

/** One user message per text. */
function logOf(texts: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'seqscope-redos-')), 'redos.jsonl');
  const lines = texts.map((text, seq) =>
    JSON.stringify({
      type: 'user/message',
      seq,
      time: seq + 1,
      surfaceOp: 'append',
      data: { role: 'user', content: [{ type: 'text', text }] },
    }),
  );
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** Like runCli, but a search that hangs is killed (status null) instead of blocking the test run for ever. */
function runSearch(args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, 'search', ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const a = (n: number) => 'a'.repeat(n);
const hostile = () => logOf([a(3000), `${a(3000)}b! =`, `${a(40_000)} x`, `${a(40_000)}b! =`]);

describe('seqscope search --regex', () => {
  it.each([
    ['(a+)+$', [0]],
    // every message's `role` ("user") ends in word characters too
    ['(\\w+\\s?)+$', [0, 1, 2, 3]],
    ['a*a*a*b', [1, 3]],
    ['\\w*\\w*\\w*!', [1, 3]],
    ['.*.*=', [1, 3]],
  ])(
    '%s on 3,000 and 40,000-character messages finds the matching ones',
    { timeout: 90_000 },
    (pattern, seqs) => {
      const r = runSearch([hostile(), pattern, '--regex', '--json']);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const found = JSON.parse(r.out) as { count: number; hits: { seq: number }[] };
      expect(found.hits.map((h) => h.seq)).toEqual(seqs);
    },
  );

  it('refuses a lookahead by name, with exit 2, without reading the log', () => {
    const r = runSearch(['/nonexistent/log.jsonl', 'foo(?=bar)', '--regex']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'seqscope: this pattern uses a lookahead, which the linear-time engine does not support\n',
    );
    expect(r.out).toBe('');
  });

  it.each([
    ['a+b', 2],
    ['x|=', 3],
    ['a{3}\\s', 1],
  ])('accepts %s and finds the messages', (pattern, events) => {
    const r = runSearch([hostile(), pattern, '--regex', '--json']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { count: number }).count).toBe(events);
  });
});
