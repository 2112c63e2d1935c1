/**
 * The main-thread side of the worker protocol: the one place that creates
 * the Worker. Typed `request()` / `subscribe()`, plus two behaviours the UI
 * relies on:
 *
 *  - Lanes: a request may name a lane (one per pane: 'messages', 'stream',
 *    'event', ...). A newer request on the same lane supersedes the older:
 *    the older one resolves at once with `superseded` and its late answer is
 *    dropped, so scrubbing never shows a stale seq. With `coalesce`, a lane
 *    also keeps at most one request in the worker: a newer one waits (only
 *    the newest waiting one is kept) until the worker answered the one in
 *    flight, so a fast drag never queues work the worker would do for nothing.
 *    A lane never waits on a stalled answer, though: after `laneStallMs`
 *    the newest waiting request goes out anyway.
 *  - Liveness: a worker that errors out or goes silent while requests are
 *    outstanding (killed for memory, hung) is declared dead; every pending
 *    request resolves with `worker-dead` and `onDead` listeners are told, so
 *    the UI can offer Retry instead of spinning forever.
 *  - Row counts: the client is the one place that knows the timeline's
 *    current row count and version. Every answer and push that carries them
 *    (progress, ready, grew, the rows push and answer, toggle, collapseAll, locate, filter, open)
 *    goes through `noteRows`, which keeps the newest version of the current
 *    load (a late answer from an older load or an older version is ignored)
 *    and tells `onRows` listeners. Views read it; nothing else writes it.
 *
 * Loads are named by the caller: `request({kind: 'open', loadId, source})`.
 * The client takes the newest open's `loadId` as the current load.
 */
import { SendGate } from './sendGate';
import type {
  Push,
  Request,
  RequestEnvelope,
  RequestKind,
  RequestOf,
  ResponseValues,
  Result,
  RowsInfo,
  WorkerMessage,
} from './protocol';

/** The timeline's size for one load, as last answered by the worker. */
export interface RowCounts extends RowsInfo {
  loadId: number;
  /** Always known here (0 when an answer left it out); so is `rowsBasis`. */
  rowsShape: number;
  rowsBasis: number;
}

export interface ClientOptions {
  /** Silence (no message at all) with requests outstanding before a liveness ping, ms. */
  silenceMs?: number;
  /** How long the ping may take before the worker is declared dead, ms. */
  pingTimeoutMs?: number;
  createWorker?: () => Worker;
  /**
   * A coalesced lane whose request has been in the worker this long without
   * an answer stops holding back newer requests on that lane, ms: one lost or
   * slow answer never freezes a pane.
   */
  laneStallMs?: number;
  /** How often the lanes and the liveness check are looked at, ms (default 1000). */
  watchdogMs?: number;
  /** The clock (default `performance.now`); tests pass their own. */
  now?: () => number;
  /** Settles when an open may reach the worker (the page's next frame: sendGate.ts); none: at once. */
  openAfter?: () => Promise<unknown>;
}

interface Pending {
  kind: RequestKind;
  lane?: string;
  /** The current load when it was sent: its row counts count only for that load. */
  loadId: number | null;
  /** Untyped here: `request<K>` is the one place that pairs a kind with its answer type. */
  resolve: (r: Result<unknown>) => void;
}

/** Request kinds whose answer carries the timeline's row count and version. */
const ROW_KINDS: ReadonlySet<RequestKind> = new Set<RequestKind>([
  'open',
  'rows',
  'toggle',
  'collapseAll',
  'locate',
  'filter',
]);

export type ClientState = 'alive' | 'dead';

const defaultWorker = () =>
  new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'seqscope-log' });

export class LogClient {
  private worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly lanes = new Map<string, number>();
  /** Coalesced lanes: the id in the worker (sent, not answered yet), and the newest request waiting. */
  private readonly inFlight = new Map<string, { id: number; sentAt: number }>();
  private readonly parked = new Map<string, RequestEnvelope>();
  private readonly pushListeners = new Set<(p: Push) => void>();
  private readonly deadListeners = new Set<(reason: string) => void>();
  private lastHeard: number;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private pinging = false;
  /** The long task the worker announced last (a busy push), and until when it may be silent. */
  private busy: { until: number; what: string } | undefined;
  state: ClientState = 'alive';
  /** The newest `open`'s load id (null before any), and its row counts. */
  private loadId: number | null = null;
  private rowCounts: RowCounts | null = null;
  private readonly rowListeners = new Set<(r: RowCounts) => void>();

  private readonly silenceMs: number;
  private readonly pingTimeoutMs: number;
  private readonly createWorker: () => Worker;
  private readonly laneStallMs: number;
  private readonly watchdogMs: number;
  private readonly now: () => number;
  private readonly openAfter: (() => Promise<unknown>) | undefined;
  private readonly gate = new SendGate<RequestEnvelope>((m) => this.worker.postMessage(m));

