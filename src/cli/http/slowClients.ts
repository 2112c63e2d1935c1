/**
 * How long one connection may take, for every server the CLI starts (`open`, `serve`). Node's
 * defaults (60 s for the headers, checked every 30 s: a socket trickling header lines stayed
 * open past 65 s, audit R11-L4) suit a public server; a local tool's only client is a browser
 * on this machine, which sends a request's headers at once. There is no cap on how many
 * sockets are open at once: a slow socket is closed by these times, and a count cap would let
 * a few hundred slow ones lock the app out.
 */
import type { ServerOptions } from 'node:http';

export interface SlowClientLimits {
  /** Time to receive a request's headers, from the connection or the previous request (ms). */
  headersMs: number;
  /** Time to receive a whole request (ms): GET and HEAD only, so barely more than the headers. */
  requestMs: number;
  /** How often Node checks the two times above (ms). */
  checkEveryMs: number;
  /** Idle time between two requests on a kept-alive connection (ms). */
  keepAliveMs: number;
}

export const SLOW_CLIENT_LIMITS: SlowClientLimits = {
  headersMs: 10_000,
  requestMs: 15_000,
  checkEveryMs: 1_000,
  keepAliveMs: 5_000,
};

/** `createServer`'s options for these limits (tests pass small ones). */
export function slowClientOptions(limits: Partial<SlowClientLimits> = {}): ServerOptions {
  const l = { ...SLOW_CLIENT_LIMITS, ...limits };
  return {
    headersTimeout: l.headersMs,
    requestTimeout: l.requestMs,
    connectionsCheckingInterval: l.checkEveryMs,
    keepAliveTimeout: l.keepAliveMs,
  };
}
