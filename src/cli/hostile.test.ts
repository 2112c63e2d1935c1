/** The built CLI against hostile input: decompression bombs, endless lines, terminal escapes. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { loadLogFromText } from '../core/log/load';
import { SECRETS, secretsLog } from '../core/testing/secretsLog';
import { endlessLine, gzipBomb, zstdRleBomb } from '../core/testing/hostileInputs';
import { parseSize } from './limitArgs';
import { ROOT, ensureBuiltCli, runCli } from './testSupport';

const dir = mkdtempSync(join(tmpdir(), 'seqscope-hostile-'));
const GiB = 1024 ** 3;

beforeAll(ensureBuiltCli, 60_000);

describe('decompression bombs and endless lines', () => {
  it('stats on a 15 MB gzip expanding to 4 GiB: stops at the ratio limit, prints the stats and why', () => {
    const file = join(dir, 'bomb.jsonl.gz');
    const bomb = gzipBomb(4 * GiB);
    writeFileSync(file, bomb);
    // a 512 MB heap: reading the whole bomb (as before the limits) could never fit
    const r = runCli(['stats', file], { nodeArgs: ['--max-old-space-size=512'] });
    expect(r.code).toBe(0);
    const events = Number(/^events\s+(\d+)$/m.exec(r.out)?.[1]);
    expect(events).toBeGreaterThan(500_000);
    expect(events).toBeLessThan(1_000_000);
    expect(r.err).toMatch(
      /^seqscope: warning: Stopped reading: the input expands more than 100:1, which real logs never do \(a decompression bomb\?\)\. Everything before line \d+ is loaded \(read [\d.]+ KiB of the compressed input, [\d.]+ MiB decoded\); the rest was refused\. To read it anyway, rerun with --no-limits/,
    );
    // check names it as an error
    const check = runCli(['check', file, '--json'], { nodeArgs: ['--max-old-space-size=512'] });
    expect(check.code).toBe(1);
    const diags = (JSON.parse(check.out) as { diagnostics: { code: string }[] }).diagnostics;
    expect(diags.map((d) => d.code)).toContain('read-limit');
  }, 120_000);

  it('a gzip of one 60 MB line of {} (30x its size once parsed): refused at once with why, under a 512 MB heap', () => {
    // audit R5-9: a 1.5 MB gzip under the ratio cap killed the worker; stats ran out of heap
    const file = join(dir, 'wide.jsonl.gz');
    const head = '{"type":"turn/start","seq":0,"time":1755000000000,"data":{"turn":1}}\n';
    const wide = `{"type":"x/pad","seq":1,"time":1755000000001,"data":{"pad":[${'{},'.repeat(20_000_000)}{}]}}\n`;
    writeFileSync(file, gzipSync(head + wide));
    const r = runCli(['stats', file], { nodeArgs: ['--max-old-space-size=512'] });
    expect(r.code).toBe(0);
    expect(/^events\s+(\d+)$/m.exec(r.out)?.[1]).toBe('1');
    expect(r.err).toMatch(
      /^seqscope: warning: Stopped reading: line 2 holds more than [\d,]+ objects and arrays, too many to parse safely/,
    );
  }, 120_000);

  it('a zstd bomb, and the limits given on the command line', () => {
    const file = join(dir, 'bomb.jsonl.zst');
    writeFileSync(file, zstdRleBomb(GiB, 0x61)); // one endless line of 'a'
    const line = runCli(['check', file, '--max-line', '1M']);
    expect(line.out).toMatch(
      /read-limit {2}line 1 {2}Stopped reading: line 1 is longer than 1.0 MiB, the line limit/,
    );
    const size = runCli(['check', file, '--max-size=2M', '--max-line=1G', '--max-ratio', '1000000']);
    expect(size.out).toMatch(/the decoded log passed 2.0 MiB, the size limit/);
    expect(runCli(['check', file, '--max-size', 'lots']).err).toBe(
      'seqscope: --max-size needs a size like 512M or 2G, got lots\n',
    );
    expect(runCli(['check', file, '--max-ratio', '0']).code).toBe(2);
  }, 60_000);

  it('an endless line on standard input: reading stops and the process ends', () => {
    const input = Buffer.concat([
      ...endlessLine('{"type":"session","version":0,"id":"x"}\n', 1 << 20, 40 << 20),
    ]);
    const r = runCli(['check', '-', '--max-line', '4M'], { input });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/line 2 is longer than 4.0 MiB/);
  }, 60_000);

  it('parseSize', () => {
    expect(parseSize('512')).toBe(512);
    expect(parseSize('4k')).toBe(4096);
    expect(parseSize('1.5G')).toBe(1.5 * GiB);
    expect(parseSize('2MiB')).toBe(2 * 1024 * 1024);
    expect(parseSize('0')).toBeUndefined();
    expect(parseSize('-1')).toBeUndefined();
    expect(parseSize('1x')).toBeUndefined();
  });
});

/** Control characters a terminal may act on (newline and tab are the output's own). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('terminal escape injection', () => {
  const ESC = '\u001b';
  const OSC52 = `${ESC}]52;c;cm0gLXJmIH4=\u0007`; // writes "rm -rf ~" to the clipboard
  const CLEAR = `${ESC}[2J${ESC}[H`;
  const TITLE = `${ESC}]0;owned\u0007`;
  const C1_CSI = '\u009b31m';
  // The fixture with control sequences in a tool-call id, an event type and a user's text
  // (JSON.stringify writes them as JSON escapes: the log is valid JSON).
  const hostile = readFileSync(join(ROOT, 'fixtures/diagnostics/tool-call-without-result.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const ev = JSON.parse(line.replaceAll('call_1', 'CALL')) as Record<string, unknown>;
      const text = JSON.stringify(ev)
        .replaceAll('CALL', JSON.stringify(`call_1${OSC52}`).slice(1, -1))
        .replace('List the files.', JSON.stringify(`List${ESC}[8m hidden ${C1_CSI}\r\n`).slice(1, -1));
      return ev.type === 'step/end'
        ? text + '\n' + JSON.stringify({ type: `x/${CLEAR}${TITLE}\r${C1_CSI}\u202eevil`, data: {} })
        : text;
    })
    .join('\n');
  const file = join(dir, 'escapes.jsonl');
  writeFileSync(file, hostile);

  it('check, stats and derive print no control character from the log', { timeout: 60_000 }, () => {
    for (const args of [
      ['check', file],
      ['check', file, '--json'],
      ['stats', file],
      ['derive', file],
      ['derive', file, '--at', '3'],
    ]) {
      const r = runCli(args);
      expect(r.out.length, args.join(' ')).toBeGreaterThan(0);
      expect(CONTROL.test(r.out), `${args.join(' ')}: ${JSON.stringify(r.out)}`).toBe(false);
      expect(CONTROL.test(r.err), `${args.join(' ')}: ${JSON.stringify(r.err)}`).toBe(false);
    }
    const check = runCli(['check', file]).out;
    // the content is still there, spelled out
    expect(check).toContain('call_1\\u001b]52;c;cm0gLXJmIH4=\\u0007');
    expect(check).toContain('x/\\u001b[2J\\u001b[H\\u001b]0;owned\\u0007\\u000d\\u009b31m\\u202eevil');
    // one table row per diagnostic: an injected newline cannot add lines or rows
    const diags = (JSON.parse(runCli(['check', file, '--json']).out) as { diagnostics: unknown[] })
      .diagnostics;
    const lines = check.trimEnd().split('\n');
    expect(lines.filter((l) => /^(error|warning|info) /.test(l))).toHaveLength(diags.length);
    expect(lines.filter((l) => l.includes('hidden'))).toEqual([]);
    expect(lines.filter((l) => /^\d+ events: /.test(l))).toHaveLength(1);
  });

  it('JSON output stays the same JSON: the escapes are JSON escapes', { timeout: 60_000 }, () => {
    const log = loadLogFromText(hostile);
    const derived = JSON.parse(runCli(['derive', file, '--at', '3']).out) as { messages: unknown[] }[];
    expect(derived[0]?.messages).toEqual(log.messagesAt(3).messages.map((m) => m.message));
    expect(JSON.stringify(derived)).toContain(JSON.stringify(`List${ESC}[8m hidden ${C1_CSI}`).slice(1, -1));
    const checked = JSON.parse(runCli(['check', file, '--json']).out) as {
      diagnostics: { message: string }[];
    };
    expect(checked.diagnostics.map((d) => d.message).sort()).toEqual(
      log.diagnostics.items.map((d) => d.message).sort(),
    );
  });

  it('derive on a value nested 10 000 deep prints it whole', () => {
    let deep = '0';
    for (let i = 0; i < 10_000; i++) deep = `{"a":${deep}}`;
    const text = readFileSync(join(ROOT, 'fixtures/diagnostics/clean-card.jsonl'), 'utf8');
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.includes('"tool_use"'));
    expect(at).toBeGreaterThan(0);
    lines[at] = (lines[at] as string).replace(/"input":\{[^}]*\}/, `"input":${deep}`);
    expect(lines[at]).toContain(deep);
    const file = join(dir, 'deep.jsonl');
    writeFileSync(file, lines.join('\n'));
    const r = runCli(['derive', file]);
    expect(r.err, r.err).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as { messages: { content: { input?: unknown }[] }[] }[];
    const input = out[0]?.messages.flatMap((m) => m.content).find((b) => b.input !== undefined)?.input;
    let depth = 0;
    for (let v = input; typeof v === 'object' && v !== null; v = (v as { a: unknown }).a) depth++;
    expect(depth).toBe(10_000);
  }, 60_000);
});

describe('seqscope export --format jsonl --redact', () => {
  it('masks a gzip input, reports the counts, and the copy checks like the original', () => {
    const original = secretsLog(readFileSync(join(ROOT, 'fixtures/diagnostics/clean.jsonl'), 'utf8'));
    const file = join(dir, 'secrets.jsonl.gz');
    writeFileSync(file, gzipSync(original));
    const out = join(dir, 'redacted.jsonl');
    const r = runCli([
      'export',
      file,
      '--format',
      'jsonl',
      '--redact',
      '--redact-pattern',
      'PROJECT-[A-Z]+-\\d+',
      '--out',
      out,
    ]);
    expect(r.err).toMatch(/^seqscope: redacted \d+ values \(api-key 4, .*custom 1.*\) in \d+ lines\n$/);
    expect(r.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret.slice(-8));
    const check = (f: string) =>
      JSON.parse(runCli(['check', f, '--json']).out) as { events: number; diagnostics: { code: string }[] };
    const plain = join(dir, 'secrets.jsonl');
    writeFileSync(plain, original);
    const a = check(plain);
    const b = check(out);
    expect(b.events).toBe(a.events);
    expect(b.diagnostics.map((d) => d.code)).toEqual(a.diagnostics.map((d) => d.code));
    // without --redact, the decoded log as it is
    expect(runCli(['export', file, '--format', 'jsonl']).out).toBe(original);
    expect(runCli(['export', file, '--format', 'jsonl', '--redact-pattern', 'x']).code).toBe(2);
    expect(runCli(['export', file, '--format', 'jsonl', '--redact', '--redact-pattern', '(']).err).toMatch(
      /^seqscope: --redact-pattern \(: /,
    );
  }, 60_000);

  it('reads standard input too (plain or gzip): the same copy as from the file', () => {
    const original = secretsLog(readFileSync(join(ROOT, 'fixtures/diagnostics/clean.jsonl'), 'utf8'));
    const plain = join(dir, 'secrets-stdin.jsonl');
    writeFileSync(plain, original);
    const fromFile = runCli(['export', plain, '--format', 'jsonl', '--redact']);
    expect(fromFile.code).toBe(0);
    for (const input of [Buffer.from(original), gzipSync(original)]) {
      const r = runCli(['export', '-', '--format', 'jsonl', '--redact'], { input });
      expect(r.code, r.err).toBe(0);
      expect(r.err).toBe(fromFile.err);
      expect(r.out).toBe(fromFile.out);
      // every well-known shape is masked (`mine` needs its --redact-pattern)
      for (const [kind, secret] of Object.entries(SECRETS))
        if (kind !== 'mine') expect(r.out).not.toContain(secret.slice(-8));
    }
  }, 60_000);

  it('a pattern needing a search to the end per match (`a*c|a`) on 200 000 `a`s: bounded, the rest masked, and said', () => {
    // without a work budget: one search per `a`, each to the end (2 * 10^10 characters)
    const file = join(dir, 'a-run.jsonl');
    const message = {
      type: 'user/message',
      seq: 0,
      time: 1,
      data: { turn: 1, content: `${'a'.repeat(200_000)} end` },
    };
    writeFileSync(
      file,
      `{"type":"session","version":0,"id":"a","createdAt":0}\n${JSON.stringify(message)}\n`,
    );
    const r = runCli(['export', file, '--format', 'jsonl', '--redact', '--redact-pattern', 'a*c|a']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(
      /; pattern `a\*c\|a` needed too much work on 1 value; its rest was masked whole[;\n]/,
    );
    // the log's own words the pattern matches (`data`, `createdAt`...) are kept, and said so
    expect(r.err).toMatch(
      /; \d+ of the log's own words \(keys, event types, roles\) matched a pattern and were kept/,
    );
    expect(r.out).toContain('"type":"session"');
    const line = r.out.split('\n')[1] ?? '';
    expect(line).toHaveLength(JSON.stringify(message).length);
    expect(line).not.toMatch(/aa| end/);
  }, 60_000);
});
