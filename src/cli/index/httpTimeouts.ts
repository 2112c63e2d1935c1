/**
 * Time and size limits of `index`'s own http(s) requests. A server that accepts the connection
 * and then sends nothing, or a listing that never ends, held `index` for ever (audit 21's low:
 * "index fetches without a time limit"). A listing or a HEAD must be answered whole within
 * `requestMs`; a log's download may take as long as it needs, but not `idleMs` without a byte.
 */
import { formatBytes } from '../../core/view/byteSize';

export interface HttpTimeouts {
  /** A listing page or a HEAD: headers and body within this many ms. */
  requestMs: number;
  /** A log's download: at most this many ms without a byte (headers included). */
  idleMs: number;
  /** Bytes of one listing page at most (an HTML index or a ListBucketResult). */
  maxListingBytes: number;
}

export const HTTP_TIMEOUTS: Readonly<HttpTimeouts> = {
  requestMs: 60_000,
  idleMs: 60_000,
  maxListingBytes: 64 * 1024 * 1024,
};

const seconds = (ms: number): string => `${(ms / 1000).toLocaleString('en-US')} s`;

/** An abort by one of these limits, said as what happened ("no answer within 60 s"). */
function timedOut(err: unknown, said: string): unknown {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError' ? new Error(said) : err;
}

/** fetch, answered whole (its body read through `read`) within `ms`. */
export async function fetchWithin<T>(
  url: URL | string,
  init: RequestInit,
  ms: number,
  read: (res: Response) => Promise<T>,
): Promise<T> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(ms) });
    return await read(res);
  } catch (err) {
    throw timedOut(err, `no answer within ${seconds(ms)}`);
  }
}

/** A response's text, refused past `maxBytes` (a listing that never ends). */
export async function textUpTo(res: Response, maxBytes: number): Promise<string> {
  if (!res.body) return '';
  const parts: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    if (bytes > maxBytes) {
      await res.body.cancel().catch(() => undefined);
      throw new Error(`the listing is larger than ${formatBytes(maxBytes)}`);
    }
    parts.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(parts));
}

/**
 * fetch for a download: its headers within `idleMs`, then its body as chunks, each within
 * `idleMs` of the one before (a slow link is fine; a stalled one ends with an error).
 */
export async function fetchBody(
  url: string,
  init: RequestInit,
  idleMs: number,
): Promise<{ res: Response; chunks: AsyncIterable<Uint8Array> }> {
  const abort = new AbortController();
  const said = `no bytes for ${seconds(idleMs)}`;
  let timer = setTimeout(() => abort.abort(), idleMs);
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: abort.signal });
  } catch (err) {
    clearTimeout(timer);
    throw timedOut(err, `no answer within ${seconds(idleMs)}`);
  }
  clearTimeout(timer);
  const body = res.body;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    if (!body) return;
    const reader: ReadableStreamDefaultReader<Uint8Array> = body.getReader();
    let ended = false;
    try {
      for (;;) {
        timer = setTimeout(() => abort.abort(), idleMs);
        const { done, value } = await reader.read();
        clearTimeout(timer);
        if (done) return void (ended = true);
        yield value;
      }
    } catch (err) {
      ended = true;
      throw timedOut(err, said);
    } finally {
      clearTimeout(timer);
      // a reader that stopped early lets the connection go
      if (!ended) await reader.cancel().catch(() => undefined);
    }
  }
  return { res, chunks: chunks() };
}
