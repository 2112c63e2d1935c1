/**
 * `seqscope serve` attacked the way a hostile page or a hostile log would: raw request paths
 * that climb out of the folder (encoded, doubled, backslashed, through symlinks), SQL through
 * every parameter of the library API, CORS preflights and cross-origin reads, Host spellings
 * that are not this server, odd Range headers; and a log whose title, first message, model and
 * file name carry markup and SQL, which must come back as the same text, never as a query.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryAnswer } from '../../core/library/routes';
import { startLibraryServer, type LibraryServer } from './serve';
import { ensureBuiltCli, runCliAsync } from '../testSupport';

const ROOT = resolve(__dirname, '../../..');
const SAMPLES = resolve(ROOT, '../shared/samples');
const PAYLOAD = `<img src=x onerror="window.__xss=1">' OR 1=1; DROP TABLE sessions; --`;
const HOSTILE_NAME = `evil'"<b>;--.jsonl`;

let server: LibraryServer;
let port = 0;
/** The folder, index and app the server above serves (a second server with small limits reuses them). */
let served: { root: string; indexDir: string; distDir: string };

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with the path exactly as given (fetch would normalize `..` and `%2e`). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, headers: { Host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('latin1');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', fail);
    req.end();
  });
}

async function api(query: string): Promise<LibraryAnswer> {
  const r = await raw(`/api/library?${query}`);
  expect(r.status, query).toBe(200);
  return JSON.parse(Buffer.from(r.body, 'latin1').toString('utf8')) as LibraryAnswer;
}

const hostileLog = [
  { type: 'session', version: 0, id: 'hostile-session', createdAt: 1_755_000_000_000 },
  { type: 'session/title', seq: 0, time: 1_755_000_000_000, data: { title: PAYLOAD } },
  { type: 'turn/start', seq: 1, time: 1_755_000_000_001, data: { turn: 1 } },
  {
    type: 'user/message',
    seq: 2,
    time: 1_755_000_000_002,
    data: { role: 'user', content: [{ type: 'text', text: `first ${PAYLOAD}` }], source: { kind: 'user' } },
    surfaceOp: 'append',
  },
]
  .map((l) => JSON.stringify(l))
  .join('\n');

