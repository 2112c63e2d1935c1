/** `export --format jsonl [--redact]` of an imported binary log (Inspect .eval, a zip): audit R8-12. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLogFromText } from '../core/log/load';
import { SECRETS } from '../core/testing/secretsLog';
import { secretsEval } from '../core/testing/secretsEval';
import { ROOT, ensureBuiltCli, runCli } from './testSupport';

const SAMPLE = resolve(ROOT, '../shared/samples/other/inspect/log_message_deduplication.eval');

beforeAll(ensureBuiltCli, 60_000);

function evalWithSecrets(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'seqscope-eval-')), 'secret.eval');
  writeFileSync(file, secretsEval(new Uint8Array(readFileSync(SAMPLE))));
  return file;
}

describe('seqscope export --format jsonl of an Inspect .eval', () => {
  it('--redact writes the imported log as valid JSONL with both keys masked and the same events', () => {
    const file = evalWithSecrets();
    const plain = runCli(['export', file, '--format', 'jsonl']);
    expect(plain.code).toBe(0);
    expect(plain.out).toContain(SECRETS.anthropic);
    const imported = loadLogFromText(plain.out);
    expect(imported.eventCount).toBeGreaterThan(10);

    const r = runCli(['export', file, '--format', 'jsonl', '--redact']);
    expect(r.code).toBe(0);
    expect(r.out).not.toContain('\uFFFD');
    expect(r.out).not.toContain(SECRETS.anthropic.slice(-12));
    expect(r.out).not.toContain(SECRETS.aws);
    expect(r.err).toMatch(/redacted [1-9]\d* values/);
    for (const line of r.out.split('\n').filter((l) => l !== ''))
      expect(() => JSON.parse(line) as unknown).not.toThrow();
    const copy = loadLogFromText(r.out);
    expect(copy.eventCount).toBe(imported.eventCount);
    for (let s = 0; s < copy.eventCount; s++) expect(copy.typeOf(s)).toBe(imported.typeOf(s));
    expect(copy.diagnostics.items.map((d) => d.code)).toEqual(imported.diagnostics.items.map((d) => d.code));
  });
});
