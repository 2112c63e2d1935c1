/** `seqscope export`: argument checking, the otlp format, --content and --out. */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExportArgs, runExport } from './exportCommand';
import { loadLogFromText } from '../core/log/load';
import { longHistoryLog } from '../core/testing/longHistory';
import { userMessageLine } from '../core/testing/userMessageLine';

const SAMPLE = '../shared/samples/other/codex/agentlogs-crud.jsonl';

/** Runs the export in-process; stdout's writes collected (text for a terminal, `tty`, else bytes). */
async function run(argv: string[], tty = false) {
  let out = '';
  let err = '';
  const written: (string | Uint8Array)[] = [];
  const code = await runExport(
    argv,
    (s) => {
      written.push(s);
      out += typeof s === 'string' ? s : Buffer.from(s).toString('utf8');
    },
    (s) => (err += s),
    tty,
  );
  return { code, out, err, written };
}

describe('seqscope export', () => {
  it('checks its arguments: a file, a known format, and only that format\u2019s options', () => {
    expect(parseExportArgs([])).toMatch(/needs a FILE/);
    expect(parseExportArgs(['x.jsonl'])).toMatch(/needs --format \(one of otlp/);
    expect(parseExportArgs(['x.jsonl', '--format', 'nope'])).toMatch(/unknown export format nope/);
    expect(parseExportArgs(['x.jsonl', '--format=otlp', '--bogus'])).toBe(
      '--bogus is not an option of --format otlp',
    );
    const ok = parseExportArgs(['x.jsonl', '--format', 'otlp', '--content', '-o', 'out.json']);
    expect(ok).toMatchObject({ file: 'x.jsonl', format: 'otlp', out: 'out.json' });
    expect(typeof ok !== 'string' && ok.flags.has('content')).toBe(true);
  });

  it('writes OTLP/JSON traces for an imported Codex rollout, content only with --content', async () => {
    const plain = await run([SAMPLE, '--format', 'otlp']);
    expect(plain.code).toBe(0);
    const doc = JSON.parse(plain.out) as { resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[] };
    const names = doc.resourceSpans[0]?.scopeSpans[0]?.spans.map((s) => s.name) ?? [];
    expect(names.filter((n) => n.startsWith('invoke_agent'))).toHaveLength(1);
    expect(names.filter((n) => n === 'chat gpt-5.2-codex')).toHaveLength(5);
    expect(names.filter((n) => n.startsWith('execute_tool'))).toHaveLength(4);
    expect(plain.out).not.toContain('gen_ai.input.messages');
    const withContent = await run([SAMPLE, '--format', 'otlp', '--content']);
    expect(withContent.out).toContain('gen_ai.input.messages');
    expect(withContent.err).toBe('');
  });

  it('--content cuts what is past its bounds, and standard error says so (audit R22-8)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqscope-export-'));
    const input = join(dir, 'long.jsonl');
    // Three user messages of 300,000 characters: each text past MAX_CONTENT_STRING is cut.
    writeFileSync(input, longHistoryLog(3, 300_000));
    const path = join(dir, 'trace.json');
    const r = await run([input, '--format', 'otlp', '--content', '--out', path]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(
      /^seqscope: message content is cut in 3 spans: texts past 256 KiB, histories to their newest messages within 1\.0 MiB \(seqscope\.content = "truncated"\)\n$/,
    );
    const text = readFileSync(path, 'utf8');
    expect(text.length).toBeLessThan(6 * 1024 * 1024);
    const doc = JSON.parse(text) as { resourceSpans: { scopeSpans: { spans: unknown[] }[] }[] };
    expect(doc.resourceSpans[0]?.scopeSpans[0]?.spans).toHaveLength(7);
  });

  it('writes to --out, and says why with exit 2 for a missing file or a bad option', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'seqscope-export-')), 'trace.json');
    const r = await run([SAMPLE, '--format', 'otlp', '--out', path]);
    expect(r).toMatchObject({ code: 0, out: '' });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toHaveProperty('resourceSpans');
    const missing = await run(['nope.jsonl', '--format', 'otlp']);
    expect(missing.code).toBe(2);
    expect(missing.err).toBe('seqscope: nope.jsonl: no such file\n');
    const bad = await run([SAMPLE, '--format', 'otlp', '--redact']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^seqscope: --redact is not an option of --format otlp/);
  });
});

