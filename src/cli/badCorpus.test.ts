/**
 * The bad corpus (fixtures/bad/corpus.json; e2e/bad-inputs.spec.ts runs the same list in the
 * browser) through the built CLI: no crash, the valid events load, the diagnostics name the
 * problem, and `check`'s text says plainly what a file that is not a log is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLogFromBytes } from '../core/log/load';
import { ROOT, ensureBuiltCli, runCli } from './testSupport';

beforeAll(ensureBuiltCli, 60_000);

interface CorpusEntry {
  file: string;
  what: string;
  events: number;
  codes: string[];
  says?: string;
  /** Refused whole as not text: every command exits 2 and says this (and nothing on stdout). */
  refused?: string;
}
const CORPUS = JSON.parse(readFileSync(join(ROOT, 'fixtures/bad/corpus.json'), 'utf8')) as CorpusEntry[];

describe('the bad corpus through the CLI', () => {
  it('covers every kind of broken input the hardening pass lists', () => {
    const codes = new Set(CORPUS.flatMap((e) => e.codes));
    for (const code of [
      'bad-json',
      'bad-compression',
      'torn-tail',
      'seq-mismatch',
      'time-backwards',
      'surface-op-invalid',
      'surface-op-missing',
      'surface-op-on-non-surface',
      'replace-range-missing',
      'replace-range-reversed',
      'replace-provenance-missing',
      'source-seq-invalid',
      'tool-result-rewrite-invalid',
      'packed-row-invalid',
      'not-text',
    ])
      expect(codes, code).toContain(code);
    expect(CORPUS.map((e) => e.file)).toEqual(
      expect.arrayContaining([
        'bad/empty.jsonl',
        'bad/binary.jsonl',
        'bad/binary.jsonl.gz',
        'bad/image.png.jsonl',
        'bad/binary-line.jsonl',
        'bad/json-array.json',
        'bad/json-array-broken.json',
        'bad/lone-surrogates.jsonl',
        'bad/gzip-ends-early.jsonl.gz',
        'bad/zstd-bad-frame.jsonl.zst',
        'bad/seqs-duplicated-and-missing.jsonl',
        'bad/deep-nesting.jsonl',
        'bad/hostile-strings.jsonl',
      ]),
    );
  });

  for (const entry of CORPUS)
    it(`${entry.file}: ${entry.what}`, { timeout: 180_000 }, () => {
      const path = join(ROOT, 'fixtures', entry.file);
      const core = loadLogFromBytes(new Uint8Array(readFileSync(path)));
      if (entry.refused !== undefined) {
        // Refused before anything is read: the core holds nothing and says why.
        expect(core.eventCount).toBe(0);
        expect(core.notText).toContain(entry.refused);
        expect(core.diagnosticList.map((d) => d.code)).toEqual(['not-text']);
        for (const command of ['check', 'stats', 'derive']) {
          const r = runCli([command, path]);
          expect(r.code, command).toBe(2);
          expect(r.out, command).toBe('');
          expect(r.err, command).toContain(`seqscope: ${path}: this is not a text log: `);
          expect(r.err, command).toContain(entry.refused);
        }
        return;
      }
      expect(core.notText).toBeUndefined();
      for (const args of [
        ['check', path],
        ['stats', path],
        ['derive', path],
      ]) {
        const r = runCli(args);
        expect(r.err, args.join(' ')).not.toMatch(/internal error|at .*\.mjs|Maximum call stack/);
        expect([0, 1, 2], args.join(' ')).toContain(r.code);
      }
      const check = JSON.parse(runCli(['check', path, '--json']).out) as {
        events: number;
        diagnostics: { code: string }[];
      };
      expect(check.events).toBe(entry.events);
      // The CLI reads the file as the core does.
      expect(check.events).toBe(loadLogFromBytes(new Uint8Array(readFileSync(path))).eventCount);
      for (const code of entry.codes) expect(check.diagnostics.map((d) => d.code)).toContain(code);
      if (entry.says !== undefined) expect(runCli(['check', path]).out).toContain(entry.says);
      if (entry.events > 0) expect(runCli(['derive', path]).code).toBe(0);
    });

  it('check on a JSON array reads its events and says how to make JSONL of it, naming the file', () => {
    const file = join(ROOT, 'fixtures/bad/json-array.json');
    const r = runCli(['check', file]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('format: a JSON array of session events (not JSONL)');
    expect(r.out).toContain(`to convert it: jq -c '.[]' ${file} > ${file.replace(/\.json$/, '.jsonl')}`);
    expect(r.out.trimEnd().split('\n').at(-1)).toBe('5 events: 0 errors, 1 warning, 1 info');
  });

  it('check on a broken JSON array reads the elements before the break and says where it broke once (R13-4)', () => {
    const file = join(ROOT, 'fixtures/bad/json-array-broken.json');
    const r = runCli(['check', file, '--json']);
    const parsed = JSON.parse(r.out) as { events: number; diagnostics: { code: string; message: string }[] };
    expect(parsed.events).toBe(3);
    const bad = parsed.diagnostics.filter((d) => d.code === 'bad-json');
    expect(bad).toHaveLength(1);
    expect(bad[0]?.message).toContain(
      "opens a JSON array that does not parse (Expected ',' or ']' after array element in JSON at position 550 (line 37 column 3)), the 3 elements before it were read",
    );
    expect(bad[0]?.message).toContain(
      `jq -cn --stream 'fromstream(1|truncate_stream(inputs))' < ${file} > ${file.replace(/\.json$/, '.jsonl')}`,
    );
  });

  it('check on JSONL after a first line such as [INFO] reads every event after it (R13-4)', () => {
    const sample = readFileSync(join(ROOT, '../shared/samples/dsh/cordis-tool-round.jsonl'), 'utf8');
    const r = runCli(['check', '-', '--json'], {
      input: Buffer.from(`[INFO] harness 1.2 starting\n${sample}`),
    });
    const parsed = JSON.parse(r.out) as { events: number; diagnostics: { code: string; line?: number }[] };
    expect(parsed.events).toBe(60);
    expect(parsed.diagnostics.filter((d) => d.code === 'bad-json').map((d) => d.line)).toEqual([1]);
  });
});
