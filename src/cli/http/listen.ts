/** Listening on a loopback address: a given port, or the first free one from DEFAULT_PORT. */
import type { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const DEFAULT_PORT = 4180;
const PORT_TRIES = 100;
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** Throws unless host is a loopback address: a local server never listens on the network. */
export function assertLoopback(host: string): void {
  if (!LOOPBACK.has(host)) throw new Error(`refusing to listen on ${host}: loopback addresses only`);
}

/** A host as it appears in a URL (IPv6 in brackets). */
export function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

function isErrno(err: unknown, code: string): boolean {
  return (err as { code?: unknown }).code === code;
}

/** Resolves with the port listened on; undefined port: the first free from DEFAULT_PORT. */
export async function listen(
  server: ReturnType<typeof createServer>,
  host: string,
  port: number | undefined,
): Promise<number> {
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