describe('seqscope export --sample', () => {
  it('picks the sample of a multi-sample Inspect AI log', async () => {
    const { strToU8, zipSync } = await import('fflate');
    const { writeFileSync } = await import('node:fs');
    const sample = (id: number, text: string) => ({
      id,
      epoch: 1,
      events: [
        {
          event: 'model',
          timestamp: '2026-01-01T00:00:00Z',
          model: 'openai/gpt-test',
          input: [{ role: 'user', content: text }],
          output: { choices: [{ message: { role: 'assistant', content: 'ok' } }] },
        },
      ],
      messages: [],
    });
    const zip = zipSync({
      'header.json': strToU8(JSON.stringify({ version: 2, eval: { eval_id: 'E', task: 't', model: 'm' } })),
      'samples/1_epoch_1.json': strToU8(JSON.stringify(sample(1, 'first'))),
      'samples/2_epoch_1.json': strToU8(JSON.stringify(sample(2, 'second'))),
    });
    const path = join(mkdtempSync(join(tmpdir(), 'seqscope-export-')), 'two.eval');
    writeFileSync(path, zip);
    const second = await run([path, '--format', 'otlp', '--sample', '2', '--content']);
    expect(second.code).toBe(0);
    expect(second.out).toContain('"stringValue":"E/2/1"');
    expect(second.out).toContain('second');
    expect(second.out).not.toContain('first');
    expect((await run([path, '--format', 'otlp', '--sample', '0'])).err).toMatch(
      /--sample needs a sample number/,
    );
  });

  it('refuses a sample the log does not hold, writing nothing (audit R18-6: was an empty log, exit 0)', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'seqscope-export-')), 'none.jsonl');
    const eval1 = '../shared/samples/other/inspect/log_message_deduplication.eval';
    const third = await run([eval1, '--format', 'jsonl', '--sample', '3', '--out', out]);
    expect(third.code).toBe(2);
    expect(third.err).toBe(
      `seqscope: ${eval1}: --sample 3: the Inspect AI log holds 1 sample (--sample 1)\n`,
    );
    expect(existsSync(out)).toBe(false);
    expect((await run([eval1, '--format', 'jsonl', '--sample', '1', '--out', out])).code).toBe(0);
    expect(readFileSync(out, 'utf8').split('\n').length).toBeGreaterThan(60);
    const native = await run([SAMPLE, '--format', 'otlp', '--sample', '2']);
    expect(native.code).toBe(2);
    expect(native.err).toMatch(
      /--sample 2: this log has no samples to choose from \(only Inspect AI logs do\)/,
    );
    expect((await run([SAMPLE, '--format', 'otlp', '--sample', '1'])).code).toBe(0);
  });
});

describe('seqscope export to standard output (audit R12-L4)', () => {
  // a log whose kept bad line holds a raw ESC (a terminal would act on it)
  const dir = mkdtempSync(join(tmpdir(), 'seqscope-export-tty-'));
  const file = join(dir, 'esc.jsonl');
  writeFileSync(
    file,
    '{"type":"session","version":0}\n{"type":"turn/start","seq":0,"data":{"turn":1}}\nnot json \u001b[2J\u001b]0;PWNED\u0007\n',
  );

  it('redirected (no terminal): the same bytes as --out FILE, raw control bytes and all', async () => {
    const path = join(dir, 'copy.jsonl');
    expect((await run([file, '--format', 'jsonl', '--out', path])).code).toBe(0);
    const piped = await run([file, '--format', 'jsonl']);
    expect(piped.code).toBe(0);
    expect(piped.written.every((w) => w instanceof Uint8Array)).toBe(true);
    expect(Buffer.concat(piped.written as Uint8Array[])).toEqual(readFileSync(path));
    expect(readFileSync(path, 'utf8')).toContain('not json \u001b[2J');
  });

  it('to a terminal: text, which the terminal guard escapes', async () => {
    const shown = await run([file, '--format', 'jsonl'], true);
    expect(shown.code).toBe(0);
    expect(shown.written.every((w) => typeof w === 'string')).toBe(true);
  });
});

