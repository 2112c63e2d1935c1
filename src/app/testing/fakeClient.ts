/**
 * A stand-in for the worker client in unit tests: answers requests from a
 * table of handlers (an unhandled kind answers `bad-request`), records what
 * was asked, supersedes older requests on a lane like the real client, and
 * lets a test push lifecycle messages or kill the "worker". A handler
 * answers a failure with `fail` (worker/protocol). Never imported by
 * production code.
 */
import type { Push, RequestKind, RequestOf, ResponseValues, Result } from '../../worker/protocol';
import type { RowCounts } from '../../worker/client';
import type { WorkerClient } from '../services/workerClient';

export type FakeHandlers = {
  [K in RequestKind]?: (
    req: RequestOf<K>,
  ) => ResponseValues[K] | Result<ResponseValues[K]> | Promise<ResponseValues[K] | Result<ResponseValues[K]>>;
};

function isResult(v: unknown): v is Result<unknown> {
  return typeof v === 'object' && v !== null && 'ok' in v && typeof v.ok === 'boolean';
}

export class FakeClient implements WorkerClient {
  readonly requests: { req: RequestOf<RequestKind>; lane?: string }[] = [];
  private readonly lanes = new Map<string, (r: Result<never>) => void>();
  private readonly pushListeners = new Set<(p: Push) => void>();
  private readonly deadListeners = new Set<(reason: string) => void>();
  private readonly rowListeners = new Set<(r: RowCounts) => void>();
  dead = false;

  constructor(public handlers: FakeHandlers = {}) {}

  request<K extends RequestKind>(
    req: RequestOf<K>,
    options: { lane?: string; coalesce?: boolean } = {},
  ): Promise<Result<ResponseValues[K]>> {
    this.requests.push(options.lane === undefined ? { req } : { req, lane: options.lane });
    if (this.dead) return Promise.resolve({ ok: false, error: { code: 'worker-dead', message: 'dead' } });
    if (req.kind === 'open') this.rows((req as RequestOf<'open'>).loadId, 0, 0);
    return new Promise((resolve) => {
      let settled = false;
      const settle = (r: Result<ResponseValues[K]>) => {
        if (settled) return;
        settled = true;
        resolve(r);
      };
      if (options.lane !== undefined) {
        this.lanes.get(options.lane)?.({
          ok: false,
          error: { code: 'superseded', message: 'A newer request replaced this one' },
        });
        this.lanes.set(options.lane, settle);
      }
      const handler = this.handlers[req.kind] as ((r: RequestOf<K>) => unknown) | undefined;
      if (!handler) {
        settle({ ok: false, error: { code: 'bad-request', message: `no fake handler for ${req.kind}` } });
        return;
      }
      void Promise.resolve(handler(req)).then((v) =>
        settle(isResult(v) ? (v as Result<ResponseValues[K]>) : { ok: true, value: v as ResponseValues[K] }),
      );
    });
  }

  /** The requests of one kind sent so far. */
  sent<K extends RequestKind>(kind: K): RequestOf<K>[] {
    return this.requests.filter((r) => r.req.kind === kind).map((r) => r.req as RequestOf<K>);
  }

  /** Row counts: like the real client, the newest `open` starts at 0 and pushes carry them. */
  onRows(listener: (r: RowCounts) => void): () => void {
    this.rowListeners.add(listener);
    return () => this.rowListeners.delete(listener);
  }

  /** Reports row counts for a load, as the real client does after an answer that carries them. */
  rows(loadId: number, rowCount: number, rowsVersion: number, rowsShape = 0, rowsBasis = 0): void {
    for (const l of this.rowListeners) l({ loadId, rowCount, rowsVersion, rowsShape, rowsBasis });
  }

  subscribe(listener: (p: Push) => void): () => void {
    this.pushListeners.add(listener);
    return () => this.pushListeners.delete(listener);
  }

  onDead(listener: (reason: string) => void): () => void {
    this.deadListeners.add(listener);
    return () => this.deadListeners.delete(listener);
  }

  /** Delivers a push as the worker would (its row counts first, as the real client does). */
  push(p: Push): void {
    if (p.kind === 'progress') this.rows(p.loadId, p.rowCount, p.rowsVersion);
    else if (p.kind === 'ready' || p.kind === 'grew')
      this.rows(p.loadId, p.summary.rowCount, p.summary.rowsVersion);
    for (const l of this.pushListeners) l(p);
  }

  restart(): void {
    this.dead = false;
  }

  killForTesting(): void {
    this.dead = true;
    for (const l of this.deadListeners) l('the worker was killed (test)');
  }
}
