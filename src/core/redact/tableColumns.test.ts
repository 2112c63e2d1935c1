/** A table whose header names a secret column: its rows' values masked (audit 25 L3). */
import { describe, expect, it } from 'vitest';
import { createMasker } from './rules';
import { tableColumnSecrets } from './tableColumns';

const spans = (s: string) => [...tableColumnSecrets(s)].map(([a, b]) => s.slice(a, b));

describe('a secret column named by its header', () => {
  it('markdown tables', () => {
    const md = [
      '| user | password | role |',
      '|------|:--------:|------|',
      '| admin | Hunter2Secret! | owner |',
      '| ci-bot | correct horse battery staple | deploy |',
      '| guest |  | read |',
      '',
      'Done.',
    ].join('\n');
    expect(spans(md)).toEqual(['Hunter2Secret!', 'correct horse battery staple']);
    const keys = '| Service | API Key |\n| --- | --- |\n| Stripe | rk9Xq2LmP7vT4nW8 |\n| Maps | changeme |';
    expect(spans(keys)).toEqual(['rk9Xq2LmP7vT4nW8']);
  });

  it('CSV and TSV with a header line', () => {
    const csv = 'username,email,password\nadmin,a@example.com,S3cretPass!\n"bob",b@example.com,"Zx9!kq2Lm"\n';
    expect(spans(csv)).toEqual(['S3cretPass!', 'Zx9!kq2Lm']);
    const tsv = 'name\tdb_password\nprod\tPq7vLm2xKk9T\n';
    expect(spans(tsv)).toEqual(['Pq7vLm2xKk9T']);
  });

  it('keeps tables that hold no secret column, and token counts', () => {
    expect(spans('| model | input tokens | output tokens |\n|---|---|---|\n| gpt | 1200 | 340 |')).toEqual(
      [],
    );
    // a theme's design tokens (a pi sample's docs): names, not secrets
    expect(
      spans('| Token | Purpose |\n|---|---|\n| `userMessageText` | text color |\n| syntaxPunctuation | x |'),
    ).toEqual([]);
    expect(spans('| Token | Count |\n|---|---|\n| the | 1200 |\n| cat | 34 |')).toEqual([]);
    expect(spans('| key | description |\n|---|---|\n| Enter | submits the form |')).toEqual([]);
    expect(spans('a password, a token, and a key, in prose\nnot a table, at all')).toEqual([]);
  });

  it('is masked by the masker, and stays linear on a megabyte of rows', () => {
    const m = createMasker();
    const out = m.mask('| user | password |\n|---|---|\n| admin | Hunter2Secret! |\n');
    expect(out).not.toContain('Hunter2Secret!');
    expect(out).toContain('| admin |');
    const big = `| password | x |\n|---|---|\n${'| a | b |\n'.repeat(100_000)}`;
    expect(m.mask(big)).toHaveLength(big.length);
    const heads = 'password,token\n'.repeat(70_000);
    expect(m.mask(heads)).toHaveLength(heads.length);
  });
});
