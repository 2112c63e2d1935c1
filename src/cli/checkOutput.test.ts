/**
 * `seqscope check`'s text output stays bounded whatever values the log holds: thousands of
 * distinct unknown types, type names of hundreds of kilobytes, a replace hiding tens of
 * thousands of seqs, tens of thousands of distinct turn numbers. A table of at most 50 rows,
 * each message at most MAX_DIAGNOSTIC_MESSAGE long, lists summarized ("and N more"), the rest
 * counted by code; --json still has every diagnostic.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_DIAGNOSTIC_MESSAGE } from '../core/diagnostics';
import { ensureBuiltCli, runCli } from './testSupport';

const dir = mkdtempSync(join(tmpdir(), 'seqscope-check-output-'));
const line = (o: object) => `${JSON.stringify(o)}\n`;

beforeAll(ensureBuiltCli, 60_000);

function check(name: string, text: string) {
  const file = join(dir, name);
  writeFileSync(file, text);
  const r = runCli(['check', file]);
  const rows = r.out.split('\n').filter((l) => /^(error|warning|info) /.test(l));
  return { ...r, rows, file };
}

/** Longest table row: the three short columns and the message. */
const ROW_MAX = MAX_DIAGNOSTIC_MESSAGE + 200;

describe('check output bounds', () => {
  it('20,000 distinct unknown types: the resume reason names 10 and counts the rest', () => {
    const types = Array.from({ length: 20_000 }, (_, i) => `x/${'t'.repeat(50)}${i}`);
    const r = check('types.jsonl', types.map((type, seq) => line({ type, seq, data: {} })).join(''));
    expect(r.code).toBe(1);
    expect(r.rows).toHaveLength(50);
    const refused = r.rows.find((l) => l.startsWith('warning  resume-refused'));
    expect(refused).toMatch(/\(x\/t{50}0, x\/t{50}1, .*, x\/t{50}9 and 19,990 more\)$/);
    for (const row of r.rows) expect(row.length).toBeLessThan(ROW_MAX);
    expect(r.out).toContain('… and 19,951 more: unknown-required-type 19,951 (use --json for all)');
    expect(r.out.length).toBeLessThan(50 * ROW_MAX + 1000);
    // --json has every diagnostic.
    const json = JSON.parse(runCli(['check', '--json', r.file]).out) as { diagnostics: unknown[] };
    expect(json.diagnostics).toHaveLength(20_001);
  });

  it('type names of 200 KB: each message is cut, saying how much', () => {
    const text = Array.from({ length: 60 }, (_, seq) =>
      line({ type: `x/${String(seq).padStart(3, '0')}${'n'.repeat(200_000)}`, seq, data: {} }),
    ).join('');
    const r = check('long-types.jsonl', text);
    expect(r.rows).toHaveLength(50);
    for (const row of r.rows) expect(row.length).toBeLessThan(ROW_MAX);
    expect(r.rows[0]).toMatch(/… \(199,\d{3} more characters\)$/);
    expect(r.out.length).toBeLessThan(50 * ROW_MAX + 1000);
  });

  it('a replace hiding 30,000 seqs none of its sources name: ten seqs and a count', () => {
    const n = 30_000;
    let text = line({ type: 'turn/start', seq: 0, data: { turn: 1 } });
    for (let seq = 1; seq <= n; seq++)
      text += line({
        type: 'user/message',
        seq,
        data: { role: 'user', content: [{ type: 'text', text: 'm' }] },
        surfaceOp: 'append',
      });
    text += line({
      type: 'user/message',
      seq: n + 1,
      data: { role: 'user', content: [{ type: 'text', text: 'summary' }] },
      surfaceOp: { op: 'replace', start: 1, end: n },
      sourceEventSeqs: [n],
    });
    const r = check('replace.jsonl', text);
    const row = r.rows.find((l) => l.includes('replace-provenance-missing'));
    expect(row).toContain(
      `replace 1..${n} hides seqs 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 29,989 more missing from its sourceEventSeqs; not applied`,
    );
    expect(r.out.length).toBeLessThan(10_000);
  });

  it('20,000 distinct turn numbers, none ended: 50 rows and the rest counted', () => {
    const text = Array.from({ length: 20_000 }, (_, seq) =>
      line({ type: 'turn/start', seq, data: { turn: 1e15 + seq * 7919 } }),
    ).join('');
    const r = check('turns.jsonl', text);
    expect(r.rows).toHaveLength(50);
    expect(r.out).toMatch(/… and 19,95\d more: turn-unbalanced 19,9\d\d, /);
    expect(r.out.length).toBeLessThan(50 * 300 + 1000);
  });
});
