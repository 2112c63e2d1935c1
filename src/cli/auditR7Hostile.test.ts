/**
 * Seventh audit: attacks on the built CLI and its servers that held, kept as tests (findings:
 * /work/coord/audit.md, R7-n).
 * - Terminal escapes, every command: a log with OSC 52 (clipboard), OSC 0 (title), CSI (clear),
 *   8-bit C1, CR, backspace, DEL and bidi overrides in every field a command may print (event
 *   type, title, provider, model, tool names and call ids, errors, texts, a torn line, invalid
 *   UTF-8), under a file name holding the same: check, stats, derive, search, diff, compare,
 *   export (otlp, jsonl, --redact), index and query, text and --json, print no control raw.
 * - `seqscope open`'s server over raw sockets: request lines in absolute form (another host's or
 *   its own) and `*` serve nothing; loopback aliases a browser could be pointed at ([::ffff:
 *   127.0.0.1], the long IPv6 spelling, 127.1, decimal and hex IPv4) are misdirected (421); a
 *   lower-case method, a 100 KB header and 300 idle half-sent requests do not stop it serving.
 * - Range: several, overlapping, suffix, negative, non-decimal and 30-digit ranges are either the
 *   whole file (200) or 416, never a slice of the wrong bytes.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server';
import { ensureBuiltCli, runCli } from './testSupport';

const dir = mkdtempSync(join(tmpdir(), 'seqscope-audit-r7-'));
beforeAll(ensureBuiltCli, 60_000);

/** Controls a log could use against a terminal: clipboard, title, clear (7- and 8-bit), CR, bidi. */
const E =
  '\u001b]52;c;cHduZWQ=\u0007\u001b]0;PWNED\u0007\u001b[2J\u009b2J\u009d0;t\u009c\r\b\u007f\u202eRLO\u2066';
