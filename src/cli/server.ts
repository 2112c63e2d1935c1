/**
 * The HTTP server behind `seqscope open`: the built web app (static files from
 * distDir) and one log file, on a loopback address only.
 *
 *   GET /...                      a file of distDir; an unknown path without an extension
 *                                 falls back to index.html (the app routes itself)
 *   GET /log/<basename>           the log's exact bytes, streamed; `Range: bytes=N-` (or N-M)
 *                                 answers 206 with that slice, so a client fetches only a tail
 *   GET /log/<basename>/events    Server-Sent Events about the log's growth (see below)
 *
 * Events (`text/event-stream`; every `data:` is one line of JSON):
 *
 *   event: hello   data: {"size":S,"mtimeMs":M,"ino":I}
 *       Sent first on every (re)connection: the file as the server sees it now. A client
 *       holding B bytes fetches [B, S) when S > B, and reloads when S < B.
 *   event: append  data: {"from":F,"to":T}
 *       The file grew from F to T bytes (F = the previous event's size). The payload carries
 *       no text: fetch the new bytes with `Range: bytes=F-` (or `bytes=F-(T-1)`). A writer
 *       may be mid-line, so the last appended line can be incomplete; the next append
 *       continues it.
 *   event: reset   data: {"size":S,"mtimeMs":M,"ino":I}
 *       The file is no longer an extension of what was announced: it shrank (truncated),
 *       its inode changed (rewritten by rename, rotated), the bytes just before the old end
 *       changed (rewritten in place), or it vanished (then S = 0, ino = 0). Reload it.
 *   `: ping` comment lines every 15 s keep proxies and idle timeouts away.
 *
 * The file is checked on fs.watch events for its directory and every 500 ms regardless
 * (fs.watch misses changes on some file systems). One watcher serves all clients; it
 * starts with the first and stops with the last.
 */
import { createReadStream, watch, type FSWatcher, type Stats } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, dirname, extname, isAbsolute, posix, relative, resolve } from 'node:path';

export interface ServerOptions {
  /** The log file to serve. */
  file: string;
  /** The built web app (a folder with index.html). */
  distDir: string;
  /** A port, 0 for any free one; undefined: the first free port from DEFAULT_PORT. */
  port?: number;
  /** A loopback address; default 127.0.0.1. */
  host?: string;
  /** Stat poll interval for the events stream (ms); default 500. */
  pollMs?: number;
  /** Heartbeat interval for the events stream (ms); default 15 000. */
  heartbeatMs?: number;
  /** Use fs.watch besides the poll; default true (false: the poll alone, for tests). */
  watch?: boolean;
}

export interface RunningServer {
  /** The app's root, e.g. http://127.0.0.1:4180/ */
  url: string;
  /** The log's URL, e.g. http://127.0.0.1:4180/log/session.jsonl */
  logUrl: string;
  port: number;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 4180;
const PORT_TRIES = 100;
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.jsonl': 'application/x-ndjson',
  '.ndjson': 'application/x-ndjson',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** The log's content type: compressed logs are opaque bytes (the app detects the format by content). */
export function logContentType(path: string): string {
  return /\.(gz|zst|zstd)$/i.test(path) ? 'application/octet-stream' : 'application/x-ndjson';
}

/**
 * A request path's file under root, or why not. `..` segments (also percent-encoded),
 * NUL bytes and backslashes are refused outright rather than normalized away.
 */
export function resolveStaticPath(
  root: string,
  rawPath: string,
): { ok: true; path: string } | { ok: false; status: 400 | 403 } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { ok: false, status: 400 };
  }
  if (!decoded.startsWith('/') || decoded.includes('\0')) return { ok: false, status: 400 };
  if (decoded.includes('\\') || decoded.split('/').includes('..')) return { ok: false, status: 403 };
  const rel = posix.normalize(decoded).replace(/^\/+/, '');
  const full = resolve(root, rel);
  const back = relative(root, full);
  if (back.startsWith('..') || isAbsolute(back)) return { ok: false, status: 403 };
  return { ok: true, path: full };
}

