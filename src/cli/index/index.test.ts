/**
 * The session library as a user runs it (the built bin/seqscope.mjs): `index` over the shared
 * samples agrees with `stats --json` log by log, re-runs read only what changed, a corrupt log
 * is a row with its diagnostics, `query` prints rows or a clear SQL error.
 */
import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readmeQueries } from '../../../scripts/readme-queries';
import { ensureBuiltCli, runCli } from '../testSupport';
import { query } from './testing';
import { LIBRARY_SCHEMA_VERSION } from '../../core/library/schema';

const ROOT = resolve(__dirname, '../../..');
const SAMPLES = resolve(ROOT, '../shared/samples');
const FIX = join(ROOT, 'fixtures');

type Obj = Record<string, unknown>;

function doneEvent(out: string): Obj {
  const lines = out.trim().split('\n');
  return JSON.parse(lines[lines.length - 1] as string) as Obj;
}

/** The sessions row as --json prints it: DuckDB gives times as text, stats as epoch ms. */
function comparable(row: Obj): Obj {
  const out: Obj = { ...row };
  for (const k of ['started_at', 'ended_at']) if (out[k] !== null) out[k] = 'time';
  return out;
}

const LOGS = [
  'design-card-example.jsonl',
  'dsh/agent-instructions.jsonl',
  'dsh/compaction-recovery.stream.jsonl',
  'dsh/cordis-tool-round.jsonl',
  'dsh/pty-tools.jsonl',
  'dsh/steering.jsonl',
];

function sampleFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'seqscope-lib-'));
  for (const f of LOGS) {
    mkdirSync(join(dir, 'logs', f, '..'), { recursive: true });
    copyFileSync(join(SAMPLES, f), join(dir, 'logs', f));
  }
  copyFileSync(join(FIX, 'cli/tool-round.jsonl.gz'), join(dir, 'logs/tool-round.jsonl.gz'));
  copyFileSync(join(FIX, 'cli/tool-round.jsonl.zst'), join(dir, 'logs/tool-round.jsonl.zst'));
  writeFileSync(join(dir, 'logs/notes.txt'), 'not a log: never indexed\n');
  return dir;
}

beforeAll(ensureBuiltCli, 120_000);

