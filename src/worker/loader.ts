/**
 * Turns a LoadSource into a stream of byte chunks for the SessionLog: a File
 * read slice by slice, a URL fetched as a stream, pasted text, or a bundled
 * sample (a URL on this origin). Decompression is the reader's job (it
 * detects gzip/zstd by magic bytes), so this only moves bytes.
 *
 * Failures are thrown as LoadError with a message meant for the user (naming
 * the URL on a network or CORS failure).
 */
import { sourceDisplayName } from '../core/view/sourceName';
import { BUNDLED_SAMPLES, type ErrorCode, type LoadSource } from './protocol';
import { errorMessage } from '../core/errorMessage';

export class LoadError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The HTTP status of a URL's answer that was not a success (follow mode waits out a 404). */
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

export interface ByteSource {
  name: string;
  /** Total source bytes when known. */
  totalBytes: number | null;
  /** The URL it came from (url and sample sources). */
  url?: string;
  chunks: AsyncIterable<Uint8Array>;
}

/** Slice size for Files: big enough to amortize the async read, small enough to keep the worker responsive. */
const FILE_SLICE = 1 << 20;

export async function readSource(source: LoadSource, signal: AbortSignal): Promise<ByteSource> {
  switch (source.kind) {
    case 'file':
      return {
        name: sourceDisplayName(source),
        totalBytes: source.file.size,
        chunks: fileChunks(source.file, signal),
      };
    case 'text': {
      const bytes = new TextEncoder().encode(source.text);
      return {
        name: sourceDisplayName(source),
        totalBytes: bytes.length,
        chunks: sliceChunks(bytes, signal),
      };
    }
    case 'url':
      return fetchSource(source.url, sourceDisplayName(source), signal);
    case 'sample': {
      // Only the bundled names: anything else would fetch the app's own index.html (SPA fallback).
      if (!BUNDLED_SAMPLES.some((s) => s.name === source.name))
        throw new LoadError(
          'refused', // asking again names the same missing sample: no Retry (audit R12-L3)
          `There is no bundled sample named ${JSON.stringify(source.name)} (the samples are ${BUNDLED_SAMPLES.map((s) => s.name).join(', ')}).`,
        );
      const url = new URL(`${import.meta.env.BASE_URL}samples/${source.name}`, self.location.origin).href;
      return fetchSource(url, source.name, signal);
    }
  }
}

async function fetchSource(url: string, name: string, signal: AbortSignal): Promise<ByteSource> {
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (err) {
    if (signal.aborted) throw new LoadError('cancelled', 'Cancelled');
    const detail = errorMessage(err);
    throw new LoadError(
      'network',
      `Could not fetch ${url}: the network failed or the server does not allow cross-origin (CORS) requests from this page (${detail}).`,
    );
  }
  if (!response.ok)
    throw new LoadError(
      'network',
      `Could not fetch ${url}: the server answered ${response.status} ${response.statusText}`.trim(),
      response.status,
    );
  if (!response.body) throw new LoadError('network', `Could not fetch ${url}: the response has no body`);
  // A web page is never a log: a wrong link usually lands on a site's HTML (or an SPA fallback).
  if (/^text\/html\b/i.test(response.headers.get('content-type') ?? ''))
    throw new LoadError(
      'refused',
      `${url} returned a web page (text/html), not a session log: check the link.`,
    );
  // Content-Length counts encoded bytes; with a Content-Encoding the body we read is larger, so the total is unknown.
  const length = Number(response.headers.get('content-length'));
  const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
  const totalBytes = Number.isFinite(length) && length > 0 && !encoded ? length : null;
  return { name, url, totalBytes, chunks: streamChunks(response.body, url, signal) };
}

async function* fileChunks(file: File, signal: AbortSignal): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < file.size; offset += FILE_SLICE) {
    if (signal.aborted) throw new LoadError('cancelled', 'Cancelled');
    let buf: ArrayBuffer;
    try {
      buf = await file.slice(offset, offset + FILE_SLICE).arrayBuffer();
    } catch (err) {
      throw await fileReadError(file, err);
    }
    yield new Uint8Array(buf);
  }
}

/** What a browser throws when a picked file changed or went away after it was chosen. */
const STALE_FILE = new Set(['NotReadableError', 'NotFoundError']);

function isStaleFileError(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && STALE_FILE.has((err as { name?: unknown }).name as string)
  );
}

/**
 * The LoadError for a failed read of a picked file. A browser hands the page a snapshot of the
 * file (its size and time); once the file on disk is appended to, cut short, replaced or removed,
 * every read fails (Chromium words it as "permission problems"), and reading again cannot help:
 * only choosing the file again gives a new snapshot. Range workers pass errors on as text, so a
 * failure is also checked by reading one byte here.
 */
export async function fileReadError(file: File, err: unknown): Promise<LoadError> {
  if (err instanceof LoadError) return err;
  if (isStaleFileError(err) || (await staleNow(file)))
    return new LoadError(
      'file-changed',
      `${file.name} changed on disk while it was being read (appended to, cut short, replaced or removed), so this browser will not read it further. Choose the file again to read it as it is now.`,
    );
  return new LoadError('load-failed', `Could not read ${file.name}: ${errorMessage(err)}`);
}

async function staleNow(file: File): Promise<boolean> {
  try {
    await file.slice(0, 1).arrayBuffer();
    return false;
  } catch (err) {
    return isStaleFileError(err);
  }
}

async function* sliceChunks(bytes: Uint8Array, signal: AbortSignal): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += FILE_SLICE) {
    if (signal.aborted) throw new LoadError('cancelled', 'Cancelled');
    yield bytes.subarray(offset, offset + FILE_SLICE);
  }
}

async function* streamChunks(
  body: ReadableStream<Uint8Array>,
  url: string,
  signal: AbortSignal,
): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await reader.read();
      } catch (err) {
        if (signal.aborted) throw new LoadError('cancelled', 'Cancelled');
        throw new LoadError('network', `Reading ${url} failed midway: ${errorMessage(err)}`);
      }
      if (step.done) return;
      yield step.value;
    }
  } finally {
    // Left early (a read limit stopped the log): cancel the body, so an endless response stops downloading.
    reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * The channel every yield posts through, made at the first (a channel per yield was 1-2 ms of the
 * log worker's CPU per seek: each of its requests that waits for the panes' yields once), and the
 * yields waiting on it, answered in order: a request's turn (`afterQueuedEvents`) before a
 * background read's, whichever was asked first.
 */
let yieldChannel: MessageChannel | null = null;
const requestTurns: (() => void)[] = [];
const yielding: (() => void)[] = [];

function postYield(queue: (() => void)[]): Promise<void> {
  if (yieldChannel === null) {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => (requestTurns.shift() ?? yielding.shift())?.();
    // In Node (tests, the CLI), an open port keeps the process alive: this one must not.
    (channel.port1 as { unref?: () => void }).unref?.();
    yieldChannel = channel;
  }
  const posted = yieldChannel;
  return new Promise((resolve) => {
    queue.push(resolve);
    posted.port2.postMessage(null);
  });
}

/**
 * Yields to the worker's event loop so queued requests get answered mid-load or mid-scan
 * (MessageChannel: no 4 ms timer clamp).
 */
export function yieldToEvents(): Promise<void> {
  return postYield(yielding);
}

/**
 * A request's turn after the events queued now (the panes' requests that came with it), ahead of
 * every background yield: a request that waits for the panes does not also wait for the next
 * slice of a load or a scan (the timeline's rows came 50-60 ms after its count during a load).
 */
export function afterQueuedEvents(): Promise<void> {
  return postYield(requestTurns);
}
