/**
 * Sixth audit: attacks on the built CLI that held, kept as tests (findings: /work/coord/audit.md, R6-n).
 * - `export --redact`, plain and gzip: secrets cut into pieces the way a log really cuts them (one
 *   character per text delta, seven per reasoning delta, a bearer token in tool-call argument
 *   deltas of JSON, an e-mail and a key split across a packed row's texts, a key inside a JSON
 *   string inside a JSON string, a bare-string line, a torn line holding half a PEM key): not one
 *   recognisable fragment of any of them is left in the copy.
 * - `serve`'s /files/ for a `.jsonl` that is not a regular file (a folder, a Unix socket, and when
 *   the tests run as root a character device such as /dev/zero): 404, and the log is still served.
 * - The `bad-usage` warning and model names with terminal controls: check, stats and compare, text
 *   and --json, print no control character raw.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { startLibraryServer } from './index/serve';
import { SPLIT_SECRET_FRAGMENTS as FRAGMENTS, splitSecretsLog } from '../core/testing/splitSecretsLog';
import { ensureBuiltCli, runCli, runCliAsync } from './testSupport';

const dir = mkdtempSync(join(tmpdir(), 'seqscope-audit-r6-'));
beforeAll(ensureBuiltCli, 60_000);

const T0 = 1_755_000_000_000;

describe('export --redact: secrets split across deltas, packed rows and nested JSON', () => {
  it('leaves no fragment of any secret, in plain and in gzip input; the copy has every line', () => {
    const text = splitSecretsLog();
    for (const fragment of FRAGMENTS) expect(text, fragment).toContain(fragment);
    const plain = join(dir, 'split.jsonl');
    const gz = join(dir, 'split.jsonl.gz');
    writeFileSync(plain, text);
    writeFileSync(gz, gzipSync(text));
    for (const file of [plain, gz]) {
      const out = `${file}.red`;
      const r = runCli(['export', file, '--format', 'jsonl', '--redact', '--out', out]);
      expect(r.code, r.err).toBe(0);
      expect(r.err).toMatch(
        /api-key \d+, private-key \d+, jwt \d+, bearer-token \d+, email \d+, home-path \d+/,
      );
      const copy = readFileSync(out, 'utf8');
      for (const fragment of FRAGMENTS) expect(copy, `${file}: ${fragment}`).not.toContain(fragment);
      expect(copy.split('\n').length).toBe(text.split('\n').length);
      // the copy is still the log: the same events, checked like the original
      const check = runCli(['check', out, '--json']);
      expect(check.out).toMatch(/"events":\s*\d+/);
    }
  }, 120_000);
});

describe('serve: a .jsonl that is not a regular file', () => {
  it('a folder, a socket and a character device named *.jsonl get 404; the log is still served', async () => {
    const root = join(dir, 'odd');
    mkdirSync(join(root, 'dir.jsonl'), { recursive: true });
    writeFileSync(join(root, 'ok.jsonl'), readFileSync('../shared/samples/design-card-example.jsonl'));
    const socket = createServer();
    await new Promise<void>((done) => socket.listen(join(root, 'sock.jsonl'), done));
    const odd = ['dir.jsonl', 'sock.jsonl'];
    try {
      // a device needs root (mknod); /dev/zero as a log would stream forever
      execFileSync('mknod', [join(root, 'zero.jsonl'), 'c', '1', '5'], { stdio: 'ignore' });
      odd.push('zero.jsonl');
    } catch {
      // not root: the folder and the socket still run
    }
    const index = join(root, '.seqscope-index');
    const built = await runCliAsync(['index', root, '--out', index]);
    expect(built.code, built.err).toBe(0);
    const dist = join(root, '.dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    const served = await startLibraryServer({ root, indexDir: index, distDir: dist, port: 0 });
    try {
      const base = served.url.replace(/\/\?library$/, '');
      const answers = await Promise.all(
        [...odd, ...odd].map(async (name) => {
          const res = await fetch(`${base}/files/${name}`, { signal: AbortSignal.timeout(10_000) });
          return [name, res.status, (await res.arrayBuffer()).byteLength] as const;
        }),
      );
      for (const [name, status, bytes] of answers) {
        expect(status, name).toBe(404);
        expect(bytes, name).toBeLessThan(1000);
      }
      const ok = await fetch(`${base}/files/ok.jsonl`);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toBe(readFileSync('../shared/samples/design-card-example.jsonl', 'utf8'));
      const lib = (await (await fetch(`${base}/api/library`)).json()) as { rows: { file: string }[] };
      expect(lib.rows.map((r) => r.file)).toEqual(['ok.jsonl']);
    } finally {
      await served.close();
      socket.close();
    }
  }, 120_000);
});

/** Code points a terminal would act on: C0 (but newline and tab), DEL, C1, and bidi overrides. */
function controls(text: string): string[] {
  const found = new Set<string>();
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const bidi = c === 0x200f || c === 0x202d || c === 0x202e || (c >= 0x2066 && c <= 0x2069);
    if ((c < 0x20 && ch !== '\n' && ch !== '\t') || (c >= 0x7f && c <= 0x9f) || bidi)
      found.add(`U+${c.toString(16).padStart(4, '0')}`);
  }
  return [...found];
}

describe('bad usage numbers and model names carrying terminal controls', () => {
  it('check, stats and compare (text and --json) name them without printing a control raw', () => {
    const evil = '\u001b]52;c;cHduZWQ=\u0007\u001b[2J\u009b31m\u202e';
    const step = { turn: 1, step: 1 };
    const lines = [
      { type: 'turn/start', seq: 0, time: T0, data: { turn: 1 } },
      { type: 'step/start', seq: 1, time: T0 + 1, data: step },
      {
        type: 'assistant/message',
        seq: 2,
        time: T0 + 2,
        surfaceOp: 'append',
        data: {
          ...step,
          message: {
            role: 'assistant',
            content: [{ type: 'text', text: 'x' }],
            source: { kind: 'model', provider: `p${evil}`, model: `m${evil}` },
          },
          usage: { inputTokens: `1${evil}`, outputTokens: -1, [`${evil}k`]: 5, cacheReadTokens: 1e308 },
        },
      },
      { type: 'step/end', seq: 3, time: T0 + 3, data: step },
      { type: 'turn/end', seq: 4, time: T0 + 4, data: { turn: 1, reason: { kind: 'stop' } } },
    ];
    const file = join(dir, 'usage-evil.jsonl');
    writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    const runs: [string, string[], RegExp][] = [
      ['check', ['check', file], /bad-usage +seq 2 +data\.usage\.inputTokens "1\\u001b\]52/],
      ['check --json', ['check', file, '--json'], /bad-usage/],
      ['stats', ['stats', file], /turn/],
      ['stats --json', ['stats', file, '--json'], /m\\u001b/],
      ['compare', ['compare', file, file], /step/i],
      ['compare --json', ['compare', file, file, '--json'], /step/i],
    ];
    for (const [name, args, shows] of runs) {
      const r = runCli(args);
      expect(r.out + r.err, name).toMatch(shows);
      expect(controls(r.out), `${name} stdout`).toEqual([]);
      expect(controls(r.err), `${name} stderr`).toEqual([]);
    }
    // not counted: neither the 1e308 nor the negative count reaches a cost
    expect(runCli(['compare', file, file]).out).not.toMatch(/Infinity|\$-/);
  }, 120_000);
});
