/**
 * Server-Sent Events about one log file's growth (`text/event-stream`; every `data:` is one
 * line of JSON):
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
 *       its inode changed (rewritten by rename, rotated), the bytes already announced changed
 *       (rewritten in place: see prefixFingerprint), or it vanished (then S = 0, ino = 0).
 *       Reload it.
 *   `: ping` comment lines every 15 s keep proxies and idle timeouts away.
 *
 * The file is checked on fs.watch events for its directory and every 500 ms regardless
 * (fs.watch misses changes on some file systems). One watcher serves all clients; it
 * starts with the first and stops with the last. At most MAX_EVENT_STREAMS streams are
 * open at once: each holds a socket, and a page opening streams in a loop must not
 * exhaust the process's descriptors.
 */
import { createHash } from 'node:crypto';
import { watch, type FSWatcher, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { basename, dirname } from 'node:path';
import { plain } from './guard';
import { openLogFile } from './logRange';

export const MAX_EVENT_STREAMS = 64;

export interface EventStreamOptions {
  /** Stat poll interval (ms); default 500. */
  pollMs?: number;
  /** Heartbeat interval (ms); default 15 000. */
  heartbeatMs?: number;
  /** Use fs.watch besides the poll; default true (false: the poll alone, for tests). */
  watch?: boolean;
  /** Concurrent streams allowed; default MAX_EVENT_STREAMS. */
  maxStreams?: number;
  /** Open the file without following a symlink in its place (logRange.ts openLogFile). */
  noFollow?: boolean;
}

export interface LogEventStreams {
  /** Answers GET of the events URL: a stream, or 503 when MAX streams are open. */
  serve(res: ServerResponse): Promise<void>;
  /** Ends every stream (the server is closing). */
  closeAll(): void;
}

/** The event streams of one file. */
export function createLogEventStreams(file: string, options: EventStreamOptions = {}): LogEventStreams {
  const watcher = new LogWatcher(
    file,
    options.pollMs ?? 500,
    options.watch ?? true,
    options.noFollow ?? false,
  );
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const maxStreams = options.maxStreams ?? MAX_EVENT_STREAMS;
  const streams = new Set<ServerResponse>();
  return {
    async serve(res) {
      if (streams.size >= maxStreams) {
        plain(res, 503, `too many event streams open (${maxStreams})`, { 'Retry-After': '5' });
        return;
      }
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
    },
    closeAll() {
      watcher.closeAll();
      for (const res of streams) res.end();
      streams.clear();
    },
  };
}

interface FileState {
  size: number;
  mtimeMs: number;
  ino: number;
}

/** A file that is gone (or is no regular file): reset to size 0, and waited for. */
function gone(): { state: FileState; fingerprint: string } {
  return { state: { size: 0, mtimeMs: 0, ino: 0 }, fingerprint: '' };
}

/** Watches one file for all connected event streams (started by the first, stopped by the last). */
class LogWatcher {
  /** Streams that got their hello and receive the broadcasts. */
  private clients = new Set<ServerResponse>();
  /** Streams waiting for the first stat before their hello. */
  private pending = new Set<ServerResponse>();
  private state: FileState = { size: 0, mtimeMs: 0, ino: 0 };
  /** prefixFingerprint of [0, state.size): a rewrite that kept the inode changes it. */
  private fingerprint = '';
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
    private readonly noFollow: boolean,
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
    this.fingerprint = snap.fingerprint;
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
      (snap.oldFingerprint !== undefined && snap.oldFingerprint !== this.fingerprint);
    this.state = now;
    this.fingerprint = snap.fingerprint;
    if (rewritten) this.broadcast('reset', now);
    else if (now.size > old.size) this.broadcast('append', { from: old.size, to: now.size });
    // same size, same bytes before the end, newer mtime: a touch, nothing to tell
  }

  /** The file's state and fingerprint (and that of [0, oldSize), when the file still reaches there). */
  private async snapshot(
    oldSize: number | undefined,
  ): Promise<{ state: FileState; fingerprint: string; oldFingerprint?: string }> {
    let fh;
    try {
      fh = await openLogFile(this.file, this.noFollow);
    } catch {
      return gone();
    }
    try {
      const st: Stats = await fh.stat();
      if (!st.isFile()) return gone(); // a FIFO or a device in its place: no log to follow
      const state = { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino };
      const prints = await prefixFingerprints(fh, st.size, oldSize);
      return prints.old === undefined
        ? { state, fingerprint: prints.now }
        : { state, fingerprint: prints.now, oldFingerprint: prints.old };
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

/**
 * A prefix of at most this many bytes is hashed whole at every check (about 5 ms for 8 MiB):
 * a rewrite anywhere in it is noticed. A longer prefix is sampled, since hashing a log of
 * gigabytes at every append would cost more than following it is worth.
 */
const WHOLE_PREFIX_BYTES = 8 * 1024 * 1024;
/** A sampled prefix: its first and last EDGE_BYTES and SAMPLES blocks spread evenly between. */
const EDGE_BYTES = 64 * 1024;
const SAMPLE_BYTES = 4096;
const SAMPLES = 64;
const READ_BYTES = 1024 * 1024;

/**
 * The fingerprint of the file's first `length` bytes: a function of those bytes and `length`
 * alone, so the one taken when the file had `length` bytes and the one taken now of the same
 * range are equal unless those bytes changed (for a prefix over WHOLE_PREFIX_BYTES: unless
 * sampled bytes changed). `now` is of [0, size); `old` of [0, oldSize) when oldSize <= size.
 */
async function prefixFingerprints(
  fh: FileHandle,
  size: number,
  oldSize: number | undefined,
): Promise<{ now: string; old?: string }> {
  const oldLength = oldSize !== undefined && oldSize <= size ? oldSize : undefined;
  if (size <= WHOLE_PREFIX_BYTES) return wholePrefixHashes(fh, size, oldLength);
  const now = await sampledPrefixHash(fh, size);
  if (oldLength === undefined) return { now };
  const old =
    oldLength <= WHOLE_PREFIX_BYTES
      ? (await wholePrefixHashes(fh, oldLength, undefined)).now
      : await sampledPrefixHash(fh, oldLength);
  return { now, old };
}

/** One pass over [0, length): its hash, and that of [0, at) on the way. */
async function wholePrefixHashes(
  fh: FileHandle,
  length: number,
  at: number | undefined,
): Promise<{ now: string; old?: string }> {
  const hash = createHash('sha256').update(`whole ${length}:`);
  const atHash = at === undefined ? undefined : createHash('sha256').update(`whole ${at}:`);
  const buf = Buffer.alloc(Math.min(READ_BYTES, Math.max(1, length)));
  for (let pos = 0; pos < length;) {
    const { bytesRead } = await fh.read(buf, 0, Math.min(buf.length, length - pos), pos);
    if (bytesRead === 0) break; // shrank meanwhile: the next check tells
    const chunk = buf.subarray(0, bytesRead);
    hash.update(chunk);
    if (atHash !== undefined && at !== undefined && pos < at) {
      atHash.update(chunk.subarray(0, Math.min(bytesRead, at - pos)));
    }
    pos += bytesRead;
  }
  const now = hash.digest('hex');
  return atHash === undefined ? { now } : { now, old: atHash.digest('hex') };
}

async function sampledPrefixHash(fh: FileHandle, length: number): Promise<string> {
  const hash = createHash('sha256').update(`sampled ${length}:`);
  const ranges: [number, number][] = [[0, EDGE_BYTES]];
  const span = length - 2 * EDGE_BYTES - SAMPLE_BYTES;
  for (let i = 1; i <= SAMPLES; i++) {
    const start = EDGE_BYTES + Math.floor((span * i) / (SAMPLES + 1));
    ranges.push([start, start + SAMPLE_BYTES]);
  }
  ranges.push([length - EDGE_BYTES, length]);
  const buf = Buffer.alloc(EDGE_BYTES);
  for (const [start, end] of ranges) {
    const { bytesRead } = await fh.read(buf, 0, end - start, start);
    hash.update(buf.subarray(0, bytesRead));
  }
  return hash.digest('hex');
}