  constructor(options: ClientOptions = {}) {
    this.openAfter = options.openAfter;
    this.laneStallMs = options.laneStallMs ?? 3_000;
    this.watchdogMs = options.watchdogMs ?? 1_000;
    this.now = options.now ?? (() => performance.now());
    this.lastHeard = this.now();
    this.silenceMs = options.silenceMs ?? 15_000;
    this.pingTimeoutMs = options.pingTimeoutMs ?? 5_000;
    this.createWorker = options.createWorker ?? defaultWorker;
    this.worker = this.start();
  }

  /** Sends a request; resolves with its result (never rejects). */
  request<K extends RequestKind>(
    req: RequestOf<K>,
    options: { lane?: string; coalesce?: boolean } = {},
  ): Promise<Result<ResponseValues[K]>> {
    if (this.state === 'dead') return Promise.resolve(dead('The log worker is not running'));
    const id = this.nextId++;
    const asked: Request = req;
    if (asked.kind === 'open') {
      this.beginLoad(asked.loadId);
      if (this.openAfter) this.gate.holdUntil(this.openAfter);
    }
    return new Promise((resolve) => {
      const entry: Pending = {
        kind: req.kind,
        loadId: this.loadId,
        resolve: resolve as (r: Result<unknown>) => void,
      };
      if (options.lane !== undefined) {
        entry.lane = options.lane;
        const older = this.lanes.get(options.lane);
        if (older !== undefined)
          this.settle(older, {
            ok: false,
            error: { code: 'superseded', message: 'A newer request replaced this one' },
          });
        this.lanes.set(options.lane, id);
      }
      this.pending.set(id, entry);
      if (this.pending.size === 1) this.lastHeard = this.now(); // silence counts from the first outstanding request
      const envelope: RequestEnvelope = { id, ...req };
      if (options.coalesce && options.lane !== undefined) {
        this.parked.set(options.lane, envelope);
        this.sendNext(options.lane);
        return;
      }
      this.gate.send(envelope);
    });
  }

  /** The current load's row counts (null before the first open). */
  get rows(): RowCounts | null {
    return this.rowCounts;
  }

  /** Told whenever the current load's row count or version changes (and when a new load starts at 0). */
  onRows(listener: (r: RowCounts) => void): () => void {
    this.rowListeners.add(listener);
    return () => this.rowListeners.delete(listener);
  }

  subscribe(listener: (p: Push) => void): () => void {
    this.pushListeners.add(listener);
    return () => this.pushListeners.delete(listener);
  }

  onDead(listener: (reason: string) => void): () => void {
    this.deadListeners.add(listener);
    return () => this.deadListeners.delete(listener);
  }

  /** A fresh worker (after a death, or to drop everything). Pending requests fail as dead. */
  restart(): void {
    this.teardown('restarted');
    this.state = 'alive';
    this.worker = this.start();
  }

  /**
   * For tests and the debug hook: kill the worker the way the OOM killer would
   * (silently), then run the liveness check at once with a short timeout.
   */
  killForTesting(pingTimeoutMs = 500): void {
    this.worker.terminate();
    this.checkAlive('the worker was killed (debug hook)', pingTimeoutMs);
  }

  dispose(): void {
    this.teardown('disposed');
    this.state = 'dead';
  }

  // ---------------------------------------------------------------- internals

  private start(): Worker {
    const w = this.createWorker();
    this.lastHeard = this.now();
    w.onmessage = (e: MessageEvent<WorkerMessage>) => this.receive(e.data);
    // An uncaught error may or may not have killed the worker: ask it.
    w.onerror = (e) => {
      e.preventDefault?.();
      this.checkAlive(`the worker raised ${e.message || 'an error'}`);
    };
    w.onmessageerror = () => this.checkAlive('a message from the worker could not be read');
    this.watchdog = setInterval(() => this.tick(), this.watchdogMs);
    return w;
  }

  private receive(msg: WorkerMessage): void {
    this.lastHeard = this.now();
    if (msg.type === 'push') {
      const p = msg.push;
      if (p.kind === 'busy') this.busy = { until: this.now() + p.quietMs, what: p.what };
      if (p.kind === 'progress') this.noteRows(p.loadId, p);
      else if (p.kind === 'ready' || p.kind === 'grew') this.noteRows(p.loadId, p.summary);
      else if (p.kind === 'rows') this.noteRows(p.loadId, p);
      for (const l of this.pushListeners) l(p);
      return;
    }
    // An answer means the worker's loop is free again: an announced long task is over (it runs
    // as one task, so nothing is answered while it runs), and silence from now on counts again.
    this.busy = undefined;
    const entry = this.pending.get(msg.id);
    if (entry && entry.loadId !== null && msg.result.ok && ROW_KINDS.has(msg.kind))
      this.noteRows(entry.loadId, msg.result.value as RowsInfo);
    this.settle(msg.id, msg.result);
    this.sendParked(msg.id);
  }

