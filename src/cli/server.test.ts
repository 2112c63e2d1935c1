/** The `seqscope open` server: static app files, the log with ranges, and the follow events. */
import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  closeSync,
  constants,
  existsSync,
  readdirSync,
  readlinkSync,
  mkdirSync,
  openSync,
  writeSync,
  mkdtempSync,
  renameSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './http/csp';
import { hostAllowed } from './http/guard';
import { MAX_EVENT_STREAMS } from './http/logEvents';
import { contentDisposition, parseRange } from './http/logRange';
import { resolveStaticPath } from './http/staticApp';
import { startServer, type RunningServer, type SlowClientLimits } from './server';

const INDEX = '<!doctype html><title>seqscope</title><div id="root"></div>';
const JS = 'console.log("app");';
const SECRET = 'top secret, outside dist';
const LOG = '{"seq":0,"type":"a"}\n{"seq":1,"type":"b"}\n';

let dir: string;
let dist: string;
let logFile: string;
let server: RunningServer | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'seqscope-server-'));
  dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets/app-1a2b.js'), JS);
  writeFileSync(join(dist, 'assets/app-1a2b.css'), 'body{}');
  writeFileSync(join(dist, 'assets/core.wasm'), Buffer.from([0, 97, 115, 109]));
  writeFileSync(join(dir, 'secret.txt'), SECRET);
  logFile = join(dir, 'session log.jsonl');
  writeFileSync(logFile, LOG);
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function serve(
  extra: {
    pollMs?: number;
    heartbeatMs?: number;
    watch?: boolean;
    maxStreams?: number;
    limits?: Partial<SlowClientLimits>;
  } = {},
) {
  server = await startServer({ file: logFile, distDir: dist, port: 0, host: '127.0.0.1', ...extra });
  return server;
}

interface Reply {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/**
 * A GET with the path sent exactly as written (fetch would normalize `..` away); a `Host`
 * in headers replaces the real one, `null` sends none at all.
 */
function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  host?: string | null,
): Promise<Reply> {
  return new Promise((ok, fail) => {
    const all = host === undefined || host === null ? headers : { ...headers, Host: host };
    const options = { host: '127.0.0.1', port, path, headers: all, method, setHost: host === undefined };
    const req = request(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

interface SseEvent {
  event: string;
  data: string;
}

/** A minimal EventSource: collects events and comments; `next` waits for one matching event. */
function connectEvents(url: string) {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let ended = false;
  let buffer = '';
  let response: IncomingMessage | undefined;
  const req = request(url, (res) => {
    response = res;
    res.setEncoding('utf8');
    res.on('data', (text: string) => {
      buffer += text;
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) comments.push(line);
          else if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data.push(line.slice(6));
        }
        if (data.length > 0) events.push({ event, data: data.join('\n') });
      }
    });
    res.on('end', () => {
      ended = true;
    });
    res.on('close', () => {
      ended = true;
    });
  });
  req.on('error', () => {
    ended = true;
  });
  req.end();
  let seen = 0;
  return {
    events,
    comments,
    get ended() {
      return ended;
    },
    get headers() {
      return response?.headers;
    },
    /** The next event (after those already taken), within a generous timeout. */
    async next(timeoutMs = 10_000): Promise<SseEvent> {
      await until(() => events.length > seen, timeoutMs);
      return events[seen++] as SseEvent;
    },
    close() {
      req.destroy();
    },
  };
}

async function until(cond: () => boolean, timeoutMs = 10_000): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('static app', () => {
  it('serves index.html at / with no-cache', async () => {
    const { port } = await serve();
    const r = await get(port, '/');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.body.toString()).toBe(INDEX);
  });

  it('serves assets with their content types', async () => {
    const { port } = await serve();
    const js = await get(port, '/assets/app-1a2b.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    expect(js.headers['content-length']).toBe(String(JS.length));
    expect(js.body.toString()).toBe(JS);
    expect((await get(port, '/assets/app-1a2b.css')).headers['content-type']).toMatch(/^text\/css/);
    expect((await get(port, '/assets/core.wasm')).headers['content-type']).toBe('application/wasm');
  });

  it('falls back to index.html for app routes, 404 for missing assets', async () => {
    const { port } = await serve();
    const route = await get(port, '/some/route?x=1');
    expect(route.status).toBe(200);
    expect(route.body.toString()).toBe(INDEX);
    expect((await get(port, '/assets/')).body.toString()).toBe(INDEX);
    expect((await get(port, '/assets/missing-9z.js')).status).toBe(404);
    expect((await get(port, '/log/other.jsonl')).status).toBe(404);
  });

  it('refuses paths that escape dist, however spelled', async () => {
    const { port } = await serve();
    for (const path of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/%00index.html',
      '/%zz',
    ]) {
      const r = await get(port, path);
      expect([400, 403, 404], path).toContain(r.status);
      expect(r.body.toString(), path).not.toContain(SECRET);
      expect(r.body.toString(), path).not.toContain('<title>');
    }
  });

  it('allows loopback addresses only', async () => {
    await expect(startServer({ file: logFile, distDir: dist, port: 0, host: '0.0.0.0' })).rejects.toThrow(
      /loopback/,
    );
  });
});