describe('an export that leaves input out says so (audit R14-4)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'seqscope-export-partial-'));
  const lines = readFileSync('../shared/samples/dsh/pty-tools.jsonl', 'utf8').trimEnd().split('\n');

  it('a JSON array broken after element 5: the 5 elements are written, the unread rest is named, exit 1', async () => {
    // one comma missing after element 5: the 72 elements after it are not read
    const broken = `[\n${lines.slice(0, 5).join(',\n')}\n${lines.slice(5).join(',\n')}\n]\n`;
    const file = join(dir, 'broken.json');
    writeFileSync(file, broken);
    const unread = Buffer.byteLength(broken.slice(broken.indexOf(lines[5] as string)));
    for (const format of [['jsonl'], ['jsonl', '--redact'], ['otlp']]) {
      const r = await run([file, '--format', ...format]);
      expect(r.code, format.join(' ')).toBe(1);
      expect(r.err).toContain(`the export is partial: `);
      expect(r.err).toContain(
        `(${unread.toLocaleString('en-US')} bytes) of the input from line 6 on were not read`,
      );
      if (format[0] === 'jsonl') expect(r.out.trimEnd().split('\n')).toHaveLength(5);
    }
  });

  it('a JSONL log with a bad line: the copy keeps every line, nothing is said, exit 0', async () => {
    const file = join(dir, 'bad-line.jsonl');
    writeFileSync(file, [...lines.slice(0, 5), '{not json', ...lines.slice(5)].join('\n') + '\n');
    const r = await run([file, '--format', 'jsonl']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out).toBe(readFileSync(file, 'utf8'));
  });

  it('a JSONL log with bad lines as OTLP: the spans miss those lines, said, exit 1 (audit R16-L3)', async () => {
    const file = join(dir, 'bad-lines-otlp.jsonl');
    writeFileSync(
      file,
      [...lines.slice(0, 5), '{not json', '[1]', '{"x":1}', ...lines.slice(5)].join('\n') + '\n',
    );
    const r = await run([file, '--format', 'otlp']);
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      'the export is partial: 3 lines of the input are not events (skipped; the first is line 6)',
    );
    const one = join(dir, 'bad-line-otlp.jsonl');
    writeFileSync(one, [...lines.slice(0, 5), '{not json', ...lines.slice(5)].join('\n') + '\n');
    const r1 = await run([one, '--format', 'otlp']);
    expect(r1.code).toBe(1);
    expect(r1.err).toContain('the export is partial: line 6 of the input is not an event (skipped)');
    // the clean log's spans are whole
    const clean = join(dir, 'clean-otlp.jsonl');
    writeFileSync(clean, lines.join('\n') + '\n');
    expect((await run([clean, '--format', 'otlp'])).code).toBe(0);
  });

  it('an imported log with lines that are not JSON: the copy says it misses their bytes, exit 1 (audit R15-1)', async () => {
    const codex = readFileSync(SAMPLE, 'utf8').trimEnd().split('\n');
    const at = Math.floor(codex.length / 2);
    const cut = (codex[at] as string).slice(0, -1); // its closing } lost
    const file = join(dir, 'codex-cut.jsonl');
    writeFileSync(file, [...codex.slice(0, at), cut, ...codex.slice(at + 1)].join('\n') + '\n');
    for (const format of [['jsonl'], ['jsonl', '--redact'], ['otlp']]) {
      const r = await run([file, '--format', ...format]);
      expect(r.code, format.join(' ')).toBe(1);
      const bytes = Buffer.byteLength(cut).toLocaleString('en-US');
      expect(r.err).toMatch(
        new RegExp(`the export is partial: [\\d.]+ KiB \\(${bytes} bytes\\) of the input were not read`),
      );
    }
  });
});