beforeAll(async () => {
  await ensureBuiltCli();
  const dir = mkdtempSync(join(tmpdir(), 'seqscope-serve-hostile-'));
  const outside = mkdtempSync(join(tmpdir(), 'seqscope-outside-'));
  writeFileSync(
    join(outside, 'secret.jsonl'),
    '{"type":"session/title","seq":0,"data":{"title":"SECRET"}}\n',
  );
  mkdirSync(join(dir, 'runs'));
  copyFileSync(join(SAMPLES, 'design-card-example.jsonl'), join(dir, 'runs/card.jsonl'));
  writeFileSync(join(dir, 'runs', HOSTILE_NAME), `${hostileLog}\n`);
  // Symlinks out of the folder: to a log file, and to a whole folder.
  symlinkSync(join(outside, 'secret.jsonl'), join(dir, 'runs/link-out.jsonl'));
  symlinkSync(outside, join(dir, 'runs/dir-out'));
  // a FIFO named like a log: opening it for reading would wait for a writer forever
  execFileSync('mkfifo', [join(dir, 'runs/pipe.jsonl')]);
  const dist = join(dir, '.dist');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  const index = join(dir, '.seqscope-index');
  const built = await runCliAsync(['index', dir, '--out', index]);
  expect(built.code, built.err).toBe(0);
  served = { root: dir, indexDir: index, distDir: dist };
  server = await startLibraryServer({ ...served, port: 0 });
  port = server.port;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('seqscope serve under attack', { timeout: 60_000 }, () => {
  it('never serves a byte from outside the folder, however the path is spelled', async () => {
    const attempts = [
      '/files/../../../etc/passwd',
      '/files/runs/../../../etc/passwd.jsonl',
      '/files/runs/%2e%2e/%2e%2e/%2e%2e/etc/passwd.jsonl',
      '/files/runs/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd.jsonl',
      '/files/runs/..%5c..%5c..%5cetc%5cpasswd.jsonl',
      '/files/%252e%252e/%252e%252e/etc/passwd.jsonl',
      '/files//etc/passwd.jsonl',
      '/files/runs/card.jsonl%00.txt',
      '/files/runs/link-out.jsonl',
      '/files/runs/dir-out/secret.jsonl',
      '/files/.seqscope-index/sessions.parquet',
      '/files/.dist/index.html',
      '/files/runs/%E0%A4%A.jsonl',
    ];
    for (const path of attempts) {
      const r = await raw(path);
      expect([400, 403, 404], `${path} -> ${r.status}`).toContain(r.status);
      expect(r.body, path).not.toMatch(/SECRET|root:|PAR1/);
    }
    // The folder's own logs are served, the hostile name too (percent-encoded in the URL).
    expect((await raw('/files/runs/card.jsonl')).status).toBe(200);
    const named = await raw(`/files/runs/${encodeURIComponent(HOSTILE_NAME)}`);
    expect(named.status).toBe(200);
    expect(named.headers['content-disposition']).toBe(
      `attachment; filename="evil'_<b>;--.jsonl"; filename*=UTF-8''${encodeURIComponent(HOSTILE_NAME)}`,
    );
  });

  it('a FIFO named like a log is not served, and requests for it never stop the server', async () => {
    // audit R5-3: each GET held a libuv pool thread in open(); after four, every request hung
    const pipes = await Promise.all(Array.from({ length: 8 }, () => raw('/files/runs/pipe.jsonl')));
    expect(pipes.map((r) => r.status)).toEqual(Array(8).fill(404));
    const card = await raw('/files/runs/card.jsonl');
    expect(card.status).toBe(200);
    expect(card.body).toContain('"type"');
  });

  it('a symlinked log outside the folder is neither indexed nor listed', async () => {
    const all = await api('limit=100');
    expect(all.rows.map((r) => r.file).sort()).toEqual(['runs/card.jsonl', `runs/${HOSTILE_NAME}`]);
    expect(JSON.stringify(all)).not.toContain('SECRET');
  });

  it('SQL in any parameter is data or ignored, never a query', async () => {
    const total = (await api('')).total;
    expect(total).toBe(2);
    // Text: a quote, a comment, a statement separator and LIKE wildcards are literal characters.
    expect((await api(`q=${encodeURIComponent("' OR 1=1;")}`)).total).toBe(1); // the hostile title has it
    expect((await api(`q=${encodeURIComponent("x' OR '1'='1")}`)).total).toBe(0);
    expect((await api(`q=${encodeURIComponent('card.jsonl')}`)).total).toBe(1);
    expect((await api(`q=${encodeURIComponent('c%d.jsonl')}`)).total).toBe(0); // % as a wildcard would match
    expect((await api(`q=${encodeURIComponent('c_rd.jsonl')}`)).total).toBe(0); // _ as a wildcard would match
    expect((await api(`q=${encodeURIComponent('\\')}`)).total).toBe(0);
    expect((await api(`q=${encodeURIComponent('DROP TABLE sessions')}`)).total).toBe(1);
    // Sort, order, filters, limit and offset: anything but a known value falls back to the default.
    const cases: [string, number][] = [
      ['sort=started_at%20desc;%20DROP%20TABLE%20sessions', 2],
      ['sort=(SELECT%201)', 2],
      ['sort=1', 2],
      ['order=desc;%20DROP%20TABLE%20sessions', 2],
      ['order=asc,%20(SELECT%201)', 2],
      ['only=errors)%20OR%20(1%3D1', 2],
      ['only=__proto__,constructor,toString', 2],
      ['limit=1;DROP%20TABLE%20sessions', 2],
      ['limit=-1', 2],
      ['limit=1e3', 2],
      ['offset=-5', 2],
      ['offset=0x10', 2],
      [`q=${'%27'.repeat(5000)}`, 0],
    ];
    for (const [query, expected] of cases) {
      const a = await api(query);
      expect(a.total, query).toBe(expected);
      expect(a.offset, query).toBe(0);
      expect(a.rows.length, query).toBe(expected);
    }
    // The table is still there, whole.
    expect((await api('')).total).toBe(2);
    expect((await api('only=errors)%20OR%20(1%3D1')).total).toBe(2);
  });

  it('hostile strings from a log come back as the same text', async () => {
    const row = (await api(`q=${encodeURIComponent('onerror')}`)).rows[0];
    expect(row?.title).toBe(PAYLOAD);
    expect(row?.first_user_message).toBe(`first ${PAYLOAD}`);
    expect(row?.file).toBe(`runs/${HOSTILE_NAME}`);
  });

  it('no cross-origin reads: no CORS headers, preflights refused, other Hosts refused', async () => {
    const cross = await raw('/api/library', { Origin: 'http://evil.example' });
    expect(cross.status).toBe(200); // a simple GET is answered, but without CORS headers the page cannot read it
    expect(Object.keys(cross.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    const preflight = await raw(
      '/api/library',
      { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'GET' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(405);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      `localhost.evil.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
      `127.0.0.1:${port}.evil.example`,
      '127.0.0.1',
      `127.1:${port}`,
      `2130706433:${port}`,
      `0x7f000001:${port}`,
      `127.0.0.1:0${port}`,
    ]) {
      for (const path of ['/api/library', '/files/runs/card.jsonl', '/']) {
        const r = await raw(path, { Host: host });
        expect(r.status, `${host} ${path}`).toBe(421);
        expect(r.body).not.toContain('session_id');
      }
    }
  });

  it('every answer carries the security headers; logs are never-sniffed attachments', async () => {
    for (const path of ['/', '/api/library', '/files/runs/card.jsonl', '/files/nope.jsonl']) {
      const r = await raw(path);
      expect(r.headers['x-content-type-options'], path).toBe('nosniff');
      expect(r.headers['content-security-policy'], path).toMatch(/frame-ancestors 'none'/);
      expect(r.headers['x-frame-options'], path).toBe('DENY');
    }
    const log = await raw('/files/runs/card.jsonl');
    expect(log.headers['content-type']).toBe('application/x-ndjson');
    expect(log.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('Range: one range served, anything else whole or refused, never past the file', async () => {
    const whole = await raw('/files/runs/card.jsonl');
    const size = whole.body.length;
    const cases: [string, number, string][] = [
      ['bytes=0-9', 206, whole.body.slice(0, 10)],
      ['bytes=10-', 206, whole.body.slice(10)],
      [`bytes=0-${'9'.repeat(30)}`, 206, whole.body],
      ['bytes=-10', 200, whole.body],
      ['bytes=0-1,4-5', 200, whole.body],
      ['items=0-5', 200, whole.body],
      ['bytes=1e3-', 200, whole.body],
      [`bytes=${size}-`, 416, ''],
      [`bytes=${'9'.repeat(30)}-`, 416, ''],
    ];
    for (const [range, status, body] of cases) {
      const r = await raw('/files/runs/card.jsonl', { Range: range });
      expect(r.status, range).toBe(status);
      expect(r.body, range).toBe(body);
      if (status === 416) expect(r.headers['content-range']).toBe(`bytes */${size}`);
    }
  });
});

/** A raw socket: the responses it has read, and whether the server has closed it. */
function rawSocket(at: number): { socket: Socket; closed: () => boolean; responses: () => number } {
  const socket = connect(at, '127.0.0.1');
  let closed = false;
  let received = '';
  socket.on('data', (b: Buffer) => (received += b.toString('latin1')));
  socket.on('error', () => undefined); // a reset by the server is a close too
  socket.on('close', () => (closed = true));
  return { socket, closed: () => closed, responses: () => received.match(/HTTP\/1\.1 /g)?.length ?? 0 };
}

/** Counted polls, 20 ms apart, until done() or 250 of them: returns the polls used. */
async function pollUntil(done: () => boolean): Promise<number> {
  let n = 0;
  for (; !done() && n < 250; n++) await new Promise((r) => setTimeout(r, 20));
  return n;
}

describe('seqscope serve: pipelined and silent sockets (audit R13-L2)', { timeout: 60_000 }, () => {
  it('closes a socket that sends nothing, and one that pipelines past the bound', async () => {
    const small = await startLibraryServer({
      ...served,
      port: 0,
      // a long keep-alive time: only the bound can close the pipelining socket
      limits: { idleMs: 100, requestsPerSocket: 3, keepAliveMs: 60_000 },
    });
    const silent = rawSocket(small.port);
    const piper = rawSocket(small.port);
    try {
      const one = `GET /files/runs/card.jsonl HTTP/1.1\r\nHost: 127.0.0.1:${small.port}\r\n\r\n`;
      piper.socket.write(one.repeat(20));
      expect(await pollUntil(() => silent.closed() && piper.closed())).toBeLessThan(250);
      expect(silent.closed()).toBe(true);
      expect(piper.closed()).toBe(true);
      expect(piper.responses()).toBeLessThanOrEqual(3);
    } finally {
      silent.socket.destroy();
      piper.socket.destroy();
      await small.close();
    }
  });
});