/** What must never reach a terminal raw (newline and tab are fine). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

function escapesLog(): Buffer {
  const events: [string, unknown, Record<string, unknown>?][] = [
    ['session/title', { title: E }],
    [
      'request/header',
      {
        header: {
          config: { provider: `openai${E}`, model: `gpt${E}` },
          system: E,
          tools: [{ name: `t${E}`, description: E }],
        },
        reason: E,
      },
    ],
    ['request/context', { provider: E, model: E, contextWindow: 1000 }],
    ['turn/start', { turn: 1 }],
    ['step/start', { turn: 1, step: 1 }],
    ['user/message', { role: 'user', content: [{ type: 'text', text: `hi${E}` }] }, { surfaceOp: 'append' }],
    ['assistant/chunk', { turn: 1, step: 1, chunk: { type: 'text-delta', index: 0, text: E } }],
    [
      'assistant/chunk',
      {
        turn: 1,
        step: 1,
        chunk: { type: 'tool-call-delta', index: 1, id: `c${E}`, name: `n${E}`, argumentsDelta: E },
      },
    ],
    [
      'assistant/chunk',
      {
        turn: 1,
        step: 1,
        chunk: { type: 'finish', reason: { kind: 'error', failure: { message: E, code: E } } },
      },
    ],
    [
      'assistant/message',
      {
        turn: 1,
        step: 1,
        message: {
          role: 'assistant',
          content: [
            { type: 'text', text: E },
            { type: 'reasoning', text: E },
            { type: 'tool-call', id: `c${E}`, name: `n${E}`, arguments: E },
          ],
          source: { kind: 'model', provider: `p${E}`, model: `m${E}` },
        },
        usage: { inputTokens: 1, outputTokens: 2 },
      },
      { surfaceOp: 'append' },
    ],
    ['tool/call', { turn: 1, step: 1, callId: `c${E}`, name: `n${E}`, arguments: E }],
    [
      'tool/result',
      {
        turn: 1,
        step: 1,
        message: {
          role: 'tool',
          toolCallId: `c${E}`,
          toolName: `n${E}`,
          content: [{ type: 'text', text: E }],
          isError: true,
        },
        error: { name: E, code: E },
      },
      { surfaceOp: 'append', sourceEventSeqs: [10] },
    ],
    [`weird/${E}`, { x: E }],
    ['user/message', { role: E, content: E, source: { kind: 'plugin', plugin: E } }, { surfaceOp: E }],
    ['step/end', { turn: 1, step: 1 }],
    ['llm/retry', { error: { message: E, code: E } }],
    ['turn/end', { turn: 1, reason: { kind: 'error', error: { message: E, code: E } } }],
    ['turn/end', { turn: 1, reason: { kind: E } }],
  ];
  const lines = events.map(([type, data, extra], seq) =>
    JSON.stringify({ type, seq, time: 1_755_000_000_000 + seq, data, ...extra }),
  );
  return Buffer.concat([
    Buffer.from(`${lines.join('\n')}\nnot json ${E}\n`),
    Buffer.from([0xff, 0xfe, 0x1b, 0x5b, 0x33, 0x31, 0x6d, 0x9b, 0x32, 0x4a, 0x0a]), // invalid UTF-8, raw ESC
  ]);
}

describe('terminal escapes in every CLI output', () => {
  it('no command prints a control character of the log raw, on stdout or stderr, text or --json', () => {
    const logs = join(dir, 'logs');
    const file = join(logs, `n${E}.jsonl`);
    const plain = join(logs, 'esc.jsonl');
    mkdirSync(logs, { recursive: true });
    writeFileSync(file, escapesLog());
    writeFileSync(plain, escapesLog());
    const index = join(dir, 'index');
    const runs: [string, string[]][] = [];
    for (const f of [file, plain]) {
      runs.push(
        ['check', ['check', f]],
        ['check --json', ['check', f, '--json']],
        ['stats', ['stats', f]],
        ['stats --json', ['stats', f, '--json']],
        ['derive', ['derive', f, '--at', '5', '--at', '17', '--with-request']],
        ['derive --resume', ['derive', f, '--resume']],
        ['search', ['search', f, 'PWNED']],
        ['search --json', ['search', f, 'PWNED', '--json']],
        ['diff', ['diff', f, '--from', '3', '--to', '17']],
        ['compare', ['compare', f, plain]],
        ['export otlp', ['export', f, '--format', 'otlp', '--content']],
        ['export jsonl', ['export', f, '--format', 'jsonl']],
        ['export --redact', ['export', f, '--format', 'jsonl', '--redact']],
      );
    }
    runs.push(
      ['missing file', ['check', join(logs, `no${E}such.jsonl`)]],
      ['index', ['index', logs, '--out', index]],
      ['index --json', ['index', logs, '--out', `${index}2`, '--json']],
      ['query', ['query', index, 'select title, model, path from sessions']],
      ['query --json', ['query', index, 'select title, model, path from sessions', '--json']],
    );
    let printedPayload = false;
    for (const [name, args] of runs) {
      const r = runCli(args);
      expect(r.code, `${name}: ${r.err}`).not.toBeNull();
      if (name.startsWith('export')) {
        // an export's data redirected (a pipe here) is the file --out writes (audit R12-L4);
        // on a terminal it is escaped (auditR5Hostile.test.ts)
        const copy = join(dir, 'export-copy');
        // OTLP spans miss the log's line that is not JSON: partial, exit 1 (audit R16-L3)
        expect(runCli([...args, '--out', copy]).code, name).toBe(name === 'export otlp' ? 1 : 0);
        expect(r.out, `${name} stdout`).toBe(readFileSync(copy, 'utf8'));
      } else expect(RAW_CONTROL.exec(r.out)?.[0], `${name} stdout`).toBeUndefined();
      expect(RAW_CONTROL.exec(r.err)?.[0], `${name} stderr`).toBeUndefined();
      // the payload is shown, escaped (not dropped): \u001b spelled out
      if (/\\u001b\]52/.test(r.out) || /\\u001b\]52/.test(r.err)) printedPayload = true;
    }
    expect(printedPayload).toBe(true);
  }, 180_000);
});

/** One raw HTTP exchange: the request bytes exactly as written; the answer as text (latin1). */
function raw(port: number, request: string, waitMs = 1500): Promise<string> {
  return new Promise((done) => {
    const s = connect(port, '127.0.0.1');
    let got = '';
    s.on('data', (d: Buffer) => (got += d.toString('latin1')));
    s.on('error', () => done(got));
    s.on('close', () => done(got));
    s.write(request);
    setTimeout(() => s.destroy(), waitMs).unref();
  });
}

const status = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
const body = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4);

