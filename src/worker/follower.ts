/**
 * Follow mode: after a `?src=...&follow=1` log is read to its end,
 * listen to the server's Server-Sent Events at `<src>/events` (src/cli/server.ts)
 * and read what is appended:
 *
 *   hello  {size}      on every (re)connection. Bigger than what we hold: fetch the rest.
 *                      Smaller, or the bytes before our end changed: the file was rewritten.
 *   append {from, to}  the file grew: fetch `Range: bytes=<held>-` and push it into the log.
 *   reset  {size}      the file was truncated or rewritten: tell the UI, which reloads.
 *
 * Fetches run one at a time and always from what we hold, so overlapping or
 * repeated announcements cost nothing. A server that ignores Range (200) is
 * handled by skipping the bytes we have. The log is never ended here: a
 * writer may be mid-line, and the next append continues the line.
 *
 * Another agent's log that is imported from its start at each import (core/import/followImport.ts;
 * a Codex rollout is read piece by piece instead) leaves a small growth waiting: a trailing import,
 * trailingImportMs later (longer for a big log and after a costly import), shows what waited,
 * however slowly the file grows.
 */
import type { FollowState } from './protocol';
import { errorText } from './loadedLog';

/** What the last import of another agent's log read, and how long it took the worker. */
export interface LastImport {
  bytes: number;
  ms: number;
}

export interface FollowHost {
  /** Source bytes held so far. */
  held(): number;
  /** The last source bytes held (up to a few hundred). */
  tail(): Uint8Array;
  /** Pushes appended source bytes into the session (and its hash). */
  push(bytes: Uint8Array): void;
  /** After a batch of pushes: fold, fingerprint, tell the UI (`now`: import even a small growth). */
  grew(now: boolean): void;
  /** Another agent's log's last import (its bytes, its milliseconds), when complete lines wait for one (else null). */
  deferredImport(): LastImport | null;
  state(state: FollowState, message?: string): void;
}

export class Follower {
  private source: EventSource | null = null;
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;
  private live = false;
  private trailing: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly url: string,
    private readonly host: FollowHost,
    private readonly signal: AbortSignal,
  ) {}

  start(): void {
    if (this.signal.aborted) return;
    this.signal.addEventListener('abort', () => this.stop(), { once: true });
    const es = new EventSource(eventsUrl(this.url));
    this.source = es;
    es.addEventListener('hello', (e) => this.enqueue(() => this.onHello(sizeOf(e))));
    es.addEventListener('append', (e) => this.enqueue(() => this.catchUp(toOf(e))));
    es.addEventListener('reset', () => this.enqueue(async () => this.rewritten()));
    es.onerror = () => {
      if (this.stopped) return;
      // EventSource reconnects by itself (the server asks for 2 s); a refused stream is final.
      this.live = false;
      this.host.state(
        'reconnecting',
        es.readyState === 2 // CLOSED
          ? `The log's server does not offer updates at ${eventsUrl(this.url)}`
          : 'Lost the connection to the log server; reconnecting…',
      );
    };
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.trailing);
    this.source?.close();
    this.source = null;
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch((err: unknown) => {
      if (this.stopped) return;
      this.host.state('reconnecting', `Reading the appended lines failed: ${errorText(err)}`);
    });
  }

  private async onHello(size: number | undefined): Promise<void> {
    if (this.stopped) return;
    if (!this.live) {
      this.live = true;
      this.host.state('live');
    }
    if (size === undefined) return;
    const held = this.host.held();
    if (size < held) return this.rewritten();
    // Rewritten while we were away, keeping at least our length? The bytes before our end tell.
    if (held > 0 && !(await this.tailUnchanged())) return this.rewritten();
    if (size > held) await this.catchUp(size);
  }

  private async tailUnchanged(): Promise<boolean> {
    const held = this.host.held();
    const tail = this.host.tail();
    const res = await fetch(this.url, {
      headers: { Range: `bytes=${held - tail.length}-${held - 1}` },
      cache: 'no-store',
      signal: this.signal,
    });
    if (res.status === 416) return false;
    if (res.status !== 206) return true; // no ranges here: cannot tell, trust the server's resets
    const got = new Uint8Array(await res.arrayBuffer());
    return got.length === tail.length && got.every((b, i) => b === tail[i]);
  }

  /** Reads from what we hold to the file's end (at least to `to`, when announced). */
  private async catchUp(to: number | undefined): Promise<void> {
    const held = this.host.held();
    if (this.stopped || (to !== undefined && to <= held)) return;
    const res = await fetch(this.url, {
      headers: { Range: `bytes=${held}-` },
      cache: 'no-store',
      signal: this.signal,
    });
    if (res.status === 416) return this.rewritten(); // shorter than what we hold
    if (res.status !== 206 && res.status !== 200)
      throw new Error(`the server answered ${res.status} ${res.statusText}`.trim());
    if (res.status === 206) {
      const start = /^bytes (\d+)-/.exec(res.headers.get('content-range') ?? '')?.[1];
      if (start !== undefined && Number(start) !== held)
        throw new Error(`asked for bytes from ${held}, got from ${start}`);
    }
    // 200: the whole file (no Range support): skip what we already have.
    let skip = res.status === 200 ? held : 0;
    const body = res.body;
    if (!body) return;
    const reader = body.getReader();
    let pushed = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || this.stopped) break;
        let bytes = value;
        if (skip > 0) {
          const drop = Math.min(skip, bytes.length);
          skip -= drop;
          bytes = bytes.subarray(drop);
        }
        if (bytes.length === 0) continue;
        this.host.push(bytes);
        pushed = true;
      }
    } finally {
      reader.releaseLock();
    }
    if (skip > 0) return this.rewritten(); // the whole file is shorter than what we hold
    if (!pushed || this.stopped) return;
    this.host.grew(false);
    this.scheduleTrailing();
  }

  /** Lines left waiting by a small growth: one import of them, soon (one timer at a time). */
  private scheduleTrailing(): void {
    const waiting = this.host.deferredImport();
    if (waiting === null || this.trailing !== undefined) return;
    this.trailing = setTimeout(() => {
      this.trailing = undefined;
      this.enqueue(async () => {
        if (!this.stopped) this.host.grew(true);
      });
    }, trailingImportMs(waiting));
  }

  private async rewritten(): Promise<void> {
    if (this.stopped) return;
    this.stop();
    this.host.state('rewritten', 'The log was rewritten or truncated');
  }
}

/**
 * A trailing import waits at least this many times as long as the last import took: the worker
 * imports at most 1 / (1 + TRAILING_COST_FACTOR) of the time (audit R11-2: a 41 MB log re-imported
 * every ~6 s kept it busy half the time on a loaded machine, and seeks waited behind it).
 */
export const TRAILING_COST_FACTOR = 4;

/** The wait before a trailing import: 2 s plus 1 s per 10 MB it reads, and at least 4x the last import's time. */
export function trailingImportMs(last: LastImport): number {
  return Math.max(2_000 + last.bytes / 10_000, TRAILING_COST_FACTOR * last.ms);
}

/** `<src>/events`, keeping the query of src. */
export function eventsUrl(src: string): string {
  const u = URL.canParse(src) ? new URL(src) : new URL(src, self.location.href);
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/events`;
  return u.href;
}

function dataOf(e: Event): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse((e as MessageEvent<string>).data);
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function numberField(e: Event, key: string): number | undefined {
  const v = dataOf(e)[key];
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
}

const sizeOf = (e: Event) => numberField(e, 'size');
const toOf = (e: Event) => numberField(e, 'to');
