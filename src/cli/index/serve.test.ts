/**
 * The library server: /api/library answers from the index (sort, filters, text and tool-name
 * search), /files/ serves only log files under the folder (Range, fingerprint-checked links),
 * and every request passes the same guard as `open` (Host check).
 */
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryAnswer } from '../../core/library/routes';
import { libraryFileUrl, libraryLink } from '../../core/library/routes';
import { SKIPPED_SHOWN, startLibraryServer, type LibraryServer } from './serve';
import { SKIPPED_JSON_REASON, listLogs } from './sources';
import { ensureBuiltCli, runCliAsync } from '../testSupport';

const ROOT = resolve(__dirname, '../../..');
const SAMPLES = resolve(ROOT, '../shared/samples');

let server: LibraryServer;
let base: string;

beforeAll(async () => {
  await ensureBuiltCli();
  const dir = mkdtempSync(join(tmpdir(), 'seqscope-serve-'));
  mkdirSync(join(dir, 'runs'));
  for (const f of [
    'dsh/pty-tools.jsonl',
    'dsh/compaction-recovery.stream.jsonl',
    'design-card-example.jsonl',
  ])
    copyFileSync(join(SAMPLES, f), join(dir, 'runs', f.split('/').pop() as string));
  writeFileSync(join(dir, 'runs/.secret.jsonl'), '{}\n');
  writeFileSync(join(dir, 'notes.txt'), 'not a log\n');
  const dist = join(dir, '.dist');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  const index = join(dir, '.seqscope-index');
  const built = await runCliAsync(['index', dir, '--out', index]);
  expect(built.code, built.err).toBe(0);
  server = await startLibraryServer({ root: dir, indexDir: index, distDir: dist, port: 0 });
  base = server.url.replace(/\/\?library$/, '');
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function api(query: string): Promise<LibraryAnswer> {
  const res = await fetch(`${base}/api/library?${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return (await res.json()) as LibraryAnswer;
}

const files = (a: LibraryAnswer) => a.rows.map((r) => r.file);

describe('seqscope serve', { timeout: 60_000 }, () => {
  it('lists, sorts, filters and searches the sessions', async () => {
    const all = await api('sort=steps&order=desc');
    expect(all).toMatchObject({ schema: 'seqscope.library', version: '1.1', total: 3, offset: 0 });
    expect(files(all)).toEqual([
      'runs/pty-tools.jsonl',
      'runs/compaction-recovery.stream.jsonl',
      'runs/design-card-example.jsonl',
    ]);
    expect(all.rows[0]).toMatchObject({
      steps: 7,
      tool_calls: 6,
      tool_errors: 1,
      model: 'deepseek-v4-flash',
    });
    expect(files(await api('only=compactions'))).toEqual(['runs/compaction-recovery.stream.jsonl']);
    expect(files(await api('only=tool-errors,compactions'))).toEqual([]);
    // text: the title, the first user message, and a tool's name
    expect(files(await api('q=RUNOOB'))).toEqual(['runs/design-card-example.jsonl']);
    const tool = (await api('q=terminal_signal')).rows.map((r) => r.file);
    expect(tool).toEqual(['runs/pty-tools.jsonl']);
    // LIKE wildcards in the text are literal
    expect((await api('q=%25')).total).toBe(0);
    // paging, and a bad sort column falls back to the default instead of reaching SQL
    const page = await api('sort=steps&order=asc&limit=1&offset=1');
    expect(page).toMatchObject({ total: 3, offset: 1 });
    expect(files(page)).toEqual(['runs/compaction-recovery.stream.jsonl']);
    expect((await api('sort=steps;DROP TABLE sessions')).total).toBe(3);
  });

  it('serves a library log by its link, with ranges, and refuses a link to other bytes', async () => {
    const row = (await api('q=pty-tools')).rows[0];
    expect(row?.file).toBe('runs/pty-tools.jsonl');
    const fileUrl = libraryFileUrl(row?.file as string, row?.session_id as string);
    expect(libraryLink(row?.file as string, row?.session_id as string)).toBe(
      `/?src=${encodeURIComponent(fileUrl)}`,
    );
    const whole = await fetch(`${base}${fileUrl}`);
    expect(whole.status).toBe(200);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBe(row?.size_bytes);
    const part = await fetch(`${base}${fileUrl}`, { headers: { Range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(10, 20));
    const stale = await fetch(`${base}/files/runs/pty-tools.jsonl?fp=0123456789abcdef`);
    expect(stale.status).toBe(409);
    expect(await stale.text()).toMatch(/has changed since this link was made/);
  });

  it('serves nothing but logs under the folder', async () => {
    for (const path of [
      '/files/notes.txt',
      '/files/runs/.secret.jsonl',
      '/files/.seqscope-index/library.json',
      '/files/.seqscope-index/sessions.parquet',
      '/files/runs/nope.jsonl',
    ])
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    expect((await fetch(`${base}/files/runs%2f..%2f..%2fetc%2fpasswd.jsonl`)).status).toBe(403);
    expect((await fetch(`${base}/api/other`)).status).toBe(404);
  });

  it('answers only to its own loopback name (DNS rebinding)', async () => {
    const status = await new Promise<number>((done, fail) => {
      const u = new URL(`${base}/api/library`);
      const req = request(
        { host: u.hostname, port: u.port, path: u.pathname, headers: { Host: `evil.example:${u.port}` } },
        (res) => {
          res.resume();
          done(res.statusCode ?? 0);
        },
      );
      req.on('error', fail);
      req.end();
    });
    expect(status).toBe(421);
  });
});

describe('seqscope serve: .json files in the folder', { timeout: 120_000 }, () => {
  it('indexes an Inspect AI .json log, lists other .json files as skipped with the reason, and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqscope-serve-json-'));
    const inspect = '2025-05-12T20-27-36-04-00_browser.json';
    copyFileSync(join(SAMPLES, 'other/inspect', inspect), join(dir, inspect));
    writeFileSync(join(dir, 'package.json'), '{"name":"not-a-log","version":"1.0.0"}\n');
    const dist = join(dir, '.dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    const index = join(dir, '.seqscope-index');
    // The CLI says what it left out, and why.
    const cli = await runCliAsync(['index', dir, '--out', index]);
    expect(cli.code, cli.err).toBe(0);
    expect(cli.err).toContain(`seqscope: skipped ${join(dir, 'package.json')}: ${SKIPPED_JSON_REASON}`);
    expect(cli.out).toMatch(/^indexed 1 log/);
    const json = await runCliAsync(['index', dir, '--out', index, '--json']);
    expect(json.out.split('\n').filter((l) => l.startsWith('{"event":"skipped"'))).toEqual([
      JSON.stringify({ event: 'skipped', path: join(dir, 'package.json'), reason: SKIPPED_JSON_REASON }),
    ]);
    // What `serve` hands its server: the listing's skipped files (command.ts prints the same).
    const { skipped } = await listLogs([dir], index);
    expect(skipped).toEqual([{ path: join(dir, 'package.json'), reason: SKIPPED_JSON_REASON }]);
    const served = await startLibraryServer({
      root: dir,
      indexDir: index,
      distDir: dist,
      port: 0,
      skipped,
    });
    try {
      const root = served.url.replace(/\/\?library$/, '');
      const answer = (await (await fetch(`${root}/api/library`)).json()) as LibraryAnswer;
      // The Inspect log is a session of the library, and its file opens from it.
      expect(answer.rows.map((r) => r.file)).toEqual([inspect]);
      expect(answer.rows[0], JSON.stringify(answer.rows[0])).toBeDefined();
      expect(answer.rows[0]?.steps).toBe(5);
      expect(answer.skipped).toEqual([{ file: 'package.json', reason: SKIPPED_JSON_REASON }]);
      const row = answer.rows[0] as LibraryAnswer['rows'][number];
      const file = await fetch(`${root}${libraryFileUrl(row.file as string, row.session_id)}`);
      expect(file.status).toBe(200);
      expect((await file.text()).length).toBeGreaterThan(1000);
      // Other .json files are still never served.
      expect((await fetch(`${root}/files/package.json`)).status).toBe(404);
    } finally {
      await served.close();
    }
  });

  it('a folder full of other .json (node_modules): the terminal gets 20 and a count, each API answer the first 100 and the total', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqscope-serve-many-'));
    copyFileSync(join(SAMPLES, 'dsh/pty-tools.jsonl'), join(dir, 'run.jsonl'));
    mkdirSync(join(dir, 'node_modules/pkg'), { recursive: true });
    for (let i = 0; i < 250; i++) writeFileSync(join(dir, `node_modules/pkg/f${i}.json`), '{"name":"x"}\n');
    const index = join(dir, '.seqscope-index');
    const cli = await runCliAsync(['index', dir, '--out', index]);
    expect(cli.code, cli.err).toBe(0);
    const lines = cli.err.split('\n').filter((l) => l.startsWith('seqscope: '));
    expect(lines.filter((l) => l.startsWith('seqscope: skipped '))).toHaveLength(20);
    expect(lines).toContain('seqscope: ... and 230 more skipped (--json lists every one)');
    const json = await runCliAsync(['index', dir, '--out', index, '--json']);
    expect(json.out.split('\n').filter((l) => l.startsWith('{"event":"skipped"'))).toHaveLength(250);
    const { skipped } = await listLogs([dir], index);
    const dist = join(dir, '.dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    const served = await startLibraryServer({ root: dir, indexDir: index, distDir: dist, port: 0, skipped });
    try {
      const root = served.url.replace(/\/\?library$/, '');
      const answer = (await (await fetch(`${root}/api/library?q=run`)).json()) as LibraryAnswer;
      expect(answer.rows.map((r) => r.file)).toEqual(['run.jsonl']);
      expect(answer.skipped).toHaveLength(SKIPPED_SHOWN);
      expect(answer.skippedTotal).toBe(250);
      expect(answer.skipped?.[0]?.file).toMatch(/^node_modules\/pkg\/f\d+\.json$/);
    } finally {
      await served.close();
    }
  });

  it('a symlink named like a log that points at a dot file of the folder is not served', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqscope-serve-dotlink-'));
    copyFileSync(join(SAMPLES, 'dsh/pty-tools.jsonl'), join(dir, 'run.jsonl'));
    writeFileSync(join(dir, '.env'), 'SECRET=hunter2\n');
    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, '.git/config'), '[core]\n');
    symlinkSync('.env', join(dir, 'env.jsonl'));
    symlinkSync('.git/config', join(dir, 'gitconfig.jsonl'));
    symlinkSync('run.jsonl', join(dir, 'alias.jsonl'));
    const index = join(dir, '.seqscope-index');
    expect((await runCliAsync(['index', dir, '--out', index])).code).toBe(0);
    const dist = join(dir, '.dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    const served = await startLibraryServer({ root: dir, indexDir: index, distDir: dist, port: 0 });
    try {
      const root = served.url.replace(/\/\?library$/, '');
      for (const name of ['env.jsonl', 'gitconfig.jsonl', '.env'])
        expect((await fetch(`${root}/files/${name}`)).status, name).toBe(404);
      // a symlink to a log of the folder still serves (the dot rule is about the file it reaches)
      expect((await fetch(`${root}/files/alias.jsonl`)).status).toBe(200);
    } finally {
      await served.close();
    }
  });
});
