/**
 * Fifth audit: attacks on the built CLI that held, kept as tests (findings: /work/coord/audit.md).
 * - Terminal control characters (C0, C1 such as U+009B CSI, OSC 52 clipboard writes, bidi
 *   overrides) in every field of a log never reach the terminal raw, from any command that
 *   prints log text: search, diff, compare, export, and `query` over an index of it.
 * - An Inspect AI log with values thousands of levels deep in every kind of field (objects,
 *   arrays, both mixed, 500 siblings just past the cut) loads with every event and a note.
 * - `index` over a folder with hostile names (invalid UTF-8, a path too long to open,
 *   terminal escapes in a name) and a 20 GiB sparse file: the good logs are indexed.
 * - `serve`'s /files/ through symlinks the third audit's fix did not name: a chain of links
 *   ending at .env, a folder link into .git, a link into the index folder, a link to /etc/passwd,
 *   a dot file reached by `..%2f`: none served, the folder's own log is.
 */
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { nestedArray, nestedObject } from '../core/testing/nestedJson';
import { startLibraryServer } from './index/serve';
import { ensureBuiltCli, runCli, runCliAsync, runCliOnTerminal } from './testSupport';

const dir = mkdtempSync(join(tmpdir(), 'seqscope-audit-r5-'));
beforeAll(ensureBuiltCli, 60_000);

/** Every terminal control a log could smuggle: OSC 52 (clipboard), clear screen, title, 8-bit CSI, RTL override. */
const EVIL = '\u001b]52;c;cHduZWQ=\u0007\u001b[2J\u001b]0;TITLE\u0007\u009b31m\u202e';

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

/** A log with EVIL in its event types, ids, names, roles, texts, reasons, provider and model. */
function evilLog(): string {
  const t0 = 1_755_000_000_000;
  const ev = (seq: number, type: string, data: unknown, extra: object = {}) =>
    JSON.stringify({ type, seq, time: t0 + seq, data, ...extra });
  const step = { turn: 1, step: 1 };
  const call = { type: 'tool-call', id: `call${EVIL}`, name: `tool${EVIL}`, arguments: `{"a":"${EVIL}"}` };
  const lines = [
    ev(0, `session/start${EVIL}`, { sessionId: `sid${EVIL}`, title: `t${EVIL}` }),
    ev(1, 'turn/start', { turn: 1 }),
    ev(
      2,
      'user/message',
      { role: 'user', content: [{ type: 'text', text: `hi${EVIL}` }], source: { kind: 'user' } },
      { surfaceOp: 'append' },
    ),
    ev(3, 'step/start', step),
    ev(4, 'assistant/chunk', {
      ...step,
      chunk: { type: 'tool-call-delta', index: 0, id: call.id, name: call.name, argumentsDelta: '{}' },
    }),
    ev(5, 'assistant/chunk', {
      ...step,
      chunk: {
        type: 'finish',
        reason: { kind: `error${EVIL}`, failure: { code: `c${EVIL}`, message: `m${EVIL}` } },
      },
    }),
    ev(
      6,
      'assistant/message',
      {
        ...step,
        message: {
          role: 'assistant',
          content: [call],
          source: { kind: 'model', provider: `prov${EVIL}`, model: `model${EVIL}` },
        },
        usage: { inputTokens: 1, outputTokens: 1 },
      },
      { surfaceOp: 'append' },
    ),
    ev(7, 'tool/result', {
      ...step,
      message: { role: 'tool', toolName: `tool${EVIL}`, content: `r${EVIL}`, isError: true },
    }),
    ev(8, 'step/end', step),
    ev(9, 'turn/end', { turn: 1, reason: { kind: `completed${EVIL}` } }),
    ev(10, `x/${EVIL}`, {}),
    `not json${EVIL}`,
  ];
  return `${lines.join('\n')}\n`;
}

