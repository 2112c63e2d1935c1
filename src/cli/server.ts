/**
 * The HTTP server behind `seqscope open`: the built web app (static files from
 * distDir) and one log file, on a loopback address only. The pieces live in http/ so
 * other commands can serve the same way:
 *
 *   every request                 http/guard.ts: 421 unless Host is this server's own
 *                                 loopback name and port (DNS rebinding), GET/HEAD only,
 *                                 the Content-Security-Policy and other security headers
 *   GET /...                      http/staticApp.ts: a file of distDir; an unknown path
 *                                 without an extension falls back to index.html
 *   GET /log/<basename>           http/logRange.ts: the log's exact bytes, streamed;
 *                                 `Range: bytes=N-` (or N-M) answers 206 with that slice
 *   GET /log/<basename>/events    http/logEvents.ts: Server-Sent Events about the log's
 *                                 growth (hello, append, reset), at most 64 at once
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { lstatSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { guardRequest, plain } from './http/guard';
import { assertLoopback, formatHost, listen } from './http/listen';
import { createLogEventStreams } from './http/logEvents';
import { serveLogFile } from './http/logRange';
import { createLimitedServer, type SlowClientLimits } from './http/slowClients';
import { createStaticApp, notFound } from './http/staticApp';

export { DEFAULT_PORT } from './http/listen';
export type { SlowClientLimits } from './http/slowClients';

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
  /** Concurrent event streams; default 64. */
  maxStreams?: number;
  /** Limits on slow or idle clients (http/slowClients.ts); default SLOW_CLIENT_LIMITS (tests pass small ones). */
  limits?: Partial<SlowClientLimits>;
}

export interface RunningServer {
  /** The app's root, e.g. http://127.0.0.1:4180/ */
  url: string;
  /** The log's URL, e.g. http://127.0.0.1:4180/log/session.jsonl */
  logUrl: string;
  port: number;
  close(): Promise<void>;
}

/** The request's path, without query or fragment. */
export function requestPath(req: IncomingMessage): string {
  return (req.url ?? '/').split(/[?#]/, 1)[0] ?? '/';
}

/** Answers a request with 500 when its handler failed (or cuts a response already under way). */
export function failSafe(handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>) {
  return (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) plain(res, 500, 'internal error');
      else res.destroy();
    });
  };
}

/** Starts serving; resolves once listening. Refuses non-loopback hosts. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  assertLoopback(host);
  const file = resolve(options.file);
  const serveStatic = await createStaticApp(options.distDir);
  const logPath = `/log/${encodeURIComponent(basename(file))}`;
  // a file that is no symlink now is never read through one put in its place later (audit R27-L5)
  const noFollow = !isSymlink(file);
  const events = createLogEventStreams(file, { ...options, noFollow });

  const server = createLimitedServer(
    options.limits ?? {},
    failSafe(async (req, res) => {
      if (!guardRequest(req, res)) return;
      const raw = requestPath(req);
      const head = req.method === 'HEAD';
      if (raw === logPath) return serveLogFile(file, req, res, head, noFollow);
      if (raw === `${logPath}/events`) {
        if (!head) return events.serve(res);
        res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
        res.end();
        return;
      }
      if (raw === '/log' || raw.startsWith('/log/')) return notFound(res);
      return serveStatic(raw, res, head);
    }),
  );

  const port = await listen(server, host, options.port);
  const base = `http://${formatHost(host)}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url: `${base}/`,
    logUrl: `${base}${logPath}`,
    port,
    close() {
      closing ??= new Promise<void>((done) => {
        events.closeAll();
        server.close(() => done());
        server.closeIdleConnections();
        // in-flight downloads get a moment, then go
        setTimeout(() => server.closeAllConnections(), 1000).unref();
      });
      return closing;
    },
  };
}

function isSymlink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false; // not there yet: whatever appears is opened without following
  }
}