/** `bytes=N-` or `bytes=N-M` against a size: the inclusive range, 'unsatisfiable', or undefined to ignore. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const m = /^bytes=(\d+)-(\d*)$/.exec(header.trim());
  if (!m) return undefined; // suffix ranges, multiple ranges, other units: serve the whole file
  const start = Number(m[1]);
  const end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

interface FileState {
  size: number;
  mtimeMs: number;
  ino: number;
}

const ANCHOR_BYTES = 256;

/** Watches one file for all connected event streams (started by the first, stopped by the last). */
class LogWatcher {
  /** Streams that got their hello and receive the broadcasts. */
  private clients = new Set<ServerResponse>();
  /** Streams waiting for the first stat before their hello. */
  private pending = new Set<ServerResponse>();
  private state: FileState = { size: 0, mtimeMs: 0, ino: 0 };
  /** The last bytes before state.size, to notice a rewrite that kept the inode and grew. */
  private anchor: Buffer = Buffer.alloc(0);
  private started: Promise<void> | undefined;
  private watcher: FSWatcher | undefined;
  private poll: NodeJS.Timeout | undefined;
  private checking = false;
  private again = false;
  /** Bumped by every start and stop, so a late async step of an old run does nothing. */
  private generation = 0;
  private running = false;

  constructor(
    private readonly file: string,
    private readonly pollMs: number,
    private readonly useWatch: boolean,
  ) {}

  async add(res: ServerResponse): Promise<void> {
    this.pending.add(res);
    if (!this.running) {
      this.running = true;
      this.started = this.start(++this.generation);
    }
    await this.started;
    if (!this.pending.delete(res)) return; // left (or the server closed) meanwhile
    // hello and joining the broadcast happen in one synchronous step: no event in between
    send(res, 'hello', this.state);
    this.clients.add(res);
  }

  remove(res: ServerResponse): void {
    this.clients.delete(res);
    this.pending.delete(res);
    if (this.clients.size === 0 && this.pending.size === 0) this.stop();
  }

  closeAll(): void {
    for (const res of [...this.clients, ...this.pending]) res.end();
    this.clients.clear();
    this.pending.clear();
    this.stop();
  }

  private async start(gen: number): Promise<void> {
    const snap = await this.snapshot(undefined);
    if (gen !== this.generation) return;
    this.state = snap.state;
    this.anchor = snap.tail;
    if (this.useWatch) this.startWatch(gen);
    this.poll = setInterval(() => this.check(gen), this.pollMs);
    this.poll.unref();
  }

  private startWatch(gen: number): void {
    try {
      const name = basename(this.file);
      const w = watch(dirname(this.file), { persistent: false }, (_event, changed) => {
        if (changed === null || changed === name) this.check(gen);
      });
      w.on('error', () => {
        w.close(); // the poll carries on alone
        if (this.watcher === w) this.watcher = undefined;
      });
      this.watcher = w;
    } catch {
      // no fs.watch here: the poll alone
    }
  }

  private stop(): void {
    if (!this.running) return;
    this.running = false;
    this.generation++;
    this.watcher?.close();
    this.watcher = undefined;
    if (this.poll) clearInterval(this.poll);
    this.poll = undefined;
    this.checking = false;
    this.again = false;
  }

  /** Serialized: a change noticed while a check runs makes one more check afterwards. */
  private check(gen: number): void {
    if (gen !== this.generation) return;
    if (this.checking) {
      this.again = true;
      return;
    }
    this.checking = true;
    void this.compare(gen)
      .catch(() => undefined)
      .finally(() => {
        if (gen !== this.generation) return;
        this.checking = false;
        if (this.again) {
          this.again = false;
          this.check(gen);
        }
      });
  }

  private async compare(gen: number): Promise<void> {
    const old = this.state;
    const snap = await this.snapshot(old.size);
    if (gen !== this.generation) return;
    const now = snap.state;
    if (now.size === old.size && now.mtimeMs === old.mtimeMs && now.ino === old.ino) return;
    const rewritten =
      now.ino !== old.ino ||
      now.size < old.size ||
      (snap.oldTail !== undefined && !snap.oldTail.equals(this.anchor));
    this.state = now;
    this.anchor = snap.tail;
    if (rewritten) this.broadcast('reset', now);
    else if (now.size > old.size) this.broadcast('append', { from: old.size, to: now.size });
    // same size, same bytes before the end, newer mtime: a touch, nothing to tell
  }