describe('terminal control characters from a log', () => {
  it('reach no command output raw: search, diff, compare, export (jsonl redacted, OTLP), their --json', () => {
    const file = join(dir, 'evil.jsonl');
    writeFileSync(file, evilLog());
    const runs: [string, string[], RegExp][] = [
      ['search', ['search', file, 'hi'], /1 event match/],
      ['search --json', ['search', file, 'hi', '--json'], /"seq":\s*2/],
      ['diff', ['diff', file, '--from', '0', '--to', '9'], /messages from seq 0 to seq 9/],
      ['diff --json', ['diff', file, '--from', '0', '--to', '9', '--json'], /"from":\s*0/],
      ['compare', ['compare', file, file], /step/i],
      ['export jsonl --redact', ['export', file, '--format', 'jsonl', '--redact'], /"seq":6/],
      ['export otlp', ['export', file, '--format', 'otlp', '--content'], /resourceSpans/],
    ];
    for (const [name, args, shows] of runs) {
      const r = runCli(args);
      expect(r.out + r.err, name).toMatch(shows);
      if (name.startsWith('export')) {
        // an export's data redirected (a pipe here, no terminal) is the file --out writes (audit R12-L4)
        const copy = join(dir, 'evil-copy');
        // OTLP spans miss the log's line that is not JSON: partial, exit 1 (audit R16-L3)
        expect(runCli([...args, '--out', copy]).code, name).toBe(name === 'export otlp' ? 1 : 0);
        expect(r.out, `${name} stdout`).toBe(readFileSync(copy, 'utf8'));
        // on a terminal it is escaped, as all text
        const shown = runCliOnTerminal(args);
        if (shown !== undefined) expect(controls(shown), `${name} on a terminal`).toEqual([]);
      } else expect(controls(r.out), `${name} stdout`).toEqual([]);
      expect(controls(r.err), `${name} stderr`).toEqual([]);
    }
  }, 120_000);

  it('reach no output of index or query, from a log or from a file name', () => {
    const folder = join(dir, 'evil-folder');
    mkdirSync(folder);
    writeFileSync(join(folder, `name${EVIL}.jsonl`), evilLog());
    const index = runCli(['index', folder]);
    expect(index.code, index.err).toBe(0);
    expect(index.out + index.err).toMatch(/indexed 1 log/);
    expect(controls(index.out + index.err)).toEqual([]);
    const lib = join(folder, '.seqscope-index');
    for (const table of ['sessions', 'steps', 'tool_calls', 'diagnostics']) {
      const q = runCli(['query', lib, `select * from ${table}`]);
      expect(q.code, `${table}: ${q.err}`).toBe(0);
      expect(controls(q.out + q.err), table).toEqual([]);
    }
    const path = runCli(['query', lib, 'select path, model from sessions']);
    expect(path.out).toContain('\\u001b]52;c;cHduZWQ=');
  }, 120_000);
});

describe('an Inspect AI log deep in every kind of field', () => {
  const SAMPLE = '../shared/samples/other/inspect/2025-05-12T20-27-36-04-00_browser.json';
  const D = 5_000;
  const deepArray = nestedArray(D);
  const deepObject = nestedObject(D, '1', 'k');
  const mixed = `${'[{"m":'.repeat(D / 2)}1${'}]'.repeat(D / 2)}`;
  const wideAndDeep = `[${Array.from({ length: 500 }, () => nestedArray(1100, '"w"')).join(',')}]`;

  it('loads every event of the sample, the deep values cut with a note, in check, stats and derive', () => {
    type Obj = Record<string, unknown>;
    const doc = JSON.parse(readFileSync(SAMPLE, 'utf8')) as Obj & {
      eval: Obj;
      plan: Obj;
      samples: (Obj & { events: Obj[] })[];
    };
    const fill = new Map<string, string>();
    const put = (obj: Obj, key: string, value: string) => {
      const tag = `__deep${fill.size}__`;
      fill.set(tag, value);
      obj[key] = tag;
    };
    const sample = doc.samples[0]!;
    put(doc.eval, 'x_deep', deepObject);
    put(doc.eval, 'task_args', deepArray);
    put(doc.plan, 'deep', mixed);
    put(doc, 'results', deepObject);
    put(sample, 'metadata', deepArray);
    put(sample, 'scores', deepObject);
    put(sample, 'store', wideAndDeep);
    put(sample, 'target', mixed);
    sample.events.slice(0, 8).forEach((e, k) => put(e, `extra${k}`, deepArray));
    let text = JSON.stringify(doc);
    for (const [tag, value] of fill) text = text.replace(`"${tag}"`, value);
    const file = join(dir, 'deep-everywhere.json');
    writeFileSync(file, text);
    const plain = runCli(['check', SAMPLE]);
    const events = /^(\d+) events:/m.exec(plain.out)?.[1];
    expect(events).toBeDefined();

    const check = runCli(['check', file]);
    expect(check.err).not.toMatch(/internal error|Maximum call stack/);
    expect(check.out).toMatch(/import-note .*a value nested deeper than 1000 levels was cut on import/);
    expect(check.out).toMatch(new RegExp(`^${events} events:`, 'm'));
    const stats = runCli(['stats', file]);
    expect(stats.code, stats.err).toBe(0);
    expect(stats.out).toMatch(new RegExp(`^events\\s+${events}$`, 'm'));
    const derive = runCli(['derive', file]);
    expect(derive.code, derive.err).toBe(0);
    expect(JSON.parse(derive.out)).toEqual(JSON.parse(runCli(['derive', SAMPLE]).out));
  }, 180_000);
});