describe('the log', () => {
  it('is served byte for byte with a length, and no CORS header', async () => {
    const s = await serve();
    expect(s.logUrl).toBe(`http://127.0.0.1:${s.port}/log/session%20log.jsonl`);
    const r = await get(s.port, new URL(s.logUrl).pathname);
    expect(r.status).toBe(200);
    expect(r.body.toString()).toBe(LOG);
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    expect(r.headers['content-type']).toBe('application/x-ndjson');
    expect(r.headers['content-length']).toBe(String(LOG.length));
    expect(r.headers['accept-ranges']).toBe('bytes');
  });

  it('streams a big file exactly', async () => {
    const line = JSON.stringify({ type: 'x', text: 'y'.repeat(1000) }) + '\n';
    const big = Buffer.from(line.repeat(3000)); // ~3 MB
    writeFileSync(logFile, big);
    const s = await serve();
    const r = await get(s.port, new URL(s.logUrl).pathname);
    expect(r.body.equals(big)).toBe(true);
  });

  it('never reads through a symlink put in place of a file that was none (audit R27-L5)', async () => {
    const s = await serve({ pollMs: 20, watch: false });
    const path = new URL(s.logUrl).pathname;
    expect((await get(s.port, path)).body.toString()).toBe(LOG);
    const sse = connectEvents(`${s.logUrl}/events`);
    try {
      expect((await sse.next()).event).toBe('hello');
      rmSync(logFile);
      symlinkSync(join(dir, 'secret.txt'), logFile);
      const r = await get(s.port, path);
      expect(r.status).toBe(404);
      expect(r.body.toString()).not.toContain(SECRET);
      // the watcher sees the log gone (size 0), not the link's target
      const told = await sse.next();
      expect(told.event).toBe('reset');
      expect((JSON.parse(told.data) as { size: number }).size).toBe(0);
    } finally {
      sse.close();
    }
  });

  it('serves a log named by a symlink from the start through it', async () => {
    const target = join(dir, 'run-42.jsonl');
    writeFileSync(target, LOG + LOG);
    rmSync(logFile);
    symlinkSync(target, logFile);
    const s = await serve();
    const r = await get(s.port, new URL(s.logUrl).pathname);
    expect(r.status).toBe(200);
    expect(r.body.toString()).toBe(LOG + LOG);
  });

  it('answers Range: bytes=N- with 206 and the tail', async () => {
    const s = await serve();
    const path = new URL(s.logUrl).pathname;
    const r = await get(s.port, path, { Range: 'bytes=21-' });
    expect(r.status).toBe(206);
    expect(r.body.toString()).toBe(LOG.slice(21));
    expect(r.headers['content-range']).toBe(`bytes 21-${LOG.length - 1}/${LOG.length}`);
    expect(r.headers['content-length']).toBe(String(LOG.length - 21));
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    const mid = await get(s.port, path, { Range: 'bytes=1-5' });
    expect(mid.status).toBe(206);
    expect(mid.body.toString()).toBe(LOG.slice(1, 6));
    const beyond = await get(s.port, path, { Range: `bytes=${LOG.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${LOG.length}`);
  });
});

describe('the Host check (DNS rebinding)', () => {
  it('answers 421 to any Host but its own loopback name and port, for every path', async () => {
    const s = await serve();
    const logPath = new URL(s.logUrl).pathname;
    for (const host of [
      'evil.example',
      `evil.example:${s.port}`,
      `127.0.0.1:${s.port + 1}`,
      '127.0.0.1',
      `localhost.:${s.port}`,
      `127.0.0.1.evil.example:${s.port}`,
      `[::1]:${s.port}.evil`,
      `0.0.0.0:${s.port}`,
      '',
    ]) {
      for (const path of ['/', '/assets/app-1a2b.js', logPath, `${logPath}/events`, '/nothing']) {
        const r = await get(s.port, path, {}, 'GET', host);
        expect(r.status, `${host} ${path}`).toBe(421);
        expect(r.body.toString(), `${host} ${path}`).not.toContain('seq');
        expect(r.body.toString(), `${host} ${path}`).not.toContain('<title>');
        expect(r.headers['access-control-allow-origin']).toBeUndefined();
      }
    }
    // no Host header at all is refused too (Node itself answers 400 to HTTP/1.1 without one)
    expect([400, 421]).toContain((await get(s.port, logPath, {}, 'GET', null)).status);
  });

  it('serves its own names: 127.0.0.1, localhost and [::1] with its port, in any case', async () => {
    const s = await serve();
    const logPath = new URL(s.logUrl).pathname;
    for (const host of [
      `127.0.0.1:${s.port}`,
      `localhost:${s.port}`,
      `LocalHost:${s.port}`,
      `[::1]:${s.port}`,
    ]) {
      const r = await get(s.port, logPath, {}, 'GET', host);
      expect(r.status, host).toBe(200);
      expect(r.body.toString()).toBe(LOG);
    }
  });

  it('hostAllowed', () => {
    expect(hostAllowed('127.0.0.1:4180', 4180)).toBe(true);
    expect(hostAllowed('[::1]:4180', 4180)).toBe(true);
    expect(hostAllowed('localhost:4180', 4180)).toBe(true);
    expect(hostAllowed('localhost:41800', 4180)).toBe(false);
    expect(hostAllowed('localhost', 4180)).toBe(false);
    expect(hostAllowed('evil.example:4180', 4180)).toBe(false);
    expect(hostAllowed(undefined, 4180)).toBe(false);
  });
});

describe('headers and limits', () => {
  it('sends the Content-Security-Policy and no-framing on the app and the log', async () => {
    const s = await serve();
    for (const path of ['/', '/route', '/assets/app-1a2b.js', new URL(s.logUrl).pathname, '/missing.js']) {
      const r = await get(s.port, path);
      expect(r.headers['content-security-policy'], path).toBe(CONTENT_SECURITY_POLICY);
      expect(r.headers['x-frame-options'], path).toBe('DENY');
      expect(r.headers['x-content-type-options'], path).toBe('nosniff');
    }
    for (const directive of [
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'none'",
      "connect-src 'self' http: https:",
    ])
      expect(CONTENT_SECURITY_POLICY).toContain(directive);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });

  it('serves the log as a never-sniffed attachment', async () => {
    const s = await serve();
    const r = await get(s.port, new URL(s.logUrl).pathname);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="session log.jsonl"; filename*=UTF-8''session%20log.jsonl`,
    );
    expect(contentDisposition('/x/a"b\\c%d\u00e9.jsonl')).toBe(
      `attachment; filename="a_b_c_d_.jsonl"; filename*=UTF-8''a%22b%5Cc%25d%C3%A9.jsonl`,
    );
  });

  it('refuses methods other than GET and HEAD', async () => {
    const s = await serve();
    const r = await get(s.port, new URL(s.logUrl).pathname, {}, 'POST');
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe('GET, HEAD');
  });

  it('caps concurrent event streams, and frees a slot when one closes', async () => {
    const s = await serve({ maxStreams: 3 });
    const url = `${s.logUrl}/events`;
    const open = [connectEvents(url), connectEvents(url), connectEvents(url)];
    try {
      for (const sse of open) expect((await sse.next()).event).toBe('hello');
      const refused = await get(s.port, new URL(url).pathname);
      expect(refused.status).toBe(503);
      expect(refused.body.toString()).toMatch(/too many event streams/);
      open[0]?.close();
      // the server notices the closed socket a moment later: retry until a stream says hello
      let hello = false;
      for (let i = 0; i < 100 && !hello; i++) {
        const again = connectEvents(url);
        await until(() => again.events.length > 0 || again.ended);
        hello = again.events[0]?.event === 'hello';
        again.close();
      }
      expect(hello).toBe(true);
    } finally {
      for (const sse of open) sse.close();
    }
  });
});

/** A raw socket to the server, with whether (and after how many lines written) the server closed it. */
function rawSocket(port: number): { socket: Socket; closed: () => boolean; received: () => string } {
  const socket = connect(port, '127.0.0.1');
  let closed = false;
  let received = '';
  socket.on('data', (b: Buffer) => (received += b.toString('latin1')));
  socket.on('error', () => undefined); // a reset by the server is a close too
  socket.on('close', () => (closed = true));
  return { socket, closed: () => closed, received: () => received };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('slow clients (audit R11-L4)', () => {
  it('closes a socket trickling header lines once its headers time runs out', async () => {
    const s = await serve({ limits: { headersMs: 200, requestMs: 300, checkEveryMs: 50 } });
    const raw = rawSocket(s.port);
    try {
      raw.socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\n`);
      // One header line every 20 ms, never the blank line that ends them: the server must hang
      // up long before 250 lines (Node's own default waits 60 s, checked every 30 s).
      let lines = 0;
      while (!raw.closed() && lines < 250) {
        raw.socket.write(`X-Slow-${lines}: a\r\n`);
        lines++;
        await pause(20);
      }
      expect(raw.closed()).toBe(true);
      expect(lines).toBeLessThan(250);
      expect(raw.received()).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      raw.socket.destroy();
    }
  });

  it('closes a socket that sends nothing, while a request meanwhile is answered', async () => {
    const s = await serve({ limits: { headersMs: 200, requestMs: 300, checkEveryMs: 50 } });
    const silent = rawSocket(s.port);
    try {
      const served = await get(s.port, '/');
      expect(served.status).toBe(200);
      // Counted polls, not a time bound: 250 x 20 ms is far past the 200 ms allowed.
      let polls = 0;
      while (!silent.closed() && polls < 250) {
        polls++;
        await pause(20);
      }
      expect(silent.closed()).toBe(true);
      expect(polls).toBeLessThan(250);
    } finally {
      silent.socket.destroy();
    }
  });
});