describe('seqscope index', { timeout: 180_000 }, () => {
  it('writes one sessions row per log with the figures of `stats --json`, and child rows that add up', () => {
    const dir = sampleFolder();
    const r = runCli(['index', join(dir, 'logs'), '--json']);
    expect(r.code, r.err).toBe(0);
    const done = doneEvent(r.out);
    expect(done).toMatchObject({ event: 'done', total: LOGS.length + 2, done: LOGS.length + 2, skipped: 0 });
    const index = join(dir, 'logs/.seqscope-index');

    const rows = query(index, 'SELECT * FROM sessions ORDER BY path');
    expect(rows.map((x) => basename(String(x.path))).sort()).toEqual(
      [...LOGS.map((f) => basename(f)), 'tool-round.jsonl.gz', 'tool-round.jsonl.zst'].sort(),
    );
    for (const row of rows) {
      const stats = runCli(['stats', String(row.path), '--json']);
      expect(stats.code).toBe(0);
      expect(comparable(row)).toEqual(comparable(JSON.parse(stats.out) as Obj));
    }
    // The same bytes compressed two ways are two logs, with the same counts.
    const gz = rows.find((x) => String(x.path).endsWith('.gz')) as Obj;
    const zst = rows.find((x) => String(x.path).endsWith('.zst')) as Obj;
    expect([gz.compression, zst.compression]).toEqual(['gzip', 'zstd']);
    expect({ ...gz, path: 0, session_id: 0, size_bytes: 0, compression: 0 }).toEqual({
      ...zst,
      path: 0,
      session_id: 0,
      size_bytes: 0,
      compression: 0,
    });
    expect(gz).toMatchObject({ events: 20, turns: 1, steps: 2, tool_calls: 1, input_tokens: 270 });

    // steps, tool_calls and diagnostics rows per session add up to the sessions row's counts.
    const check = query(
      index,
      `SELECT s.session_id, s.steps, s.tool_calls, s.errors + s.warnings + s.infos AS diags,
              (SELECT count(*) FROM steps t WHERE t.session_id = s.session_id) AS step_rows,
              (SELECT count(*) FROM tool_calls t WHERE t.session_id = s.session_id) AS call_rows,
              (SELECT count(*) FROM diagnostics t WHERE t.session_id = s.session_id) AS diag_rows
       FROM sessions s`,
    );
    for (const c of check) {
      expect(c.step_rows).toBe(c.steps);
      expect(c.call_rows).toBe(c.tool_calls);
      expect(c.diag_rows).toBe(c.diags);
    }
    // The compaction sample: its compaction, failed attempt, model and first words.
    const compaction = rows.find((x) => String(x.path).endsWith('compaction-recovery.stream.jsonl')) as Obj;
    expect(compaction).toMatchObject({ compactions: 1, failed_attempts: 1, model: 'deepseek-v4-flash' });
    expect(String(compaction.first_user_message)).toMatch(/^Establish a durable compaction premise/);
    // The schema's name and version are in every file and in library.json.
    const kv = query(
      index,
      `SELECT key, value FROM parquet_kv_metadata('${index}/steps.parquet') ORDER BY key`,
    );
    expect(kv).toEqual([
      { key: 'schema', value: 'seqscope.library' },
      { key: 'version', value: LIBRARY_SCHEMA_VERSION },
    ]);
  });

  it("indexes other agents' logs (the shared samples' other/) as `stats --json` reads them", () => {
    const out = mkdtempSync(join(tmpdir(), 'seqscope-lib-other-'));
    const r = runCli(['index', join(SAMPLES, 'other'), '--out', out]);
    expect(r.code, r.err).toBe(0);
    const rows = query(out, 'SELECT * FROM sessions ORDER BY path');
    expect(new Set(rows.map((x) => x.format))).toEqual(
      new Set(['claude-code', 'codex', 'pi', 'inspect-eval', 'inspect-json']),
    );
    for (const row of rows) {
      const stats = runCli(['stats', String(row.path), '--json']);
      expect(stats.code).toBe(0);
      expect(comparable(row)).toEqual(comparable(JSON.parse(stats.out) as Obj));
      expect(row.resume_verdict).toBeNull();
    }
  });

  it('re-reads only logs whose size or fingerprint changed, and drops logs that are gone', () => {
    const dir = sampleFolder();
    const logs = join(dir, 'logs');
    const out = join(dir, 'lib');
    expect(runCli(['index', logs, '--out', out, '--json']).code).toBe(0);
    const before = query(out, 'SELECT path, session_id FROM sessions ORDER BY path');

    const again = doneEvent(runCli(['index', logs, '--out', out, '--json']).out);
    expect(again).toMatchObject({ total: before.length, skipped: before.length });
    expect(query(out, 'SELECT path, session_id FROM sessions ORDER BY path')).toEqual(before);

    // One log grows by an event, one disappears: one read, the rest kept as they were.
    const grown = join(logs, 'design-card-example.jsonl');
    appendFileSync(grown, '{"type":"session/title","data":{"title":"grown"}}\n');
    rmSync(join(logs, 'dsh/steering.jsonl'));
    const third = doneEvent(runCli(['index', logs, '--out', out, '--json']).out);
    expect(third).toMatchObject({ total: before.length - 1, skipped: before.length - 2 });
    const after = query(out, 'SELECT path, session_id, title, events FROM sessions ORDER BY path');
    expect(after.map((x) => x.path)).toEqual(
      before.map((x) => x.path).filter((p) => !String(p).endsWith('steering.jsonl')),
    );
    const row = after.find((x) => x.path === grown) as Obj;
    expect(row.title).toBe('grown');
    expect(row.session_id).not.toBe(before.find((x) => x.path === grown)?.session_id);
    // Child rows follow: none left for the removed log or the old version of the grown one.
    const orphans = query(
      out,
      'SELECT count(*) AS n FROM steps WHERE session_id NOT IN (SELECT session_id FROM sessions)',
    );
    expect(orphans).toEqual([{ n: 0 }]);
    // The same size with other bytes is read again (the fingerprint decides, not the size).
    const stats = JSON.parse(runCli(['stats', grown, '--json']).out) as Obj;
    writeFileSync(grown, readFileSync(grown, 'utf8').replace('"grown"', '"GROWN"'));
    const fourth = doneEvent(runCli(['index', logs, '--out', out, '--json']).out);
    expect(fourth).toMatchObject({ skipped: before.length - 2 });
    const changed = query(out, `SELECT title, size_bytes FROM sessions WHERE path = '${grown}'`);
    expect(changed).toEqual([{ title: 'GROWN', size_bytes: stats.size_bytes }]);
  });

  it('an index of an older schema version is rebuilt whole, never reused under the new columns', () => {
    const dir = sampleFolder();
    const logs = join(dir, 'logs');
    const out = join(dir, 'lib');
    expect(runCli(['index', logs, '--out', out, '--json']).code).toBe(0);
    // What 1.0 wrote: the same files without `unpriced_steps`, named 1.0 in library.json.
    const manifest = JSON.parse(readFileSync(join(out, 'library.json'), 'utf8')) as Obj;
    writeFileSync(join(out, 'library.json'), JSON.stringify({ ...manifest, version: '1.0' }));
    const again = doneEvent(runCli(['index', logs, '--out', out, '--json']).out);
    expect(again).toMatchObject({ total: LOGS.length + 2, skipped: 0 });
    const rows = query(out, 'SELECT unpriced_steps FROM sessions');
    expect(rows).toHaveLength(LOGS.length + 2);
    for (const r of rows) expect(typeof r.unpriced_steps).toBe('number');
    expect((JSON.parse(readFileSync(join(out, 'library.json'), 'utf8')) as Obj).version).toBe(
      LIBRARY_SCHEMA_VERSION,
    );
  });

  it('a corrupt or non-log file is one row with its diagnostics, never a failed run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqscope-lib-bad-'));
    copyFileSync(join(FIX, 'diagnostics/bad-compression.jsonl.gz'), join(dir, 'bad-compression.jsonl.gz'));
    writeFileSync(join(dir, 'binary.jsonl'), Buffer.from([0, 1, 2, 255, 10, 254, 0, 10]));
    copyFileSync(join(FIX, 'cli/tool-round.jsonl'), join(dir, 'fine.jsonl'));
    const r = runCli(['index', dir]);
    expect(r.code, r.err).toBe(0);
    // A binary file is refused as not text: its row says why (read_error), nothing of it is read.
    expect(r.out).toMatch(/^indexed 3 logs \(3 read, 0 unchanged, 1 unreadable\)/);
    const rows = query(dir, 'SELECT path, events, errors, read_error FROM sessions ORDER BY path');
    expect(rows.map((x) => [basename(String(x.path)), x.errors !== 0, x.read_error])).toEqual([
      ['bad-compression.jsonl.gz', true, null],
      [
        'binary.jsonl',
        false,
        'this is not a text log: 6 of its 8 bytes are binary (NUL, control or invalid UTF-8 bytes). A session log is UTF-8 JSON, one event per line.',
      ],
      ['fine.jsonl', false, null],
    ]);
    const codes = query(
      dir,
      `SELECT DISTINCT code, severity FROM diagnostics JOIN sessions USING (session_id)
       WHERE path LIKE '%bad-compression%'`,
    );
    expect(codes).toContainEqual({ code: 'bad-compression', severity: 'error' });
  });

  it('a tool result with no turn or step is a row with nulls, never a failed run for the folder', () => {
    // audit R5-5: the missing numbers were NaN by the writer and stopped `index` (and `serve`)
    const dir = mkdtempSync(join(tmpdir(), 'seqscope-lib-orphan-'));
    const orphan = {
      type: 'tool/result',
      seq: 10,
      time: 1755000000100,
      data: { callId: 'nope', content: [{ type: 'text', text: 'r' }] },
    };
    writeFileSync(
      join(dir, 'a.jsonl'),
      readFileSync(join(SAMPLES, 'design-card-example.jsonl'), 'utf8') + JSON.stringify(orphan) + '\n',
    );
    copyFileSync(join(FIX, 'cli/tool-round.jsonl'), join(dir, 'fine.jsonl'));
    const r = runCli(['index', dir]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^indexed 2 logs \(2 read, 0 unchanged, 0 unreadable\)/);
    const calls = query(
      dir,
      `SELECT turn, step FROM tool_calls JOIN sessions USING (session_id)
       WHERE path LIKE '%a.jsonl' AND result_seq = 10`,
    );
    expect(calls).toEqual([{ turn: null, step: null }]);
  });

  it('a time or a turn number past what a column holds is null; the other logs are indexed', () => {
    // audit R6-8: a time of 1e17 ms (1e20 µs) or a turn of 1e300 threw out of int64 and stopped the folder
    const dir = mkdtempSync(join(tmpdir(), 'seqscope-lib-range-'));
    const line = (o: object) => JSON.stringify(o) + '\n';
    const end = {
      type: 'turn/end',
      seq: 1,
      time: 1755000000001,
      data: { turn: 1, reason: { kind: 'stop' } },
    };
    writeFileSync(
      join(dir, 'far.jsonl'),
      line({ type: 'turn/start', seq: 0, time: 1e17, data: { turn: 1 } }) + line(end),
    );
    writeFileSync(
      join(dir, 'huge.jsonl'),
      line({ type: 'turn/start', seq: 0, time: 1e300, data: { turn: 1 } }) + line(end),
    );
    const call = { turn: 1e300, step: 1e300, callId: 'c', name: 't', arguments: '{}' };
    writeFileSync(
      join(dir, 'turns.jsonl'),
      line({ type: 'turn/start', seq: 0, time: 1755000000000, data: { turn: 1e300 } }) +
        line({ type: 'step/start', seq: 1, time: 1755000000000, data: { turn: 1e300, step: 1e300 } }) +
        line({ type: 'tool/call', seq: 2, time: 1755000000000, data: call }),
    );
    copyFileSync(join(FIX, 'cli/tool-round.jsonl'), join(dir, 'fine.jsonl'));
    const r = runCli(['index', dir]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^indexed 4 logs \(4 read, 0 unchanged, 0 unreadable\)/);
    const calls = query(
      dir,
      `SELECT turn, step FROM tool_calls JOIN sessions USING (session_id) WHERE path LIKE '%turns.jsonl'`,
    );
    expect(calls).toEqual([{ turn: null, step: null }]);
  });

  it('says what is wrong with its arguments', () => {
    expect(runCli(['index']).err).toMatch(/index needs at least one PATH/);
    expect(runCli(['index', '/no/such/folder']).code).toBe(2);
    expect(runCli(['index', '/no/such/folder']).err).toMatch(/no such file or folder/);
    expect(runCli(['index', '.', '--threads', '0']).err).toMatch(/--threads needs a positive number/);
  });
});

