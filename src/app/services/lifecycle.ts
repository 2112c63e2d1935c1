/**
 * The load lifecycle as events: the load service (loadService.ts) is the only
 * one that emits them; URL sync, follow mode, storage and the landing page
 * subscribe in the order the composition root (compose.ts) wires them, never
 * by import order.
 */
import type { FollowState, LoadSource, LogSummary, WorkerError } from '../../worker/protocol';

export interface LifecycleEvents {
  /** A load began: the store was reset for it. */
  opened: { loadId: number; source: LoadSource };
  /** The load finished reading; the store already shows it. */
  ready: { loadId: number; source: LoadSource | null; summary: LogSummary };
  /** Follow mode: appended events were read; the store's counts already grew. */
  grew: { loadId: number; summary: LogSummary };
  /** Follow mode: the state of the server's event stream ('rewritten': the file changed under us). */
  follow: { loadId: number; state: FollowState; message?: string };
  /** The load failed for good (or the worker died). */
  fatal: { loadId: number; error: WorkerError };
}

export type LifecycleListener<K extends keyof LifecycleEvents> = (event: LifecycleEvents[K]) => void;

/** A typed event emitter: listeners run in the order they subscribed. */
export class Lifecycle {
  private readonly listeners = new Map<keyof LifecycleEvents, Set<(event: never) => void>>();

  on<K extends keyof LifecycleEvents>(kind: K, listener: LifecycleListener<K>): () => void {
    let set = this.listeners.get(kind);
    if (!set) this.listeners.set(kind, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  }

  emit<K extends keyof LifecycleEvents>(kind: K, event: LifecycleEvents[K]): void {
    const set = this.listeners.get(kind) as Set<LifecycleListener<K>> | undefined;
    for (const l of [...(set ?? [])]) l(event);
  }
}