/** Open descriptors of this process on file (Linux: /proc/self/fd), the server's file handles. */
function openHandlesOn(file: string): number {
  let n = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) === file) n++;
    } catch {
      // closed between the listing and the look
    }
  }
  return n;
}

/** Polls (counted, 20 ms apart) until done() or the polls run out; returns the polls used. */
async function pollUntil(done: () => boolean, polls = 250): Promise<number> {
  let n = 0;
  while (!done() && n < polls) {
    n++;
    await pause(20);
  }
  return n;
}

describe('pipelined and silent sockets (audit R13-L2)', () => {
  const pipelined = (port: number, path: string, n: number) =>
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`.repeat(n);

  it('closes a connection that pipelines more requests than the bound', async () => {
    const s = await serve({ limits: { requestsPerSocket: 5 } });
    const raw = rawSocket(s.port);
    try {
      raw.socket.pause(); // never read
      raw.socket.write(pipelined(s.port, new URL(s.logUrl).pathname, 50));
      const polls = await pollUntil(raw.closed);
      expect(raw.closed()).toBe(true);
      expect(polls).toBeLessThan(250);
      // the app's own requests are still answered
      expect((await get(s.port, new URL(s.logUrl).pathname)).body.toString()).toBe(LOG);
    } finally {
      raw.socket.destroy();
    }
  });

  it('answers sequential requests past the bound: the last on a connection says close', async () => {
    const s = await serve({ limits: { requestsPerSocket: 3 } });
    const closes: (string | undefined)[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await get(s.port, new URL(s.logUrl).pathname);
      expect(r.status).toBe(200);
      expect(r.body.toString()).toBe(LOG);
      closes.push(r.headers.connection);
    }
    expect(closes.filter((c) => c === 'close').length).toBe(2); // the 3rd and the 6th
  });

  it.runIf(existsSync('/proc/self/fd'))(
    'opens the log only for the response being written, and closes it when the socket goes',
    async () => {
      // 4 MB: the first response fills the unread socket, so the rest stay queued behind it
      writeFileSync(logFile, `${'{"seq":0,"type":"a","data":"' + 'x'.repeat(1000) + '"}\n'}`.repeat(4000));
      const s = await serve();
      const raw = rawSocket(s.port);
      let most = 0;
      try {
        raw.socket.pause();
        raw.socket.write(pipelined(s.port, new URL(s.logUrl).pathname, 60));
        // counted polls: without the fix all 60 handles are open within a few of them
        await pollUntil(() => {
          most = Math.max(most, openHandlesOn(logFile));
          return most > 2;
        }, 50);
        expect(most).toBeGreaterThanOrEqual(1);
        expect(most).toBeLessThanOrEqual(2);
      } finally {
        raw.socket.destroy();
      }
      const polls = await pollUntil(() => openHandlesOn(logFile) === 0);
      expect(openHandlesOn(logFile)).toBe(0);
      expect(polls).toBeLessThan(250);
    },
  );

  it('closes a socket that sends nothing after the idle time, however long the headers time', async () => {
    const s = await serve({ limits: { idleMs: 100, headersMs: 60_000, requestMs: 60_000 } });
    const silent = rawSocket(s.port);
    const talking = rawSocket(s.port);
    try {
      // one request in time clears the idle time: Node's keep-alive time applies after it
      talking.socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\n\r\n`);
      const polls = await pollUntil(silent.closed);
      expect(silent.closed()).toBe(true);
      expect(polls).toBeLessThan(250);
      // the talking socket's answer may still be on its way when the silent one closes (a loaded machine)
      await pollUntil(() => talking.received().length > 0);
      expect(talking.received()).toMatch(/^HTTP\/1\.1 200/);
      expect((await get(s.port, '/')).status).toBe(200);
    } finally {
      silent.socket.destroy();
      talking.socket.destroy();
    }
  });
});