  /** The file's state and its last ANCHOR_BYTES (and those before oldSize, when it still reaches there). */
  private async snapshot(
    oldSize: number | undefined,
  ): Promise<{ state: FileState; tail: Buffer; oldTail?: Buffer }> {
    let fh;
    try {
      fh = await open(this.file, 'r');
    } catch {
      return { state: { size: 0, mtimeMs: 0, ino: 0 }, tail: Buffer.alloc(0) };
    }
    try {
      const st: Stats = await fh.stat();
      const state = { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino };
      const readEnd = async (end: number) => {
        const start = Math.max(0, end - ANCHOR_BYTES);
        const buf = Buffer.alloc(end - start);
        const { bytesRead } = await fh.read(buf, 0, buf.length, start);
        return buf.subarray(0, bytesRead);
      };
      const tail = await readEnd(st.size);
      const oldTail = oldSize !== undefined && oldSize <= st.size ? await readEnd(oldSize) : undefined;
      return oldTail === undefined ? { state, tail } : { state, tail, oldTail };
    } finally {
      await fh.close();
    }
  }

  private broadcast(event: string, data: unknown): void {
    for (const res of this.clients) send(res, event, data);
  }
}

function send(res: ServerResponse, event: string, data: unknown): void {
  write(res, `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** A write to a stream that may have ended (client gone, server closing) is dropped. */
function write(res: ServerResponse, text: string): void {
  if (!res.writableEnded && !res.destroyed) res.write(text);
}

function isErrno(err: unknown, code: string): boolean {
  return (err as { code?: unknown }).code === code;
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts serving; resolves once listening. Refuses non-loopback hosts. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host)) throw new Error(`refusing to listen on ${host}: loopback addresses only`);
  const file = resolve(options.file);
  const distDir = resolve(options.distDir);
  const distReal = await realpath(distDir);
  const name = basename(file);
  const logPath = `/log/${encodeURIComponent(name)}`;
  const watcher = new LogWatcher(file, options.pollMs ?? 500, options.watch ?? true);
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const streams = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('internal error\n');
      } else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = (req.url ?? '/').split(/[?#]/, 1)[0] ?? '/';
    const method = req.method ?? 'GET';
    // No CORS headers anywhere: the app is served from this same origin, and any other
    // page the user has open must not be able to read the log through this server.
    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('method not allowed\n');
      return;
    }
    if (raw === logPath) return serveLog(req, res, method === 'HEAD');
    if (raw === `${logPath}/events`) {
      if (method === 'GET') return serveEvents(res);
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
      });
      res.end();
      return;
    }
    if (raw === '/log' || raw.startsWith('/log/')) return notFound(res);
    return serveStatic(raw, res, method === 'HEAD');
  }

  async function serveLog(req: IncomingMessage, res: ServerResponse, head: boolean): Promise<void> {
    let fh;
    try {
      fh = await open(file, 'r');
    } catch {
      return notFound(res);
    }
    let handedOver = false;
    try {
      const st = await fh.stat();
      if (!st.isFile()) return notFound(res);
      const headers: Record<string, string | number> = {
        'Content-Type': logContentType(file),
        'Accept-Ranges': 'bytes',
        'Cache-Control': 'no-store',
      };
      const range = parseRange(req.headers.range, st.size);
      if (range === 'unsatisfiable') {
        res.writeHead(416, { ...headers, 'Content-Range': `bytes */${st.size}`, 'Content-Length': 0 });
        res.end();
        return;
      }
      const start = range?.start ?? 0;
      const end = range?.end ?? st.size - 1; // inclusive; -1 for an empty file
      const length = end - start + 1;
      if (range) headers['Content-Range'] = `bytes ${start}-${end}/${st.size}`;
      res.writeHead(range ? 206 : 200, { ...headers, 'Content-Length': length });
      if (head || length === 0) {
        res.end();
        return;
      }
      // The bytes of the file as it was stat'ed: the open handle keeps a rotated file's
      // inode, `end` caps a growing one, and a shrunk one breaks the response.
      const stream = fh.createReadStream({ start, end, autoClose: true, highWaterMark: 1 << 16 });
      handedOver = true;
      let sent = 0;
      stream.on('data', (chunk) => {
        sent += chunk.length;
      });
      stream.on('error', () => res.destroy());
      stream.on('end', () => {
        if (sent !== length) res.destroy();
      });
      res.on('close', () => stream.destroy());
      stream.pipe(res);
    } finally {
      if (!handedOver) await fh.close();
    }
  }

  async function serveEvents(res: ServerResponse): Promise<void> {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    write(res, 'retry: 2000\n\n');
    streams.add(res);
    const beat = setInterval(() => write(res, ': ping\n\n'), heartbeatMs);
    beat.unref();
    const done = () => {
      clearInterval(beat);
      streams.delete(res);
      watcher.remove(res);
    };
    res.on('close', done); // the response ends (server closing) or the client goes
    await watcher.add(res);
  }

  async function serveStatic(raw: string, res: ServerResponse, head: boolean): Promise<void> {
    const target = resolveStaticPath(distDir, raw);
    if (!target.ok) {
      res.writeHead(target.status, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(target.status === 403 ? 'forbidden\n' : 'bad request\n');
      return;
    }
    let path = target.path;
    let st = await fileStat(path);
    if (st !== undefined) {
      // a symlink inside dist must not lead out of it
      const real = await realpath(path);
      const back = relative(distReal, real);
      if (back.startsWith('..') || isAbsolute(back)) st = undefined;
    }
    if (st === undefined) {
      // the app's own routes have no extension; a missing asset is a real 404
      if (extname(raw) !== '') return notFound(res);
      path = resolve(distDir, 'index.html');
      st = await fileStat(path);
      if (st === undefined) return notFound(res);
    }
    const isIndex = path === resolve(distDir, 'index.html');
    res.writeHead(200, {
      'Content-Type': contentTypeOf(path),
      'Content-Length': st.size,
      'X-Content-Type-Options': 'nosniff',
      ...(isIndex ? { 'Cache-Control': 'no-cache' } : {}),
    });
    if (head) {
      res.end();
      return;
    }
    const stream = createReadStream(path);
    stream.on('error', () => res.destroy());
    res.on('close', () => stream.destroy());
    stream.pipe(res);
  }

  const port = await listen(server, host, options.port);
  const base = `http://${formatHost(host)}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url: `${base}/`,
    logUrl: `${base}${logPath}`,
    port,
    close() {
      closing ??= new Promise<void>((done) => {
        watcher.closeAll();
        for (const res of streams) res.end();
        streams.clear();
        server.close(() => done());
        server.closeIdleConnections();
        // in-flight downloads get a moment, then go
        setTimeout(() => server.closeAllConnections(), 1000).unref();
      });
      return closing;
    },
  };
}

async function fileStat(path: string): Promise<Stats | undefined> {
  try {
    const st = await stat(path);
    return st.isFile() ? st : undefined;
  } catch {
    return undefined;
  }
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end('not found\n');
}

async function listen(server: ReturnType<typeof createServer>, host: string, port: number | undefined) {
  const tryPort = (p: number) =>
    new Promise<number>((ok, fail) => {
      const onError = (err: Error) => {
        server.off('listening', onListening);
        fail(err);
      };
      const onListening = () => {
        server.off('error', onError);
        ok((server.address() as AddressInfo).port);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(p, host);
    });
  if (port !== undefined) return tryPort(port);
  for (let p = DEFAULT_PORT; ; p++) {
    try {
      return await tryPort(p);
    } catch (err) {
      if (!isErrno(err, 'EADDRINUSE') || p >= DEFAULT_PORT + PORT_TRIES - 1) throw err;
    }
  }
}