  private beginLoad(loadId: number): void {
    this.loadId = loadId;
    this.rowCounts = { loadId, rowCount: 0, rowsVersion: 0, rowsShape: 0, rowsBasis: 0 };
    for (const l of this.rowListeners) l(this.rowCounts);
  }

  /** Keeps the newest row counts of the current load; versions only grow within a load. */
  private noteRows(loadId: number, info: RowsInfo): void {
    const known = this.rowCounts;
    if (loadId !== this.loadId || !known || info.rowsVersion < known.rowsVersion) return;
    if (info.rowsVersion === known.rowsVersion && info.rowCount === known.rowCount) return;
    this.rowCounts = {
      loadId,
      rowCount: info.rowCount,
      rowsVersion: info.rowsVersion,
      rowsShape: info.rowsShape ?? 0,
      rowsBasis: info.rowsBasis ?? 0,
    };
    for (const l of this.rowListeners) l(this.rowCounts);
  }

  /** A coalesced lane's request was answered: send the newest one waiting on that lane, if any. */
  private sendParked(answeredId: number): void {
    for (const [lane, f] of this.inFlight) {
      if (f.id !== answeredId) continue;
      this.inFlight.delete(lane);
      this.sendNext(lane);
      return;
    }
  }

  /**
   * Sends the lane's waiting request if the lane is free, or if the one in
   * the worker is stalled (its late answer, if any, is dropped: the waiting
   * request already superseded it).
   */
  private sendNext(lane: string): void {
    const f = this.inFlight.get(lane);
    if (f && this.now() - f.sentAt < this.laneStallMs) return;
    const next = this.parked.get(lane);
    if (!next) return;
    this.parked.delete(lane);
    if (!this.pending.has(next.id)) return;
    this.inFlight.set(lane, { id: next.id, sentAt: this.now() });
    this.gate.send(next);
  }

  private settle(id: number, result: Result<unknown>): void {
    const entry = this.pending.get(id);
    if (!entry) return; // superseded or from a previous worker: dropped
    this.pending.delete(id);
    if (entry.lane !== undefined && this.lanes.get(entry.lane) === id) this.lanes.delete(entry.lane);
    entry.resolve(result);
  }

  private tick(): void {
    for (const lane of [...this.parked.keys()]) this.sendNext(lane);
    if (this.state === 'dead' || this.pending.size === 0 || this.pinging) return;
    const now = this.now();
    // A long task the worker announced (busy push): silent by design until its time is up.
    const busy = this.busy;
    if (busy && now < busy.until) return;
    if (now - this.lastHeard > this.silenceMs) {
      // Silent past an announced long task: the likely cause is its length, not memory.
      const overran = busy !== undefined && busy.until > this.lastHeard;
      this.checkAlive(
        overran ? `the worker stopped answering while ${busy.what}` : 'the worker stopped answering',
        this.pingTimeoutMs,
        overran ? 'ran-past-its-time' : 'out-of-memory',
      );
    }
  }

  /**
   * Pings the worker; no answer in `timeoutMs` is a death, told as `reason` and its likely `cause`
   * (the caller knows it from its own state, never from the reason's words).
   */
  private checkAlive(
    reason: string,
    timeoutMs = this.pingTimeoutMs,
    cause: DeathCause = 'out-of-memory',
  ): void {
    if (this.pinging || this.state === 'dead') return;
    this.pinging = true;
    const heardBefore = this.lastHeard;
    const id = this.nextId++;
    this.pending.set(id, { kind: 'ping', loadId: null, resolve: () => {} });
    // Straight to the worker: a liveness check does not wait behind an open's first frame.
    this.worker.postMessage({ id, kind: 'ping' } satisfies RequestEnvelope);
    setTimeout(() => {
      this.pinging = false;
      this.pending.delete(id);
      if (this.lastHeard === heardBefore) this.die(`${reason}; ${DEATH_CAUSE_TEXT[cause]}`);
    }, timeoutMs);
  }

  private die(reason: string): void {
    if (this.state === 'dead') return;
    this.teardown(reason);
    this.state = 'dead';
    for (const l of this.deadListeners) l(reason);
  }

  private teardown(reason: string): void {
    clearInterval(this.watchdog);
    this.worker.onmessage = null;
    this.worker.onerror = null;
    this.worker.terminate();
    this.gate.drop();
    const pending = [...this.pending.values()];
    this.pending.clear();
    this.lanes.clear();
    this.inFlight.clear();
    this.parked.clear();
    this.pinging = false;
    for (const p of pending) p.resolve(dead(`The log worker stopped: ${reason}`));
  }
}

/** Why a worker that stopped answering most likely stopped. */
type DeathCause = 'ran-past-its-time' | 'out-of-memory';

const DEATH_CAUSE_TEXT: Record<DeathCause, string> = {
  'ran-past-its-time': 'it ran past the time allowed for it',
  'out-of-memory': 'it may have run out of memory',
};

function dead(message: string): Result<never> {
  return { ok: false, error: { code: 'worker-dead', message } };
}