describe('the default cap on event streams', () => {
  it('is 64: the 65th stream is refused while 64 are open', { timeout: 60_000 }, async () => {
    expect(MAX_EVENT_STREAMS).toBe(64);
    const s = await serve();
    const url = `${s.logUrl}/events`;
    const open = Array.from({ length: MAX_EVENT_STREAMS }, () => connectEvents(url));
    try {
      for (const sse of open) expect((await sse.next()).event).toBe('hello');
      const refused = await get(s.port, new URL(url).pathname);
      expect(refused.status).toBe(503);
      expect(refused.body.toString()).toMatch(/too many event streams open \(64\)/);
    } finally {
      for (const sse of open) sse.close();
    }
  });
});

describe('follow events', () => {
  it('says hello, then append with from/to, and the tail is fetchable', async () => {
    const s = await serve();
    const sse = connectEvents(`${s.logUrl}/events`);
    try {
      const hello = await sse.next();
      expect(sse.headers?.['content-type']).toMatch(/^text\/event-stream/);
      expect(hello.event).toBe('hello');
      const h = JSON.parse(hello.data) as { size: number; mtimeMs: number; ino: number };
      expect(h.size).toBe(LOG.length);
      expect(h.mtimeMs).toBeGreaterThan(0);
      expect(typeof h.ino).toBe('number');

      const more = '{"seq":2,"type":"c"}\n{"seq":3,"type":"d"}\n';
      appendFileSync(logFile, more);
      const append = await sse.next();
      expect(append.event).toBe('append');
      const a = JSON.parse(append.data) as { from: number; to: number };
      expect(a).toEqual({ from: LOG.length, to: LOG.length + more.length });
      const tail = await get(s.port, new URL(s.logUrl).pathname, { Range: `bytes=${a.from}-` });
      expect(tail.status).toBe(206);
      expect(tail.body.toString()).toBe(more);

      // a second burst continues from where the first ended
      appendFileSync(logFile, 'x\n');
      const again = JSON.parse((await sse.next()).data) as { from: number; to: number };
      expect(again).toEqual({ from: a.to, to: a.to + 2 });
    } finally {
      sse.close();
    }
  });

  it('sends reset when the file is truncated, rotated or rewritten in place', async () => {
    const s = await serve();
    const sse = connectEvents(`${s.logUrl}/events`);
    try {
      expect((await sse.next()).event).toBe('hello');

      truncateSync(logFile, 10);
      const reset = await sse.next();
      expect(reset.event).toBe('reset');
      expect((JSON.parse(reset.data) as { size: number }).size).toBe(10);

      const fresh = join(dir, 'next.jsonl');
      writeFileSync(fresh, LOG + LOG);
      renameSync(fresh, logFile); // a new inode under the same name
      const rotated = await sse.next();
      expect(rotated.event).toBe('reset');
      expect((JSON.parse(rotated.data) as { size: number }).size).toBe(LOG.length * 2);

      // same inode, longer, but the old bytes changed: not an append (one write, in place)
      const fd = openSync(logFile, 'r+');
      writeSync(fd, Buffer.from(LOG.replace(/seq/g, 'SEQ') + LOG + 'tail\n'), 0, undefined, 0);
      closeSync(fd);
      const rewritten = await sse.next();
      expect(rewritten.event).toBe('reset');
      expect((JSON.parse(rewritten.data) as { size: number }).size).toBe(LOG.length * 2 + 5);
    } finally {
      sse.close();
    }
  });

  // audit R20-4: only the last 256 bytes before the old end were compared
  it.each([
    ['a small log', 'at its start', 4096],
    ['a small log', '1 KiB before its end', 4096],
    ['a log past the whole-prefix hash', 'at its start', 9 * 1024 * 1024],
    ['a log past the whole-prefix hash', '1 KiB before its end', 9 * 1024 * 1024],
  ])('sends reset when %s is rewritten in place %s, keeping its size', async (_what, where, size) => {
    const line = '{"seq":0,"type":"a","pad":"' + 'p'.repeat(100) + '"}\n';
    writeFileSync(logFile, line.repeat(Math.ceil(size / line.length)).slice(0, size));
    const s = await serve();
    const sse = connectEvents(`${s.logUrl}/events`);
    try {
      expect((await sse.next()).event).toBe('hello');
      const at = where === 'at its start' ? 0 : size - 1024;
      const fd = openSync(logFile, 'r+');
      writeSync(fd, Buffer.from('REWRITTEN'), 0, undefined, at); // same size, same inode
      closeSync(fd);
      appendFileSync(logFile, 'x\n'); // an append alone would be told as one
      const told = await sse.next();
      expect(told.event).toBe('reset');
    } finally {
      sse.close();
    }
  });

  it('tells each client its own hello and everyone the appends', async () => {
    const s = await serve();
    const one = connectEvents(`${s.logUrl}/events`);
    const two = connectEvents(`${s.logUrl}/events`);
    try {
      expect((await one.next()).event).toBe('hello');
      expect((await two.next()).event).toBe('hello');
      two.close();
      appendFileSync(logFile, 'x\n');
      expect(JSON.parse((await one.next()).data)).toEqual({ from: LOG.length, to: LOG.length + 2 });
      const three = connectEvents(`${s.logUrl}/events`);
      try {
        expect(JSON.parse((await three.next()).data)).toMatchObject({ size: LOG.length + 2 });
      } finally {
        three.close();
      }
    } finally {
      one.close();
      two.close();
    }
  });

  it('notices appends by polling alone (fs.watch is unreliable)', async () => {
    const s = await serve({ watch: false });
    const sse = connectEvents(`${s.logUrl}/events`);
    try {
      expect((await sse.next()).event).toBe('hello');
      appendFileSync(logFile, 'x\n');
      const append = await sse.next();
      expect(append.event).toBe('append');
      expect(JSON.parse(append.data)).toEqual({ from: LOG.length, to: LOG.length + 2 });
    } finally {
      sse.close();
    }
  });

  it('sends heartbeat comments', async () => {
    const s = await serve({ heartbeatMs: 50 });
    const sse = connectEvents(`${s.logUrl}/events`);
    try {
      await until(() => sse.comments.includes(': ping'));
    } finally {
      sse.close();
    }
  });

  // audit R23-4: the watcher opened the followed path blocking; each (re)connection parked a
  // libuv pool thread on a FIFO, and after four every request of the server waited
  it.skipIf(process.platform === 'win32')(
    'a FIFO in place of the followed file is a file gone, and the server keeps answering',
    async () => {
      const s = await serve({ pollMs: 50 });
      rmSync(logFile);
      execFileSync('mkfifo', [logFile]);
      try {
        for (let i = 0; i < 6; i++) {
          const sse = connectEvents(`${s.logUrl}/events`);
          try {
            const hello = await sse.next(3000);
            expect(hello.event).toBe('hello');
            expect(JSON.parse(hello.data)).toEqual({ size: 0, mtimeMs: 0, ino: 0 });
          } finally {
            sse.close();
          }
        }
        expect((await get(s.port, '/')).status).toBe(200);
        expect((await get(s.port, new URL(s.logUrl).pathname)).status).toBe(404);
      } finally {
        // a blocked open (without the fix) returns once a writer opens the FIFO
        try {
          closeSync(openSync(logFile, constants.O_WRONLY | constants.O_NONBLOCK));
        } catch {
          // no reader waiting: nothing to release
        }
      }
    },
  );

  it('ends the stream when the server closes', async () => {
    const s = await serve();
    const sse = connectEvents(`${s.logUrl}/events`);
    expect((await sse.next()).event).toBe('hello');
    await s.close();
    server = undefined;
    await until(() => sse.ended);
  });
});

