/** fixtures/bad/ through the built CLI: no crash, the valid events load, the diagnostics name the problem. */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuiltCli, runCli } from './testSupport';

beforeAll(ensureBuiltCli, 60_000);

const CASES: [file: string, events: number, codes: string[]][] = [
  ['empty.jsonl', 0, []],
  ['binary.jsonl', 0, ['bad-json']],
  ['json-array.json', 0, ['bad-json']],
  ['lone-surrogates.jsonl', 9, []],
  ['gzip-ends-early.jsonl.gz', 9, ['bad-compression']],
  ['zstd-bad-frame.jsonl.zst', 0, ['bad-compression']],
];

describe('fixtures/bad through the CLI', () => {
  for (const [file, events, codes] of CASES)
    it(file, { timeout: 60_000 }, () => {
      const path = join(ROOT, 'fixtures/bad', file);
      for (const args of [
        ['check', path],
        ['stats', path],
        ['derive', path],
      ]) {
        const r = runCli(args);
        expect(r.err, args.join(' ')).not.toMatch(/internal error|at .*\.mjs/);
        expect([0, 1, 2], args.join(' ')).toContain(r.code);
      }
      const check = JSON.parse(runCli(['check', path, '--json']).out) as {
        events: number;
        diagnostics: { code: string }[];
      };
      expect(check.events).toBe(events);
      for (const code of codes) expect(check.diagnostics.map((d) => d.code)).toContain(code);
      if (events > 0) expect(runCli(['derive', path]).code).toBe(0);
    });
});
