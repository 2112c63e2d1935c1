/** The built CLI (bin/seqscope.mjs) as a user runs it: output, exit codes, compressed input, stdin. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const BIN = join(ROOT, 'bin/seqscope.mjs');
const SAMPLES = resolve(ROOT, '../shared/samples');
const FIX = join(ROOT, 'fixtures/cli');

function run(args: string[], input?: Buffer) {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

beforeAll(async () => {
  // `npm test` builds first; a lone `vitest run` builds the CLI here.
  if (!existsSync(BIN)) {
    // @ts-expect-error: a plain .mjs build script without types
    const { buildCli } = (await import('../../scripts/build-cli.mjs')) as { buildCli: () => Promise<void> };
    await buildCli();
  }
}, 60_000);

describe('seqscope derive', () => {
  it('prints the design card example at seqs 2, 5, 7 and 9', () => {
    const r = run([
      'derive',
      join(SAMPLES, 'design-card-example.jsonl'),
      '--at',
      '2',
      '--at',
      '5',
      '--at=7',
      '--at',
      '9',
    ]);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.out) as {
      seq: number;
      messages: { role: string; content: { type: string }[] }[];
    }[];
    expect(result.map((e) => e.seq)).toEqual([2, 5, 7, 9]);
    expect(result.map((e) => e.messages.map((m) => m.role))).toEqual([
      ['user'],
      ['user', 'assistant'],
      ['user', 'assistant', 'user'],
      ['user', 'assistant', 'user'],
    ]);
    expect(result[1]?.messages[1]?.content.map((b) => b.type)).toEqual(['text', 'tool_use']);
    expect(result[2]?.messages[2]?.content[0]).toEqual({
      type: 'tool-result',
      toolCallId: 'call_1',
      content: [{ type: 'text', text: 'runoob' }],
      isError: false,
    });
  });

  it('defaults to the last seq and reads .zst, .gz and stdin alike', () => {
    const plain = run(['derive', join(FIX, 'tool-round.jsonl')]);
    expect(plain.code).toBe(0);
    const parsed = JSON.parse(plain.out) as { seq: number; messages: { role: string; source?: unknown }[] }[];
    expect(parsed[0]?.seq).toBe(19);
    expect(parsed[0]?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(parsed[0]?.messages[1]?.source).toEqual({ kind: 'model', provider: 'acme', model: 'm-1' });
    expect(run(['derive', join(FIX, 'tool-round.jsonl.zst')]).out).toBe(plain.out);
    expect(run(['derive', join(FIX, 'tool-round.jsonl.gz')]).out).toBe(plain.out);
    expect(run(['derive', '-'], readFileSync(join(FIX, 'tool-round.jsonl.gz'))).out).toBe(plain.out);
  });

  it('refuses a seq beyond the log with exit 2', () => {
    const r = run(['derive', join(FIX, 'tool-round.jsonl'), '--at', '20']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('seqscope: seq 20 is beyond the last event (19)\n');
  });
});

describe('seqscope check', () => {
  it('exits 0 with a warning-only log and prints the table', () => {
    const r = run(['check', join(SAMPLES, 'design-card-example.jsonl')]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^warning +chunk-mismatch +seq 5 +/m);
    expect(r.out).toMatch(/10 events: 0 errors, 1 warning, 0 info\n$/);
  });

  it('exits 1 on error diagnostics and keeps the valid events (--json)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqscope-cli-'));
    const lines = readFileSync(join(FIX, 'tool-round.jsonl'), 'utf8').split('\n');
    lines.splice(3, 0, '{"type": broken');
    const file = join(dir, 'broken.jsonl');
    writeFileSync(file, lines.join('\n'));
    const r = run(['check', file, '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as {
      events: number;
      diagnostics: { code: string; severity: string; line?: number; message: string }[];
    };
    expect(report.events).toBe(20);
    expect(report.diagnostics).toHaveLength(1);
    expect(report.diagnostics[0]).toMatchObject({ code: 'bad-json', severity: 'error', line: 4 });
  });

  it('gives one clear line and exit 2 for a missing file or a directory', () => {
    const missing = run(['check', join(FIX, 'nope.jsonl')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(`seqscope: ${join(FIX, 'nope.jsonl')}: no such file\n`);
    const dir = run(['check', FIX]);
    expect(dir.code).toBe(2);
    expect(dir.err).toBe(`seqscope: ${FIX}: is a directory, not a log file\n`);
    expect(run(['frobnicate', FIX]).code).toBe(2);
  });
});

describe('seqscope stats', () => {
  it('prints turns, steps, tools, tokens and wall time', () => {
    const r = run(['stats', join(FIX, 'tool-round.jsonl')]);
    expect(r.code).toBe(0);
    const stats = Object.fromEntries(
      r.out
        .trim()
        .split('\n')
        .map((l) => l.split(/ {2,}/) as [string, string]),
    );
    expect(stats).toMatchObject({
      events: '20',
      turns: '1',
      steps: '2',
      'tool calls': '1',
      'input tokens': '270',
      'output tokens': '17',
      'wall time': '1.3 s',
    });
  });
});