describe('helpers', () => {
  it('parseRange', () => {
    expect(parseRange(undefined, 10)).toBeUndefined();
    expect(parseRange('bytes=3-', 10)).toEqual({ start: 3, end: 9 });
    expect(parseRange('bytes=3-4', 10)).toEqual({ start: 3, end: 4 });
    expect(parseRange('bytes=3-99', 10)).toEqual({ start: 3, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-4', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-5', 10)).toBeUndefined();
    expect(parseRange('bytes=0-1,3-4', 10)).toBeUndefined();
  });

  it('resolveStaticPath', () => {
    const root = join(tmpdir(), 'dist');
    expect(resolveStaticPath(root, '/a/b.js')).toEqual({ ok: true, path: join(root, 'a/b.js') });
    expect(resolveStaticPath(root, '/a/./b.js')).toEqual({ ok: true, path: join(root, 'a/b.js') });
    expect(resolveStaticPath(root, '/../x')).toEqual({ ok: false, status: 403 });
    expect(resolveStaticPath(root, '/a/%2E%2e/x')).toEqual({ ok: false, status: 403 });
    expect(resolveStaticPath(root, '/%E0%A4%A')).toEqual({ ok: false, status: 400 });
    expect(resolveStaticPath(root, 'http://evil/x')).toEqual({ ok: false, status: 400 });
  });
});