describe("seqscope open's server over raw sockets", () => {
  const LOG = '{"type":"turn/start","seq":0,"time":1,"data":{"turn":1,"marker":"LOG-BYTES-0123456789"}}\n';
  let server: RunningServer;
  let logPath: string;
  let host: string;
  beforeAll(async () => {
    const file = join(dir, 'served.jsonl');
    writeFileSync(file, LOG);
    const dist = join(dir, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    server = await startServer({ file, distDir: dist, port: 0, host: '127.0.0.1', watch: false });
    logPath = new URL(server.logUrl).pathname;
    host = `127.0.0.1:${server.port}`;
  });
  afterAll(() => server.close());

  it('absolute-form request lines and `*` serve nothing, whatever host they name', async () => {
    for (const target of [
      `http://evil.example${logPath}`,
      `http://evil.example:${server.port}${logPath}`,
      `http://${host}${logPath}`,
      `//evil.example${logPath}`,
      '*',
    ]) {
      const a = await raw(
        server.port,
        `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(status(a), target).toBeGreaterThanOrEqual(400);
      expect(a, target).not.toContain('LOG-BYTES');
    }
  });

  it('loopback aliases and padded or doubled names are misdirected (421), on every route', async () => {
    const p = server.port;
    for (const h of [
      `[0:0:0:0:0:0:0:1]:${p}`,
      `[::ffff:127.0.0.1]:${p}`,
      `[::ffff:7f00:1]:${p}`,
      `127.1:${p}`,
      `2130706433:${p}`,
      `0x7f.0.0.1:${p}`,
      `0177.0.0.1:${p}`,
      `127.0.0.1.:${p}`,
      `127.0.0.1:0${p}`,
      `127.0.0.1:${p}:${p}`,
      `localhost:${p}@evil.example`,
      `evil.localhost:${p}`,
      `127.0.0.1:${p}.evil.example`,
    ])
      for (const path of [logPath, `${logPath}/events`, '/']) {
        const a = await raw(p, `GET ${path} HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`);
        expect(status(a), `${h} ${path}`).toBe(421);
        expect(a).not.toContain('LOG-BYTES');
      }
  });

  it('two Host headers are a bad request (400), whichever comes first (audit R19-6: the first was served)', async () => {
    const p = server.port;
    for (const [first, second] of [
      [host, 'evil.example'],
      ['evil.example', host],
      [host, host],
      [host, `localhost:${p}`],
    ])
      for (const path of [logPath, `${logPath}/events`, '/']) {
        const a = await raw(
          p,
          `GET ${path} HTTP/1.1\r\nHost: ${first}\r\nhost: ${second}\r\nConnection: close\r\n\r\n`,
        );
        expect(status(a), `${first} ${second} ${path}`).toBe(400);
        expect(a).not.toContain('LOG-BYTES');
      }
    const one = await raw(p, `GET ${logPath} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(one).toContain('LOG-BYTES');
  });

  it('a lower-case method, a 100 KB header and 300 half-sent requests leave it serving', async () => {
    const lower = await raw(
      server.port,
      `get ${logPath} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    );
    expect(lower).not.toContain('LOG-BYTES');
    const big = await raw(
      server.port,
      `GET ${logPath} HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'a'.repeat(100_000)}\r\nConnection: close\r\n\r\n`,
    );
    expect(big).not.toContain('LOG-BYTES');
    const idle = Array.from({ length: 300 }, () => {
      const s = connect(server.port, '127.0.0.1');
      s.on('error', () => {});
      s.write(`GET / HTTP/1.1\r\nHost: ${host}\r\n`);
      return s;
    });
    try {
      const a = await raw(
        server.port,
        `GET ${logPath} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(status(a)).toBe(200);
      expect(body(a)).toBe(LOG);
    } finally {
      for (const s of idle) s.destroy();
    }
  }, 30_000);

  it('odd Range headers give the whole file or 416, never the wrong bytes', async () => {
    const cases: [string, number, string | null][] = [
      ['bytes=0-0,1-1', 200, LOG],
      ['bytes=0-10,0-10,0-10', 200, LOG],
      ['bytes=5-9,0-4', 200, LOG],
      ['bytes=-5', 200, LOG],
      ['bytes=-0', 200, LOG],
      ['bytes=-1-2', 200, LOG],
      ['bytes=0x1-2', 200, LOG],
      ['bytes=1e3-', 200, LOG],
      ['BYTES=0-1', 200, LOG],
      ['items=0-1', 200, LOG],
      ['bytes=99999999999999999999-', 416, null],
      ['bytes=9007199254740993-', 416, null],
      ['bytes=1-0', 416, null],
      ['bytes=0-999999999999999999999999999999', 206, LOG],
      ['bytes=000000000000000000000000000001-2', 206, LOG.slice(1, 3)],
    ];
    for (const [range, want, bytes] of cases) {
      const a = await raw(
        server.port,
        `GET ${logPath} HTTP/1.1\r\nHost: ${host}\r\nRange: ${range}\r\nConnection: close\r\n\r\n`,
      );
      expect(status(a), range).toBe(want);
      expect(a, range).not.toMatch(/multipart\/byteranges/i);
      if (bytes !== null) expect(body(a), range).toBe(bytes);
    }
  });
});