describe('seqscope query', { timeout: 180_000 }, () => {
  let index: string;
  beforeAll(() => {
    const dir = sampleFolder();
    index = join(dir, 'lib');
    expect(runCli(['index', join(dir, 'logs'), '--out', index]).code).toBe(0);
  });

  it('prints an aligned table, or --json rows with numbers as numbers', () => {
    const r = runCli([
      'query',
      index,
      'SELECT compression, count(*) AS logs FROM sessions GROUP BY 1 ORDER BY 1',
    ]);
    expect(r.code).toBe(0);
    expect(r.out.split('\n').map((l) => l.trimEnd())).toEqual([
      'compression  logs',
      '-----------  ----',
      'gzip            1',
      'plain           6',
      'zstd            1',
      '(3 rows)',
      '',
    ]);
    expect(query(index, 'SELECT count(*) AS n, sum(tool_calls) > 0 AS some FROM sessions')).toEqual([
      { n: 8, some: true },
    ]);
  });

  it("runs the README's three queries", () => {
    const queries = readmeQueries(ROOT);
    expect(queries.map((q) => q.title.replace(/ \(.*$/, ''))).toEqual([
      'Sessions with tool errors, and which tools failed',
      'Cost by model per day',
      'Sessions whose resume would be refused, with every reason',
    ]);
    const [toolErrors, cost] = queries.map((q) => query(index, q.sql));
    // pty-tools.jsonl has one failed terminal_signal call
    expect(toolErrors).toContainEqual(expect.objectContaining({ tool: 'terminal_signal', errors: 1 }));
    expect(cost?.every((r) => typeof r.steps === 'number')).toBe(true);
  });

  it('a bad query is a clear message and exit status 2', () => {
    const syntax = runCli(['query', index, 'SELEC 1']);
    expect(syntax.code).toBe(2);
    expect(syntax.err).toMatch(/^seqscope: SQL error: Parser Error: syntax error at or near "SELEC"/);
    const table = runCli(['query', index, 'SELECT * FROM session']);
    expect(table.code).toBe(2);
    expect(table.err).toMatch(/Table with name session does not exist/);
    expect(table.err).toMatch(/the tables are: sessions, steps, tool_calls, diagnostics/);
    const column = runCli(['query', index, 'SELECT nope FROM sessions']);
    expect(column.err).toMatch(/SQL error: Binder Error: Referenced column "nope" not found/);
    const missing = runCli(['query', join(index, 'nothing-here'), 'SELECT 1']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/no session library here/);
  });
});