describe('an imported log whose records are skipped: the copy says it is partial (audit R16-1, R16-3)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'seqscope-export-skipped-'));

  it('lines that are JSON but not objects ([record], a string, a number, null): exit 1, their bytes named', async () => {
    const codex = readFileSync(SAMPLE, 'utf8').trimEnd().split('\n');
    const changed = [3, 5, 7, 9];
    const shapes = [(l: string) => `[${l}]`, (l: string) => JSON.stringify(l), () => '12345', () => 'null'];
    const lines = codex.map((l, i) => {
      const k = changed.indexOf(i);
      return k < 0 ? l : (shapes[k] as (l: string) => string)(l);
    });
    const file = join(dir, 'codex-nonobj.jsonl');
    writeFileSync(file, lines.join('\n') + '\n');
    const bytes = changed.reduce((n, i) => n + Buffer.byteLength(lines[i] as string), 0);
    for (const format of [['jsonl'], ['jsonl', '--redact'], ['otlp']]) {
      const r = await run([file, '--format', ...format]);
      expect(r.code, format.join(' ')).toBe(1);
      expect(r.err).toContain(`(${bytes.toLocaleString('en-US')} bytes) of the input in 4 places`);
    }
  });

  it('a last line cut short is named with its bytes, as a native torn tail is; exit 0 (audit R16-L2)', async () => {
    const codex = readFileSync(SAMPLE, 'utf8').trimEnd().split('\n');
    const cut = (codex.at(-1) as string).slice(0, 40);
    const file = join(dir, 'codex-torn.jsonl');
    writeFileSync(file, [...codex.slice(0, -1), cut].join('\n'));
    const r = await run([file, '--format', 'jsonl']);
    expect(r.code).toBe(0);
    expect(r.err).toBe(`seqscope: the export leaves out a last line cut short: 40 B (40 bytes)\n`);
  });

  it('1,000 such lines are 1,000 places, though 20 are named and the rest counted in one note (audit R16-L1)', async () => {
    const codex = readFileSync(SAMPLE, 'utf8').trimEnd().split('\n');
    const junk = Array.from({ length: 1000 }, (_, i) => `[${i}]`);
    const file = join(dir, 'codex-1000-nonobj.jsonl');
    writeFileSync(file, [...codex, ...junk].join('\n') + '\n');
    const bytes = junk.reduce((n, l) => n + Buffer.byteLength(l), 0);
    const r = await run([file, '--format', 'jsonl']);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`(${bytes.toLocaleString('en-US')} bytes) of the input in 1,000 places`);
  });

  it('an Inspect .eval whose shown sample does not parse: exit 1, the sample\u2019s bytes in the file named', async () => {
    const { strToU8, zipSync } = await import('fflate');
    const sample = JSON.stringify({ id: 1, epoch: 1, events: [], messages: [] });
    const zip = zipSync({
      'header.json': strToU8(JSON.stringify({ version: 2, eval: { eval_id: 'E', task: 't', model: 'm' } })),
      'samples/1_epoch_1.json': strToU8(sample.slice(0, sample.length >> 1)),
    });
    const file = join(dir, 'cut.eval');
    writeFileSync(file, zip);
    for (const format of [['jsonl'], ['jsonl', '--redact'], ['otlp']]) {
      const r = await run([file, '--format', ...format]);
      expect(r.code, format.join(' ')).toBe(1);
      expect(r.err, format.join(' ')).toMatch(
        /the export is partial: [\d.]+ B \([\d,]+ bytes\) of the input were not read/,
      );
    }
  });
});

