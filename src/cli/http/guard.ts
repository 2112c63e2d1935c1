/**
 * What every response of a local Seqscope server passes through before it says anything:
 * the Host check against DNS rebinding, the allowed methods, and the security headers.
 *
 * DNS rebinding: a web page on evil.example can point its own name at 127.0.0.1 and then
 * read http://evil.example:4180/log/... as same-origin. The browser still sends
 * `Host: evil.example:4180`, so a server that answers only its own loopback names
 * (127.0.0.1, localhost, [::1] with the port it listens on) gives such a page nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONTENT_SECURITY_POLICY } from './csp';

/** Whether a Host header names this server: a loopback name with exactly the port it listens on. */
export function hostAllowed(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  const h = host.toLowerCase();
  return h === `127.0.0.1:${port}` || h === `localhost:${port}` || h === `[::1]:${port}`;
}

/** Headers for every response: no sniffing, no framing, no referrer leaking the log's URL. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** A short plain-text answer (with the security headers). */
export function plain(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}) {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', ...extra });
  res.end(`${text}\n`);
}

/**
 * Sets the security headers on res and answers the request itself when it must not go
 * further: 421 for a Host that is not this server, 405 for a method other than GET/HEAD.
 * Returns true when the request may be served.
 */
export function guardRequest(req: IncomingMessage, res: ServerResponse): boolean {
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
  // Node keeps the first of two Host headers: a request with more than one is malformed (RFC 9112
  // section 3.2 asks for 400), never served on its first (audit R19-6).
  if (hostCount(req.rawHeaders) > 1) {
    plain(res, 400, 'bad request: more than one Host header');
    return false;
  }
  if (!hostAllowed(req.headers.host, req.socket.localPort ?? -1)) {
    plain(res, 421, 'misdirected request: this server answers only to its own loopback address');
    return false;
  }
  // No CORS headers anywhere: the app is served from this same origin, and any other
  // page the user has open must not be able to read the log through this server.
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    plain(res, 405, 'method not allowed', { Allow: 'GET, HEAD' });
    return false;
  }
  return true;
}

function hostCount(raw: readonly string[]): number {
  let n = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === 'host') n++;
  return n;
}
