/**
 * How long one connection may take, and how many requests it may queue, for every server the
 * CLI starts (`open`, `serve`). Node's defaults (60 s for the headers, checked every 30 s: a
 * socket trickling header lines stayed open past 65 s, audit R11-L4) suit a public server; a
 * local tool's only client is a browser on this machine, which sends a request's headers at
 * once and never pipelines. There is no cap on how many sockets are open at once: a slow socket
 * is closed by these times, and a count cap would let a few hundred slow ones lock the app out.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface SlowClientLimits {
  /** Time to receive a request's headers, from its first byte (ms). */
  headersMs: number;
  /** Time to receive a whole request (ms): GET and HEAD only, so barely more than the headers. */
  requestMs: number;
  /** How often Node checks the two times above (ms). */
  checkEveryMs: number;
  /** Idle time between two requests on a kept-alive connection (ms). */
  keepAliveMs: number;
  /**
   * Time from the connection to its first request (ms). Node's headers time starts with the
   * first byte, so a socket that sends nothing was held forever (audit R13-L2).
   */
  idleMs: number;
  /**
   * Requests one connection may make. The last is answered with `Connection: close`; a client
   * that has pipelined more than this loses the connection: each queued request held its
   * response (and a file handle) until 6 never-read sockets had used every descriptor (R13-L2).
   */
  requestsPerSocket: number;
}

export const SLOW_CLIENT_LIMITS: SlowClientLimits = {
  headersMs: 10_000,
  requestMs: 15_000,
  checkEveryMs: 1_000,
  keepAliveMs: 5_000,
  idleMs: 10_000,
  requestsPerSocket: 100,
};

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** An HTTP server that applies these limits (tests pass small ones). */
export function createLimitedServer(limits: Partial<SlowClientLimits>, handle: Handler): Server {
  const l = { ...SLOW_CLIENT_LIMITS, ...limits };
  const server = createServer(
    {
      headersTimeout: l.headersMs,
      requestTimeout: l.requestMs,
      connectionsCheckingInterval: l.checkEveryMs,
      keepAliveTimeout: l.keepAliveMs,
    },
    handle,
  );
  server.maxRequestsPerSocket = l.requestsPerSocket;
  // Node answers each request past the bound with a 503 but still parses and queues every one:
  // 20,000 pipelined requests were 20,000 queued responses. A browser never gets here.
  server.on('dropRequest', (_req, socket) => socket.destroy());
  closeSilentSockets(server, l.idleMs);
  return server;
}

/** Closes a connection that has not started a request idleMs after it opened. */
function closeSilentSockets(server: Server, idleMs: number): void {
  const silent = new WeakMap<Socket, NodeJS.Timeout>();
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => socket.destroy(), idleMs);
    timer.unref();
    silent.set(socket, timer);
    socket.once('close', () => clearTimeout(timer));
  });
  // from here on Node's own times apply: headers, request, keep-alive
  server.on('request', (req: IncomingMessage) => {
    const timer = silent.get(req.socket);
    if (timer === undefined) return;
    clearTimeout(timer);
    silent.delete(req.socket);
  });
}
