/** The built CLI (bin/seqscope.mjs) as a user runs it: output, exit codes, compressed input, stdin. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, ensureBuiltCli, runCli } from './testSupport';
import { COMMAND_USAGE } from './helpText';

const SAMPLES = resolve(ROOT, '../shared/samples');
const FIX = join(ROOT, 'fixtures/cli');

beforeAll(ensureBuiltCli, 60_000);

describe('seqscope derive', () => {
  it('prints the design card example at seqs 2, 5, 7 and 9', () => {
    const r = runCli([
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
    const plain = runCli(['derive', join(FIX, 'tool-round.jsonl')]);
    expect(plain.code).toBe(0);
    const parsed = JSON.parse(plain.out) as { seq: number; messages: { role: string; source?: unknown }[] }[];
    expect(parsed[0]?.seq).toBe(19);
    expect(parsed[0]?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(parsed[0]?.messages[1]?.source).toEqual({ kind: 'model', provider: 'acme', model: 'm-1' });
    expect(runCli(['derive', join(FIX, 'tool-round.jsonl.zst')]).out).toBe(plain.out);
    expect(runCli(['derive', join(FIX, 'tool-round.jsonl.gz')]).out).toBe(plain.out);
    expect(runCli(['derive', '-'], { input: readFileSync(join(FIX, 'tool-round.jsonl.gz')) }).out).toBe(
      plain.out,
    );
  });

  it('--with-request adds the request in force; --resume applies the harness repair', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqscope-cli-'));
    const file = join(dir, 'open.jsonl');
    const header = { config: { provider: 'p', model: 'm' }, system: 'Be brief.' };
    writeFileSync(
      file,
      [
        { type: 'session', version: 0, id: 's', createdAt: 0, cwd: '/w', delegationDepth: 0 },
        { type: 'request/header', data: { header, reason: 'initial' } },
        { type: 'turn/start', data: { turn: 1 } },
        { type: 'user/message', data: { role: 'user', content: [] }, surfaceOp: 'append' },
        { type: 'step/start', data: { turn: 1, step: 1 } },
        {
          type: 'assistant/message',
          data: {
            turn: 1,
            step: 1,
            message: {
              role: 'assistant',
              content: [{ type: 'tool-call', id: 'c1', name: 'ls', arguments: '{}' }],
            },
          },
          surfaceOp: 'append',
          sourceEventSeqs: [],
        },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n') + '\n',
    );
    const r = runCli(['derive', file, '--at', '3', '--with-request']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual([
      {
        seq: 3,
        messages: [{ role: 'user', content: [] }],
        request: { config: { provider: 'p', model: 'm' }, system: 'Be brief.', seq: 0 },
      },
    ]);
    const resumed = runCli(['derive', file, '--resume']);
    expect(resumed.code).toBe(0);
    const [entry] = JSON.parse(resumed.out) as {
      seq: number;
      messages: { role: string }[];
      synthetic: { type: string }[];
    }[];
    expect(entry?.synthetic.map((e) => e.type)).toEqual([
      'tool/result',
      'step/end',
      'turn/end',
      'session/end-seed',
    ]);
    expect(entry?.seq).toBe(8);
    expect(entry?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(runCli(['derive', file, '--resume', '--at', '2']).code).toBe(2);
    const check = runCli(['check', file]);
    expect(check.code).toBe(0);
    expect(check.out).toMatch(/^info +resume-repair +seq 4 +.*TOOL_NOT_STARTED for call c1/m);
  }, 30_000);

  it('refuses a seq beyond the log with exit 2', () => {
    const r = runCli(['derive', join(FIX, 'tool-round.jsonl'), '--at', '20']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('seqscope: seq 20 is beyond the last event (19)\n');
  });
});

describe('seqscope check', () => {
  it('exits 0 with a warning-only log and prints the table', () => {
    const r = runCli(['check', join(SAMPLES, 'design-card-example.jsonl')]);
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
    const r = runCli(['check', file, '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as {
      events: number;
      diagnostics: { code: string; severity: string; line?: number; message: string }[];
    };
    expect(report.events).toBe(20);
    expect(report.diagnostics).toHaveLength(2);
    expect(report.diagnostics[0]).toMatchObject({ code: 'bad-json', severity: 'error', line: 4 });
    // Any error is a reason for the harness to refuse to resume the log.
    expect(report.diagnostics[1]).toMatchObject({ code: 'resume-refused', severity: 'warning', line: 4 });
  });

  it('gives one clear line and exit 2 for a missing file or a directory', () => {
    const missing = runCli(['check', join(FIX, 'nope.jsonl')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(`seqscope: ${join(FIX, 'nope.jsonl')}: no such file\n`);
    const dir = runCli(['check', FIX]);
    expect(dir.code).toBe(2);
    expect(dir.err).toBe(`seqscope: ${FIX}: is a directory, not a log file\n`);
    expect(runCli(['frobnicate', FIX]).code).toBe(2);
  });
});

describe('seqscope: hostile input and closed pipes', () => {
  const tmp = () => mkdtempSync(join(tmpdir(), 'seqscope-cli-'));

  it('ends quietly when the reader of stdout goes away (| head), with no EPIPE trace', () => {
    const file = join(tmp(), 'many-bad.jsonl');
    writeFileSync(file, '{bad line\n'.repeat(20_000));
    for (const args of [
      ['check', '--json', file],
      ['check', file],
    ]) {
      const r = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" ${args.join(' ')} | head -2`], {
        encoding: 'utf8',
      });
      expect(r.stdout.split('\n')).toHaveLength(3);
      expect(r.stderr).toBe('');
    }
  });

  it('with no arguments prints the usage and exits 2; help exits 0', () => {
    const none = runCli([]);
    expect(none.code).toBe(2);
    expect(none.err).toContain('Usage:');
    expect(none.out).toBe('');
    for (const h of ['help', '--help']) {
      const r = runCli([h]);
      expect(r.code).toBe(0);
      expect(r.out).toContain('Usage:');
    }
  });

  it('<command> --help and -h print that command usage and exit 0, for every command (audit R10-L3)', () => {
    // One run per command (a run costs a second here), the three spellings taken in turn.
    const spellings = [
      (c: string) => [c, '--help'],
      (c: string) => [c, 'x.jsonl', '-h'],
      (c: string) => ['help', c],
    ];
    Object.keys(COMMAND_USAGE).forEach((command, i) => {
      const args = (spellings[i % spellings.length] as (c: string) => string[])(command);
      const r = runCli(args);
      expect({ args, code: r.code, err: r.err }).toEqual({ args, code: 0, err: '' });
      expect(r.out).toMatch(/^(Usage:|seqscope - )/);
      expect(r.out).toContain(`seqscope ${command}`);
    });
    // After a lone `--` it is an argument like any other: a search for "-h".
    const search = runCli(['search', '--json', join(FIX, 'tool-round.jsonl'), '--', '-h']);
    expect(search.code).toBe(0);
    expect(search.out).not.toContain('Usage:');
  }, 60_000);

  it('derive still prints its JSON but warns once when the file lost data', () => {
    const dir = tmp();
    const lines = readFileSync(join(FIX, 'tool-round.jsonl'), 'utf8').split('\n');
    lines.splice(3, 0, '{"type": broken', 'also not json');
    const file = join(dir, 'broken.jsonl');
    writeFileSync(file, lines.join('\n'));
    const r = runCli(['derive', file]);
    expect(r.code).toBe(0);
    expect(Array.isArray(JSON.parse(r.out))).toBe(true);
    expect(r.err).toBe(`seqscope: warning: 2 error diagnostics (run \`seqscope check ${file}\`)\n`);
    // A clean log: no warning.
    expect(runCli(['derive', join(FIX, 'tool-round.jsonl')]).err).toBe('');
  });

  it('check caps the human table, escapes control bytes and says once that a text file is no log', () => {
    const file = join(tmp(), 'garbage.txt');
    // 200 lines of text that is no JSON, with terminal escapes (ESC sequences, BEL) in every
    // line: few enough control bytes to be read as text (a binary file is refused, below).
    const bytes: number[] = [];
    for (let l = 0; l < 200; l++)
      bytes.push(
        0x1b,
        0x5b,
        0x32,
        0x4a,
        0x07,
        ...Buffer.from(` this line ${l} is plain text, not JSON`),
        0x0a,
      );
    writeFileSync(file, Buffer.from(bytes));
    const r = runCli(['check', file]);
    expect(r.code).toBe(1);
    // eslint-disable-next-line no-control-regex -- no raw control byte (but newlines) may reach the terminal
    expect(r.out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    expect(r.out).toContain('\\x1b[2J');
    const out = r.out.trimEnd().split('\n');
    expect(out.filter((l) => l.startsWith('error'))).toHaveLength(50);
    expect(out.slice(-3)).toEqual([
      '… and 150 more: bad-json 150 (use --json for all)',
      '0 events: 200 errors, 0 warnings, 0 info',
      'not a session log: none of its 200 lines parses as JSON (a binary or non-text file?)',
    ]);
    // --json keeps them all.
    const json = JSON.parse(runCli(['check', '--json', file]).out) as { diagnostics: unknown[] };
    expect(json.diagnostics).toHaveLength(200);
    // Binary noise (NUL, invalid UTF-8 in every line) is refused as not text, before any line is read.
    const bin = join(tmp(), 'garbage.bin');
    const noise: number[] = [];
    for (let l = 0; l < 200; l++)
      noise.push(0x1b, 0x5b, 0x32, 0x4a, 0x07, 0x00, 0xff, 0xfe, 0x80 + (l % 64), 0x0a);
    writeFileSync(bin, Buffer.from(noise));
    const refused = runCli(['check', bin]);
    expect(refused.code).toBe(2);
    expect(refused.out).toBe('');
    expect(refused.err).toBe(
      `seqscope: ${bin}: this is not a text log: 1000 of its 2000 bytes are binary (NUL, control or invalid UTF-8 bytes). A session log is UTF-8 JSON, one event per line.\n`,
    );
  });
});

describe('seqscope check of a file that is no log (audit R19-5)', () => {
  const tmp = () => mkdtempSync(join(tmpdir(), 'seqscope-cli-'));
  it('fails even when its one line, with no final newline, is only a torn tail (was exit 0)', () => {
    for (const text of ['<html><body>404 Not Found</body></html>', 'x']) {
      const file = join(tmp(), 'page.jsonl');
      writeFileSync(file, text);
      const r = runCli(['check', file]);
      expect(r.code).toBe(1);
      expect(r.out).toContain('warning  torn-tail');
      expect(r.out).toContain('not a session log: none of its 1 line parses as JSON');
      const json = runCli(['check', '--json', file]);
      expect(json.code).toBe(1);
      expect(JSON.parse(json.out)).toMatchObject({
        events: 0,
        notASessionLog: 'none of its 1 line parses as JSON (a binary or non-text file?)',
      });
    }
    // A log still being written (a torn last line after good ones) passes as before.
    const file = join(tmp(), 'writing.jsonl');
    writeFileSync(file, '{"type":"turn/start","seq":0,"data":{"turn":1}}\n{"type":"step/st');
    expect(runCli(['check', file]).code).toBe(0);
  });
});

describe('seqscope check of an empty file (audit R19-6)', () => {
  it('fails with "nothing to check", in text and --json, from a file or standard input', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqscope-cli-'));
    const empty = join(dir, 'empty.jsonl');
    writeFileSync(empty, '');
    for (const args of [
      ['check', empty],
      ['check', '-'],
    ]) {
      const r = runCli(args, { input: Buffer.alloc(0) });
      expect(r.code).toBe(1);
      expect(r.out).toContain('not a session log: it is empty (0 bytes): nothing to check');
      const json = runCli([...args, '--json'], { input: Buffer.alloc(0) });
      expect(json.code).toBe(1);
      expect(JSON.parse(json.out)).toMatchObject({
        events: 0,
        diagnostics: [],
        notASessionLog: 'it is empty (0 bytes): nothing to check',
      });
    }
    const blank = join(dir, 'blank.jsonl');
    writeFileSync(blank, '\n\n  \n');
    expect(runCli(['check', blank]).out).toContain('not a session log: it holds only blank lines');
    expect(runCli(['check', blank]).code).toBe(1);
  });
});

describe('seqscope compare with standard input (audit R20-6)', () => {
  it('refuses both runs from standard input (read once: B was empty) and still reads one from it', () => {
    const log = readFileSync(join(FIX, 'tool-round.jsonl'));
    const both = runCli(['compare', '-', '-'], { input: log });
    expect(both.code).toBe(2);
    expect(both.out).toBe('');
    expect(both.err).toBe(
      'seqscope: compare can read only one of A and B from standard input (-); give the other as a file\n',
    );
    const one = runCli(['compare', '-', join(FIX, 'tool-round.jsonl'), '--json'], { input: log });
    expect(one.code).toBe(0);
    expect(JSON.parse(one.out)).toMatchObject({ firstDivergence: null });
    // diff reads one log: a second - is an unexpected argument there
    expect(runCli(['diff', '-', '-', '--from', '0', '--to', '1'], { input: log }).code).toBe(2);
  });

  it('refuses standard input named twice through its device too, and a run with no events (audit R21-7)', () => {
    const log = readFileSync(join(FIX, 'tool-round.jsonl'));
    for (const pair of [
      ['-', '/dev/stdin'],
      ['/dev/stdin', '/dev/stdin'],
      ['/dev/fd/0', '-'],
    ]) {
      const r = runCli(['compare', ...pair], { input: log });
      expect(r.code, pair.join(' ')).toBe(2);
      expect(r.err).toContain('compare can read only one of A and B from standard input');
    }
    const dir = mkdtempSync(join(tmpdir(), 'seqscope-compare-empty-'));
    const empty = join(dir, 'empty.jsonl');
    writeFileSync(empty, '');
    const r = runCli(['compare', join(FIX, 'tool-round.jsonl'), empty]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toBe(`seqscope: B (${empty}) holds no events: nothing to compare\n`);
    const header = join(dir, 'header-only.jsonl');
    writeFileSync(header, '{"type":"session","version":0,"id":"h"}\n');
    expect(runCli(['compare', header, join(FIX, 'tool-round.jsonl')]).err).toContain('A (');
  });
});

describe('seqscope stats', () => {
  it('prints turns, steps, tools, tokens and wall time', () => {
    const r = runCli(['stats', join(FIX, 'tool-round.jsonl')]);
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
      'model calls': '2',
    });
    expect(JSON.parse(runCli(['stats', '--json', join(FIX, 'tool-round.jsonl')]).out)).toMatchObject({
      model_calls: 2,
    });
  });

  it('says a format that records no model calls does not record them, instead of "0"', () => {
    const pi = join(SAMPLES, 'other/pi/agentlogs-v3-branched.jsonl');
    const r = runCli(['stats', pi]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^model calls {2,}not recorded by pi coding agent session \(JSONL\)$/m);
    expect(r.out).toMatch(/^steps {2,}4$/m);
    const json = JSON.parse(runCli(['stats', '--json', pi]).out) as Record<string, unknown>;
    expect(json.model_calls).toBeNull();
    expect(json.format).toBe('pi');
  });
});

describe('seqscope open', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  });

  function setup() {
    const dir = mkdtempSync(join(tmpdir(), 'seqscope-open-'));
    const dist = join(dir, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>seqscope app</title>');
    const log = join(dir, 'session.jsonl');
    writeFileSync(log, readFileSync(join(FIX, 'tool-round.jsonl')));
    return { dir, dist, log };
  }

  /** Runs the CLI to its end without blocking the event loop (the test holds a port meanwhile). */
  function spawnAsync(args: string[]) {
    return new Promise<{ code: number | null; err: string }>((ok) => {
      const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
      children.push(child);
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('exit', (code) => ok({ code, err }));
    });
  }

  /** Starts `open` and resolves with its first stdout line (the link). */
  function start(args: string[]) {
    const env = { ...process.env };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const child = spawn(process.execPath, [BIN, 'open', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const link = new Promise<string>((ok, fail) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const nl = out.indexOf('\n');
        if (nl >= 0) ok(out.slice(0, nl));
      });
      child.on('exit', (code) => fail(new Error(`open exited ${code} before printing a link: ${err}`)));
    });
    return { child, link, exited, stderr: () => err };
  }

  it('serves the app and the log, prints the deep link, and exits 0 on SIGINT', async () => {
    const { dist, log } = setup();
    const run = start([log, '--seq', '5', '--port', '0', '--no-browser', '--dist', dist]);
    const link = await run.link;
    const m = /^http:\/\/127\.0\.0\.1:(\d+)\/\?src=([^#&]+)#seq=5$/.exec(link);
    expect(m, link).not.toBeNull();
    const port = (m as RegExpExecArray)[1] as string;
    const src = decodeURIComponent((m as RegExpExecArray)[2] as string);
    expect(src).toBe(`http://127.0.0.1:${port}/log/session.jsonl`);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('seqscope app');
    const body = await fetch(src);
    expect(body.headers.get('access-control-allow-origin')).toBeNull();
    expect(Buffer.from(await body.arrayBuffer()).equals(readFileSync(log))).toBe(true);
    expect(run.stderr()).toMatch(/serving .*session\.jsonl at http:\/\/127\.0\.0\.1:\d+\//);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  }, 30_000);

  it('adds follow=1 with --follow, omits the hash without --seq, and exits 0 on SIGTERM', async () => {
    const { dist, log } = setup();
    const run = start([log, '--follow', '--port', '0', '--no-browser', '--dist', dist]);
    const link = await run.link;
    expect(link).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/\?src=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Flog%2Fsession\.jsonl&follow=1$/,
    );
    // an open events stream must not hold the exit up
    const src = decodeURIComponent(/src=([^&]+)/.exec(link)?.[1] ?? '');
    const events = await fetch(`${src}/events`);
    const reader = (events.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!text.includes('event: hello')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
    }
    expect(text).toMatch(/event: hello\ndata: \{"size":\d+,"mtimeMs":[\d.]+,"ino":\d+\}/);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    await reader.cancel().catch(() => undefined);
  }, 30_000);

  it('exits 0 on a SIGINT right after the link', async () => {
    const { dist, log } = setup();
    const run = start([log, '--port', '0', '--no-browser', '--dist', dist]);
    await run.link;
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  }, 30_000);

  it('refuses a busy --port with exit 2', async () => {
    const { dist, log } = setup();
    const busy = createServer();
    await new Promise<void>((ok) => busy.listen(0, '127.0.0.1', ok));
    try {
      const port = (busy.address() as AddressInfo).port;
      const r = spawnAsync(['open', log, '--port', String(port), '--no-browser', '--dist', dist]);
      const { code, err } = await r;
      expect(code).toBe(2);
      expect(err).toMatch(new RegExp(`^seqscope: port ${port} is in use`));
    } finally {
      busy.close();
    }
  }, 30_000);

  it('says the app is not built, or the file is missing, with exit 2', () => {
    const { dir, log } = setup();
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    const unbuilt = runCli(['open', log, '--no-browser', '--dist', empty]);
    expect(unbuilt.code).toBe(2);
    expect(unbuilt.err).toBe('seqscope: the web app is not built: run `npm run build`\n');
    expect(unbuilt.out).toBe('');
    const missing = runCli(['open', join(dir, 'nope.jsonl'), '--no-browser']);
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(`seqscope: ${join(dir, 'nope.jsonl')}: no such file\n`);
    expect(runCli(['open', log, '--seq', 'x']).code).toBe(2);
    expect(runCli(['open']).code).toBe(2);
  });
});

describe('seqscope: parallel loading (range workers on worker_threads)', () => {
  it('a 200k-event generated log gives the same check and derive output with 0, 1 and 3 range workers', async () => {
    const { generateLogBatches } = await import('../../scripts/gen/index');
    const dir = mkdtempSync(join(tmpdir(), 'seqscope-parallel-'));
    const log = join(dir, 'big.jsonl');
    writeFileSync(log, [...generateLogBatches({ events: 200_000, seed: 5 })].join(''));
    expect(statSync(log).size).toBeGreaterThan(8 * 1024 * 1024); // large enough to be split
    const runWith = (workers: number, args: string[]) =>
      runCli(args, { env: { SEQSCOPE_WORKERS: String(workers) } });
    const commands = [
      ['check', log, '--json'],
      ['stats', log],
      // a seq near the end, one in the middle, the first
      ['derive', log, '--at', '199990', '--at', '100000', '--at', '0'],
    ];
    for (const args of commands) {
      const single = runWith(0, args);
      expect(single.err).toBe('');
      for (const workers of [1, 3])
        expect(runWith(workers, args), `${args[0]}, ${workers} workers`).toEqual(single);
    }
    // The messages near the end are the core's, from a single pass in this process.
    const { loadLogFromBytes } = await import('../core/log/load');
    const core = loadLogFromBytes(readFileSync(log)).messagesAt(199_990);
    const derived = JSON.parse(runWith(3, ['derive', log, '--at', '199990']).out) as {
      messages: unknown[];
    }[];
    expect(core.count).toBeGreaterThan(10);
    expect(derived[0]?.messages).toEqual(core.messages.map((m) => m.message));
  }, 300_000);
});
