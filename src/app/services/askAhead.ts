/**
 * Requests sent ahead of the render that will ask for them: a seek's requests leave from the
 * store change (views/seekRequests.ts) instead of after every pane's render, and the view's
 * `useWorkerQuery` with the same request, lane and deps takes that answer instead of asking
 * again. One per services object (compose.ts), so two apps on one client never take each
 * other's answers. Only lanes a mounted view queries are asked ahead: an answer no view will
 * take is work the worker does (and posts) for nothing.
 */
import type { RequestKind, RequestOf, Result } from '../../worker/protocol';
import type { WorkerClient } from './workerClient';

/** A request sent ahead, per lane (the newest only). */
interface Early {
  key: string;
  answer: Promise<Result<unknown>>;
}

export interface AheadOptions {
  lane: string;
  coalesce?: boolean;
  deps?: readonly unknown[];
}

/** The key `useWorkerQuery` compares requests by (the request and its deps, by value). */
export function queryKey(request: unknown, deps: readonly unknown[] = []): string {
  return JSON.stringify([request, deps]);
}

export class AskAhead {
  private readonly early = new Map<string, Early>();
  /** How many mounted views query each lane. */
  private readonly viewsOn = new Map<string, number>();

  constructor(private readonly client: WorkerClient) {}

  /**
   * Sends now what a mounted view will ask for when it renders; nothing when no mounted view
   * queries `lane`, or when the same request is already on its way there. Returns whether it sent.
   */
  ask<K extends RequestKind>(request: RequestOf<K>, options: AheadOptions): boolean {
    const { lane } = options;
    if ((this.viewsOn.get(lane) ?? 0) === 0) return false;
    const key = queryKey(request, options.deps);
    if (this.early.get(lane)?.key === key) return false;
    const answer = this.client.request(request, { lane, coalesce: options.coalesce ?? false });
    this.early.set(lane, { key, answer });
    return true;
  }

  /** The answer asked ahead for `key` on `lane`, taken (once); a view asking something else drops it. */
  take(lane: string | undefined, key: string): Early['answer'] | null {
    if (lane === undefined) return null;
    const early = this.early.get(lane);
    if (!early) return null;
    this.early.delete(lane);
    return early.key === key ? early.answer : null;
  }

  /** A view querying `lane` is mounted (from its layout effect); returns its unmount. */
  viewOn(lane: string): () => void {
    this.viewsOn.set(lane, (this.viewsOn.get(lane) ?? 0) + 1);
    return () => {
      const n = (this.viewsOn.get(lane) ?? 1) - 1;
      if (n > 0) this.viewsOn.set(lane, n);
      else {
        this.viewsOn.delete(lane);
        // An answer asked for a view that is gone is never taken: a later view asks afresh.
        this.early.delete(lane);
      }
    };
  }
}