describe("a redacted copy of an imported log keeps the importer's row types (audit R15-L2)", () => {
  it('`codex`, `e` and `claude` mask content but not `codex/session_meta`: the copy checks with no unknown type', async () => {
    const types = (jsonl: string) =>
      jsonl.split('\n').flatMap((l) => /"type":"([^"]*)"/.exec(l)?.slice(1) ?? []);
    const plain = await run([SAMPLE, '--format', 'jsonl', '--redact']);
    expect(types(plain.out)).toContain('codex/session_meta');
    for (const p of ['codex', 'e', 'claude']) {
      const r = await run([SAMPLE, '--format', 'jsonl', '--redact', '--redact-pattern', p]);
      expect(r.code, p).toBe(0);
      expect(types(r.out), p).toEqual(types(plain.out));
      const after = loadLogFromText(r.out);
      expect(
        after.diagnostics.items.filter((d) => d.severity === 'error').map((d) => d.code),
        p,
      ).toEqual([]);
    }
    // content still masked: the model's name holds `codex`
    const masked = await run([SAMPLE, '--format', 'jsonl', '--redact', '--redact-pattern', 'codex']);
    expect(masked.out).not.toContain('gpt-5.2-codex');
  });
});

describe("a redacted copy masks the log's own home user in every spelling, as the app's copy does (audit R16-6)", () => {
  it('escaped slashes in a JSON string, doubled or dotted separators, a URL-encoded path: no `alice` left', async () => {
    const text = [
      JSON.stringify({ type: 'session', version: 0, id: 's', createdAt: 0, cwd: '/home/alice/proj' }),
      JSON.stringify({ type: 'turn/start', seq: 0, time: 0, data: { turn: 1 } }),
      userMessageLine(1, '{"p":"\\/home\\/alice\\/proj"}'),
      userMessageLine(2, 'see /home//alice/x and /home/./alice/x'),
      userMessageLine(3, 'open http://localhost:3000/open?path=%2Fhome%2Falice%2Fproj%2Fa.ts'),
      userMessageLine(4, 'on windows: c%3A%5CUsers%5Calice%5Cproj'),
    ].join('\n');
    const file = join(mkdtempSync(join(tmpdir(), 'seqscope-export-home-')), 'home.jsonl');
    writeFileSync(file, text + '\n');
    const r = await run([file, '--format', 'jsonl', '--redact']);
    expect(r.code).toBe(0);
    expect(r.out.split('\n')).toHaveLength(7);
    expect(r.out).not.toMatch(/alice/);
    expect(r.err).toMatch(/home-path [5-9]/);
  });
});

describe('seqscope export --format jsonl of a native log with invalid UTF-8 (audit R17-7)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'seqscope-export-utf8-'));
  const head = Buffer.from(
    '{"type":"session","version":0}\n{"type":"session/title","seq":0,"data":{"title":"a',
  );
  // a stray byte, a lead byte cut short, an encoded surrogate, and a real U+FFFD (EF BF BD) that stays one
  const bad = Buffer.from([0xff, 0x20, 0xc3, 0x20, 0xed, 0xa0, 0x80, 0x20, 0xef, 0xbf, 0xbd]);
  const file = join(dir, 'bad-utf8.jsonl');
  const bytes = Buffer.concat([head, bad, Buffer.from(' alice@example.com"}}\n')]);
  writeFileSync(file, bytes);

  it('copies the bytes exactly (was: each invalid sequence written as U+FFFD, exit 0)', async () => {
    const out = join(dir, 'copy.jsonl');
    const r = await run([file, '--format', 'jsonl', '--out', out]);
    expect(r.code).toBe(0);
    expect(Buffer.compare(readFileSync(out), bytes)).toBe(0);
    const piped = await run([file, '--format', 'jsonl']);
    expect(Buffer.compare(Buffer.concat(piped.written.map((w) => Buffer.from(w))), bytes)).toBe(0);
  });

  it('says how many sequences the redacted copy (text) writes as U+FFFD', async () => {
    const r = await run([file, '--format', 'jsonl', '--redact']);
    expect(r.code).toBe(0);
    expect(r.err).toContain(
      'seqscope: the log holds 5 invalid UTF-8 sequences: written as U+FFFD in the redacted copy\n',
    );
    expect(r.out).not.toContain('alice@example.com');
    expect(r.out.split('\ufffd')).toHaveLength(7); // 5 written + the log's own 1
  });
});