describe('index over a folder with hostile names', () => {
  it('indexes the good logs past an invalid UTF-8 name, a path too long to open and a 20 GiB sparse file', () => {
    const folder = join(dir, 'names');
    mkdirSync(folder);
    const good = readFileSync('../shared/samples/design-card-example.jsonl');
    writeFileSync(join(folder, 'good.jsonl'), good);
    // A name that is not UTF-8 (Linux allows any bytes but / and NUL).
    writeFileSync(
      Buffer.concat([Buffer.from(`${folder}/bad`), Buffer.from([0xff]), Buffer.from('.jsonl')]),
      good,
    );
    // Folders nested past the longest path the system opens (GNU mkdir -p walks down by chdir).
    execFileSync('mkdir', ['-p', Array.from({ length: 300 }, () => 'd'.repeat(14)).join('/')], {
      cwd: folder,
    });
    const sparse = join(folder, 'sparse.jsonl');
    writeFileSync(sparse, '');
    truncateSync(sparse, 20 * 1024 ** 3);
    const r = runCli(['index', folder, '--json']);
    expect(r.err).not.toMatch(/internal error/);
    expect(r.code, r.err).toBe(0);
    const events = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; message?: string; rows?: { sessions: number } });
    expect(events.at(-1)?.event).toBe('done');
    expect(events.filter((e) => e.event === 'warning').map((e) => e.message)).toEqual([
      expect.stringMatching(/bad\ufffd\.jsonl: no such file or folder/),
      expect.stringMatching(/ENAMETOOLONG/),
    ]);
    const paths = runCli([
      'query',
      join(folder, '.seqscope-index'),
      'select path from sessions order by path',
      '--json',
    ]);
    expect((JSON.parse(paths.out) as { path: string }[]).map((p) => p.path)).toEqual([
      join(folder, 'good.jsonl'),
      sparse,
    ]);
    expect(controls(r.err)).toEqual([]);
  }, 180_000);
});

describe('serve: symlinks that reach what must not be served', () => {
  it('a chain ending at .env, a folder link into .git, a link into the index, one out of the folder: 404', async () => {
    const root = join(dir, 'links');
    mkdirSync(join(root, '.git'), { recursive: true });
    mkdirSync(join(root, 'sub'));
    writeFileSync(join(root, 'ok.jsonl'), readFileSync('../shared/samples/design-card-example.jsonl'));
    writeFileSync(join(root, '.env'), 'SECRET=hunter2\n');
    writeFileSync(join(root, '.git/config.jsonl'), 'SECRET=in-git\n');
    symlinkSync('.git', join(root, 'gitdir'));
    symlinkSync('../.env', join(root, 'sub/env.jsonl'));
    symlinkSync('b.jsonl', join(root, 'a.jsonl'));
    symlinkSync('.env', join(root, 'b.jsonl'));
    symlinkSync('.seqscope-index/sessions.parquet', join(root, 'idx.jsonl'));
    symlinkSync('/etc/passwd', join(root, 'passwd.jsonl'));
    const index = join(root, '.seqscope-index');
    const built = await runCliAsync(['index', root, '--out', index]);
    expect(built.code, built.err).toBe(0);
    const dist = join(root, '.dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    const served = await startLibraryServer({ root, indexDir: index, distDir: dist, port: 0 });
    try {
      const base = served.url.replace(/\/\?library$/, '');
      for (const name of [
        'gitdir/config.jsonl',
        'gitdir%2fconfig.jsonl',
        'sub/env.jsonl',
        'a.jsonl',
        'b.jsonl',
        'idx.jsonl',
        'passwd.jsonl',
        'sub/..%2fb.jsonl',
      ]) {
        const res = await fetch(`${base}/files/${name}`);
        const body = await res.text();
        expect([403, 404], name).toContain(res.status);
        expect(body, name).not.toMatch(/SECRET|root:/);
      }
      expect((await fetch(`${base}/files/ok.jsonl`)).status).toBe(200);
      const lib = (await (await fetch(`${base}/api/library`)).json()) as { rows: { file: string }[] };
      expect(lib.rows.map((r) => r.file)).toEqual(['ok.jsonl']);
    } finally {
      await served.close();
    }
  }, 120_000);
});
